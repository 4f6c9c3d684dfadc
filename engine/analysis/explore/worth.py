"""The ceiling (ceiling.py) read at the states of a cut exploration: `Worth` at each
state of today's explorer's space (solve.values' high bound, the cut report), and
`hopeful_rows` at the packed rows of the compiled path's frontier."""
from __future__ import annotations

from engine.analysis.explore.ceiling import Ceiling
from engine.analysis.explore.compact import MISSING, thaw
from engine.analysis.explore.deadline import ANY
from engine.analysis.explore.space import FRONTIER
from engine.book.counters import COUNTERS


class Worth:
    """The ceiling read at each state of a space, for `solve.values`' high bound:
    `state(s)` for a state found and not expanded, `after(s)` for a move of state s
    to a state never added (a `--max-states` cut: any paragraph reachable from s's,
    its counters at least s's)."""

    def __init__(self, ceiling: "Ceiling", space):
        self.c, self.space = ceiling, space
        self.slot = space.states.layout.slot.get(("extra", COUNTERS))
        self.initial = [(stat, space.states.layout.slot.get(("initial", stat))) for stat in ceiling.routes.stats]
        self._after: dict = {}
        self._thawed: dict = {}   # (each distinct frozen counters value read once)
        self._heroes: dict = {}

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
        states its moves lead to that were never added (one per state that has some),
        with "lowered" (how many have a ceiling between 0 and 1) and "paragraphs" (the
        highest ceiling at each paragraph)."""
        sp, targets = self.space, self.space.actions.targets
        found = [s for s in range(len(sp.done))
                 if (not sp.done[s] and sp.final[s] is None) or (sp.done[s] and FRONTIER in targets[s])]
        out = self.c.account((sp.paragraph[s], self._counters(s), bool(sp.done[s])) for s in found)
        worth = [self.after(s) if sp.done[s] else self.state(s) for s in found]
        out["lowered"] = sum(0 < w < 1 for w in worth)
        out["paragraphs"] = {}   # paragraph -> the highest ceiling there (routes.py)
        for s, w in zip(found, worth):
            n = sp.paragraph[s]
            out["paragraphs"][n] = max(w, out["paragraphs"].get(n, 0.0))
        return out

    def _hero(self, s: int) -> tuple | None:
        """The routes' hero (routes.py) from the state's starting values."""
        if not self.initial:
            return None
        code, at = self.space.states.code(s), self.space.states.layout.at
        key = tuple(None if i is None else at(code, i) for _stat, i in self.initial)
        found = self._heroes.get(key)
        if found is None:   # (each distinct set of starting values read once)
            found = self._heroes[key] = self.c.routes.hero(
                {stat: v for (stat, _i), v in zip(self.initial, key) if v is not None and v is not MISSING})
        return found

    def state(self, s: int) -> float:
        if self.space.ended[s] == "victory":
            return 1.0
        return self.c.worth(self.space.paragraph[s], self._counters(s), self._hero(s))

    def after(self, s: int) -> float:
        found = self._after.get(s)
        if found is None:
            found = self._after[s] = self.c.worth_after(self.space.paragraph[s], self._counters(s), self._hero(s))
        return found


def hopeful_rows(book, module, edges: dict, slots, paragraphs, extras, initial=None, unknown=None) -> tuple:
    """The compiled path's frontier (its rows' paragraph and interned extras columns,
    packed.py `Slots`; `initial(stat)`: the rows' starting values of a stat the
    module's routes read, `unknown` where none, or None): (each row's ceiling, `Ceiling.account` with "lowered": the
    rows whose ceiling is below 1 and above 0)."""
    import numpy as np
    ceiling = Ceiling(book, module, edges)
    absent = -(1 << 62)

    def counter_of(c):
        lut = slots.extra_lut(("ceiling", c), lambda ex: ((ex or {}).get(COUNTERS) or {}).get(c, absent))
        v = lut[np.asarray(extras, dtype=np.int64)].astype(np.float64)
        v[v == absent] = np.nan
        return v
    ok, out = rows(ceiling, paragraphs, counter_of)
    held = {s: initial(s) for s in ceiling.routes.stats} if initial is not None else {}
    worth = row_worth(ceiling, ok, paragraphs, {s: v for s, v in held.items() if v is not None}, unknown)
    out["lowered"] = int(np.count_nonzero((worth > 0) & (worth < 1)))
    return worth, out


def rows(ceiling, paragraphs, counter_of) -> tuple:
    """Per packed row (compiled path): (True where it may still be won, `Ceiling.account`);
    `counter_of(c)` each row's value of counter c as floats (NaN where it holds none), or None."""
    import numpy as np
    p = np.asarray(paragraphs, dtype=np.int64)
    top = max(max(ceiling.edges, default=0), int(p.max(initial=0))) + 1
    inside = (p >= 0) & (p < top)
    at = np.where(inside, p, 0)
    hopeful = np.zeros(top, dtype=bool)
    hopeful[list(ceiling.hopeful)] = True
    ok = np.where(inside, hopeful[at], True)   # (a number outside the book: nothing known)
    out = {"unexplored": len(p), "lost": 0, "no_victory": int(np.count_nonzero(~ok)), "counters": {}}
    for c, limit in ceiling.limits.items():
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

def row_worth(ceiling, ok, paragraphs, initial: dict, unknown: int):
    """Per packed row (compiled path): its ceiling, 0 where `ok` is False, else the
    routes' (routes.py) for the hero its starting values give (`initial`: {stat:
    each row's starting value, `unknown` where none}) at its paragraph."""
    import numpy as np
    p = np.asarray(paragraphs, dtype=np.int64)
    worth = ok.astype(np.float64)
    stats = [s for s in ceiling.routes.stats if s in initial]
    if not stats or not ok.any():
        return worth
    held = np.stack([np.asarray(initial[s], dtype=np.int64) for s in stats], axis=1)
    kinds, which = np.unique(held, axis=0, return_inverse=True)
    which = which.reshape(-1)
    for k, values in enumerate(kinds.tolist()):
        hero = ceiling.routes.hero({s: v for s, v in zip(stats, values) if v != unknown})
        rows = np.flatnonzero(ok & (which == k))
        places, at = np.unique(p[rows], return_inverse=True)
        found = np.array([ceiling.routes.worth(int(n), hero) for n in places.tolist()])
        worth[rows] = found[at.reshape(-1)]
    return worth
