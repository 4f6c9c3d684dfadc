"""The sweeps of interval iteration over one level's cyclic components (solve.py
`_interval`), each component left out once its own sequences have met.

The cyclic components of a level lead to none of the others: each one's low and high
sequences read only its own members' values and its ways out (constants).  Swept
together or apart, a component gets the same floats sweep for sweep (each move's
expectation sums the same terms in the same order).  Swept together until *every*
one had met, the fast ones were swept as long as the slowest: on la-couronne-de-sel
at 1 M states (`--focused`), the level's components needed a median of 1 sweep and at
most 5 with their end components collapsed where their level took 319 (some 15 times
the work, counted in members, moves and edges swept).  So each component stops at its
own criterion (met: its gap at most MET; or neither of its sequences moves any more),
and the arrays swept (a `_Part`) are cut down to the components still going whenever
those hold at most half of what is swept.  A component that stops keeps sweeping
until the next cut (its sequences still bound the value from below and above, so
every sweep is as sound as the last), and its bound is read from its last values.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.chain_arrays import spans

MET = 1e-13       # (a component's gap below this: met)
STILL = 1e-300    # (a low sequence that moved less than this: still)
SWEEPS = 100_000  # (a phase's sweeps at most)


class Loops:
    """A level's cyclic components as `_interval` lays them out: each member's
    component (`which`, 0..), whether it has moves (`has`), its first move (`ss`, of
    `n_moves`), each move's value out of the components (`ways_out`), and the edges
    inside (`in_move` nondecreasing, `in_p`, `in_local` the member they lead to)."""

    def __init__(self, which, has, ss, n_moves, ways_out, in_move, in_p, in_local):
        self.which, self.has, self.in_move = which, has, in_move
        self.m0, self.m1 = ss, np.append(ss[1:], n_moves).astype(np.int64)
        self.ways_out, self.in_p, self.in_local = ways_out, in_p, in_local
        self.in_ptr = np.searchsorted(in_move, np.arange(n_moves + 1))
        self.n = int(which.max(initial=-1)) + 1
        # each component's share of a sweep: its members, moves and edges inside
        own = 1 + (self.m1 - self.m0) + (self.in_ptr[self.m1] - self.in_ptr[self.m0])
        self.size = np.bincount(which, weights=own, minlength=self.n)

    def iterate(self, low, high, todo: np.ndarray, ends=None) -> int:
        """Sweeps the components `todo` (a mask, cleared as they stop) until each has
        stopped, writing `low` and `high` (per member); `ends`: (staying, member) of
        solve.py `end_components`, for the high sequence with them collapsed.  Returns
        the sweeps made."""
        part, count = None, 0
        if not todo.any():
            return 0
        for _ in range(SWEEPS):
            if part is None:
                part = _Part(self, todo, ends).load(low, high)
            count += 1
            stopped = part.sweep(ends is not None)
            todo[stopped] = False
            part.live -= float(self.size[stopped].sum())
            if not part.running.any():
                break
            if 2 * part.live <= part.total:   # (the stopped hold half the sweep: cut them out)
                part.store(low, high)
                part = None
        if part is not None:
            part.store(low, high)
        return count


class _Part:
    """The arrays of a sweep over the components `todo` of `loops`: their members in
    their order, numbered 0.. (values `low`, `high`); `order` groups them by
    component for the stops.  All the components: the level's own arrays, no copy
    (a level can hold millions of edges)."""

    def __init__(self, loops: Loops, todo: np.ndarray, ends):
        which, has = loops.which, loops.has
        whole = bool(todo.all())
        sel = self.sel = np.arange(len(which)) if whole else np.flatnonzero(todo[which])
        self.h = has[sel]
        held = sel[self.h]
        counts = loops.m1[held] - loops.m0[held]   # (each member's moves: its first, renumbered)
        self.ss_has = loops.m0[held] if whole else np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
        if whole:
            moves = None
            self.in_move, self.in_p, self.in_local, self.ways_out = \
                loops.in_move, loops.in_p, loops.in_local, loops.ways_out
        else:
            moves = spans(loops.m0[held], loops.m1[held])
            lo, hi = loops.in_ptr[moves], loops.in_ptr[moves + 1]
            edges = spans(lo, hi)
            pos = np.zeros(len(which), dtype=np.int64)
            pos[sel] = np.arange(len(sel))
            self.in_move = np.repeat(np.arange(len(moves)), hi - lo)
            self.in_p, self.in_local = loops.in_p[edges], pos[loops.in_local[edges]]
            self.ways_out = loops.ways_out[moves]
        own = which[sel]
        self.order = np.argsort(own, kind="stable")
        self.starts = np.flatnonzero(np.diff(own[self.order], prepend=-1))
        self.comps = own[self.order][self.starts]
        self.running = np.ones(len(self.comps), dtype=bool)
        self.total = self.live = float(loops.size[self.comps].sum())
        self.low, self.high = None, None
        # (closures over the arrays, not methods: a part that held itself through its
        # high sweep lived on until the cyclic collector came, with its arrays)
        each_move = expectations(self.ways_out, self.in_move, self.in_p, self.in_local)
        ss_has = self.ss_has
        self._sweep = self.sweep_high = lambda v: np.maximum.reduceat(each_move(v), ss_has)
        if ends is not None:
            staying, member = ends
            each = np.full(len(which), -1, dtype=np.int64)
            each[has] = member
            self.sweep_high = collapsed(each_move, ss_has, staying if whole else staying[moves], each[held])

    def sweep(self, collapse: bool) -> np.ndarray:
        """One sweep of both sequences; returns the components that stop at it."""
        low, high, h = self.low, self.high, self.h
        new_low = self._sweep(low)
        new_high = np.minimum(self.sweep_high(high), high[h])
        moved, fell = np.zeros(len(low)), np.zeros(len(low))
        moved[h], fell[h] = np.abs(new_low - low[h]), high[h] - new_high
        low[h], high[h] = new_low, new_high
        at, starts = self.order, self.starts
        gap = np.maximum.reduceat((high - low)[at], starts)
        moved, fell = np.maximum.reduceat(moved[at], starts), np.maximum.reduceat(fell[at], starts)
        # (met; or neither sequence moves any more: a loop of choices kept open)
        stop = (gap <= MET) | ((moved <= STILL) & ((fell == 0.0) | ((gap > 0.5) & (not collapse))))
        stop &= self.running
        self.running &= ~stop
        return self.comps[stop]

    def load(self, low, high) -> "_Part":
        self.low, self.high = low[self.sel], high[self.sel]
        return self

    def store(self, low, high) -> None:
        low[self.sel], high[self.sel] = self.low, self.high


def expectations(ways_out, in_move, in_p, in_local):
    """Each move's expectation over values `v`: its ways out's, then its edges inside."""
    return lambda v: ways_out + np.bincount(in_move, in_p * v[in_local], minlength=len(ways_out))


def collapsed(expectations, ss_has, staying, member):
    """The high sweep with each end component taken as one state: a member's value is
    the best way out of any member (a staying move counts for nothing)."""
    in_end = np.flatnonzero(member >= 0)
    order = in_end[np.argsort(member[in_end], kind="stable")]
    starts = np.flatnonzero(np.diff(member[order], prepend=-1))
    sizes = np.diff(np.append(starts, len(order)))

    def sweep_high(v):
        q = expectations(v)
        q[staying] = 0.0
        best = np.maximum.reduceat(q, ss_has)
        if len(order):
            best[order] = np.repeat(np.maximum.reduceat(best[order], starts), sizes)
        return best
    return sweep_high
