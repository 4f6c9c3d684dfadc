"""The ceiling (ceiling.py) read at the states of a cut exploration: `Worth` at each
state of today's explorer's space (solve.values' high bound, the cut report), and
`hopeful_rows` at the packed rows of the compiled path's frontier.  Each state's hero
(routes.py) is its own: each stat at most its maximum (the module's `hero` of the
state's starting values) and at most what the state can still make of it
(compiled/ahead.py `most`), the rows alike in paragraph and hero priced once."""
from __future__ import annotations

import time

from engine.analysis.explore.ceiling import Ceiling
from engine.analysis.explore.compact import HEAD, MISSING, thaw
from engine.analysis.explore.deadline import ANY
from engine.analysis.explore.layers import unmet_rows
from engine.analysis.explore.routes import UNBOUNDED, Late
from engine.analysis.explore.space import FRONTIER
from engine.book.counters import COUNTERS

PENDING = HEAD - 1   # (a state's pending activity: the last of its head)
HERO_SECONDS = 2.0   # CPU seconds a frontier's own heroes may take to price (row_worth)


class Worth:
    """The ceiling read at each state of a space, for `solve.values`' high bound:
    `state(s)` for a state found and not expanded, `after(s)` for a move of state s
    to a state never added (a `--max-states` cut: any paragraph reachable from s's,
    its counters at least s's)."""

    def __init__(self, ceiling: "Ceiling", space):
        self.c, self.space = ceiling, space
        self.slot = space.states.layout.slot.get(("extra", COUNTERS))
        self.initial = [(stat, space.states.layout.slot.get(("initial", stat))) for stat in ceiling.routes.stats]
        # (the stats whose most from a state on is known, and the resources that add to them: compiled/ahead.py)
        self.ahead = ceiling.ahead if ceiling.routes.stats and ceiling.ahead is not None \
            and ceiling.ahead.declared else None
        declared = self.ahead.declared if self.ahead is not None else {}
        self.held = [(stat, space.states.layout.slot.get(("stats", stat)))
                     for stat in sorted(set(declared) | {r for rs in declared.values() for r in rs})]
        self._after: dict = {}
        self._thawed: dict = {}   # (each distinct frozen counters value read once)
        self._heroes: dict = {}
        self._now: dict = {}
        self._began, self._late = None, False   # (the own heroes' budget: `_priced`)

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

    def _hero(self, s: int, maxima: bool = False) -> tuple | None:
        """The routes' hero (routes.py) of state s: each stat at most the module's `hero`
        of its starting values, and at most what it can still be from s on (ahead.py;
        not with `maxima`)."""
        if not self.initial:
            return None
        code, at = self.space.states.code(s), self.space.states.layout.at
        key = tuple(None if i is None else at(code, i) for _stat, i in self.initial)
        found = self._heroes.get(key)
        if found is None:   # (each distinct set of starting values read once)
            found = self._heroes[key] = self.c.routes.hero(
                {stat: v for (stat, _i), v in zip(self.initial, key) if v is not None and v is not MISSING})
        if self.ahead is None or maxima:
            return found
        held = tuple(0 if i is None or at(code, i) is MISSING else at(code, i) for _stat, i in self.held)
        now = (found, self.space.paragraph[s], at(code, PENDING), held)
        if now not in self._now:   # (each distinct paragraph, activity and stats read once)
            self._now[now] = self._most(*now)
        return self._now[now]

    def _most(self, hero: tuple, paragraph: int, pending, held: tuple) -> tuple:
        import numpy as np
        reads = getattr(self.c.module, "activity_reads", None)   # (None where the module does not say)
        said = (None, {}) if pending is None else reads(thaw(pending)) if reads is not None else None
        values = {stat: np.array([v]) for (stat, _i), v in zip(self.held, held)}
        most = self.ahead.most(np.array([paragraph]), np.zeros(1, dtype=np.int64), [said],
                               np.zeros(1, dtype=np.int64), lambda stat: values.get(stat, np.zeros(1, dtype=np.int64)))
        return tuple((stat, _least(v, int(most[stat][0]) if stat in most else UNBOUNDED)) for stat, v in hero)

    def state(self, s: int) -> float:
        if self.space.ended[s] == "victory":
            return 1.0
        unmet = self._unmet(s)
        return self._priced(lambda hero: self.c.worth(self.space.paragraph[s], self._counters(s), hero, unmet), s)

    def after(self, s: int) -> float:
        found = self._after.get(s)
        if found is None:
            unmet = self._unmet(s)
            found = self._after[s] = self._priced(
                lambda hero: self.c.worth_after(self.space.paragraph[s], self._counters(s), hero, unmet), s)
        return found

    def _unmet(self, s: int) -> frozenset:
        """The `once:` activities on loops state s has surely not met (layers.py): its
        visit of each kept and not held."""
        code, at, slot = self.space.states.code(s), self.space.states.layout.at, self.space.states.layout.slot

        def visited(m) -> bool:
            i = slot.get(("visits", m))
            return i is not None and at(code, i) not in (0, MISSING)
        return self.c.unmet(self.space.paragraph[s], visited)

    def _priced(self, price, s: int) -> float:
        """`price(hero)` at state s's own hero while the own heroes' budget lasts
        (HERO_SECONDS of CPU from the first: routes.py `Late`), else at its maxima."""
        hero, maxima = self._hero(s), self._hero(s, maxima=True)
        if hero == maxima or self._late:
            return price(maxima)
        routes = self.c.routes
        if self._began is None:
            self._began = time.process_time()
        routes.until = self._began + HERO_SECONDS
        try:
            return price(hero)
        except Late:
            self._late = True
            return price(maxima)
        finally:
            routes.until = None


def _least(cap, most: int):
    """A stat's most: at most its maximum `cap` (None: none) and `most` (UNBOUNDED: unknown)."""
    if most >= UNBOUNDED:
        return cap
    return most if cap is None else min(cap, most)


def hopeful_rows(book, module, edges: dict, slots, paragraphs, extras, initial=None, unknown=None, most=None,
                 lens=None, visited=None, spent: bool = False, ceiling=None) -> tuple:
    """The compiled path's frontier (its rows' paragraph and interned extras columns,
    packed.py `Slots`; `initial(stat)`: the rows' starting values of a stat the
    module's routes read, `unknown` where none, or None; `most(stat)`: the most each
    row's stat can still be, compiled/ahead.py, or None; `lens` and `visited(m)`: the
    lens whose records of visits the rows keep and whether each row holds the visit of
    m, None where no row can: the layers of layers.py, or None; `spent`: the columns of
    a stat a test spends, spent.py, read by the final frontier and not by the focused
    order: they lower a row before a test of Luck but not one past it priced at its
    maxima, so the order would chase the rows past the tests; la-couronne-de-sel at 1 M
    states: the low bound 52.03 % -> 42.11 %, 96 -> 264 s of CPU): (each row's ceiling,
    `Ceiling.account` with "lowered": the rows whose ceiling is below 1 and above 0,
    "heroes" and "unpriced": the rows' own heroes priced and left at their maxima).
    `ceiling`: the `Ceiling` of these arguments made by an earlier call (`ceiling_of`),
    whose routes keep what they priced; None: one made for this call."""
    import numpy as np
    if ceiling is None:
        ceiling = ceiling_of(book, module, edges, lens, visited, spent)
    absent = -(1 << 62)

    def counter_of(c):
        lut = slots.extra_lut(("ceiling", c), lambda ex: ((ex or {}).get(COUNTERS) or {}).get(c, absent))
        v = lut[np.asarray(extras, dtype=np.int64)].astype(np.float64)
        v[v == absent] = np.nan
        return v
    ok, out = rows(ceiling, paragraphs, counter_of)
    stats = ceiling.routes.stats
    held = {s: initial(s) for s in stats} if initial is not None else {}
    reach = {s: most(s) for s in stats} if most is not None else {}
    worth, priced = row_worth(ceiling, ok, paragraphs, {s: v for s, v in held.items() if v is not None},
                              unknown, {s: v for s, v in reach.items() if v is not None},
                              unmet=unmet_rows(ceiling, paragraphs, visited))
    out.update(priced)
    out["lowered"] = int(np.count_nonzero((worth > 0) & (worth < 1)))
    return worth, out


def ceiling_of(book, module, edges: dict, lens=None, visited=None, spent: bool = False) -> Ceiling:
    """The `Ceiling` `hopeful_rows` reads for these arguments (its own), for a caller
    that prices many frontiers over the same graph: made once, its routes priced once
    for every call (a paragraph and hero priced in one call is read again in the next).
    Valid while `edges` is unchanged (a lens corrected: another one)."""
    return Ceiling(book, module, edges, lens=lens if visited is not None else None, spent=spent)


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


def row_worth(ceiling, ok, paragraphs, initial: dict, unknown: int, most: dict | None = None,
              budget: float = HERO_SECONDS, unmet=None) -> tuple:
    """Per packed row (compiled path): (its ceiling, {"heroes": the distinct heroes
    priced, "unpriced": those left at their maxima}): 0 where `ok` is False, else the
    routes' (routes.py) at its paragraph for its own hero: each stat at most its
    maximum, the module's `hero` of the row's starting values (`initial`: {stat: each
    row's starting value, `unknown` where none}), and at most what it can still be from
    the row on (`most`: {stat: each row's, UNBOUNDED where nothing is known}).  Rows
    alike in paragraph and hero are priced once: first every row at its maxima (as
    before the rows' own stats were read), then the heroes of most rows first while
    `budget` CPU seconds last, counted from the call (a fight priced anew for each hero
    may take seconds: the rows of a hero left over keep the ceiling of their maxima,
    which is sound; no activity is priced anew past the budget: routes.py `Late`)."""
    import numpy as np
    p = np.asarray(paragraphs, dtype=np.int64)
    worth = ok.astype(np.float64)
    routes = ceiling.routes
    if not routes.stats or not ok.any():
        return worth, {"heroes": 0, "unpriced": 0}
    began = time.process_time()
    at = np.flatnonzero(ok)
    caps = _capped(routes, {s: np.asarray(v, dtype=np.int64)[at] for s, v in initial.items()}, unknown, len(at))
    masks = np.zeros(len(p), dtype=np.int64) if unmet is None else np.asarray(unmet, dtype=np.int64)
    found = _priced(routes, p[at], caps, masks[at])
    best = caps.copy()
    for s, v in (most or {}).items():
        best[:, routes.stats.index(s)] = np.minimum(best[:, routes.stats.index(s)], np.asarray(v, dtype=np.int64)[at])
    lower = np.flatnonzero((best < caps).any(axis=1))   # (the rows whose own hero is below their maxima)
    heroes, which = _distinct(best[lower])
    order = np.argsort(which, kind="stable")
    ends = np.searchsorted(which[order], np.arange(len(heroes) + 1))
    priced = 0
    routes.until = began + budget
    try:
        routes.prime([_hero_of(routes, h) for h in heroes.tolist()])
        for k in np.argsort(-np.diff(ends), kind="stable").tolist():   # (the heroes of most rows first)
            rows_k = lower[order[ends[k]:ends[k + 1]]]
            found[rows_k] = np.minimum(found[rows_k], _priced(routes, p[at][rows_k], heroes[k:k + 1],
                                                              masks[at][rows_k]))
            priced += 1
    except Late:
        pass
    finally:
        routes.until = None
    worth[at] = found
    return worth, {"heroes": priced, "unpriced": len(heroes) - priced}


def _priced(routes, paragraphs, heroes, unmet):
    """The routes' ceiling of rows at `paragraphs`, each for its hero (a row of
    `heroes`: one for all, or one a row; UNBOUNDED: no bound) and its layer (`unmet`:
    bits over the layers' candidates, `unmet_rows`), each distinct (paragraph, hero,
    layer) priced once."""
    import numpy as np
    if len(heroes) == 1:
        kinds, which = heroes, np.zeros(len(paragraphs), dtype=np.int64)
    else:
        kinds, which = _distinct(heroes)
    groups, inverse = _distinct(np.stack([paragraphs, which, unmet], axis=1))
    tuples = [_hero_of(routes, h) for h in kinds.tolist()]
    layers = routes.layers
    return np.array([routes.worth(n, tuples[k], ahead=layers.ahead_of(bits))
                     for n, k, bits in groups.tolist()], dtype=np.float64)[inverse]


def _hero_of(routes, values: list) -> tuple:
    """The routes' hero of one row of stats (UNBOUNDED: None, no bound)."""
    return tuple((s, None if v >= UNBOUNDED else v) for s, v in zip(routes.stats, values))


def _distinct(rows) -> tuple:
    """(the distinct rows of a 2-D int64 array, each row's number among them): each
    column numbered by one sort, the rows then one integer each (np.unique over rows
    sorts them as records: many times slower)."""
    import numpy as np
    key = np.zeros(len(rows), dtype=np.int64)
    size = 1
    for j in range(rows.shape[1]):
        values, at = np.unique(rows[:, j], return_inverse=True)
        size *= max(len(values), 1)
        if size >= 1 << 62:
            found, which = np.unique(rows, axis=0, return_inverse=True)
            return found, which.reshape(-1)
        key = key * len(values) + at.reshape(-1)
    _keys, first, which = np.unique(key, return_index=True, return_inverse=True)
    return rows[first], which.reshape(-1)


def _capped(routes, initial: dict, unknown: int, n: int):
    """Each row's maxima (the module's `hero` of its starting values, UNBOUNDED where it
    gives none), as an (n, stats) array: each distinct set of starting values read once."""
    import numpy as np
    stats = [s for s in routes.stats if s in initial]
    if stats:
        kinds, which = _distinct(np.stack([initial[s] for s in stats], axis=1))
    else:
        kinds, which = np.zeros((1, 0), dtype=np.int64), np.zeros(n, dtype=np.int64)
    caps = np.array([[UNBOUNDED if v is None else v for _s, v in routes.hero(
        {s: v for s, v in zip(stats, values) if v != unknown})] for values in kinds.tolist()], dtype=np.int64)
    return caps[which.reshape(-1)]
