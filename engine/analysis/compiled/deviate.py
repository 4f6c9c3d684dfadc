"""Deviations from the closed play: other moves tried where the play loses most, each
closed by following the same play afterwards (the focused order's end: focus.py).

The end closures (closure.py) improve the play by policy iteration over what is
explored: a move whose outcomes were never explored is worth 0 to the low bound, so
the play never tries a move that leads off what it already walks.  la-couronne-de-sel
is the case: the rounds' play walks the town but never climbs to the lantern for the
feather (§ 24 -> § 26) that the old woman burns at § 75, and so meets the stronger
Vaume (§ 139) where the blind one (§ 137) waited.

Once the play has settled (a closure that no longer raised the low bound), the
*deviations* are tried: at the states of the play where the most is to gain (the
play's mass there, carried along the low solution's moves, times how far the high
expectation of another move is above the state's low value: `candidates`), each other
move is tried in turn (TRIES at most, PER for one paragraph and the paragraph the
move leads to, EACH states expanded by each), and closed by the play itself afterwards
(`Deviations`): a state the play already picks at keeps its move; a new state whose
*twin* (a state of the play with the same row but for its items, flags and visits:
`Twins`) is known takes the twin's move, or the way the twin does not have (a way the
new item opened, the feather given at § 75); any other state takes the usual pick
(picks.py `choose`: the high values, the wear, the plan).

Sound by closure.py's argument: a deviation only chooses what to explore; the low
bound is solved afresh over the whole explored graph, which takes the better of the
play and every deviation wherever both were explored, and exploring more never
lowers it.  A twin's move is a guess that nothing but the walk reads.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.closure import Closure
from engine.analysis.compiled.packed import PARAGRAPH
from engine.analysis.compiled.reach import carry, policy_parts
from engine.analysis.compiled.solve import _ranges

TRIES = 64     # deviations tried at most, once the play has settled
EACH = 2048    # states one deviation expands at most
PER = 2        # deviations at most for one paragraph and the paragraph its move leads to
GAIN = 1e-9    # a move whose high expectation is not above its low one by this has nothing to learn
IGNORED = ("items", "flags", "visits")   # the columns a twin may differ in


def candidates(g, lows, high: np.ndarray, paragraph: np.ndarray, mass: np.ndarray, most: int = TRIES) -> tuple:
    """(states, moves) of the deviations worth trying, best first: at each state the
    low solution's play (`lows`, over the graph `g`) reaches (`mass`: the start's mass
    carried along it), each other move whose
    high expectation (over `high`) is above the state's low value, scored by the mass
    the play carries there times that difference; PER at most for one paragraph and
    the paragraph the move's first outcome enters."""
    sp = np.asarray(g.state_ptr, dtype=np.int64)
    states = np.flatnonzero((mass > 0) & (np.diff(sp) > 1))
    if not len(states):
        return (np.zeros(0, dtype=np.int64),) * 2
    moves = _ranges(sp[states], sp[states + 1])
    owner = np.repeat(states, sp[states + 1] - sp[states])
    mp = np.asarray(g.move_ptr, dtype=np.int64)
    e0, e1 = mp[moves], mp[moves + 1]
    edges = _ranges(e0, e1)
    t = np.asarray(g.targets, dtype=np.int64)[edges]
    p = np.asarray(g.probs)[edges]
    ok = t >= 0
    safe = np.where(ok, t, 0)
    edge_move = np.repeat(np.arange(len(moves)), e1 - e0)
    qh = np.bincount(edge_move, np.where(ok, p * high[safe], 0.0), minlength=len(moves))
    ql = np.bincount(edge_move, np.where(ok, p * lows.f[safe], 0.0), minlength=len(moves))
    local = moves - sp[owner]
    score = mass[owner] * (qh - lows.f[owner])
    off = np.cumsum(e1 - e0) - (e1 - e0)   # (each move's first edge among `edges`)
    first = safe[np.minimum(off, max(len(safe) - 1, 0))]
    keep = (local != lows.policy[owner]) & (qh - ql > GAIN) & (score > 0) & (e1 > e0)
    order = np.flatnonzero(keep)[np.argsort(-score[keep], kind="stable")]
    pair = paragraph[owner[order]] * (1 << 24) + paragraph[first[order]]
    _u, at, seen = np.unique(pair, return_inverse=True, return_counts=True)
    rank = np.zeros(len(order), dtype=np.int64)   # (each pair's own count so far, in score order)
    if len(order):
        by = np.argsort(at.reshape(-1), kind="stable")
        starts = np.repeat(np.cumsum(seen) - seen, seen)
        rank[by] = np.arange(len(order)) - starts
    order = order[rank < PER][:most]
    return owner[order], local[order]


class Twins:
    """Each state of the play found again by its row but for its items, flags and
    visits (IGNORED): `of(states)` gives each one's twin (a state of the play, the one
    of most mass where several share the row), or -1."""

    def __init__(self, table, states: np.ndarray, mass: np.ndarray):
        self.table = table
        names = table.slots.names
        self.mix = np.zeros(0, dtype=np.int64)   # (a random odd factor per column: the hash's)
        self.ignored = np.asarray([i for i, (part, _k) in enumerate(names) if part in IGNORED], dtype=np.int64)
        keys = self.keys(states)
        order = np.lexsort((-mass, keys))
        keys, states = keys[order], states[order]
        first = np.ones(len(keys), dtype=bool)
        first[1:] = keys[1:] != keys[:-1]
        self.sorted, self.states = keys[first], states[first]

    def keys(self, states: np.ndarray) -> np.ndarray:
        """A 64-bit hash of each state's row, the IGNORED columns zeroed."""
        rows = self.table.slots.widened(self.table.take(states)).astype(np.int64)
        rows[:, self.ignored[self.ignored < rows.shape[1]]] = 0
        if len(self.mix) < rows.shape[1]:
            self.mix = np.random.default_rng(0x5EED).integers(1, 1 << 62, size=2 * rows.shape[1], dtype=np.int64) | 1
        mix = self.mix[:rows.shape[1]]
        with np.errstate(over="ignore"):
            h = (rows * mix).sum(axis=1, dtype=np.int64)
            h ^= (rows * (mix[::-1] * 3 + 1)).sum(axis=1, dtype=np.int64) >> 7
        return h

    def of(self, states: np.ndarray) -> np.ndarray:
        if not len(self.sorted) or not len(states):
            return np.full(len(states), -1, dtype=np.int64)
        keys = self.keys(states)
        at = np.minimum(np.searchsorted(self.sorted, keys), len(self.sorted) - 1)
        return np.where(self.sorted[at] == keys, self.states[at], -1)


class Deviations(Closure):
    """The deviations' walk, one after the other (`walk` and `expanded` as a
    `Closure`'s): each begun at the outcomes of its move, the play followed through
    every state it picks at (the `base` closure's picks, improved over the solve), the
    twin's move or the usual pick elsewhere (`_pick`), EACH states expanded by each at most."""

    def __init__(self, base: Closure):
        super().__init__(base.far, base.wear, base.plan)
        self.grow(len(base.pick))
        self.pick[:len(base.pick)] = base.pick
        self.barred = base.barred.copy()
        self.tries = (np.zeros(0, dtype=np.int64),) * 2
        self.current, self.spent = -1, 0

    def start(self, g, high: np.ndarray, lows, pooled: np.ndarray, table) -> int:
        """The deviations over the solved graph `g` (`high`: each state's worth;
        `lows`: the low solution) chosen, the first begun; how many there are."""
        paragraph = table.column(PARAGRAPH)[:g.states]
        mass = carry(g, lows, lambda here: policy_parts(g, lows, here), circulate=True)
        states, moves = self.tries = candidates(g, lows, high, paragraph, mass)
        self.policy = np.asarray(lows.policy, dtype=np.int64)
        on = np.flatnonzero(mass > 0)
        on = on[self.policy[on] >= 0]
        self.twins = Twins(table, on, mass[on])
        self.paragraph = lambda: table.column(PARAGRAPH)
        self.begin(g, high, lows.f, pooled)
        self.current = -1
        self._next()
        return len(states)

    def _next(self) -> bool:
        """The next deviation begun (its move's outcomes the walk's start); whether
        there was one."""
        self.current += 1
        if self.current >= len(self.tries[0]):
            return False
        s, m = int(self.tries[0][self.current]), int(self.tries[1][self.current])
        move = self.sp[s] + m
        t = self.t[self.mp[move]:self.mp[move + 1]]
        self.starts = np.unique(t[t >= 0]).astype(np.int64)
        self.spent = self.retries = 0
        self._restart()
        return True

    def walk(self, pooled: np.ndarray, worth: np.ndarray, most: int) -> np.ndarray:
        """As a closure's walk, one deviation after the other, EACH states expanded
        by each at most; none once the last is complete."""
        while self.current < len(self.tries[0]):
            if self.spent < EACH:
                todo = super().walk(pooled, worth, min(most, EACH - self.spent))
                if len(todo):
                    self.spent += len(todo)
                    return todo
            if not self._next():
                break
        self.complete = True
        return np.zeros(0, dtype=np.int64)

    def _pick(self, states, sp, mp, t, p, worth, pooled, low=None) -> None:
        """The usual pick (closure.py), then at each state whose twin is of the play:
        a way the twin does not have (what the new item or flag opened), else the
        twin's move (the same number where the moves are as many, else the move whose
        first outcome enters the same paragraph), unless that move is barred."""
        super()._pick(states, sp, mp, t, p, worth, pooled, low)
        twin = self.twins.of(states)
        where = np.flatnonzero((twin >= 0) & (twin != states))
        if not len(where):
            return
        paragraph = self.paragraph()
        for i in where.tolist():
            own = self._firsts(mp, t, sp[i], sp[i + 1], paragraph)
            tw = int(twin[i])
            pick = int(self.policy[tw]) if tw < len(self.policy) else -1
            if pick < 0:
                continue
            theirs = self._firsts(self.mp, self.t, self.sp[tw], self.sp[tw + 1], paragraph)
            new = self._opened(own, theirs)
            if new:
                k = new[0]
            elif len(own) == len(theirs):
                k = pick
            elif theirs[pick] in own:
                k = own.index(theirs[pick])
            else:
                continue
            s = int(states[i])
            if not self.is_barred(s * self.MOVES + k):
                self.pick[s] = k

    @staticmethod
    def _opened(own: list, theirs: list) -> list:
        """The moves (local numbers) whose first paragraph none of the twin's enters:
        the ways an item or a flag the twin lacks opened."""
        return [k for k, a in enumerate(own) if a not in theirs]

    @staticmethod
    def _firsts(mp, t, m0: int, m1: int, paragraph) -> list:
        """The paragraph each move m0..m1 first enters (-1: none)."""
        out = []
        for m in range(int(m0), int(m1)):
            e = int(mp[m])
            out.append(int(paragraph[t[e]]) if e < int(mp[m + 1]) and t[e] >= 0 else -1)
        return out
