"""Best play's edges and the probability of reaching each state under it, over the
compiled arrays, a part at a time (the report's `deciding`: findings.py).

Best play's edges are made where they are read, from the chosen moves' pointers, a run
of states at a time: le-taureau-d-airain's best play has 23 M edges, and every array an
edge long held at once (an int64 copy of every move pointer, the edges' positions, their
sort by level) made the report's peak.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.solve import _ranges


def reach_mass(g, sol) -> np.ndarray:
    """The probability of reaching each state under best play from the start (floats,
    explore/findings.py `reach`: a loop's states each counted as entered once, its level's
    components parents first): `carry` along best play's edges (`policy_parts`)."""
    return carry(g, sol, lambda here: policy_parts(g, sol, here))


def carry(g, sol, parts, circulate: bool = False) -> np.ndarray:
    """The mass of `g`'s roots carried along the edges `parts(states)` gives ((source,
    target, probability) of a level's sorted states, sources in order), level by level
    from the highest.  A loop's states (a component of `sol`'s levels) each count as
    entered once by the mass that enters it (the report's `deciding`), or with
    `circulate` their expected visits along the edges inside it (carried round at most
    CIRCULATE sweeps: the focused order's estimate, focus.py).  One reach for both:
    each level's edges made where they are read, a part at a time: a sort of every
    best-play edge by its source's level (int64 keys and order, the sorted copies)
    raised the report from 2.0 to 3.2 GB resident on le-taureau-d-airain's 23 M such
    edges, the run's peak.  The same sums in the same order: within a level, edges by
    source, then in the graph's order, as that stable sort gave them."""
    n = g.states
    mass = np.zeros(n)
    for p, t in g.roots:
        if t >= 0:
            mass[t] += float(p)
    comp_of = sol.comp_of
    level = np.frombuffer(sol.comps.level, dtype=np.int64)[comp_of]
    cyclic = sol.cyclic
    states = np.argsort(-level, kind="stable")   # (by level, highest first; states in order within)
    s_bounds = np.searchsorted(-level[states], np.arange(-int(level.max(initial=0)), 2))
    del level
    for k in range(len(s_bounds) - 1):
        here = states[s_bounds[k]:s_bounds[k + 1]]
        loop = here[cyclic[here]]
        made = parts(here)
        if len(loop) and circulate:   # (the level's edges inside its loops first)
            made = list(made)
            inside = [(s[i], t[i], q[i]) for s, t, q in made
                      for i in [(t >= 0) & (comp_of[np.maximum(t, 0)] == comp_of[s])] if i.any()]
            if inside:
                _circulate(mass, *(np.concatenate(a) for a in zip(*inside)))
        elif len(loop):
            comps, inverse = np.unique(comp_of[loop], return_inverse=True)
            entered = np.bincount(inverse.reshape(-1), weights=mass[loop], minlength=len(comps))
            mass[loop] = entered[inverse.reshape(-1)]
        for src, tgt, prob in made:
            out = (tgt >= 0) & (comp_of[np.maximum(tgt, 0)] != comp_of[src])   # (edges leaving their component)
            if out.any():
                np.add.at(mass, tgt[out], mass[src[out]] * prob[out])
    return mass


CIRCULATE = 200   # sweeps at most carrying the mass round a loop (what is left is dropped)


def _circulate(r: np.ndarray, s: np.ndarray, t: np.ndarray, q: np.ndarray) -> None:
    """The mass `r` on a loop's states (edges s -> t of probability q, all inside it)
    made their expected visits: what enters carried round until little is left."""
    u, inverse = np.unique(np.concatenate([s, t]), return_inverse=True)
    ls, lt = inverse[:len(s)], inverse[len(s):]
    total = r[u].copy()
    delta = total.copy()
    for _ in range(CIRCULATE):
        delta = np.bincount(lt, weights=delta[ls] * q, minlength=len(u))
        total += delta
        if delta.sum() <= 1e-9 * total.sum():
            break
    r[u] = total


def edge_parts(src: np.ndarray, tgt: np.ndarray, p: np.ndarray, n: int):
    """`carry`'s parts over edges given at once, in order of source (`n` states)."""
    ptr = np.searchsorted(src, np.arange(n + 1))

    def parts(states: np.ndarray):
        e = _ranges(ptr[states], ptr[states + 1])
        if len(e):
            yield src[e], tgt[e], p[e]
    return parts


EDGES = 1 << 20    # best play's edges made at a time (`policy_parts`)
STATES = 1 << 20   # ... from so many states at most


def policy_parts(g, sol, states: np.ndarray):
    """(source, target, probability) of the edges of best play's moves from the sorted
    `states`, a run of STATES states at most at a time, cut where their edges pass
    EDGES (a state's edges in one part): the sources in increasing order, each move's
    edges in the graph's order."""
    for a in range(0, len(states), STATES):
        yield from _policy_parts(g, sol, states[a:a + STATES])


def _policy_parts(g, sol, states: np.ndarray):
    # (the move pointers read where chosen, the states and targets in 4 bytes while they
    # fit: int64 copies of every move, and of best play's 23 M edges at once, made the
    # report's peak on le-taureau-d-airain)
    sp = g.state_ptr
    s = states[(sol.policy[states] >= 0) & (sp[states + 1] > sp[states])]
    if not len(s):
        return
    m = sp[s].astype(np.int64) + sol.policy[s]
    begin = g.move_ptr[m].astype(np.int64)
    end = g.move_ptr[m + 1].astype(np.int64)
    del m
    ends = np.cumsum(end - begin)
    cuts = np.searchsorted(ends, np.arange(EDGES, int(ends[-1]), EDGES), side="right")
    bounds = [0] + np.unique(cuts[(cuts > 0) & (cuts < len(s))]).tolist() + [len(s)]
    small = s.astype(np.int32 if g.states < 1 << 31 else np.int64)
    for a, b in zip(bounds[:-1], bounds[1:]):
        src = np.repeat(small[a:b], end[a:b] - begin[a:b])
        if len(src):   # (a move without outcomes has no edge)
            e = _ranges(begin[a:b], end[a:b])
            yield src, g.targets[e], g.probs[e]
