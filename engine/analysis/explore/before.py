"""The paragraphs a game can enter before it first enters paragraph m, and the ways
open to it there (layers.py: the routes of a layer where m's `once:` activity is
still ahead).

The lens's graph (lens.py) has every way a game may take, but not what a way needs: a
choice offered `if: 'visited(200)'` and a `to: note('hall')` that returns to the
paragraph noted both lead to § 200 in the graph, and both need § 200 entered before.
On the-clock-of-vennick, § 200 (the Gear Chamber) is first entered only over the
bridge of the pendulum knight (§ 37), yet the graph leads there from the cistern
(§ 160) and from every room of the Hall of Pendulums: the knight looked avoidable.

`reach(m)`, R_m, is the least set holding the start and closed under the ways open
to it from its paragraphs other than m: a way is open to a set R unless it is a
choice whose condition's top-level `and` terms say `visited(q)` for some q not in R,
or whose target is a note's (`note('x')`: the paragraph where the note was written,
play.counters: `st.paragraph`) not in R.  Every other way (a random outcome, an
`auto:` jump, the module's exits, a rescue, a computed target, an edge the exploration
learnt) is open.  Why every paragraph a game from the start enters before its first
entry of m is in R_m, by induction over its entries: the start is; an entry of t != m
follows a way taken from the paragraph where the game stands, entered before (in
R_m, and not m); that way's condition held, so each q it says visited was entered
before, in R_m; a note holds the number of a paragraph the game stood at, entered
before, in R_m; so the way is open to R_m, and t is in R_m.  A choice whose condition
or target is read otherwise is open (a way is never closed that some game may take).

So a game that has not entered any paragraph of a set A has entered only paragraphs of
R_A (every R_m of A met), and from there takes only the ways open to R_A (`ways`):
the others are left out of the routes of the layer A.  Only for games from the book's
start (every exploration's: its roots are the start's, the sheets made there).
"""
from __future__ import annotations

from engine.book.compiler import book_aliases
from engine.book.counters import note_read, note_writers
from engine.expr.ast import Binary, Call, Int
from engine.lint.checks import exits, static_target

ANY = "*"   # (a way to any paragraph)


def required(condition) -> frozenset:
    """The paragraphs `condition` needs entered to hold: its top-level `and` terms of
    the form `visited(n)` (the others need nothing known here)."""
    found, todo = set(), [condition.root] if condition is not None else []
    while todo:
        node = todo.pop()
        if isinstance(node, Binary) and node.op == "and":
            todo += [node.left, node.right]
        elif isinstance(node, Call) and node.name == "visited" and len(node.args) == 1 \
                and isinstance(node.args[0], Int):
            found.add(node.args[0].value)
    return frozenset(found)


class Before:
    """R_m and the ways a layer keeps, over the graph `edges` (the lens's)."""

    def __init__(self, book, module, edges: dict):
        self.book, self.module, self.edges = book, module, edges
        self.aliases = book_aliases(module)
        self.writers = note_writers(book)
        self.rescued = frozenset(getattr(module, "rescue_targets", lambda _b: ())(book))
        self._needs: dict = {}    # paragraph -> (the targets open to any set, {target: [what each choice needs]})
        self._reach: dict = {}    # m -> R_m
        self._ways: dict = {}     # A -> the graph of the ways open to R_A

    def needs(self, n: int) -> tuple:
        """(the targets of n's edges a way needing nothing leads to, ANY: all of them;
        {target: [the paragraphs each choice leading there needs entered]})."""
        found = self._needs.get(n)
        if found is None:
            found = self._needs[n] = self._read(n)
        return found

    def _read(self, n: int) -> tuple:
        p = self.book.paragraphs.get(n)
        if p is None:
            return ANY, {}
        needs: dict = {}
        for c in p.choices:
            if c.stay:
                continue
            need = required(c.condition)
            t = c.target if c.target is not None else static_target(c.target_expr, n, self.aliases)
            note = note_read(c.target_expr) if t is None else None
            if t is not None:
                needs.setdefault(t, []).append(need)
            elif note is not None:   # (the paragraph noted: entered before)
                for w in self.writers.get(note, ()):
                    needs.setdefault(w, []).append(need | {w})
            else:
                return ANY, {}   # (a target computed otherwise: any way open)
        free = set(self.rescued) | (set(self.edges.get(n, ())) - set(needs))   # (learnt edges among them)
        for e in exits(self.book, self.module, n):
            if e.kind == "choice":
                continue
            note = note_read(e.target)
            t = static_target(e.target, n, self.aliases)
            if t is None and note is None:
                return ANY, {}
            free |= {t} if t is not None else set(self.writers.get(note, ()))
        return frozenset(free), needs

    def open(self, n: int, t: int, entered) -> bool:
        """Whether a way from n to t is open to a game that has entered only `entered`."""
        free, needs = self.needs(n)
        return free is ANY or t in free or t not in needs or any(need <= entered for need in needs[t])

    def reach(self, m: int) -> frozenset:
        """R_m (the module docstring): the least set holding the start, closed under the
        ways open to it from its paragraphs other than m."""
        found = self._reach.get(m)
        if found is None:
            start = self.book.start
            entered = {start} if start != m else set()
            grown = True
            while grown:   # (a way opens as the set grows: again until nothing is added)
                grown, todo = False, list(entered)
                while todo:
                    n = todo.pop()
                    if n == m:
                        continue
                    for t in self.edges.get(n, ()):
                        if t != m and t not in entered and t in self.book.paragraphs and self.open(n, t, entered):
                            entered.add(t)
                            todo.append(t)
                            grown = True
            found = self._reach[m] = frozenset(entered)
        return found

    def ways(self, a: frozenset) -> dict:
        """The graph of the ways open to R_A (every R_m of A met): each paragraph's edges
        without those a game that has entered none of A cannot take."""
        found = self._ways.get(a)
        if found is None:
            entered = frozenset(self.book.paragraphs)
            for m in a:
                entered &= self.reach(m)
            found = self._ways[a] = {n: {t for t in ts if self.open(n, t, entered)} for n, ts in self.edges.items()}
        return found
