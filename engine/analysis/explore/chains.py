"""Fight chains solved once for many starting points, for the `fight_outcomes` hooks.

The same chain format as `engine.analysis.chain` (nodes, options `(label, dist, stay,
denom, cost)`, `End` terminals, self-loops as `stay`, otherwise acyclic), but the
explorer asks one fight from hundreds of starting points (every Endurance, every
Luck...): here each node's value and best option are computed once and kept, and
only the forward push of probability from a root is done per root.  The distribution of the
ends from a root is exact (Fractions: the weights are integers); the values that
choose between options are floats (a choice between options equal to rounding is a
tie either way).  Ties between options keep the first one, as `chain.solve`.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..chain import End


class Chain:
    def __init__(self, expand: Callable, end_value: Callable[[End], float]):
        self.expand, self.end_value = expand, end_value
        self.value: dict = {}     # node -> best value
        self.best: dict = {}      # node -> [(probability, child)] of its best option

    def outcomes(self, root) -> list[tuple[End, float]]:
        """[(end, probability)] from `root` under the best options."""
        if isinstance(root, End):
            return [(root, Fraction(1))]
        order = self._solve(root)
        mass, ends = {root: Fraction(1)}, {}
        for node in reversed(order):   # parents before children
            m = mass.pop(node, 0)
            if not m:
                continue
            for p, child in self.best[node]:
                if isinstance(child, End):
                    ends[child] = ends.get(child, 0) + m * p
                else:
                    mass[child] = mass.get(child, 0) + m * p
        return list(ends.items())

    def value_at(self, node) -> float:
        """The best value from `node` (solved on first use)."""
        if isinstance(node, End):
            return self.end_value(node)
        if node not in self.value:
            self._solve(node)
        return self.value[node]

    def _solve(self, root) -> list:
        """Values of every node reachable from `root` (kept); the reachable nodes in
        post-order (every child before its parents)."""
        order, seen, stack = [], set(), [(root, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
                if node not in self.value:
                    self._back(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            if node in self.value:
                for _p, child in self.best[node]:
                    if not isinstance(child, End) and child not in seen:
                        stack.append((child, False))
                continue
            for option in self.expand(node):
                for _w, child in option[1]:
                    if not isinstance(child, End) and child not in seen:
                        stack.append((child, False))
        return order

    def _back(self, node) -> None:
        best = best_value = None
        value, end_value = self.value, self.end_value
        for _label, dist, stay, denom, _cost in self.expand(node):
            norm = denom - stay
            v = sum(w * (end_value(c) if isinstance(c, End) else value[c]) for w, c in dist) / norm
            if best_value is None or v > best_value + 1e-15:
                best, best_value = (dist, norm), v
        dist, norm = best   # Fractions for the chosen option only (the mass pushed)
        self.value[node], self.best[node] = best_value, [(Fraction(w, norm), c) for w, c in dist]


def outcomes_of(cache: dict, tag: str, ends, finisher: Callable) -> list:
    """The `fight_outcomes` list [(probability, finish)] of the ends [(End, p)] of a
    chain: one `finish` function per End, kept in `cache` under (tag, End), so that
    the explorer applies an outcome shared by several strategies only once."""
    out = []
    for end, p in ends:
        key = (tag, end)
        if key not in cache:
            cache[key] = finisher(end)
        out.append((p, cache[key]))
    return out

