"""Focused exploration: expand first the states that can change the best-play odds.

Bounded real-time dynamic programming (McMahan, Likhachev & Gordon, 2005).  Every
state carries a lower and an upper bound of its best-play probability of victory:
0 and 1 until it is explored, exact at a final ending.  A trial walks from the
start: it draws a starting state, then at each state follows the move with the best
upper bound (equal moves drawn at random) and draws its successor in proportion to
probability times the gap between the bounds, until little gap is left below; it
never steps back onto a state it has walked (a hub of paragraphs would send it
round and round), and the bounds of the states it walked are then backed up,
deepest first.  Trials stop when the gap at the start is
below `GAP`; what time is left then explores the rest of the space in breadth (the
report on unreachable paragraphs needs all of it).

The bounds here only guide the search; the report's bounds are computed afresh over
the whole explored graph by `solve.values` (unexplored states counted as lost /
won), so a trial cut short never makes them wrong.
"""
from __future__ import annotations

import random

from engine.analysis.explore.space import ERROR, FRONTIER

GAP = 1e-6          # a trial's goal: the start's bounds this close
TAU = 20            # a trial ends where the gap left below is under GAP_AT_START / TAU
MAX_DEPTH = 2_000   # no walk longer than this (cycles)
EXPLOIT = 0.5       # share of trials following the best known play (the others: the most hopeful)


class Focus:
    def __init__(self, explorer, seed: int = 0):
        self.x, self.rng = explorer, random.Random(seed)
        self.low: list[float] = []
        self.high: list[float] = []

    def added(self, final: str | None) -> None:
        """A new state: its bounds (exact at a final ending)."""
        v = (1.0 if final == "victory" else 0.0) if final else None
        self.low.append(v if v is not None else 0.0)
        self.high.append(v if v is not None else 1.0)

    def bounds(self, t: int) -> tuple[float, float]:
        if t >= 0:
            return self.low[t], self.high[t]
        return (0.0, 0.0) if t == ERROR else (0.0, 1.0)

    def gap(self, branches) -> float:
        return sum(p * (self.high[t] - self.low[t]) for p, t in branches if t >= 0)

    def root_gap(self) -> float:
        return self.gap(self.x.space.root)

    def refresh(self) -> None:
        """Tighten every bound by value iteration over the explored graph: a trial's
        backups cannot lower an upper bound held up by a cycle of states."""
        from engine.analysis.explore.solve import values
        low, _ = values(self.x.space, 0.0)
        high, _ = values(self.x.space, 1.0)
        for s, (lo, hi) in enumerate(zip(low, high)):
            self.low[s] = max(self.low[s], lo)
            self.high[s] = max(self.low[s], min(self.high[s], hi))

    # --- trials -------------------------------------------------------------------
    def trial(self) -> None:
        """One walk from the start, then its states backed up, deepest first.  A walk
        never steps back onto a state it holds (a hub of paragraphs sends a player
        round and round): it takes another way out, and stops when none is left."""
        sp, path, seen = self.x.space, [], set()
        exploit = self.rng.random() < EXPLOIT
        branches, goal = sp.root, self.root_gap() / TAU
        while len(path) < MAX_DEPTH and not self.x.late():
            t = self._draw(branches, goal, seen)
            if t is None:
                break
            seen.add(t)
            if not sp.done[t]:
                self.x.expand(t)
            self.backup(t)
            path.append(t)
            branches = self._best(t, exploit, seen)
            if branches is None:
                break
        for s in reversed(path):
            self.backup(s)

    def _draw(self, branches, goal: float, seen):
        weights = [(p * (self.high[t] - self.low[t]), t) for p, t in branches if t >= 0 and t not in seen]
        total = sum(w for w, _ in weights)
        if total <= goal or total <= 0:
            return None
        pick = self.rng.random() * total
        for w, t in weights:
            pick -= w
            if pick <= 0:
                return t
        return weights[-1][1]

    def _best(self, s, exploit: bool, seen):
        """The branches of the move with the best upper bound, or with the best lower
        bound (then upper) when the trial exploits what is known, among the moves
        that lead somewhere the walk has not been; ties drawn at random (the first
        of equal moves would send every walk the same way)."""
        best, best_key = None, None
        for _text, branches in self.x.space.actions[s]:
            if all(t in seen or t < 0 for _p, t in branches):
                continue
            low = sum(p * self.bounds(t)[0] for p, t in branches)
            high = sum(p * self.bounds(t)[1] for p, t in branches)
            key = (low, high) if exploit else (high, low)
            key = (*key, self.rng.random())
            if best_key is None or key > best_key:
                best, best_key = branches, key
        return best

    def backup(self, s: int) -> None:
        sp = self.x.space
        if not sp.done[s]:
            return
        if not sp.actions.has_moves(s):
            v = 1.0 if sp.ended[s] == "victory" else 0.0
            self.low[s] = self.high[s] = v
            return
        low = high = 0.0
        lows, highs = self.low, self.high
        for _text, branches in sp.actions[s]:
            lo = hi = 0.0
            moves = False
            for p, t in branches:
                if t >= 0:
                    lo += p * lows[t]
                    hi += p * highs[t]
                    moves = moves or t != s
                elif t == FRONTIER:
                    hi += p
                    moves = True
            low = max(low, lo)
            if moves:
                high = max(high, hi)
        self.low[s] = max(self.low[s], low)
        self.high[s] = max(self.low[s], min(self.high[s], high))


