"""The likeliest states first: the order the explorer expands a fixed sheet's states in.

A state's *reach* is the probability of the likeliest way to it from the start, any
choice counting as certain (the player may make it): the start's own probability,
then at each move a dice outcome's probability, multiplied along the way.  States
are expanded from the highest reach down (Dijkstra's order over -log reach: a
successor's reach is at most its parent's, so nothing found later comes before what
was already taken), in levels of a sixteenth of a halving, first come first out
within a level.  Cut there by `--max-states` or `--timeout`, what is left unexplored
is what only unlikely ways lead to, so the bounds (solve.py: the frontier counted as
lost, then as won) are close where breadth first leaves the whole late book out.

The order changes nothing a complete exploration finds (the same states, the same
values); only which states a cut exploration has.  The compiled explorer (waves of
the states found by the last one) would take the same order by carrying each
state's reach in an array beside its rows and expanding, in each wave, the waiting
states whose reach is over a threshold lowered from wave to wave (the others kept
waiting), the successors' reach the `np.maximum.at` of their parents' times their
probabilities.
"""
from __future__ import annotations

from array import array
from collections import deque
from math import log2

STEPS = 16          # levels for each halving of the reach
LAST = 1 << 20      # the level of a reach too small for a float (an underflow)


def level(reach: float) -> int:
    return int(-log2(reach) * STEPS) if reach > 0 else LAST


class Likely:
    """The states waiting to be expanded, by level of reach; `append` is how the
    explorer announces a state it adds (its reach known once a parent spreads it),
    `spread` what one expansion makes reachable."""

    def __init__(self):
        self.reach = array("d")
        self.levels: dict[int, deque] = {}
        self.at = 0           # the lowest level that may hold a state
        self.waiting = 0      # entries in the levels (a state may wait twice: its first level is then stale)

    def append(self, s: int) -> None:
        """A new state: no reach until a parent spreads it (`seed` for the start)."""
        while len(self.reach) <= s:
            self.reach.append(0.0)

    def seed(self, branches) -> None:
        """The start's states [(probability, state)]."""
        for p, t in branches:
            if t >= 0:
                self.append(t)
                self._offer(t, float(p))

    def _offer(self, t: int, reach: float) -> None:
        if reach <= self.reach[t] and self.reach[t] > 0:
            return
        self.reach[t] = reach
        lv = level(reach)
        found = self.levels.get(lv)
        if found is None:
            found = self.levels[lv] = deque()
        found.append(t)
        self.waiting += 1
        self.at = min(self.at, lv)

    def spread(self, s: int, space) -> None:
        """State s expanded: each successor not expanded yet offered at s's reach times
        the probability of its branch (the best of its ways so far kept)."""
        r, done, reach = self.reach[s], space.done, self.reach
        moves = space.actions
        succ, i = moves.targets[s], 0
        for probs in moves.floats(s):
            for p in probs:
                t = succ[i]
                i += 1
                if t >= 0 and not done[t]:
                    q = r * p
                    if q > reach[t] or reach[t] == 0:
                        self._offer(t, q)

    def popleft(self) -> int:
        """The state of highest level (a stale entry is skipped by the explorer: its
        state is done)."""
        levels = self.levels
        while True:
            found = levels.get(self.at)
            if found:
                self.waiting -= 1
                s = found.popleft()
                if not found:
                    del levels[self.at]
                return s
            if found is not None:
                del levels[self.at]
            self.at = min(levels) if levels else 0

    def __bool__(self) -> bool:
        return self.waiting > 0

    def __len__(self) -> int:
        return self.waiting
