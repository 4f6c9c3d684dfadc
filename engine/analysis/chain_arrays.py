"""The fight chain of `chain.py` held in arrays, solved level by level for many roots.

A rule module that can write its fight chain over arrays (every node a row, every
option a row, every outcome an edge) hands it here as a `ChainArrays`; the values are
those of `chain.chances` / `chain.solve`: the same exact fractions, the same policy
(per node the option of highest value, the first on ties, aims compared in order).

The graph (self-loops apart) is acyclic; `levels` numbers each node by its longest
distance to an end (Kahn's order over the reversed edges, in NumPy), and every level
is solved at once, an option's value being the sum over its edges of weight x the
child's value, divided by its normaliser (denominator minus the chance of staying).

`Fast` (the usual way) picks the policy from float64 values, each aim's and its
complement's (sums of positive terms: a relative error bound kept per node); options
nearer than their bounds are equal when their residues modulo two primes are (the
first kept; two different values taken for equal would need both primes, about 2**31
each, to divide the numerator of their difference), else compared exactly through the
chosen options below.  The chance
reported is then exact: surely 1 or surely 0 by logic, else integers over one scale.
`Solved` (where floats cannot be trusted: a value under TINY, a normaliser too large
for the primes, a chain too deep) does it all in integers: numerators over ONE scale
``M**K`` (``M`` the lcm of the normalisers, ``K`` the deepest level), an option's being
``(M / norm) * sum(w * child) / M``, an exact division, in object arrays of Python
integers.  `forward` pushes one root's exact masses to the ends.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
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
    opt_cost: np.ndarray | None = None    # per option, rounds fought x denominator / normaliser
    opt_label: np.ndarray | None = None   # per option, its label's code (the module's)


def spans(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The indexes lo[0]..hi[0]-1, lo[1]..hi[1]-1, ... in one array."""
    sizes = hi - lo
    ends = np.cumsum(sizes)
    return np.arange(int(ends[-1]) if sizes.size else 0) + np.repeat(lo - (ends - sizes), sizes)


def _factors(modulus: int, norms: np.ndarray) -> np.ndarray:
    """``modulus // n`` for each normaliser n, as Python integers (an object array): one
    division for each distinct normaliser (a chain has a few, and thousands of options)."""
    distinct, which = np.unique(norms, return_inverse=True)
    return np.array([modulus // int(n) for n in distinct] + [0], dtype=object)[:-1][which.reshape(-1)]


def by_level(level: np.ndarray) -> np.ndarray:
    """The positions sorted by level, in their order within a level (levels are small:
    as 16-bit integers NumPy sorts them stably by radix)."""
    return np.argsort(level.astype(np.int16) if level.size and level.max() < 2 ** 15 else level, kind="stable")


def levels(graph: ChainArrays) -> np.ndarray:
    """Each node's longest distance to an end (1 for a node all of whose edges end)."""
    parent = graph.opt_node[graph.edge_opt]
    inner = graph.edge_child >= 0
    child, parent = graph.edge_child[inner], parent[inner]
    waiting = np.bincount(parent, minlength=graph.nodes)
    order = np.argsort(child)   # (a child's parents in any order)
    by_child, starts = parent[order], np.searchsorted(child[order], np.arange(graph.nodes + 1))
    level = np.zeros(graph.nodes, dtype=np.int64)
    ready, k = np.flatnonzero(waiting == 0), 1
    while ready.size:
        level[ready] = k
        lo, hi = starts[ready], starts[ready + 1]
        parents = by_child[spans(lo, hi)]
        if parents.size:
            waiting -= np.bincount(parents, minlength=graph.nodes)
        ready = np.flatnonzero((waiting == 0) & (level == 0))
        k += 1
    if (level == 0).any():
        raise ValueError("the fight chain has a cycle")
    return level


def chances(graph: ChainArrays, roots: list, aims: list, measure) -> list:
    """For each root (a node index, or an End), the exact chance of the ends
    ``measure`` counts (an End -> 0 or 1) under the policy that maximises ``aims``
    (End -> 0 or 1 each, compared in order), as ``chain.chances``."""
    try:
        solved = Fast(graph, aims, measure)
    except NearTie:
        solved = Solved(graph, aims, measure)
    return [Fraction(measure(r)) if not isinstance(r, (int, np.integer)) else solved.fraction(r)
            for r in roots]


class Solved:
    """The exact values of every node of a chain under its best policy."""

    def __init__(self, graph: ChainArrays, aims: list, measure=None):
        self.graph = graph
        level = self.level = levels(graph)
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
        order = by_level(opt_level)      # options by level, node order kept
        bounds = np.searchsorted(opt_level[order], np.arange(1, self.top + 2))
        edge_starts = np.searchsorted(g.edge_opt, np.arange(len(g.opt_node) + 1))
        factor = _factors(self.modulus, g.opt_norm)
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


def solve(graph: ChainArrays, root: int, aims: list):
    """The chain from one root: (its solved values, {End: chance}, expected rounds) under
    the policy that maximises ``aims``, as ``chain.solve`` gives them."""
    try:
        solved = Fast(graph, aims, None)
    except NearTie:
        solved = Solved(graph, aims)
    ends, rounds = forward(graph, solved, root)
    return solved, ends, rounds


def forward(graph: ChainArrays, solved, root: int):
    """The chance of each end and the expected rounds from `root` under the chosen
    options: masses pushed level by level, a node at level j holding a numerator over
    M**(L - j) (L the root's level), the ends over M**L."""
    level, modulus = solved.level, solved.modulus
    top = int(level[root])
    powers = np.array([modulus ** k for k in range(top + 1)], dtype=object)
    mass = np.zeros(graph.nodes, dtype=object)
    mass[root] = 1
    at_end = np.zeros(len(graph.ends) + 1, dtype=object)
    rounds = 0
    starts = np.searchsorted(graph.edge_opt, np.arange(len(graph.opt_node) + 1))
    by_level_ = by_level(level)
    cut = np.searchsorted(level[by_level_], np.arange(top + 2))
    for k in range(top, 0, -1):
        nodes = by_level_[cut[k]:cut[k + 1]]
        nodes = nodes[mass[nodes] != 0]
        if not nodes.size:
            continue
        opts = solved.choice[nodes]
        factor = _factors(modulus, graph.opt_norm[opts])
        carried = mass[nodes] * factor
        if graph.opt_cost is not None:
            rounds += int((carried * graph.opt_cost[opts].astype(object)).sum()) * modulus ** (k - 1)
        lo, hi = starts[opts], starts[opts + 1]
        edges = spans(lo, hi)
        child = graph.edge_child[edges]
        share = np.repeat(carried, hi - lo) * graph.edge_w[edges].astype(object)
        inner = child >= 0
        np.add.at(mass, child[inner], share[inner] * powers[k - 1 - level[child[inner]]])
        np.add.at(at_end, -1 - child[~inner], share[~inner] * powers[k - 1])
    scale = modulus ** top
    ends = {graph.ends[j]: Fraction(int(m), scale) for j, m in enumerate(at_end[:-1]) if m}
    return ends, Fraction(rounds, scale)


# Two primes for the fingerprints: a normaliser (at most 1296 * 36**k) stays below them.
PRIMES = (2_147_483_647, 2_147_483_629)
UNIT = 2.0 ** -53     # float64's unit roundoff
TINY = 1e-250        # below it a float64 value could lose its precision: solved exactly instead


class NearTie(Exception):
    """Two options closer than float64 can tell and not equal: the exact solver decides."""


class Fast:
    """`Solved`'s policy and measure, the policy picked from float64 values.

    Per option, its aims in float64 and, modulo two primes, exactly (a fingerprint).
    Options farther apart than TOLERANCE are ordered by their floats; closer ones
    are equal when their fingerprints are (then the first is kept, as the exact
    solver keeps it), else `NearTie` sends the chain to the exact solver.  The
    measure is then exact where it is not surely 0 or 1 (found by logic, not
    floats): integers over the scale of `Solved`, on the chosen options only."""

    def __init__(self, graph: ChainArrays, aims: list, measure):
        g = self.graph = graph
        level = self.level = levels(g)
        norms = [int(n) for n in np.unique(g.opt_norm)]
        if norms[0] <= 0 or norms[-1] >= min(PRIMES):
            raise NearTie
        self.modulus, self.top = lcm(*norms), int(level.max())
        # a value is a sum of positive terms: its relative error is at most its children's
        # largest plus (terms + 2) roundings of relative size UNIT (a bound kept per node)
        self.error = np.zeros(g.nodes + len(g.ends))
        self.scale = self.modulus ** self.top
        self.inverse = [dict((n, pow(n, -1, p)) for n in norms) for p in PRIMES]
        count = g.nodes
        # per aim, each node's value then each end's (a child is read at `count + end`)
        ends = [np.array([float(bool(aim(e))) for e in g.ends]) for aim in aims]
        self.floats = [np.concatenate([np.zeros(count), e]) for e in ends]
        self.spares = [np.concatenate([np.zeros(count), 1.0 - e]) for e in ends]   # 1 - each aim, its own sum
        self.prints = [[np.concatenate([np.zeros(count, dtype=np.int64), e.astype(np.int64)]) for _ in PRIMES]
                       for e in ends]
        if g.edge_w.size and int(g.edge_w.max()) >= min(PRIMES):
            raise NearTie
        self.measured = measure is not None
        if self.measured:
            mark = np.array([bool(measure(e)) for e in g.ends] + [False])
            self.end_measure = (mark, np.array([self.scale if m else 0 for m in mark.tolist()], dtype=object))
        else:   # (nothing measured: no end read, the explorer's chains; no loop over them)
            self.end_measure = (np.zeros(len(g.ends) + 1, dtype=bool), np.zeros(len(g.ends) + 1, dtype=object))
        self.sure, self.some = np.zeros(count, dtype=bool), np.zeros(count, dtype=bool)
        self.exact = np.zeros(count, dtype=object)
        self.choice = np.zeros(count, dtype=np.int64)
        self.exact_aims: dict = {}
        self.aims = aims   # (an end's exact aims made when an exact comparison reads it: `_exact_end`)
        if self.top > 300:   # the exact comparisons recurse through the levels (two frames each)
            raise NearTie
        self._solve(level)

    def fraction(self, node: int) -> Fraction:
        return Fraction(int(self.exact[node]), self.scale)

    def _solve(self, level):
        g = self.graph
        opt_level = level[g.opt_node]
        order = by_level(opt_level)
        bounds = np.searchsorted(opt_level[order], np.arange(1, self.top + 2))
        self.edge_starts = np.searchsorted(g.edge_opt, np.arange(len(g.opt_node) + 1))
        first_opt = np.searchsorted(g.opt_node, np.arange(g.nodes))
        norms, which = np.unique(g.opt_norm, return_inverse=True)
        # what each level reads of its options and their edges, gathered for every level
        # at once in level order (a level is then slices of them: no gathers of its own)
        lo, hi = self.edge_starts[order], self.edge_starts[order + 1]
        at_edge = np.concatenate([[0], np.cumsum(hi - lo)])   # each option's first edge, in that order
        edges = spans(lo, hi)
        all_child, all_w = g.edge_child[edges], g.edge_w[edges]
        all_at = np.where(all_child >= 0, all_child, g.nodes - 1 - all_child)
        all_norm = g.opt_norm[order].astype(float)
        all_slot = order - first_opt[g.opt_node[order]]
        all_terms = (hi - lo).astype(float)
        all_inverse = [np.array([inv[int(n)] for n in norms], dtype=np.int64)[which.reshape(-1)][order]
                       for inv in self.inverse]
        for k in range(self.top):
            i0, i1 = bounds[k], bounds[k + 1]
            opts = order[i0:i1]
            e0, e1 = at_edge[i0], at_edge[i1]
            cuts = at_edge[i0:i1] - e0
            w, at = all_w[e0:e1], all_at[e0:e1]
            norm = all_norm[i0:i1]
            inverse = [inv[i0:i1] for inv in all_inverse]
            values, prints = [], []
            for a in range(len(self.floats)):
                # the aim and its complement, each a sum of positive terms (precise near 1 too)
                values.append([np.add.reduceat(w * f[at], cuts) / norm for f in (self.floats[a], self.spares[a])])
                prints.append([np.add.reduceat(w * fp[at] % p, cuts) % p * inv % p
                               for p, fp, inv in zip(PRIMES, self.prints[a], inverse)])
            if any(((v > 0) & (v < TINY)).any() for pair in values for v in pair):
                raise NearTie
            slot = all_slot[i0:i1]
            error = np.maximum.reduceat(self.error[at], cuts) + (all_terms[i0:i1] + 2) * UNIT
            chosen, hard = _first_best(slot, values, prints, error)
            for h in hard:   # options nearer than floats tell and not equal: compared exactly
                node = int(g.opt_node[opts[chosen[h]]])
                mine = range(first_opt[node], first_opt[node + 1] if node + 1 < g.nodes else len(g.opt_node))
                exact = [self._exact_option(o) for o in mine]
                chosen[h] = np.searchsorted(opts, mine[exact.index(max(exact))])
            nodes = g.opt_node[opts[chosen]]
            self.choice[nodes] = opts[chosen]
            self.error[nodes] = error[chosen]
            for a in range(len(values)):
                self.floats[a][nodes] = values[a][0][chosen]
                self.spares[a][nodes] = values[a][1][chosen]
                for fp, got in zip(self.prints[a], prints[a]):
                    fp[nodes] = got[chosen]
            if self.measured:
                self._measure(opts[chosen], nodes)

    def _exact_node(self, node: int) -> tuple:
        """A solved node's aims, exact (integers over the scale), by its chosen option."""
        found = self.exact_aims.get(node)
        if found is None:
            found = self.exact_aims[node] = self._exact_option(int(self.choice[node]))
        return found

    def _exact_end(self, j: int) -> tuple:
        """End j's aims, exact (integers over the scale)."""
        end = self.graph.ends[j]
        return tuple(int(bool(aim(end))) * self.scale for aim in self.aims)

    def _exact_option(self, opt: int) -> tuple:
        g = self.graph
        totals = [0] * len(self.floats)
        for e in range(self.edge_starts[opt], self.edge_starts[opt + 1]):
            child, w = int(g.edge_child[e]), int(g.edge_w[e])
            got = self._exact_end(-1 - child) if child < 0 else self._exact_node(child)
            totals = [t + w * v for t, v in zip(totals, got)]
        factor = self.modulus // int(g.opt_norm[opt])
        return tuple(t * factor // self.modulus for t in totals)

    def _measure(self, opts, nodes):
        """The measure at `nodes` through their chosen `opts`: surely 1, surely 0, or exact."""
        g = self.graph
        lo, hi = self.edge_starts[opts], self.edge_starts[opts + 1]
        edges = spans(lo, hi)
        cuts = np.concatenate([[0], np.cumsum(hi - lo)[:-1]])
        child = g.edge_child[edges]
        end, inner = np.where(child < 0, -1 - child, -1), np.maximum(child, 0)
        marks, exact_ends = self.end_measure
        sure = np.logical_and.reduceat(np.where(child < 0, marks[end], self.sure[inner]), cuts)
        some = np.logical_or.reduceat(np.where(child < 0, marks[end], self.some[inner]), cuts)
        self.sure[nodes], self.some[nodes] = sure, some
        self.exact[nodes[sure]] = self.scale
        open_ = np.flatnonzero(some & ~sure)
        if not open_.size:
            return
        lo, hi = lo[open_], hi[open_]
        edges = spans(lo, hi)
        cuts = np.concatenate([[0], np.cumsum(hi - lo)[:-1]])
        child = g.edge_child[edges]
        end, inner = np.where(child < 0, -1 - child, -1), np.maximum(child, 0)
        got = np.where(child < 0, exact_ends[end], self.exact[inner])
        summed = np.add.reduceat(got * g.edge_w[edges].astype(object), cuts)
        factor = _factors(self.modulus, g.opt_norm[opts[open_]])
        self.exact[nodes[open_]] = summed * factor // self.modulus


def _first_best(slot, values, prints, error) -> tuple[np.ndarray, np.ndarray]:
    """Per node (its options contiguous, `slot` 0 first), the position of its best
    option by floats and fingerprints, aims in order, the first on ties.  An aim's
    (value, 1 - value) pairs, each option's relative `error` bound: the best option
    is within the node's bounds of the highest value and of the lowest complement;
    every option that is, is tied with it, unless their fingerprints differ: then the
    node is returned among the `hard` ones (their order among the nodes), for an
    exact comparison."""
    starts = np.flatnonzero(slot == 0)
    owner = np.cumsum(slot == 0) - 1
    positions = np.arange(slot.size)
    never = slot.size
    tied = np.ones(slot.size, dtype=bool)
    hard = np.zeros(slot.size, dtype=bool)
    tolerance = 2.5 * np.maximum.reduceat(error, starts)[owner]
    for (value, spare), fps in zip(values, prints):
        top = np.maximum.reduceat(np.where(tied, value, -1.0), starts)[owner]
        least = np.minimum.reduceat(np.where(tied, spare, 2.0), starts)[owner]
        near = tied & (value >= top - tolerance * top) & (spare <= least + tolerance * least)
        lead = np.minimum.reduceat(np.where(near, positions, never), starts)[owner]
        for fp in fps:
            hard |= near & (fp != fp[lead])
        tied = near
    hard = np.flatnonzero(np.logical_or.reduceat(hard, starts))
    return np.minimum.reduceat(np.where(tied, positions, never), starts), hard


def push_arrays(pushed: "Pushed", roots) -> tuple:
    """The exact chance of each end from every root at once, under the chosen options:
    as `forward` for one root, but the masses of all roots pushed level by level
    together, as (root, node) pairs with integer numerators over one scale (a node at
    level j over M**(L - j), L the highest root's level; the ends over M**L), the pairs
    of one root that meet at a node merged.  As arrays (root position, end key,
    numerator), sorted by root then key, the masses 0 left out, and the scale (the
    common denominator, the Fractions made by the caller as needed): an end of the
    chain is its key in ``pushed.end_key``, a node where the push stops
    (``pushed.stops``) its number plus ``pushed.kinds`` (the number of keys).  Each
    pair's mass goes down an edge by one multiplication (``pushed.weight``: the edge's
    weight, its node's ``M / normaliser`` and the power of M between the two levels)."""
    roots = np.asarray(roots, dtype=np.int64)
    if not roots.size:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros(0, dtype=object), 1
    level, modulus = pushed.level, pushed.modulus
    top = int(level[roots].max())
    powers = np.array([modulus ** k for k in range(top + 1)], dtype=object)
    who, key, mass, _merges = pushes(pushed, roots, powers[top - level[roots]], pushed.weight)
    return who, key, mass, modulus ** top


def pushes(pushed: "Pushed", roots: np.ndarray, start: np.ndarray, weight: np.ndarray) -> tuple:
    """The level by level push of `push_arrays` (and of chain_floats.py `push_floats`):
    each root's pair starts with mass `start[i]` and goes down an edge times
    `weight[edge]`; (root position, end key, mass: sorted by root then key, the masses 0
    left out; and the merges: over the levels where pairs met, and the ends, the most
    pairs merged into one less one, summed: the additions a mass went through at most)."""
    level, nodes = pushed.level, len(pushed.level)
    top = int(level[roots].max())
    pending: dict = {}   # level -> [(root positions, nodes, masses)]

    def send(who, node, mass):
        if not node.size:
            return
        lev = level[node]
        low = int(lev.min())
        if low == int(lev.max()):   # (every child one level: no sort)
            pending.setdefault(low, []).append((who, node, mass))
            return
        order = by_level(lev)
        cut = np.flatnonzero(np.diff(lev[order])) + 1
        for part in np.split(order, cut):
            pending.setdefault(int(lev[part[0]]), []).append((who[part], node[part], mass[part]))

    send(np.arange(roots.size), roots, start)
    end_who, end_key, end_mass = [], [], []
    merges = 0
    for k in range(top, 0, -1):
        parts = pending.pop(k, None)
        if not parts:
            continue
        who, node, mass = parts[0] if len(parts) == 1 else (np.concatenate(x) for x in zip(*parts))
        key = who * nodes + node
        order = np.argsort(key, kind="stable")
        key = key[order]
        first = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
        mass = np.add.reduceat(mass[order], first)
        if len(first) < len(key):   # (pairs met: the most merged into one)
            merges += _most(first, len(key)) - 1
        lead = order[first]
        who, node = who[lead], node[lead]
        lo, hi = pushed.lo[node], pushed.hi[node]
        edges = spans(lo, hi)
        share = np.repeat(mass, hi - lo) * weight[edges]
        child, who, inner = pushed.child[edges], np.repeat(who, hi - lo), pushed.inner[edges]
        out = ~inner
        if out.any():
            send(who[inner], child[inner], share[inner])
        else:   # (no end nor stop at this level: every pair goes on)
            send(who, child, share)
            continue
        end_who.append(who[out])
        gone = child[out]
        end_key.append(np.where(gone < 0, pushed.end_key[np.maximum(-1 - gone, 0)], pushed.kinds + gone))
        end_mass.append(share[out])
    if not end_who:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, start[:0], merges
    who, key, mass = (np.concatenate(x) for x in (end_who, end_key, end_mass))
    span = pushed.kinds + nodes
    packed = who * span + key
    order = np.argsort(packed, kind="stable")
    packed = packed[order]
    first = np.flatnonzero(np.concatenate([[True], packed[1:] != packed[:-1]]))
    mass = np.add.reduceat(mass[order], first)
    merges += _most(first, len(packed)) - 1
    some = np.flatnonzero(mass != 0)
    return packed[first][some] // span, packed[first][some] % span, mass[some], merges


def _most(first: np.ndarray, total: int) -> int:
    """The most entries merged into one (runs starting at `first`, `total` entries)."""
    return int(np.diff(np.append(first, total)).max(initial=1))


def push_many(pushed: "Pushed", roots) -> tuple[list[dict], int]:
    """`push_arrays` as, for each root, {end key: numerator}; and the scale."""
    who, key, mass, scale = push_arrays(pushed, roots)
    found: list[dict] = [{} for _ in range(len(roots))]
    for w, e, m in zip(who.tolist(), key.tolist(), mass.tolist()):
        found[w][e] = m
    return found, scale


class Pushed:
    """What `push_arrays` reads of a solved chain: per node its level and its chosen
    option's edges (``lo``..``hi`` into ``child``, ``inner`` and ``weight``); per such
    edge its child, whether the push goes on there (a node, not an end nor a stop) and
    its multiplier: a node at level k holds a numerator over M**(L - k), and sends
    ``mass * weight / normaliser``, over M**(L - k + 1) as ``mass * weight * (M /
    normaliser)``, to a child at level c, which holds it over M**(L - c): times
    M**(k - 1 - c) more (an end, a stop: over M**L, times M**(k - 1)); per end its key
    (ends equal as values share one); ``stops``: the nodes where the push stops
    (None: none)."""

    def __init__(self, graph: ChainArrays, solved, end_key, stops=None, _shared=None):
        if _shared is None:
            _shared = _Shared(graph, solved)
        sh = self._shared = _shared
        self.level, self.lo, self.hi, self.child, self.modulus = sh.level, sh.lo, sh.hi, sh.child, sh.modulus
        self.inner, self.ratio = sh.inner, sh.ratio
        self._into_stop = None
        if stops is not None:
            into_stop = np.flatnonzero(sh.inner & stops[np.maximum(sh.child, 0)])
            if into_stop.size:   # (only the edges into a stop change: the rest shared)
                self.inner = sh.inner.copy()
                self.inner[into_stop] = False
                self._into_stop = into_stop
        self.end_key, self.stops = np.asarray(end_key, dtype=np.int64), stops
        self.kinds = int(self.end_key.max()) + 1 if self.end_key.size else 0

    @cached_property
    def weight(self) -> np.ndarray:
        """Each edge's exact multiplier (Python integers), made on the first exact push
        (the float push reads `ratio` only: a chain pushed in floats never makes them)."""
        sh = self._shared
        if self._into_stop is None:
            return sh.weight
        weight = sh.weight.copy()
        weight[self._into_stop] = sh.weights(self._into_stop, self.inner)
        return weight

    @staticmethod
    def both(graph: ChainArrays, solved, end_key, stops) -> tuple["Pushed", "Pushed"]:
        """(the chain pushed to its ends, and pushed to `stops` too), made together."""
        shared = _Shared(graph, solved)
        return Pushed(graph, solved, end_key, None, shared), Pushed(graph, solved, end_key, stops, shared)


class _Shared:
    """What the pushes of one solved chain share: per node its level, its chosen
    option's edges; per edge its child and multiplier to the next node or end."""

    def __init__(self, graph: ChainArrays, solved):
        starts = np.searchsorted(graph.edge_opt, np.arange(len(graph.opt_node) + 1))
        choice = solved.choice
        self.level = solved.level
        lo, hi = starts[choice], starts[choice + 1]
        sizes = hi - lo
        self.hi = np.cumsum(sizes)
        self.lo = self.hi - sizes
        edges = spans(lo, hi)
        self.child = graph.edge_child[edges]
        self.node = np.repeat(np.arange(len(choice)), sizes)
        norm = graph.opt_norm[choice]
        self.modulus = lcm(*{int(n) for n in np.unique(norm)}) if norm.size else 1
        self.inner = self.child >= 0
        self._norm, self._w = norm, graph.edge_w[edges]
        # (each edge's weight / normaliser in extended floats, for `chain_floats.push_floats`:
        # integers below 2**53, one rounding of the division)
        self.ratio = self._w.astype(np.longdouble) / norm[self.node].astype(np.longdouble)

    @cached_property
    def scaled(self) -> np.ndarray:
        """Each edge's weight times its node's M / normaliser, before the powers of M
        (Python integers: made for an exact push only)."""
        return _factors(self.modulus, self._norm)[self.node] * self._w.astype(object)

    @cached_property
    def weight(self) -> np.ndarray:
        """Every edge's multiplier to the next node or end (`weights`)."""
        return self.weights(np.arange(len(self.child)), self.inner)

    def weights(self, edges: np.ndarray, inner: np.ndarray) -> np.ndarray:
        """The multipliers of `edges` (`inner`: of every edge, whether the push goes on
        there): the scaled weight times M to the levels between."""
        level, child = self.level, self.child[edges]
        gap = level[self.node[edges]] - 1 - np.where(inner[edges], level[np.maximum(child, 0)], 0)
        weight = self.scaled[edges]
        far = np.flatnonzero(gap > 0)
        if far.size:
            powers = np.array([self.modulus ** k for k in range(int(gap.max()) + 1)], dtype=object)
            weight[far] = weight[far] * powers[gap[far]]
        return weight
