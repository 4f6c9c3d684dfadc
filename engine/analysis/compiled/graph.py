"""An explored state space as plain arrays (CSR), in the narrowest integer types.

    state s's moves:  moves[state_ptr[s]:state_ptr[s + 1]]
    move m's edges:   targets[move_ptr[m]:move_ptr[m + 1]], probs[...] (float64),
                      exact[...] (an index into `fractions`, the distinct exact probabilities)

`probs` is not stored an edge at a time: it is `EdgeProbs`, each edge's float read
through its `exact` number from the table of the distinct probabilities (8 bytes an
edge less: 330 MB on le-taureau-d-airain's 41 M edges); indexed as an array.

A target below 0 is a pseudo successor (ERROR, FRONTIER: worth 0 to the exact solve).
`terminal[s]` is 1 at a victory state without moves, else 0; `paragraph[s]` the paragraph
the state is at.  The arrays are what the solver (solve.py) reads; they are built once
from the explorer's `Space`, whichever path (compiled program or engine) expanded each
state, so the solve never depends on the compiler.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from engine.analysis.explore.space import Space


def narrow(top: int, signed: bool = False):
    """The narrowest integer dtype holding 0..top (and -2 when signed)."""
    for dt in ((np.int8, np.int16, np.int32, np.int64) if signed else (np.uint8, np.uint16, np.uint32, np.uint64)):
        if top <= np.iinfo(dt).max:
            return dt
    return np.int64


class EdgeProbs:
    """Each edge's probability as a float64, read from `table` (the float of each
    distinct probability) through `ids` (each edge's number in it): indexed as the
    array `table[ids]` would be, without holding it."""

    dtype = np.dtype(np.float64)

    def __init__(self, table: np.ndarray, ids: np.ndarray):
        self.table, self.ids = np.asarray(table, dtype=np.float64), ids

    def __getitem__(self, index):
        return self.table[self.ids[index]]

    def __len__(self) -> int:
        return len(self.ids)

    def __array__(self, dtype=None, copy=None):
        out = self.table[self.ids] if len(self.table) else np.zeros(len(self.ids))
        return out if dtype is None else out.astype(dtype)

    @property
    def nbytes(self) -> int:
        return self.table.nbytes   # (the ids are the graph's `exact`)


def edge_probs(fractions: list, ids: np.ndarray) -> EdgeProbs:
    """The `EdgeProbs` of edges numbered `ids` into the distinct `fractions`."""
    return EdgeProbs(np.asarray([float(p) for p in fractions], dtype=np.float64), ids)


@dataclass
class Graph:
    state_ptr: np.ndarray    # per state (+1): its first move
    move_ptr: np.ndarray     # per move (+1): its first edge
    targets: np.ndarray      # per edge: the successor (ERROR -1, FRONTIER -2)
    probs: "EdgeProbs | np.ndarray"   # per edge: its probability, float64 (through `exact`)
    exact: np.ndarray        # per edge: index into `fractions`
    fractions: list          # the distinct probabilities, exact (Fraction or int)
    terminal: np.ndarray     # per state: 1 at a victory ending without moves
    paragraph: np.ndarray    # per state
    roots: list              # [(probability, state)] of the start

    @property
    def states(self) -> int:
        return len(self.state_ptr) - 1

    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.state_ptr, self.move_ptr, self.targets, self.probs,
                                      self.exact, self.terminal, self.paragraph))


def from_space(space: Space) -> Graph:
    """The arrays of an explored space (each state's moves in the explorer's order)."""
    actions = space.actions
    n = len(actions)
    moves_per_state = np.fromiter((len(sh) for sh in actions.shape), dtype=np.int64, count=n)
    state_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(moves_per_state, out=state_ptr[1:])
    index: dict = {}
    fractions: list = []
    edge_counts, exact_ids = [], []
    shape_ids: dict = {}   # id(shape) -> (edge counts, exact ids): most states share a shape
    for shape in actions.shape:
        found = shape_ids.get(id(shape))
        if found is None:
            counts, ids = [], []
            for _text, probs in shape:
                counts.append(len(probs))
                for p in probs:
                    key = (p.numerator, p.denominator) if not isinstance(p, float) else ("f", p)
                    i = index.get(key)
                    if i is None:
                        i = index[key] = len(fractions)
                        fractions.append(p)
                    ids.append(i)
            found = shape_ids[id(shape)] = (counts, ids)
        edge_counts.extend(found[0])
        exact_ids.extend(found[1])
    move_ptr = np.zeros(len(edge_counts) + 1, dtype=np.int64)
    if edge_counts:
        np.cumsum(np.asarray(edge_counts, dtype=np.int64), out=move_ptr[1:])
    targets = np.fromiter((t for ts in actions.targets for t in ts), dtype=np.int64, count=int(move_ptr[-1]))
    exact = np.asarray(exact_ids, dtype=narrow(max(len(fractions), 1)))
    probs = edge_probs(fractions, exact)
    victory = np.fromiter((bool(d) and e == "victory" for d, e in zip(space.done, space.ended)), dtype=bool, count=n)
    terminal = (victory & (moves_per_state == 0)).astype(np.uint8)
    paragraph = np.asarray(space.paragraph, dtype=np.int64)
    return Graph(state_ptr.astype(narrow(int(state_ptr[-1]))), move_ptr.astype(narrow(int(move_ptr[-1]))),
                 targets.astype(narrow(max(n, 2), signed=True)), probs, exact, fractions, terminal,
                 paragraph.astype(narrow(max(int(paragraph.max(initial=0)), 1), signed=True)),
                 list(space.root))


def as_fraction(p) -> Fraction:
    return p if isinstance(p, Fraction) else Fraction(p)
