"""A solved fight chain's masses pushed to its ends for many roots at once.

`chain_arrays.forward` pushes one root's exact masses; a rule module pricing a fight
for a whole batch of heroes needs every root's ends at once.  `Pushed` holds what the
pushes of one solved chain share (per node its level and chosen option's edges, per
edge its child, multiplier and the level it goes on to); `push_arrays` pushes the
roots' masses level by level together as integer numerators over one scale,
`push_many` also gives where they merged, and `chain_floats.push_floats` does the same
in floats with a proven bound.  Moved out of chain_arrays.py (which solves the chain)
unchanged.
"""
from __future__ import annotations

from functools import cached_property
from math import lcm

import numpy as np

from engine.analysis.chain_arrays import ChainArrays, factors, by_level, spans


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
    end_who, end_key, end_mass = [], [], []
    goes, out_key = pushed.goes, pushed.out_key

    def send(who, node, mass, lev, edges=None):
        """Pairs to their child's level (`lev`), or, at level 0 (`edges`' ends and
        stops), to the ends; in their order within each level."""
        if not lev.size:
            return
        low = int(lev.min())
        if low == int(lev.max()):   # (every child one level: no sort)
            parts = [(low, slice(None))]
        else:   # (sorted by level, then cut where it changes: slices, not `np.split`'s copies)
            order = by_level(lev)
            ranked = lev[order]
            cut = [0, *(np.flatnonzero(ranked[1:] != ranked[:-1]) + 1).tolist(), len(order)]
            parts = [(int(ranked[a]), order[a:b]) for a, b in zip(cut[:-1], cut[1:])]
        for k, part in parts:
            if k:
                pending.setdefault(k, []).append((who[part], node[part], mass[part]))
            else:
                end_who.append(who[part])
                end_key.append(out_key[edges[part]])
                end_mass.append(mass[part])

    send(np.arange(roots.size), roots, start, level[roots])
    merges = 0
    for k in range(top, 0, -1):
        parts = pending.pop(k, None)
        if not parts:
            continue
        who, node, mass = parts[0] if len(parts) == 1 else (np.concatenate(x) for x in zip(*parts))
        key = who * nodes + node
        order = np.argsort(key, kind="stable")
        key = key[order]
        starts = np.empty(len(key), dtype=bool)
        starts[0] = True
        np.not_equal(key[1:], key[:-1], out=starts[1:])
        first = np.flatnonzero(starts)
        if len(first) < len(key):   # (pairs met: their masses summed, the most merged into one)
            mass = np.add.reduceat(mass[order], first)
            merges += _most(first, len(key)) - 1
        else:
            mass = mass[order]
        lead = order[first]
        who, node = who[lead], node[lead]
        lo, hi = pushed.lo[node], pushed.hi[node]
        edges = spans(lo, hi)
        sizes = hi - lo
        send(np.repeat(who, sizes), pushed.child[edges], np.repeat(mass, sizes) * weight[edges], goes[edges], edges)
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
    if not len(first):
        return 1
    return max(int(np.diff(first).max(initial=1)), total - int(first[-1]))   # (the last run apart: no copy)


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
    def goes(self) -> np.ndarray:
        """Per edge, the level of the child the push goes on to, 0 where it ends there
        (an end, or a stop): `pushes` routes each pair by it (16 bits where the levels
        fit: kept with the chain, two bytes an edge)."""
        goes = np.where(self.inner, self.level[np.maximum(self.child, 0)], 0)
        return goes.astype(np.int16) if goes.max(initial=0) < 1 << 15 else goes

    @cached_property
    def out_key(self) -> np.ndarray:
        """Per edge where the push ends (`goes` 0), its key: an end's in `end_key`, a
        stop's node plus `kinds` (the others' unread; 32 bits where they fit)."""
        child = self.child
        key = np.where(child < 0, self.end_key[np.maximum(-1 - child, 0)] if self.end_key.size else 0,
                       self.kinds + child)
        return key.astype(np.int32) if key.max(initial=0) < 1 << 31 else key

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
        return factors(self.modulus, self._norm)[self.node] * self._w.astype(object)

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
