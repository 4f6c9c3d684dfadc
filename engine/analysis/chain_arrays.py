"""The fight chain of `chain.py` held in arrays, solved level by level for many roots.

A rule module that can write its fight chain over arrays (every node a row, every
option a row, every outcome an edge) hands it here as a `ChainArrays`; the values are
those of `chain.chances`: the same exact fractions, the same policy (per node the
option of highest value, the first on ties, aims compared in order).

How: the graph (self-loops apart) is acyclic; `levels` numbers each node by its
longest distance to an end (Kahn's order over the reversed edges, all in NumPy).
Level by level, each option's value is the sum over its edges of weight x the
child's value, divided by its normaliser (denominator minus the chance of staying).
All values are kept exact as integer numerators over ONE scale ``M**K`` (``M`` the
lcm of the normalisers, ``K`` the deepest level): an option's numerator is
``(M / norm) * sum(w * child) / M``, an exact division, so that options compare
as integers and no gcd is taken until the roots' Fractions.  The numerators are
Python integers in object arrays: NumPy runs the loops, the integers stay exact.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np


@dataclass
class ChainArrays:
    """A fight chain: ``nodes`` rows; per option (sorted by node, then in the node's
    order) its node, its normaliser (denominator - stay), its denominator-weighted
    round cost and its label code; per edge (sorted by option) its option, its
    weight and its child (a node >= 0, or the end ``-1 - j`` of ``ends``)."""

    nodes: int
    opt_node: np.ndarray
    opt_norm: np.ndarray
    edge_opt: np.ndarray
    edge_w: np.ndarray
    edge_child: np.ndarray
    ends: list


def spans(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The indexes lo[0]..hi[0]-1, lo[1]..hi[1]-1, ... in one array."""
    sizes = hi - lo
    ends = np.cumsum(sizes)
    return np.arange(int(ends[-1]) if sizes.size else 0) + np.repeat(lo - (ends - sizes), sizes)


def levels(graph: ChainArrays) -> np.ndarray:
    """Each node's longest distance to an end (1 for a node all of whose edges end)."""
    parent = graph.opt_node[graph.edge_opt]
    inner = graph.edge_child >= 0
    child, parent = graph.edge_child[inner], parent[inner]
    waiting = np.bincount(parent, minlength=graph.nodes)
    order = np.argsort(child, kind="stable")
    by_child, starts = parent[order], np.searchsorted(child[order], np.arange(graph.nodes + 1))
    level = np.zeros(graph.nodes, dtype=np.int64)
    ready, k = np.flatnonzero(waiting == 0), 1
    while ready.size:
        level[ready] = k
        lo, hi = starts[ready], starts[ready + 1]
        parents = by_child[spans(lo, hi)]
        if parents.size:
            np.subtract.at(waiting, parents, 1)
            touched = np.unique(parents)
            ready = touched[waiting[touched] == 0]
        else:
            ready = parents
        k += 1
    if (level == 0).any():
        raise ValueError("the fight chain has a cycle")
    return level


def chances(graph: ChainArrays, roots: list, aims: list, measure) -> list:
    """For each root (a node index, or an End), the exact chance of the ends
    ``measure`` counts (an End -> 0 or 1) under the policy that maximises ``aims``
    (End -> 0 or 1 each, compared in order), as ``chain.chances``."""
    solved = Solved(graph, aims, measure)
    return [Fraction(measure(r)) if not isinstance(r, (int, np.integer)) else solved.fraction(r)
            for r in roots]


class Solved:
    """The exact values of every node of a chain under its best policy."""

    def __init__(self, graph: ChainArrays, aims: list, measure=None):
        self.graph = graph
        level = levels(graph)
        self.modulus = lcm(*{int(n) for n in np.unique(graph.opt_norm)})
        self.top = int(level.max())
        self.scale = self.modulus ** self.top
        ends_of = [np.array([int(bool(aim(e))) * self.scale for e in graph.ends] + [0], dtype=object)
                   for aim in aims]
        if measure is not None:
            ends_of.append(np.array([int(bool(measure(e))) * self.scale for e in graph.ends] + [0],
                                    dtype=object))
        self.values = [np.zeros(graph.nodes, dtype=object) for _ in ends_of]
        self.choice = np.zeros(graph.nodes, dtype=np.int64)
        self._solve(level, ends_of, len(aims))

    def fraction(self, node: int) -> Fraction:
        """The measure's exact value at a node."""
        return Fraction(int(self.values[-1][node]), self.scale)

    def _solve(self, level, ends_of, n_aims):
        g = self.graph
        opt_level = level[g.opt_node]
        order = np.argsort(opt_level, kind="stable")      # options by level, node order kept
        bounds = np.searchsorted(opt_level[order], np.arange(1, self.top + 2))
        edge_starts = np.searchsorted(g.edge_opt, np.arange(len(g.opt_node) + 1))
        factor = np.array([self.modulus // int(n) for n in g.opt_norm], dtype=object)
        weights = g.edge_w.astype(object)
        first_opt = np.searchsorted(g.opt_node, np.arange(g.nodes))
        for k in range(self.top):
            opts = order[bounds[k]:bounds[k + 1]]
            lo, hi = edge_starts[opts], edge_starts[opts + 1]
            edges = spans(lo, hi)
            child = g.edge_child[edges]
            cuts = np.concatenate([[0], np.cumsum(hi - lo)[:-1]])
            totals = []
            for values, ends in zip(self.values, ends_of):
                got = np.where(child >= 0, values[np.maximum(child, 0)], ends[np.where(child < 0, -1 - child, -1)])
                summed = np.add.reduceat(got * weights[edges], cuts)
                totals.append(summed * factor[opts] // self.modulus)
            chosen = self._best(g.opt_node[opts], opts - first_opt[g.opt_node[opts]], totals[:n_aims])
            nodes = g.opt_node[opts[chosen]]
            self.choice[nodes] = opts[chosen]
            for values, total in zip(self.values, totals):
                values[nodes] = total[chosen]

    @staticmethod
    def _best(node, slot, aims) -> np.ndarray:
        """Per node of the level (in order), the position of its best option: the
        highest aims in order, the first of the node's options on ties."""
        starts = np.flatnonzero(slot == 0)
        best = starts.copy()
        for s in range(1, int(slot.max()) + 1):
            at = np.flatnonzero(slot == s)
            owner = np.searchsorted(starts, at, side="right") - 1
            held = best[owner]
            better = np.zeros(at.size, dtype=bool)
            equal = np.ones(at.size, dtype=bool)
            for aim in aims:
                mine, theirs = aim[at], aim[held]
                better |= equal & (mine > theirs).astype(bool)
                equal &= (mine == theirs).astype(bool)
            best[owner[better]] = at[better]
        return best
