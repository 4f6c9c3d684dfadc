"""The mass the focused order (focus.py) carries: the probability that play from the
start enters each state along the high bound's play (`reach`, after a solve), and the
edges of play spread over every best move (`spread`, between two solves).  Apart from
focus.py so that the order reads as its rounds and waves; it only guides."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.solve import Solution

NEAR = 1e-9       # moves this close to the best count as best play's (the mass split among them)
CIRCULATE = 200   # sweeps at most carrying the mass round a loop (what is left is dropped)


def reach(sol: Solution, roots) -> tuple[np.ndarray, np.ndarray]:
    """The probability that play from `roots` enters each state (its expected visits,
    within a loop), along `sol`'s policy, and along every best move (`spread`): level
    by level from the start's, a loop's mass carried round it at most CIRCULATE sweeps
    (an estimate: it only guides)."""
    level = np.frombuffer(sol.comps.level, dtype=np.int64)[sol.comp_of]
    has = np.flatnonzero(sol.policy >= 0)
    chosen = np.zeros(len(sol.mp) - 1, dtype=bool)
    chosen[sol.sp[has] + sol.policy[has]] = True
    edge_move = np.repeat(np.arange(len(chosen)), np.diff(sol.mp))
    ok = chosen[edge_move] & (sol.t >= 0)
    owner = np.repeat(np.arange(sol.g.states), np.diff(sol.sp))
    along = owner[edge_move[ok]], sol.t[ok], sol.g.probs[ok]
    spread_ = spread(sol.sp, sol.mp, sol.t, sol.g.probs, sol.f)[:3]
    return tuple(_carry(sol.g.states, roots, *edges, level) for edges in (along, spread_))


def _carry(n: int, roots, src, tgt, p, level) -> np.ndarray:
    """The mass from `roots` carried along the edges (src -> tgt, weight p), level by
    level (a state's successors are at lower levels, but in a loop)."""
    r = np.zeros(n)
    for q, t in roots:
        if t >= 0:
            r[t] += float(q)
    lv = level[src]
    order = np.argsort(-lv, kind="stable")
    src, tgt, p, lv = src[order], tgt[order], p[order], lv[order]
    cuts = np.append(np.flatnonzero(np.diff(lv, prepend=lv[0] + 1 if len(lv) else 0)), len(lv))
    for a, b in zip(cuts[:-1].tolist(), cuts[1:].tolist()):
        s, t, q = src[a:b], tgt[a:b], p[a:b]
        inside = level[t] == lv[a]   # (a level's components lead to none of the same level: a loop)
        if inside.any():
            _circulate(r, s[inside], t[inside], q[inside])
            s, t, q = s[~inside], t[~inside], q[~inside]
        np.add.at(r, t, r[s] * q)
    return r


def spread(sp, mp, t, probs, value, first: bool = False):
    """The edges (source, target, weight) of play that takes, at each state, every move
    within NEAR of its best expectation over `value` (`first`: the first best only), each at an equal share: the
    weight of an edge its probability times its move's share (ties are the rule, not
    the exception, where every unexplored state has the same ceiling)."""
    n_moves = len(mp) - 1
    per_move = np.diff(mp)
    owner = np.repeat(np.arange(len(sp) - 1), np.diff(sp))
    ok = t >= 0
    q = np.add.reduceat(np.where(ok, probs * value[np.where(ok, t, 0)], 0.0), mp[:-1]) if n_moves else np.zeros(0)
    q[per_move == 0] = 0.0
    has = np.flatnonzero(np.diff(sp))
    starts = sp[has]
    best = np.maximum.reduceat(q, starts) if len(has) else np.zeros(0)
    taken = q >= np.repeat(best, np.diff(np.append(starts, n_moves))) - (0.0 if first else NEAR)
    if first and len(has):   # (the first best move only, as the solver's)
        at = np.minimum.reduceat(np.where(taken, np.arange(n_moves), n_moves), starts)
        taken[:] = False
        taken[at] = True
    share = 1.0 / np.add.reduceat(taken.astype(np.float64), starts) if len(has) else np.zeros(0)
    weight = np.zeros(n_moves)
    weight[taken] = np.repeat(share, np.diff(np.append(starts, n_moves)))[taken]
    edge_move = np.repeat(np.arange(n_moves), per_move)
    keep = ok & (weight[edge_move] > 0)
    return owner[edge_move[keep]], t[keep], probs[keep] * weight[edge_move[keep]], has, best


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
