"""Exact solver for finite fight Markov decision processes.

A fight is described by a root node and an ``expand`` function giving, for
each non-terminal node, its *options* (the hero's possible choices; a node
without a real choice has a single option).  An option is a tuple
``(label, dist, self_p, cost)``:

* ``dist`` lists ``(probability, next_node)`` pairs, never the node itself;
* ``self_p`` is the probability of staying in the same node (a parry, a
  mutual miss); it is solved algebraically,
  ``V = sum(p * V(next)) / (1 - self_p)``, never by iteration;
* ``cost`` is the expected number of rounds spent per visit of the node.

Terminal nodes are :class:`End` instances.  The graph (self-loops apart)
must be acyclic: it is explored with an explicit stack (no recursion depth
limit), values are computed in post-order (backward pass, choosing for each
node the option of highest value, the first one on ties) and the
probability mass is then pushed from the root in topological order
(forward pass) to get the distribution of terminals and the expected
number of rounds under the chosen policy.  Everything is exact.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Hashable, NamedTuple, Sequence

ONE = Fraction(1)
ZERO = Fraction(0)


class End(NamedTuple):
    """A terminal node: an outcome name and a detail (e.g. final Endurance)."""

    outcome: str
    detail: object = None


Option = tuple  # (label: str, dist: tuple[(Fraction, node)], self_p: Fraction, cost: Fraction)


@dataclass(frozen=True)
class ChainSolution:
    """Value of the root, the chosen label there, terminal masses, rounds."""

    value: Fraction
    root_label: str | None
    ends: dict
    expected_rounds: Fraction
    has_choice: bool


def _explore(root: Hashable, expand: Callable, max_states: int):
    """Expand every node reachable from ``root``; return post-order and graph."""
    graph: dict = {}
    order: list = []
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
            continue
        if node in graph:
            continue
        options = expand(node)
        graph[node] = options
        if len(graph) > max_states:
            raise ValueError(f"fight has more than {max_states} states")
        stack.append((node, True))
        for _label, dist, _self_p, _cost in options:
            for _p, nxt in dist:
                if not isinstance(nxt, End) and nxt not in graph:
                    stack.append((nxt, False))
    return order, graph


def _backward(order: Sequence, graph: dict, end_value: Callable):
    """Optimal values (maximised) and the index of the chosen option per node."""
    values: dict = {}
    choice: dict = {}
    for node in order:
        best = best_i = None
        for i, (_label, dist, self_p, _cost) in enumerate(graph[node]):
            total = ZERO
            for p, nxt in dist:
                v = end_value(nxt) if isinstance(nxt, End) else values[nxt]
                if v:
                    total += p * v
            if self_p:
                total /= ONE - self_p
            if best is None or total > best:
                best, best_i = total, i
        values[node] = best
        choice[node] = best_i
    return values, choice


def _forward(root, order: Sequence, graph: dict, choice: dict):
    """Push the probability mass from the root under the chosen policy."""
    mass = {root: ONE}
    ends: dict = {}
    rounds = ZERO
    for node in reversed(order):
        m = mass.pop(node, None)
        if not m:
            continue
        _label, dist, self_p, cost = graph[node][choice[node]]
        visits = m / (ONE - self_p) if self_p else m
        if cost:
            rounds += visits * cost
        for p, nxt in dist:
            bucket = ends if isinstance(nxt, End) else mass
            bucket[nxt] = bucket.get(nxt, ZERO) + visits * p
    return ends, rounds


def solve(root, expand: Callable, end_value: Callable, max_states: int) -> ChainSolution:
    """Solve the fight chain rooted at ``root`` (which may itself be an End)."""
    if isinstance(root, End):
        return ChainSolution(end_value(root), None, {root: ONE}, ZERO, False)
    order, graph = _explore(root, expand, max_states)
    values, choice = _backward(order, graph, end_value)
    ends, rounds = _forward(root, order, graph, choice)
    has_choice = any(len(opts) > 1 for opts in graph.values())
    root_opts = graph[root]
    label = root_opts[choice[root]][0] if len(root_opts) > 1 else None
    return ChainSolution(values[root], label, ends, rounds, has_choice)


def merge(pairs) -> tuple:
    """Merge ``(probability, node)`` pairs with the same node, dropping zeros."""
    acc: dict = {}
    for p, node in pairs:
        if p:
            acc[node] = acc.get(node, ZERO) + p
    return tuple((p, node) for node, p in acc.items())
