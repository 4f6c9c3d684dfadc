"""Fight chains solved once for many starting points, for the `fight_outcomes` hooks.

The same chain format as `engine.analysis.chain` (nodes, options `(label, dist, stay,
denom, cost)`, `End` terminals, self-loops as `stay`, otherwise acyclic), but the
explorer asks one fight from hundreds of starting points (every Endurance, every
Luck...): here each node's value and best option are computed once and kept, and
only the forward push of probability from a root is done per root.

Speed, without giving up exactness:
* the values that choose between options are floats (a choice between options
  equal to rounding is a tie either way); ties keep the first option, as
  `chain.solve`;
* a node keeps its best option as raw integer weights (no Fraction made for the
  nodes no push goes through);
* each solved node gets a post-order number (every child's is smaller than its
  parents'), so a push visits only the nodes that carry mass, in decreasing
  number, without walking the reachable graph again;
* the pushed mass is a pair of integers (numerator, denominator), reduced once
  per node, and becomes a Fraction only in the answer: the distribution of the
  ends is exact.

Memory: a solved node keeps its value, its best option and its number, not its
options (a Cretan node offers every spend of Honour): the options are kept only
while the solve that expands them runs (`expand` is called once per node and
solve), then dropped.  Later roots never expand a solved node again.
"""
from __future__ import annotations

from fractions import Fraction
from heapq import heappop, heappush
from math import gcd
from typing import Callable

from engine.analysis.chain import End


class Chain:
    def __init__(self, expand: Callable, end_value: Callable[[End], float]):
        self.expand, self.end_value = expand, end_value
        self.value: dict = {}     # node -> best value (float)
        self.best: dict = {}      # node -> (dist [(weight, child)], norm) of its best option
        self.post: dict = {}      # node -> post-order number (children smaller)

    def outcomes(self, root) -> list[tuple[End, Fraction]]:
        """[(end, probability)] from `root` under the best options (exact)."""
        if isinstance(root, End):
            return [(root, Fraction(1))]
        if root not in self.value:
            self._solve(root)
        best, post = self.best, self.post
        mass, heap, ends = {root: (1, 1)}, [(-post[root], root)], {}
        while heap:   # parents before children: decreasing post-order number
            node = heappop(heap)[1]
            num, den = mass.pop(node)
            g = gcd(num, den)
            num, den = num // g, den // g
            dist, norm = best[node]
            den *= norm
            for w, child in dist:
                into = ends if child.__class__ is End else mass
                old = into.get(child)
                if old is None:
                    into[child] = (num * w, den)
                    if into is mass:
                        heappush(heap, (-post[child], child))
                elif old[1] == den:
                    into[child] = (old[0] + num * w, den)
                else:
                    into[child] = (old[0] * den + num * w * old[1], old[1] * den)
        return [(end, Fraction(n, d)) for end, (n, d) in ends.items()]

    def value_at(self, node) -> float:
        """The best value from `node` (solved on first use)."""
        if node.__class__ is End:
            return self.end_value(node)
        if node not in self.value:
            self._solve(node)
        return self.value[node]

    def _solve(self, root) -> None:
        """Values of every unsolved node reachable from `root`, children first (each
        node's options kept from its expansion to its value, then dropped)."""
        options, stack, value = {}, [(root, False)], self.value
        while stack:
            node, done = stack.pop()
            if done:
                if node not in value:
                    self._back(node, options.pop(node))
                continue
            if node in options or node in value:
                continue
            found = options[node] = self.expand(node)
            stack.append((node, True))
            for option in found:
                for _w, child in option[1]:
                    if child.__class__ is not End and child not in options and child not in value:
                        stack.append((child, False))

    def _back(self, node, options) -> None:
        best = best_value = None
        value, end_value = self.value, self.end_value
        for _label, dist, stay, denom, _cost in options:
            total = 0.0
            for w, c in dist:
                total += w * (end_value(c) if c.__class__ is End else value[c])
            v = total / (denom - stay)
            if best_value is None or v > best_value + 1e-15:
                best, best_value = (dist, denom - stay), v
        self.value[node], self.best[node] = best_value, best
        self.post[node] = len(self.post)


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


def hook_answer(found, cache: dict, tag: str, finisher: Callable):
    """The `fight_outcomes` answer from a module's `fight_ends` answer `found`
    ([(strategy, [(End, p)])], the answers kept; None: answer by answer): each
    strategy's ends made outcomes (`outcomes_of`)."""
    if found is None:
        return None
    strategies, keep = found
    return [(label, outcomes_of(cache, tag, ends, finisher)) for label, ends in strategies], keep
