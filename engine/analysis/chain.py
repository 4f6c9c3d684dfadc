"""Exact solver for finite fight Markov decision processes.

A fight is a root node and an ``expand`` function giving, for each
non-terminal node, its *options* (the hero's possible choices; a node
without a real choice has one option).  An option is a tuple
``(label, dist, stay, denom, cost)`` with integer weights:

* ``dist`` lists ``(weight, next_node)``; the probability of ``next_node``
  is ``weight / denom`` and ``next_node`` is never the node itself;
* ``stay / denom`` is the probability of staying in the node (a parry, a
  mutual miss); it is solved algebraically,
  ``V = sum(w * V(next)) / (denom - stay)``, never by iteration;
* ``cost / denom`` is the expected number of rounds per visit.

Terminal nodes are :class:`End` instances valued 0 or 1 by ``end_value``; or, when
``end_value`` returns tuples of 0/1 (``solve(..., lexicographic=True)``), by several
aims compared in order (the first aim, then the second among equally good options).
The graph (self-loops apart) must be acyclic.  It is explored with an
explicit stack (no recursion-depth limit); values are computed in
post-order choosing, per node, the option of highest value (the first on
ties); the probability mass is then pushed from the root in topological
order to get the terminal distribution and the expected number of rounds.

Speed: all arithmetic is on integers.  With ``M`` the lcm of every
normalised denominator, a node's value is ``N / M**phi`` where ``phi`` is
its longest distance to a terminal, so options of a node compare on their
numerators and no gcd is ever computed until the final Fractions.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Callable, Hashable, NamedTuple

ONE = Fraction(1)
ZERO = Fraction(0)


class End(NamedTuple):
    """A terminal node: an outcome name and a detail (e.g. final Endurance)."""

    outcome: str
    detail: object = None


@dataclass(frozen=True)
class ChainSolution:
    """Root value, chosen label at the root, terminal masses, expected rounds."""

    value: Fraction
    root_label: str | None
    ends: dict
    expected_rounds: Fraction
    has_choice: bool


def _explore(root: Hashable, expand: Callable, max_states: int, roots: tuple = ()):
    """Expand every node reachable from ``root`` (and ``roots``); return post-order and graph."""
    graph: dict = {}
    order: list = []
    stack = [(r, False) for r in reversed(roots)] + [(root, False)]
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
        for option in options:
            for _w, nxt in option[1]:
                if nxt.__class__ is not End and nxt not in graph:
                    stack.append((nxt, False))
    return order, graph


def _scales(graph: dict):
    """Common modulus M and, per option, (factor M/(denom-stay), cost factor)."""
    norms = {denom - stay for options in graph.values() for _l, _d, stay, denom, _c in options}
    modulus = lcm(*norms)
    per_norm = {n: modulus // n for n in norms}
    factors = {}
    for node, options in graph.items():
        factors[node] = [(per_norm[denom - stay], cost * per_norm[denom - stay])
                         for _l, _d, stay, denom, cost in options]
    return modulus, factors


def _depth(options, phi) -> int:
    """One more than the deepest node the options lead to (ends are depth 0)."""
    depth = 0
    for option in options:
        for _w, n in option[1]:
            if n.__class__ is not End and phi[n] > depth:
                depth = phi[n]
    return depth + 1


def _backward(order, graph, factors, end_value, powers):
    """Best option per node by exact integer comparison; root numerator/phi."""
    num: dict = {}
    phi: dict = {}
    choice: dict = {}
    for node in order:
        options = graph[node]
        depth = _depth(options, phi)
        best = best_i = None
        for i, option in enumerate(options):
            total = 0
            for w, n in option[1]:
                if n.__class__ is End:
                    v = end_value(n)
                    if v:
                        total += w * v * powers[depth - 1]
                else:
                    v = num[n]
                    if v:
                        total += w * v * powers[depth - 1 - phi[n]]
            total *= factors[node][i][0]
            if best is None or total > best:
                best, best_i = total, i
        num[node], phi[node], choice[node] = best, depth, best_i
    return num, phi, choice


def _backward_lex(order, graph, factors, end_value, powers):
    """`_backward` with tuple values compared lexicographically (exact, integers)."""
    num: dict = {}
    phi: dict = {}
    choice: dict = {}
    for node in order:
        options = graph[node]
        depth = _depth(options, phi)
        best = best_i = None
        for i, option in enumerate(options):
            total = None
            for w, n in option[1]:
                if n.__class__ is End:
                    v, scale = end_value(n), powers[depth - 1]
                else:
                    v, scale = num[n], powers[depth - 1 - phi[n]]
                part = tuple(w * x * scale for x in v)
                total = part if total is None else tuple(a + b for a, b in zip(total, part))
            total = tuple(x * factors[node][i][0] for x in total)
            if best is None or total > best:
                best, best_i = total, i
        num[node], phi[node], choice[node] = best, depth, best_i
    return num, phi, choice


def _forward(root, order, graph, factors, choice, powers_of):
    """Terminal masses and expected rounds under the chosen policy."""
    psi = {root: 0}
    for node in reversed(order):
        if node in psi:
            for _w, n in graph[node][choice[node]][1]:
                if n.__class__ is not End and psi.get(n, -1) <= psi[node]:
                    psi[n] = psi[node] + 1
    top = max(psi.values()) + 1
    mass = {root: 1}
    ends: dict = {}
    rounds = 0
    for node in reversed(order):
        k = mass.pop(node, 0)
        if not k:
            continue
        i, level = choice[node], psi[node] + 1
        factor, cost_m = factors[node][i]
        if cost_m:
            rounds += k * cost_m * powers_of(top - level)
        k *= factor
        for w, n in graph[node][i][1]:
            if n.__class__ is End:
                ends[n] = ends.get(n, 0) + k * w * powers_of(top - level)
            else:
                mass[n] = mass.get(n, 0) + k * w * powers_of(psi[n] - level)
    return ends, rounds, top


def solve(root, expand: Callable, end_value: Callable, max_states: int,
          lexicographic: bool = False) -> ChainSolution:
    """Solve the fight chain rooted at ``root`` (which may itself be an End);
    ``lexicographic``: ``end_value`` gives tuples, the value is the first aim's."""
    first = (lambda end: end_value(end)[0]) if lexicographic else end_value
    if isinstance(root, End):
        return ChainSolution(Fraction(first(root)), None, {root: ONE}, ZERO, False)
    order, graph = _explore(root, expand, max_states)
    factors, powers_of, (num, phi, choice) = _solved(order, graph, end_value, lexicographic)
    ends, rounds, top = _forward(root, order, graph, factors, choice, powers_of)
    denominator = powers_of(top)
    has_choice = any(len(opts) > 1 for opts in graph.values())
    root_opts = graph[root]
    label = root_opts[choice[root]][0] if len(root_opts) > 1 else None
    value = num[root][0] if lexicographic else num[root]
    return ChainSolution(Fraction(value, powers_of(phi[root])), label,
                         {e: Fraction(m, denominator) for e, m in ends.items()},
                         Fraction(rounds, denominator), has_choice)


def chances(roots: list, expand: Callable, end_value: Callable, measure: Callable, max_states: int,
            lexicographic: bool = False) -> list:
    """For each root of one fight, the exact chance of the ends ``measure`` counts
    (an End -> 0 or 1) under the policy ``solve`` plays from it: the roots' graphs
    are explored together and solved once (a node's best option depends only on
    what follows it, so it is the same from every root), then the policy's
    chance of ``measure`` is worked out backwards over the same graph."""
    inner = [r for r in roots if not isinstance(r, End)]
    if not inner:
        return [Fraction(measure(r)) for r in roots]
    order, graph = _explore(inner[0], expand, max_states, tuple(inner[1:]))
    factors, powers_of, (_num, _phi, choice) = _solved(order, graph, end_value, lexicographic)
    chosen = {node: [graph[node][choice[node]]] for node in order}
    num, phi, _c = _backward(order, chosen, {n: [factors[n][choice[n]]] for n in order}, measure,
                             _Powers(powers_of))
    return [Fraction(measure(r)) if isinstance(r, End) else Fraction(num[r], powers_of(phi[r])) for r in roots]


def _solved(order, graph, end_value, lexicographic):
    """(factors, M**k on demand, (numerators, depths, choices)) of an explored graph."""
    modulus, factors = _scales(graph)
    cache = [1]

    def powers_of(k: int) -> int:
        while len(cache) <= k:
            cache.append(cache[-1] * modulus)
        return cache[k]
    backward = _backward_lex if lexicographic else _backward
    return factors, powers_of, backward(order, graph, factors, end_value, _Powers(powers_of))


class _Powers:
    """``powers[k]`` = M**k, grown on demand."""

    def __init__(self, powers_of: Callable):
        self._of = powers_of

    def __getitem__(self, k: int) -> int:
        return self._of(k)


def merge(pairs) -> tuple:
    """Merge ``(weight, node)`` pairs with the same node, dropping zeros."""
    if len(pairs) == 2:
        (w1, n1), (w2, n2) = pairs
        if n1 != n2:
            return ((w1, n1), (w2, n2)) if w1 and w2 else (((w1 or w2), n1 if w1 else n2),)
    acc: dict = {}
    for w, node in pairs:
        if w:
            acc[node] = acc.get(node, 0) + w
    return tuple((w, node) for node, w in acc.items())
