"""Strongly connected components and their levels over the graph's CSR arrays.

Two ways, the same components and levels (tests/compiled/test_components.py):

* `tarjan`: Tarjan iteratively (roots 0..n-1, successors in edge order; a
  component is listed after every component it leads to), in flat integer arrays
  (no Python list a state or a component, no iterator a state on the work stack: a
  state's next edge is an index); each component's level and loop worked out as it
  is closed, when every component it leads to is known.  A Python loop over every
  edge: about 4 µs a state.
* `peeled` (NumPy, for large graphs): most states of a book's graph are on no cycle,
  and their levels are the rounds of Kahn's peeling from the ends (a state whose
  every successor is peeled is peeled in the next round, its level one more than
  their highest); what peeling from the ends and from the starts leaves (the
  cycles and the states between them) goes to `tarjan`, then the levels of the
  components are peeled the same way.  A few NumPy calls a level.

A component's level is one more than the highest level of a component it leads to
(0 for none); it loops when it has more than one member, or a member leading to
itself.  `components` picks the way by the graph's size.
"""
from __future__ import annotations

from array import array

import numpy as np

from engine.analysis.chain_arrays import spans
from engine.analysis.compiled.component_lists import Components, listed


def components(n: int, edge_ptr, targets, levels: bool = True) -> Components:
    """The components of the graph whose state s leads to `targets[edge_ptr[s]:edge_ptr[s + 1]]`
    (negative targets, states not in the graph, skipped), listed after every
    component they lead to: `peeled` from PEELED states on (levels and loops always
    worked out), else `tarjan`."""
    if n >= PEELED:
        return peeled(n, edge_ptr, targets)
    return tarjan(n, edge_ptr, targets, levels)


# from this many states on, `components` peels (measured on la-cloche-de-brumesel's
# graph, 482,247 states, none on a cycle: tarjan 2.1 s, peeled 0.35 s of CPU; below a
# few thousand states NumPy's fixed costs a level weigh more than the loop)
PEELED = 4096


def tarjan(n: int, edge_ptr, targets, levels: bool = True) -> Components:
    """`components` by Tarjan; without `levels`, their levels and loops are not worked
    out (`level` and `loop` left empty: a second walk over every edge that the end
    components and the exact pass do not need)."""
    index = array("q", [-1]) * n
    low = array("q", [0]) * n
    nxt = array("q", edge_ptr[:n])      # each open state's next edge
    on = bytearray(n)
    stack, work = array("q"), array("q")
    members, ptr = array("q"), array("q", [0])
    comp_of = array("q", [-1]) * n
    level, loop = array("q"), bytearray()
    counter = 0
    for root in range(n):
        if index[root] != -1:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on[root] = 1
        work.append(root)
        while work:
            v = work[-1]
            i, end = nxt[v], edge_ptr[v + 1]
            descended = False
            while i < end:
                w = targets[i]
                i += 1
                if w < 0:
                    continue
                if index[w] == -1:
                    nxt[v] = i
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on[w] = 1
                    work.append(w)
                    descended = True
                    break
                if on[w] and index[w] < low[v]:
                    low[v] = index[w]
            if descended:
                continue
            nxt[v] = i
            work.pop()
            if work:
                u = work[-1]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] != index[v]:
                continue
            c = len(ptr) - 1
            first = len(members)
            while True:
                w = stack.pop()
                on[w] = 0
                comp_of[w] = c
                members.append(w)
                if w == v:
                    break
            ptr.append(len(members))
            if not levels:
                continue
            top, cyclic = 0, len(members) - first > 1
            for k in range(first, len(members)):
                s = members[k]
                for j in range(edge_ptr[s], edge_ptr[s + 1]):
                    t = targets[j]
                    if t < 0:
                        continue
                    d = comp_of[t]
                    if d == c:
                        cyclic = True
                    elif level[d] >= top:
                        top = level[d] + 1
            level.append(top)
            loop.append(cyclic)
    return Components(members, ptr, comp_of, level, loop)


def peeled(n: int, edge_ptr, targets) -> Components:
    """`components` over NumPy arrays: the states peeled from the ends are components of
    their own at the round they are peeled (their level); those left, which lead to a
    cycle, are peeled from the starts too (the states no other left state leads to are
    on no cycle), and what remains of them goes to `tarjan`; the levels of the
    components of the states left are then peeled over the graph of those components,
    from the levels of the peeled states they lead to.  Components listed by level,
    then by their smallest state (members in increasing order).

    No array of every edge's source is made: the edges are read a part at a time
    (`_Graph`), their sources from the pointers, so that beside the graph only each
    target's sources (4 bytes an edge) and the edges among the states left are held
    (a source, a mask and a filtered copy an edge took 13 bytes an edge more: on
    le-taureau-d-airain's 118 M edges, 1.5 GB at the peak of the solve).  The graph
    is first made `distinct`: the components, levels and loops are those of the set of
    each state's successors, not of its edges (and their order among a state's)."""
    graph = _Graph(n, edge_ptr, targets).distinct()
    level = _peel(n, graph.parts, degrees=graph.degrees())
    if (level >= 0).all():   # (no cycle: every state a component of its own)
        return listed(np.arange(n, dtype=np.int64), level, np.zeros(n, dtype=bool))
    index = graph.index
    unpeeled = level < 0
    src, dst = graph.among(unpeeled)   # (the edges between states left: those leading to a cycle)
    comp = np.arange(n, dtype=index)   # each state's component, named by a member
    left = np.flatnonzero(unpeeled)
    core = left[_peel(n, lambda: [(dst, src)])[left] < 0]   # (peeled from the starts: on no cycle)
    if core.size:   # (its edges numbered among its states; sources in order already)
        local = np.full(n, -1, dtype=index)
        local[core] = np.arange(core.size)
        in_core = local >= 0
        both = in_core[src] & in_core[dst]
        del in_core
        cptr = np.searchsorted(local[src[both]], np.arange(core.size + 1)).astype(np.int64)
        found = tarjan(core.size, memoryview(cptr), memoryview(local[dst[both]].astype(np.int64)), levels=False)
        del both, local
        of = np.frombuffer(found.comp_of, dtype=np.int64)
        smallest = np.full(len(found), n, dtype=np.int64)
        np.minimum.at(smallest, of, core)
        comp[core] = smallest[of]
    size = np.bincount(comp, minlength=n)
    loop = size > 1
    loop[src[(src == dst)]] = True   # (a state leading to itself is never peeled: among those left)
    base = graph.above(unpeeled, level, comp)   # (one more than the highest peeled level each component leads to)
    across = comp[src] != comp[dst]
    higher = _peel(n, lambda: [(comp[src[across]], comp[dst[across]])], base)   # (a component's level at its name)
    level[left] = higher[comp[left]]
    del graph, src, dst, base, across, higher, size   # (not held beside the lists `listed` makes)
    return listed(comp, level, loop[comp])


PART = 1 << 20   # edges at a time read from the graph, or ordered in `_parents`


class _Graph:
    """The edges of a CSR graph (`edge_ptr`, `targets`; negative targets skipped) read a
    part at a time as (sources, targets) in 4-byte numbers."""

    def __init__(self, n: int, edge_ptr, targets):
        self.n = n
        self.ptr = np.asarray(edge_ptr, dtype=np.int64)[:n + 1]
        self.tg = np.asarray(targets)[:int(self.ptr[n]) if n else 0]   # (in its own narrow type: not copied)
        self.index = np.int32 if n < 1 << 31 else np.int64

    def parts(self):
        """(sources, targets) of the edges, PART at a time, in order."""
        for a in range(0, len(self.tg), PART):
            t = self.tg[a:a + PART]
            s = sources(self.ptr, a, a + len(t), self.index)
            keep = t >= 0
            yield (s, t) if keep.all() else (s[keep], t[keep])

    def distinct(self) -> "_Graph":
        """The same graph with an edge from a state to a target kept once a part (an edge
        to the same target in another part kept again: a state's edges seldom span two)
        and negative targets left out, each state's targets in increasing order: on
        le-taureau-d-airain 11.5 M of 28.5 M edges at a 3 M-state cut (a state's moves
        and dice lead to the same states again and again), which the peeling then
        reads in place of them all.  Each part's (source, target) pairs sorted as one
        64-bit key, its place in the part above the target."""
        counts = np.zeros(self.n, dtype=np.int64)
        kept = []
        keys, once = np.empty(PART, dtype=np.int64), np.empty(PART, dtype=bool)   # (reused: fresh pages a part cost 15 %)
        for s, t in self.parts():
            if not len(s):
                continue
            lo = int(s[0])
            key = keys[:len(s)]
            np.subtract(s, lo, out=key)
            np.left_shift(key, 32, out=key)
            np.bitwise_or(key, t, out=key)
            key.sort()
            first = once[:len(s)]
            first[0] = True
            np.not_equal(key[1:], key[:-1], out=first[1:])
            key = key[first]
            kept.append((key & 0xFFFFFFFF).astype(self.index))
            key >>= 32   # (each kept edge's source, counted from lo)
            counts[lo:lo + int(key[-1]) + 1] += np.bincount(key)
        ptr = np.zeros(self.n + 1, dtype=np.int64)
        np.cumsum(counts, out=ptr[1:])
        return _Graph(self.n, ptr, np.concatenate(kept) if kept else np.zeros(0, dtype=self.index))

    def degrees(self) -> tuple[np.ndarray, np.ndarray]:
        """(each state's edges out, each state's edges in) of a graph without negative
        targets (`distinct`'s): its pointers' spans, and one count of its targets."""
        return np.diff(self.ptr), np.bincount(self.tg, minlength=self.n)

    def out_of(self, chosen: np.ndarray):
        """(sources, targets) of the edges out of the `chosen` states, about PART at a
        time, in order: the spans of those states' edges gathered from the pointers,
        not every edge read (on le-taureau-d-airain the states left after the peeling
        hold about 30 % of the edges, and `among` and `above` each read them all)."""
        left = np.flatnonzero(chosen)
        lo, hi = self.ptr[left], self.ptr[left + 1]
        ends = np.cumsum(hi - lo)
        total = int(ends[-1]) if len(ends) else 0
        cuts = np.unique(np.searchsorted(ends, np.arange(PART, total, PART), side="right"))
        for part in np.split(np.arange(len(left)), cuts[(cuts > 0) & (cuts < len(left))]):
            t = self.tg[spans(lo[part], hi[part])]
            s = np.repeat(left[part].astype(self.index), hi[part] - lo[part])
            keep = t >= 0
            yield (s, t) if keep.all() else (s[keep], t[keep])

    def among(self, chosen: np.ndarray) -> tuple:
        """(sources, targets) of the edges from a `chosen` state to a `chosen` state."""
        src, dst = [], []
        for s, t in self.out_of(chosen):
            both = chosen[t]
            src.append(s[both])
            dst.append(t[both].astype(self.index))
        return (np.concatenate(src), np.concatenate(dst)) if src else (np.zeros(0, dtype=self.index),) * 2

    def above(self, chosen: np.ndarray, level: np.ndarray, comp: np.ndarray) -> np.ndarray:
        """At each component's name: one more than the highest `level` of a state not
        `chosen` that a `chosen` member leads to (0 for none)."""
        base = np.zeros(self.n, dtype=np.int64)
        for s, t in self.out_of(chosen):
            out = ~chosen[t]
            np.maximum.at(base, comp[s[out]], level[t[out]] + 1)
        return base


def sources(ptr: np.ndarray, a: int, b: int, dtype=np.int64) -> np.ndarray:
    """The source of each edge a..b-1 of a CSR graph whose state s has the edges
    ptr[s]..ptr[s + 1]-1: the states spanning them found by two searches, each repeated
    over its edges in the part (a search an edge, the same numbers, took a third of the
    solve of le-taureau-d-airain's 118 M edges, read four times)."""
    if b <= a:
        return np.zeros(0, dtype=dtype)
    first = int(np.searchsorted(ptr, a, side="right")) - 1
    last = int(np.searchsorted(ptr, b - 1, side="right")) - 1
    bounds = np.clip(ptr[first:last + 2], a, b)
    return np.repeat(np.arange(first, last + 1, dtype=dtype), np.diff(bounds))


def _peel(n: int, parts, base: np.ndarray | None = None, degrees: tuple | None = None) -> np.ndarray:
    """Kahn's peeling from the ends of the graph of edges src -> dst over n states
    (`parts()`: its edges, (src, dst) a part at a time): each state's round (0 for
    those with no edge out; a state is peeled the round after its last successor, so
    its round is its longest path to an end), -1 for those never peeled (on a cycle or
    leading to one).  With `base`: each state's level is the highest of its `base` and
    one more than each successor's level, instead of its round.  `degrees`: the
    graph's (edges out, edges in) when known (`_Graph.degrees`), else counted."""
    left, into = _degrees(n, parts) if degrees is None else degrees   # (`left`: each state's edges to states not peeled yet)
    starts = np.concatenate(([0], np.cumsum(into)))
    del into
    # (each state's count in the narrowest type: it is read and written at random once
    # an edge, and the fewer cache lines it spans the fewer misses: uint8 on most books)
    left = left.astype(_narrow(int(left.max(initial=0))))
    one = left.dtype.type(1)   # (of its type: a Python 1 sends `subtract.at` down a path ten times slower)
    parents_of = _parents(n, parts, starts)
    level = np.full(n, -1, dtype=np.int64)
    acc = None if base is None else np.zeros(n, dtype=np.int64)
    where = np.zeros(n, dtype=np.int64)   # (scratch: a state's place among the candidates)
    ready, k = np.flatnonzero(left == 0), 0
    while ready.size:
        level[ready] = k if base is None else np.maximum(acc[ready], base[ready])
        found = []
        for part in _by_parents(ready, starts):   # (PART edges' parents at a time: a round can have tens of millions)
            lo, hi = starts[part], starts[part + 1]
            sizes = hi - lo
            parents = parents_of[spans(lo, hi)]
            if acc is not None:
                np.maximum.at(acc, parents, np.repeat(level[part] + 1, sizes))
            np.subtract.at(left, parents, one)
            found.append(parents[left[parents] == 0])   # (a state's last edge out is in one part: found once a round)
        ready = np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
        places = np.arange(ready.size)
        where[ready] = places
        ready = ready[where[ready] == places]   # (each once: one of its places was written last)
        k += 1
    return level


def _degrees(n: int, parts) -> tuple[np.ndarray, np.ndarray]:
    """(each state's edges out, each state's edges in) of the graph `parts()` gives.
    A part's sources are counted over the span they cover (a part of `_Graph.parts`
    covers a run of states), its targets over all n states but COUNTED edges at a
    time: a count over n states a part of PART edges took 2 x 118 passes over
    le-taureau-d-airain's 7.3 M states (15 ms each, about 3.5 s of the solve)."""
    out = np.zeros(n, dtype=np.int64)
    into = np.zeros(n, dtype=np.int64)
    held, size = [], 0
    for src, dst in parts():
        if len(src):
            lo, hi = int(src.min()), int(src.max())
            out[lo:hi + 1] += np.bincount(src - lo, minlength=hi - lo + 1)
        held.append(dst)
        size += len(dst)
        if size >= COUNTED:
            into += np.bincount(np.concatenate(held), minlength=n)
            held, size = [], 0
    if size:
        into += np.bincount(np.concatenate(held), minlength=n)
    return out, into


COUNTED = 1 << 23   # targets counted at a time by `_degrees` (32 MB of 4-byte targets, twice)


def _narrow(top: int):
    """The narrowest unsigned type holding 0..top."""
    for dt in (np.uint8, np.uint16, np.uint32):
        if top <= np.iinfo(dt).max:
            return dt
    return np.int64


def _by_parents(ready: np.ndarray, starts: np.ndarray) -> list:
    """`ready` cut into parts whose states have PEEL parents (edges in) at most together,
    more only by the first state's own (a state with more than PEEL), none without
    parents: the first round of
    le-taureau-d-airain's peeling reads the parents of every ending, tens of millions
    of edges, whose positions took 16 bytes an edge at once (1.5 GB at the solve's peak)."""
    sizes = starts[ready + 1] - starts[ready]
    ready = ready[sizes > 0]
    if not ready.size:
        return []
    ends = np.cumsum(sizes[sizes > 0])
    if int(ends[-1]) <= PEEL:
        return [ready]
    cuts = np.unique(np.searchsorted(ends, np.arange(PEEL, int(ends[-1]), PEEL), side="right"))
    return np.split(ready, cuts[(cuts > 0) & (cuts < ready.size)])


PEEL = 1 << 22   # parents read at a time in a round of `_peel`


def _parents(n: int, parts, starts: np.ndarray) -> np.ndarray:
    """The sources of the edges grouped by their targets (target 0's first; within a
    target, in the edges' order; `starts` each target's first place): each edge's place
    counted from its target's first (a counting sort, PART edges at a time), so that
    nothing of 8 bytes an edge is held (a sort of 64-bit (target, source) keys took 8
    bytes an edge beside the result: 0.9 GB on le-taureau-d-airain's 118 M edges); each
    part ordered by `_by_target`."""
    out = np.empty(int(starts[-1]), dtype=np.int32 if n <= 1 << 31 else np.int64)
    at = starts[:-1].copy()   # (each target's next place)
    for src, dst in parts():
        for a in range(0, len(dst), PART):
            d, s = dst[a:a + PART], src[a:a + PART]
            d, order = _by_target(n, d)
            first = np.flatnonzero(np.r_[True, d[1:] != d[:-1]]) if len(d) else np.zeros(0, dtype=np.int64)
            sizes = np.diff(np.append(first, len(d)))
            rank = np.arange(len(d)) - np.repeat(first, sizes)
            out[at[d] + rank] = s[order]
            at[d[first]] += sizes
    return out


def _by_target(n: int, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(`dst` sorted, the order that sorts it stably): one sort of a 64-bit key a target,
    the target above its place in the part (the place in the low bits: no two keys
    alike, so any sort is stable; NumPy sorts plain 64-bit integers by vectorised
    quicksort, where an `argsort` carries an index array along).  Over a part of
    le-taureau-d-airain's edges (2^20 targets among 7.3 M states) 18.6 ms, where two
    stable radix passes in 16-bit digits took 32.7 ms."""
    bits = max(int(len(dst) - 1).bit_length(), 1)
    if n > 1 << (63 - bits):   # (no room for the place: sorted with an index)
        order = np.argsort(dst, kind="stable")
        return dst[order], order
    key = dst.astype(np.int64) << bits
    key |= np.arange(len(dst), dtype=np.int64)
    key.sort()
    return key >> bits, key & ((1 << bits) - 1)
