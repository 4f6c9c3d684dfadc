"""A ceiling for the states a cut exploration leaves unexplored: 0 where no game can
still be won, else 1.

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

It is 0 or 1: a finer ceiling (the fights every way to a victory must still win,
each at the hero's best chance) needs the rule module to bound a fight's chance
over every hero its sheet can become, which no module says yet.
"""
from __future__ import annotations

from engine.analysis.explore.compact import MISSING, thaw
from engine.analysis.explore.space import FRONTIER
from engine.book.counters import COUNTERS
from engine.book.model import Paragraph
from engine.expr.ast import Binary, Int, Name, Unary
from engine.lint.checks import exits, static_target

NEVER = float("-inf")   # no value of the counter lets a victory happen
ANY = float("inf")      # every value does
NO_VICTORY = "no-victory"   # (`Ceiling.why`: no paragraph ahead can end in victory)
CAP = {"<=": 0, "<": -1, "==": 0}
MIRROR = {">=": "<=", ">": "<", "==": "==", "<=": ">=", "<": ">", "!=": "!="}   # `5 >= jours` is `jours <= 5`
NEGATION = {">=": "<", ">": "<=", "<=": ">", "<": ">=", "==": "!=", "!=": "=="}   # (`!=` caps nothing)


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

    def __init__(self, book, module, edges: dict):
        self.book, self.module, self.edges = book, module, edges
        self.hopeful = self._hopeful()
        self.counters = _growing(book)
        self.limits = {c: self._limits(c, hi) for c, hi in self.counters.items()}
        # (counters whose limits rule out nothing a victory allows are not read)
        self.limits = {c: lim for c, lim in self.limits.items() if any(v != ANY for v in lim.values())}
        self._after = None

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
        entry = {n: 0 if "effects" in p.once else _added(p.effects, counter)   # (once: not on a return)
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
            cap = min(rest, _cap(a.condition, counter))
            if a.end == "victory":
                own = max(own, cap)
            elif a.target is not None:
                known.setdefault(a.target, []).append((cap, _added(a.effects, counter)))
            rest = NEVER if a.condition is None else min(rest, _cap(a.condition, counter, negated=True))
        if _added_later(p, counter):
            rest = ANY
        if p.end == "victory" or "victory" in p.outcome_ends.values():
            own = max(own, rest)
        if wins_at(p, jumps=False) and p.end != "victory" and "victory" not in p.outcome_ends.values():
            own = ANY   # (a give-up's `none:`: during the paragraph's effects, before its jumps)
        for c in p.choices:
            t = c.target if c.target is not None else static_target(c.target_expr, n)
            if not c.stay and t is not None:
                known.setdefault(t, []).append((min(rest, _cap(c.condition, counter)), _added(c.effects, counter)))
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
    def worth(self, paragraph: int, counters: dict | None) -> int:
        """1 when a state at `paragraph` holding `counters` may still be won, else 0."""
        return int(self.why(paragraph, counters) is None)

    def worth_after(self, paragraph: int, counters: dict | None) -> int:
        """1 when a state that a move from `paragraph` holding `counters` leads to (its
        paragraph one the graph reaches from there, its counters no lower) may still
        be won, else 0."""
        return int(self.why(paragraph, counters, after=True) is None)

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

    def rows(self, paragraphs, counter_of) -> tuple:
        """Per packed row (compiled path): (True where it may still be won, its
        `account`); `counter_of(c)` each row's value of counter c as floats (NaN where
        it holds none), or None."""
        import numpy as np
        p = np.asarray(paragraphs, dtype=np.int64)
        top = max(max(self.edges, default=0), int(p.max(initial=0))) + 1
        inside = (p >= 0) & (p < top)
        at = np.where(inside, p, 0)
        hopeful = np.zeros(top, dtype=bool)
        hopeful[list(self.hopeful)] = True
        ok = np.where(inside, hopeful[at], True)   # (a number outside the book: nothing known)
        out = {"unexplored": len(p), "lost": 0, "no_victory": int(np.count_nonzero(~ok)), "counters": {}}
        for c, limit in self.limits.items():
            v = counter_of(c)
            if v is not None:
                dense = np.full(top, ANY)
                dense[list(limit)] = list(limit.values())
                past = ok & inside & (np.asarray(v, dtype=np.float64) > dense[at])
                if past.any():
                    out["counters"][c] = int(np.count_nonzero(past))
                ok &= ~past
        out["lost"] = int(np.count_nonzero(~ok))
        return ok, out


def _growing(book) -> dict:
    """counter -> its highest value, for the book's counters that only grow: every
    write of them an addition of a number >= 0."""
    from engine.book.effect_lists import all_effects
    declared = book.meta.get(COUNTERS) or {}
    out = {c: int(spec.get("max", 1 << 30)) if isinstance(spec, dict) else 1 << 30 for c, spec in declared.items()}
    for p in book.paragraphs.values():
        for e in all_effects(p):
            if e.kind in ("counter-add", "add") and isinstance(e.value, dict):
                for c, amount in e.value.items():
                    if c in out and not (type(amount) is int and amount >= 0):
                        del out[c]
            elif e.kind in ("counter-set", "set") and isinstance(e.value, dict):
                for c in e.value:
                    out.pop(c, None)
    return out


def _added(effects, counter: str) -> int:
    """What `effects` add to `counter` (each addition of a number; others count 0)."""
    return sum(e.value[counter] for e in effects
               if e.kind in ("counter-add", "add") and isinstance(e.value, dict) and type(e.value.get(counter)) is int)


def _added_later(p: Paragraph, counter: str) -> bool:
    """Some list of `p` applied after its `auto:` jumps (a module outcome's, a random
    outcome's) may add to `counter`."""
    from engine.book.effect_lists import carrier, effect_lists
    return any(_added(effects, counter) for path, effects in effect_lists(p)
               if path != p.path + ("effects",) and (carrier(path) is None or carrier(path)[-2] == "outcomes"))


def _cap(condition, counter: str, negated: bool = False) -> float:
    """The largest value of `counter` for which `condition` (its negation) may hold
    (ANY when it does not read it in a way understood here)."""
    if condition is None:
        return ANY
    return _node_cap(condition.root, counter, negated)


def _node_cap(node, counter: str, negated: bool) -> float:
    if isinstance(node, Unary) and node.op == "not":
        return _node_cap(node.operand, counter, not negated)
    if isinstance(node, Binary):
        if node.op in ("and", "or"):   # (not (a and b)) is (not a) or (not b)
            both = (_node_cap(node.left, counter, negated), _node_cap(node.right, counter, negated))
            return min(both) if (node.op == "and") != negated else max(both)
        left, right, op = node.left, node.right, node.op
        if isinstance(left, Int) and isinstance(right, Name):
            left, right, op = right, left, MIRROR.get(op)
        if negated:
            op = NEGATION.get(op)
        if isinstance(left, Name) and left.name == counter and isinstance(right, Int) and op in CAP:
            return right.value + CAP[op]
    return ANY


class Worth:
    """The ceiling read at each state of a space, for `solve.values`' high bound:
    `state(s)` for a state found and not expanded, `after(s)` for a move of state s
    to a state never added (a `--max-states` cut: any paragraph reachable from s's,
    its counters at least s's)."""

    def __init__(self, ceiling: "Ceiling", space):
        self.c, self.space = ceiling, space
        self.slot = space.states.layout.slot.get(("extra", COUNTERS))
        self._after: dict = {}
        self._thawed: dict = {}   # (each distinct frozen counters value read once)

    def _counters(self, s: int):
        if self.slot is None or not self.c.limits:
            return None
        v = self.space.states.layout.at(self.space.states.code(s), self.slot)   # (one slot's bits, no decoding)
        if v is MISSING:
            return None
        found = self._thawed.get(v)
        if found is None:
            found = self._thawed[v] = thaw(v)
        return found

    def account(self) -> dict:
        """`Ceiling.account` of the space's states found and not expanded, and of the
        states its moves lead to that were never added (one per state that has some)."""
        sp, targets = self.space, self.space.actions.targets
        return self.c.account((sp.paragraph[s], self._counters(s), bool(sp.done[s])) for s in range(len(sp.done))
                              if (not sp.done[s] and sp.final[s] is None) or (sp.done[s] and FRONTIER in targets[s]))

    def state(self, s: int) -> float:
        if self.space.ended[s] == "victory":
            return 1.0
        return float(self.c.worth(self.space.paragraph[s], self._counters(s)))

    def after(self, s: int) -> float:
        found = self._after.get(s)
        if found is None:
            found = self._after[s] = float(self.c.worth_after(self.space.paragraph[s], self._counters(s)))
        return found


def hopeful_rows(book, module, edges: dict, slots, paragraphs, extras) -> tuple:
    """The compiled path's frontier (its rows' paragraph and interned extras columns,
    packed.py `Slots`): (True where a row may still be won, `Ceiling.account`)."""
    import numpy as np
    ceiling = Ceiling(book, module, edges)
    absent = -(1 << 62)

    def counter_of(c):
        lut = slots.extra_lut(("ceiling", c), lambda ex: ((ex or {}).get(COUNTERS) or {}).get(c, absent))
        v = lut[np.asarray(extras, dtype=np.int64)].astype(np.float64)
        v[v == absent] = np.nan
        return v
    return ceiling.rows(paragraphs, counter_of)
