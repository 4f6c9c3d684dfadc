"""The mass the focused order (focus.py) carries: the probability that play from the
start enters each state along the high bound's play (`reach`, after a solve), and the
edges of play spread over every best move (`spread`, between two solves).  Apart from
focus.py so that the order reads as its rounds and waves; it only guides."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.analysis.compiled.reach import carry, edge_parts, policy_parts
from engine.analysis.compiled.solve import Solution

NEAR = 1e-9       # moves this close to the best count as best play's (the mass split among them)


def reach(sol: Solution, roots) -> tuple[np.ndarray, np.ndarray]:
    """The probability that play from `roots` enters each state (its expected visits,
    within a loop), along `sol`'s policy, and along every best move (`spread`): the
    report's reach (reach.py `carry`, level by level from the start's), a loop's mass
    carried round it (an estimate: it only guides)."""
    g = replace(sol.g, roots=roots)
    along = carry(g, sol, lambda here: policy_parts(g, sol, here), circulate=True)
    spread_ = edge_parts(*spread(sol.sp, sol.mp, sol.t, sol.g.probs, sol.f)[:3], g.states)
    return along, carry(g, sol, spread_, circulate=True)


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
