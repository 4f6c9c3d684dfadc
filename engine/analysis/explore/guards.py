"""Ways closed for good: what the lens may forget once a state holds a fact that
shuts a way out for the rest of the game.

Some facts only ever grow: a paragraph visited stays visited, a once-only choice taken
stays taken, and a codeword that no effect of the book takes back (`unflag:`) stays
held.  A choice that is offered only while such a fact is absent (`if: 'not
flag("row")'`, `if: 'not visited(22)'`, `once: true`) is closed for good as soon as
the state holds it.  From such a state the paragraphs ahead are those reachable
without the closed ways, and what only the paragraphs behind them read can no longer
be read: the lens forgets it there too (a cutpurse met on the first walk through the
market, reached only while the market is new, no longer splits every later state of
the city by whether it was met).

Sound for the same reason as the lens: a fact that closes a way is read where the
closing choice stands, so it is kept wherever that choice is still ahead; the state
keeps holding it; so the game can never take the closed way from that state on.  Only
the facts the lens clears (visits, once-only marks, codewords and items the rules
never read) are forgotten this way.

A guard is ("flag", name), ("visit", n) or ("once", mark); `held` is the set of the
guards a state holds.  A guard enters the key of a paragraph only when, alone, it
already forgets something there (leaving one out is always sound: it forgets less).
"""
from __future__ import annotations

from engine.book.effect_lists import all_effects
from engine.expr.ast import Binary, Call, Int, Str, Unary
from engine.game.reasons import once_key

FLAG, VISIT, MARK = "flag", "visit", "once"
ALL = "*"   # (lens.py: a way out to any paragraph)


def closing(condition) -> set:
    """The guards that make `condition` false for good: its top-level `and` terms of
    the form `not flag("x")` or `not visited(n)`."""
    found: set = set()
    todo = [condition.root] if condition is not None else []
    while todo:
        node = todo.pop()
        if isinstance(node, Binary) and node.op == "and":
            todo += [node.left, node.right]
        elif isinstance(node, Unary) and node.op == "not" and isinstance(node.operand, Call):
            call = node.operand
            arg = call.args[0] if len(call.args) == 1 else None
            if call.name == "flag" and isinstance(arg, Str):
                found.add((FLAG, arg.value))
            elif call.name == "visited" and isinstance(arg, Int):
                found.add((VISIT, arg.value))
    return found


def unflagged(book) -> set:
    """Every codeword an effect of the book can take back."""
    gone: set = set()
    effects = [e for p in book.paragraphs.values() for e in all_effects(p)]
    effects += [e for effs in (book.meta.get("used_here") or {}).values() for e in effs]
    for e in effects:
        if e.kind == "unflag":
            gone.update(e.value if isinstance(e.value, (list, tuple, set, frozenset, dict)) else (e.value,))
    return gone


class Guards:
    """The ways each guard closes, and what the lens forgets when they are closed."""

    def __init__(self, lens, on: bool = True):
        self.lens, self.on = lens, on
        book = lens.book
        flags_grow = getattr(lens.module, "passive_flags", False) is True   # (the module takes none back)
        taken_back = unflagged(book)
        # paragraph -> {target: [guards closing each way there]} (a way with none: never closed)
        self.ways: dict = {}
        for n, p in book.paragraphs.items():
            ways: dict = {}
            for i, c in enumerate(p.choices):
                if c.stay or not isinstance(c.target, int):
                    continue
                shut = {g for g in closing(c.condition)
                        if g[0] == VISIT or (flags_grow and g[1] not in taken_back)}
                if c.once:
                    shut.add((MARK, once_key(n, i)))
                ways.setdefault(c.target, []).append(frozenset(shut))
            self.ways[n] = ways
        self.reset()

    def reset(self) -> None:
        """Forget the worked-out answers (the lens's graph changed)."""
        self._closable: dict = {}   # paragraph -> {target: [guard sets]} of ways only guards hold open
        self._useful: dict = {}     # paragraph -> the guards that alone forget something there
        self._reads: dict = {}      # (paragraph, held guards) -> what is read ahead
        self._distinct: dict = {}   # each set read ahead kept once (vennick: 4,829 keys, 144 sets)

    def closable(self, n) -> dict:
        found = self._closable.get(n)
        if found is None:
            lens = self.lens
            open_ = lens.open_ways.get(n, ())
            if open_ is ALL:   # a computed target may lead anywhere: nothing closes
                found = {}
            else:
                open_ = set(open_) | set(lens.learned.get(n, ())) | lens.rescued
                found = {t: shut for t, shut in self.ways.get(n, {}).items()
                         if t in lens.edges[n] and t not in open_ and all(shut)}
            self._closable[n] = found
        return found

    def useful(self, n) -> tuple:
        """The guards that forget something at paragraph n when held alone."""
        found = self._useful.get(n)
        if found is None and not self.on:
            found = self._useful[n] = ()
        elif found is None:
            lens = self.lens
            candidates = sorted({g for q in lens.reach[n] for shut in self.closable(q).values()
                                 for s in shut for g in s}, key=repr)
            everything = self.read_ahead(n, frozenset())
            found = self._useful[n] = tuple(g for g in candidates
                                            if self.read_ahead(n, frozenset((g,))) != everything)
        return found

    def used(self) -> list:
        """The guards that forgot something where the exploration met them, as the
        book writes them: `flag("row")`, `visited(22)`, `once:24:2` (a choice taken)."""
        found = {g for guards in self._useful.values() for g in guards}
        return sorted(f'flag("{name}")' if kind == FLAG else f"visited({name})" if kind == VISIT else name
                      for kind, name in found)

    def read_ahead(self, n, held: frozenset) -> frozenset:
        """What the paragraphs reachable from n read, with the ways `held` closes shut."""
        key = (n, held)
        found = self._reads.get(key)
        if found is None:
            lens = self.lens
            seen, todo = {n}, [n]
            while todo:
                q = todo.pop()
                shut = self.closable(q) if held else {}
                for t in lens.edges[q]:
                    if t in seen or t not in lens.edges:
                        continue
                    if t in shut and all(s & held for s in shut[t]):
                        continue
                    seen.add(t)
                    todo.append(t)
            read: set = set()
            for q in seen:
                read |= lens.reads.get(q, set())
            found = frozenset(read)
            found = self._reads[key] = self._distinct.setdefault(found, found)
        return found
