"""The graph of what a compiled exploration has explored so far (the focused order's
solves between two waves: focus.py), apart from focus.py so that the order reads as
its rounds and waves."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.graph import Graph, narrow
from engine.analysis.compiled.packed import ENDED


def snapshot(x, roots, worth: np.ndarray, pooled: np.ndarray) -> Graph:
    """The graph of what `x` (a CompiledExplorer between two waves) has explored, its
    edges left in place (each list joined into one array): a state not expanded is one
    without moves, worth its `worth` (its ceiling) when `pooled`, a victory 1."""
    n = x.table.n
    x._flush()
    joined = []
    for name in ("e_state", "e_move", "e_target", "e_prob"):
        edges = getattr(x, name)
        if len(edges) > 1:
            edges[:] = [np.concatenate(edges)]
        joined.append(edges[0] if edges else np.zeros(0, dtype=np.int64))
    x._fixed = len(x.e_target)
    st, mv, tg, pr = joined
    order = np.lexsort((mv, st))
    st, mv, tg, pr = st[order], mv[order], tg[order], pr[order]
    new_move = np.ones(len(st), dtype=bool)
    new_move[1:] = (st[1:] != st[:-1]) | (mv[1:] != mv[:-1])
    move_state = st[new_move]
    move_ptr = np.append(np.flatnonzero(new_move), len(tg))
    state_ptr = np.searchsorted(move_state, np.arange(n + 1))
    table = np.asarray([float(p) for p in x.fractions], dtype=np.float64)
    moves = np.diff(state_ptr)
    terminal = ((x.table.column(ENDED) == 2) & (moves == 0)).astype(np.float64)
    terminal[pooled] = worth[pooled]
    return Graph(state_ptr.astype(np.int64), move_ptr.astype(np.int64), tg.astype(np.int64),
                 table[pr] if len(pr) else np.zeros(0), pr.astype(narrow(max(len(x.fractions), 1))),
                 list(x.fractions), terminal, np.zeros(0, dtype=np.int32), roots)
