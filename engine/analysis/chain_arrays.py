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
integers.  `forward` pushes one root's exact masses to the ends; chain_pushes.py pushes
many roots' at once.
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
    opt_cost: np.ndarray | None = None    # per option, rounds fought x denominator / normaliser
    opt_label: np.ndarray | None = None   # per option, its label's code (the module's)


def spans(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The indexes lo[0]..hi[0]-1, lo[1]..hi[1]-1, ... in one array: a step of 1 an
    index, each span's first index a jump from the last one's end, summed (a range
    plus each span's offset repeated over it took three times as long: 18 against
    6 ns an index, on the spans of a round of components.py's peeling)."""
    lo = np.asarray(lo).astype(np.int64, copy=False)
    sizes = np.asarray(hi).astype(np.int64, copy=False) - lo
    some = sizes > 0
    if not some.all():   # (an empty span would jump at the next one's place)
        lo, sizes = lo[some], sizes[some]
    if not sizes.size:
        return np.zeros(0, dtype=np.int64)
    ends = np.cumsum(sizes)
    step = np.ones(int(ends[-1]), dtype=np.int64)
    step[0] = lo[0]
    step[ends[:-1]] = lo[1:] - (lo[:-1] + sizes[:-1]) + 1
    return np.cumsum(step, out=step)


def marks(aim, ends: list) -> np.ndarray:
    """Each end's aim, as booleans: `aim` a function of an End (asked once an end), or
    already that array (a module that knows its ends' aims at once: explore_rows.py,
    whose grids have thousands of ends and aims that read the outcome alone)."""
    if isinstance(aim, np.ndarray):
        return aim.astype(bool)
    return np.array([bool(aim(e)) for e in ends], dtype=bool)


def factors(modulus: int, norms: np.ndarray) -> np.ndarray:
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
        ends_of = [np.array([int(m) * self.scale for m in marks(aim, graph.ends).tolist()] + [0], dtype=object)
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
        factor = factors(self.modulus, g.opt_norm)
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
        factor = factors(modulus, graph.opt_norm[opts])
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
        self.marks = [marks(aim, g.ends) for aim in aims]
        ends = [m.astype(float) for m in self.marks]
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
        if self.top > 300:   # the exact comparisons recurse through the levels (two frames each)
            raise NearTie
        # every positive value (and complement) at least (1 / the largest normaliser) ** top:
        # a sum of products down at most `top` edges, each weight / normaliser >= 1 / it;
        # above TINY twice over, no value is looked at for it (la-cloche-de-brumesel: all)
        self.floored = self.top * float(np.log2(norms[-1])) + 1 < -float(np.log2(TINY))
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
        # (also made once for every level: the weights as floats, each option's rounding
        # allowance, the first and second options' places and each level's most options)
        all_wf, all_extra = all_w.astype(float), (all_terms + 2) * UNIT
        firsts, seconds = np.flatnonzero(all_slot == 0), np.flatnonzero(all_slot == 1)
        at_first, at_second = np.searchsorted(firsts, bounds), np.searchsorted(seconds, bounds)
        most = np.maximum.reduceat(all_slot, bounds[:-1]).tolist() if len(order) else []
        for k in range(self.top):
            i0, i1 = bounds[k], bounds[k + 1]
            opts = order[i0:i1]
            e0, e1 = at_edge[i0], at_edge[i1]
            cuts = at_edge[i0:i1] - e0
            w, wf, at = all_w[e0:e1], all_wf[e0:e1], all_at[e0:e1]
            norm = all_norm[i0:i1]
            inverse = [inv[i0:i1] for inv in all_inverse]
            values, prints = [], []
            for a in range(len(self.floats)):
                # the aim and its complement, each a sum of positive terms (precise near 1 too)
                values.append([np.add.reduceat(wf * f[at], cuts) / norm for f in (self.floats[a], self.spares[a])])
                prints.append([np.add.reduceat(w * fp[at] % p, cuts) % p * inv % p
                               for p, fp, inv in zip(PRIMES, self.prints[a], inverse)])
            if not self.floored and any(((v > 0) & (v < TINY)).any() for pair in values for v in pair):
                raise NearTie
            slot = all_slot[i0:i1]
            error = np.maximum.reduceat(self.error[at], cuts) + all_extra[i0:i1]
            if most[k] == 1:
                chosen, hard = _first_of_two(firsts[at_first[k]:at_first[k + 1]] - i0,
                                             seconds[at_second[k]:at_second[k + 1]] - i0, values, prints, error)
            elif most[k]:
                chosen, hard = _first_among(slot, values, prints, error)
            else:   # (every node of the level has one option: it is chosen, nothing to compare)
                chosen, hard = np.arange(len(slot)), ()
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
        return tuple(int(m[j]) * self.scale for m in self.marks)

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
        factor = factors(self.modulus, g.opt_norm[opts[open_]])
        self.exact[nodes[open_]] = summed * factor // self.modulus


def _first_among(slot, values, prints, error) -> tuple[np.ndarray, np.ndarray]:
    """Per node (its options contiguous, `slot` 0 first), the position of its best
    option by floats and fingerprints, aims in order, the first on ties.  An aim's
    (value, 1 - value) pairs, each option's relative `error` bound: the best option
    is within the node's bounds of the highest value and of the lowest complement;
    every option that is, is tied with it, unless their fingerprints differ: then the
    node is returned among the `hard` ones (their order among the nodes), for an
    exact comparison.  Any number of options a node: reductions over each node's."""
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


def _first_of_two(starts, b, values, prints, error) -> tuple[np.ndarray, np.ndarray]:
    """`_first_among` where no node has more than two options (most levels: a wound's
    Luck tested or not), each node's pair (a, b) compared element by element, no
    reduction per node: the highest value and lowest complement among those still
    tied, each within the pair's bound of them near, the first near the lead; a pair
    both near and with fingerprints apart is hard; the first still tied chosen.  `starts`:
    the places of the nodes' first options (slot 0), `b`: of their second (slot 1)."""
    a = b - 1
    node = np.searchsorted(starts, a)   # each pair's node (its place among the nodes)
    tolerance = 2.5 * np.maximum(error[a], error[b])
    tied_a = tied_b = np.ones(len(b), dtype=bool)
    hard = np.zeros(len(b), dtype=bool)
    for (value, spare), fps in zip(values, prints):
        va, vb, sa, sb = value[a], value[b], spare[a], spare[b]
        both = tied_a & tied_b
        top = np.where(both, np.maximum(va, vb), np.where(tied_a, va, vb))
        least = np.where(both, np.minimum(sa, sb), np.where(tied_a, sa, sb))
        near_a = tied_a & (va >= top - tolerance * top) & (sa <= least + tolerance * least)
        near_b = tied_b & (vb >= top - tolerance * top) & (sb <= least + tolerance * least)
        for fp in fps:   # (the lead is a where a is near: only a pair both near can differ from it)
            hard |= near_a & near_b & (fp[a] != fp[b])
        tied_a, tied_b = near_a, near_b
    chosen = starts.copy()
    chosen[node] = np.where(tied_a, a, b)
    return chosen, node[hard]
