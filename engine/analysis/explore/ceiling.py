"""A ceiling for the states a cut exploration leaves unexplored: 0 where no game can
still be won, else the routes' chance (routes.py), 1 where nothing bounds it.

A cut exploration's high bound counts each unexplored state as won (solve.py).  That
is sound but, on a book whose start leads back everywhere (a hub), the best play can
always walk into some unexplored state, so the high bound stays at 100 %.  Here is a
cheaper bound of an unexplored state's value, sound for every state:

* **no victory ahead**: over the lens's paragraph graph (lens.py: choices, random
  outcomes, the module's exits, a computed target leading anywhere, a death going to
  every rescue target, and every move the exploration showed beyond it), a paragraph
  from which no paragraph that can end in victory is reachable is worth 0;
* **a counter past its deadline**: a counter that only grows (every write an `add:`
  of a number >= 0, format 1.1's counters: days gone, an alarm) and that the ways to
  a victory test with `<=`, `<` or `==` (`jours == 5`, `if: 'days <= 4'`) gives each
  paragraph a *limit*, the largest value it may hold there while some way still
  leads to a victory; a state holding more is worth 0.  The limit is the least fixed
  point of: a victory here allows the cap of its condition; a way out to `t` allows
  min(the cap of its condition, the limit at `t` minus what is added on the way).
  Conditions the analysis does not read (anything but comparisons of the counter
  with a number under `and`/`or`) cap nothing, and the additions of the paragraph
  at its entry and of a choice's effects are the only ones counted (others count
  as 0): each approximation can only raise a limit, so a state found over it is
  lost in every game.

Why it is sound: every way a game can go is an edge of the graph (the lens's graph
is checked against every move the explorer makes, and corrected), the counter never
decreases, so any play from a state over the limit meets, before every victory, a
condition it fails.  tests/analysis/test_ceiling.py checks it against the exact
value of every state of the fixture books that complete, and cut runs for low <=
exact <= high.

Where neither rules a state out, its ceiling is the routes' (routes.py): the fights
and tests every way to a victory must still pass, each at the best chance the rule
module declares, multiplied (1 where the module declares nothing).  The counters'
limits are worked out in deadline.py; the ceiling is read at a space's states and at
the compiled path's rows in worth.py.
"""
from __future__ import annotations

from engine.analysis.explore.routes import Routes
from engine.analysis.explore.deadline import ANY, NEVER, added, added_later, cap_of, growing
from engine.book.model import Paragraph
from engine.lint.checks import exits, static_target

NO_VICTORY = "no-victory"   # (`Ceiling.why`: no paragraph ahead can end in victory)


def wins_at(p: Paragraph, jumps: bool = True) -> bool:
    """Entering `p` can end the game in a victory (its end, an `auto:` jump unless
    `jumps` is False, a module outcome, a give-up's `none:`)."""
    if p.end == "victory" or (jumps and any(a.end == "victory" for a in p.auto)) \
            or "victory" in p.outcome_ends.values():
        return True
    from engine.book.giving import give_ups, none_of
    return any(getattr(none_of(e.value), "end", None) == "victory" for e, _c in give_ups(p))


class Ceiling:
    """The ceiling of `book`'s states over the paragraph graph `edges` (paragraph ->
    the paragraphs a move from it may enter: the lens's `edges`)."""

    def __init__(self, book, module, edges: dict, ahead=None, lens=None, spent: bool = True):
        self.book, self.module, self.edges = book, module, edges
        self.ahead = ahead   # (compiled/ahead.py `Ahead`: each state's stats at their most from it on; None: unknown)
        self.lens = lens     # (whose records of visits the states keep: layers.py; None: no layer read)
        self.hopeful = self._hopeful()
        self.counters = growing(book)
        self.limits = {c: self._limits(c, hi) for c, hi in self.counters.items()}
        # (counters whose limits rule out nothing a victory allows are not read)
        self.limits = {c: lim for c, lim in self.limits.items() if any(v != ANY for v in lim.values())}
        self._after = None
        wins = {n for n, p in book.paragraphs.items() if wins_at(p)}
        self.routes = Routes(book, module, edges, self.hopeful, wins, spent)   # (spent: routes.py's columns)

    # --- per paragraph ------------------------------------------------------
    def _hopeful(self) -> frozenset:
        """The paragraphs from which a paragraph that can end in victory is reachable."""
        back: dict = {n: set() for n in self.edges}
        for n, ts in self.edges.items():
            for t in ts:
                if t in back:
                    back[t].add(n)
        todo = [n for n, p in self.book.paragraphs.items() if wins_at(p)]
        seen = set(todo)
        while todo:
            for m in back.get(todo.pop(), ()):
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return frozenset(seen)

    def _limits(self, counter: str, high: int) -> dict:
        """paragraph -> the largest value of `counter` held there (past its entry's
        additions) from which a victory can still be reached (NEVER: none; ANY: all)."""
        ways = {n: self._ways(n, counter) for n in self.edges}
        entry = {n: 0 if "effects" in p.once else added(p.effects, counter)   # (once: not on a return)
                 for n, p in self.book.paragraphs.items()}
        limit = {n: NEVER for n in self.edges}
        back: dict = {n: set() for n in self.edges}
        for n, found in ways.items():
            for t, _cap, _add in found[1]:
                if t in back:
                    back[t].add(n)
        todo = list(self.edges)
        while todo:
            n = todo.pop()
            own, outs = ways[n]
            best = own
            for t, cap, add in outs:
                at = limit.get(t, ANY if t not in self.book.paragraphs else NEVER)
                if at == NEVER:
                    continue
                before = ANY if at >= high else at - add - entry.get(t, 0)   # (held on leaving n)
                best = max(best, min(cap, before))
            if best >= high:
                best = ANY
            if best > limit[n]:
                limit[n] = best
                todo.extend(back[n])
        return limit

    def _ways(self, n: int, counter: str) -> tuple:
        """(the cap a victory at n allows, [(target, the cap of the way's condition,
        what its effects add)]): every edge of the graph, those of a choice or an
        `auto:` jump with their conditions, every other one uncapped.  The first
        `auto:` jump whose condition holds is taken (play.core `_auto`), so what
        follows a jump on `days >= 6` needs `days <= 5` then (`rest`); unless the
        paragraph's activity may add to the counter after that test."""
        p = self.book.paragraphs.get(n)
        if p is None:
            return NEVER, [(t, ANY, 0) for t in self.edges[n]]
        known: dict = {}
        own, rest = NEVER, ANY
        for a in p.auto:
            cap = min(rest, cap_of(a.condition, counter))
            if a.end == "victory":
                own = max(own, cap)
            elif a.target is not None:
                known.setdefault(a.target, []).append((cap, added(a.effects, counter)))
            rest = NEVER if a.condition is None else min(rest, cap_of(a.condition, counter, negated=True))
        if added_later(p, counter):
            rest = ANY
        if p.end == "victory" or "victory" in p.outcome_ends.values():
            own = max(own, rest)
        if wins_at(p, jumps=False) and p.end != "victory" and "victory" not in p.outcome_ends.values():
            own = ANY   # (a give-up's `none:`: during the paragraph's effects, before its jumps)
        for c in p.choices:
            t = c.target if c.target is not None else static_target(c.target_expr, n)
            if not c.stay and t is not None:
                known.setdefault(t, []).append((min(rest, cap_of(c.condition, counter)), added(c.effects, counter)))
        other = self._other_targets(p, n, known)
        outs = []
        for t in self.edges[n]:
            if t in other or t not in known:
                outs.append((t, ANY, 0))
            else:
                outs += [(t, cap, add) for cap, add in known[t]]
        return own, outs

    def _other_targets(self, p: Paragraph, n: int, known: dict) -> set:
        """The targets of `n`'s edges that a way other than a choice or an `auto:`
        jump with a known target may lead to (a module's exit, a random outcome, a
        computed target, a rescue, a move the graph learnt): they cap nothing."""
        edges = self.edges[n]
        other = {t for t in edges if t not in known}
        for e in exits(self.book, self.module, n):
            if e.kind in ("choice", "auto") and (isinstance(e.target, int) or static_target(e.target, n) is not None):
                continue
            t = static_target(e.target, n)
            other |= set(edges) if t is None else {t}
        return other

    def _ahead(self) -> dict:
        """paragraph -> the paragraphs reachable from it, itself included."""
        ahead = {}
        for n in self.edges:
            seen, todo = {n}, [n]
            while todo:
                for t in self.edges.get(todo.pop(), ()):
                    if t not in seen and t in self.edges:
                        seen.add(t)
                        todo.append(t)
            ahead[n] = seen
        return ahead

    # --- per state ----------------------------------------------------------
    def worth(self, paragraph: int, counters: dict | None, hero: tuple | None = None, ahead=frozenset()) -> float:
        """The ceiling of a state at `paragraph` holding `counters`: 0 when it can no
        longer be won, else the routes' (routes.py) for `hero` (None: 1), `ahead` the
        `once:` activities on loops it has surely not met (layers.py)."""
        return 0.0 if self.why(paragraph, counters) is not None else self.routes.worth(paragraph, hero, ahead=ahead)

    def worth_after(self, paragraph: int, counters: dict | None, hero: tuple | None = None,
                    ahead=frozenset()) -> float:
        """The ceiling of a state that a move from `paragraph` holding `counters` leads
        to (its paragraph one the graph reaches from there, its counters no lower)."""
        return 0.0 if self.why(paragraph, counters, after=True) is not None \
            else self.routes.worth(paragraph, hero, after=True, ahead=ahead)

    def unmet(self, paragraph: int, visited) -> frozenset:
        """The `once:` activities on loops (layers.py) that a state at `paragraph` has
        surely not met: those whose visit it keeps there (`visited(m)`: whether it holds
        it); none without the lens."""
        if self.lens is None:
            return frozenset()
        return frozenset(m for m in self.routes.layers.kept(self.lens, paragraph) if not visited(m))

    def why(self, paragraph: int, counters: dict | None, after: bool = False) -> str | None:
        """Why a state at `paragraph` holding `counters` (`after`: a state a move from
        there leads to) can no longer be won: NO_VICTORY, the name of the counter
        past its limit, or None (it may be)."""
        hopeful, limits = self.hopeful, self.limits
        if after:
            if self._after is None:
                ahead = self._ahead()
                self._after = ({n for n in self.edges if ahead[n] & self.hopeful},
                               {c: {n: max(lim.get(t, ANY) for t in ahead[n]) for n in self.edges}
                                for c, lim in self.limits.items()})
            hopeful, limits = self._after
        if paragraph not in hopeful:
            return NO_VICTORY
        for c, limit in limits.items():
            v = (counters or {}).get(c)
            if v is not None and v > limit.get(paragraph, ANY):
                return c
        return None

    def account(self, found) -> dict:
        """{"unexplored", "lost", "no_victory", "counters": {name: states}} of the states
        left unexplored, given as (paragraph, counters, after) (`why`'s arguments):
        the report's line."""
        out = {"unexplored": 0, "lost": 0, "no_victory": 0, "counters": {}}
        for paragraph, counters, after in found:
            out["unexplored"] += 1
            why = self.why(paragraph, counters, after)
            if why is not None:
                out["lost"] += 1
                if why is NO_VICTORY:
                    out["no_victory"] += 1
                else:
                    out["counters"][why] = out["counters"].get(why, 0) + 1
        return out
