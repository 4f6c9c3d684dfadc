"""The moves of the states a closure's walk expanded since the last solve
(closure.py `Closure.expanded`), kept packed for the walk to read again (`_again`):
each state's moves a span of the moves, each move's edges a span of the targets and
their probabilities.

Batches are appended as they come, into arrays doubled when full (support/grown.py);
a state is found through a dense index over the states.  Why: a run's closures append thousands of
batches, and packing them all again at every walk (a sort of the states, a
concatenation of every batch) was quadratic in the batches: 41 s of la-couronne-de-sel's
448 at 1 M states, 5.1 M list appends."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.solve import _ranges
from engine.support.grown import Grown


class Since:
    """The states expanded since the solve and their moves (`add` a batch as
    `Closure.expanded` gets it: the states, their moves' and edges' pointers, the
    targets and probabilities); `held(q)` which of q are among them, `local(q)` their
    moves as (sp, mp, t, p) pointers from 0, `play(q, picks)` each one's picked move's
    (sources, targets)."""

    def __init__(self, n: int = 0):
        self.first = np.full(n, -1, dtype=np.int64)   # per state: its first move's place (-1: not expanded since)
        self.last = np.zeros(n, dtype=np.int64)       # ... and its last's + 1
        self.e0, self.e1 = Grown(np.int64), Grown(np.int64)   # per move: its edges' span
        self.t, self.p = Grown(np.int64), Grown(np.float64)   # per edge: its target and probability

    def add(self, states: np.ndarray, sp: np.ndarray, mp: np.ndarray, tg: np.ndarray, probs: np.ndarray) -> None:
        top = int(states.max(initial=-1)) + 1
        if top > len(self.first):
            more = max(top, 2 * len(self.first)) - len(self.first)
            self.first = np.concatenate([self.first, np.full(more, -1, dtype=np.int64)])
            self.last = np.concatenate([self.last, np.zeros(more, dtype=np.int64)])
        m, e = len(self.e0), len(self.t)
        new = self.first[states] < 0   # (the first batch holding a state is the one read)
        self.first[states[new]] = sp[:-1][new] + m
        self.last[states[new]] = sp[1:][new] + m
        self.e0.append(np.asarray(mp[:-1], dtype=np.int64) + e)
        self.e1.append(np.asarray(mp[1:], dtype=np.int64) + e)
        self.t.append(tg)
        self.p.append(probs)

    def held(self, q: np.ndarray) -> np.ndarray:
        inside = q < len(self.first)
        return inside & (self.first[np.where(inside, q, 0)] >= 0)

    def local(self, q: np.ndarray) -> tuple:
        """(sp, mp, t, p) of the states q (each held), their moves and edges from 0."""
        return local(self.first[q], self.last[q], self.e0[:], self.e1[:], self.t[:], self.p[:])

    def play(self, q: np.ndarray, picks: np.ndarray) -> tuple:
        """(sources, targets) of the move `picks` (local numbers) of each state of q."""
        move = self.first[q] + picks
        e0, e1 = self.e0[move], self.e1[move]
        return np.repeat(q, e1 - e0), self.t[_ranges(e0, e1)]


def local(m0: np.ndarray, m1: np.ndarray, e0: np.ndarray, e1: np.ndarray, t: np.ndarray, p: np.ndarray) -> tuple:
    """(sp, mp, t, p) pointers from 0 of some states whose moves are m0[i]..m1[i], a
    move k's edges e0[k]..e1[k] of the targets `t` and probabilities `p`."""
    moves = _ranges(m0, m1)
    a, b = e0[moves], e1[moves]
    edges = _ranges(a, b)
    return np.concatenate(([0], np.cumsum(m1 - m0))), np.concatenate(([0], np.cumsum(b - a))), t[edges], p[edges]
