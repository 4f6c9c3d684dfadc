"""Steps over batches: how the compiled programs apply a list of steps (a state whose
game has ended is left as it ended), split a batch between branches, and write the
extras or the pending activity."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.packed import EXTRA, PENDING
from engine.analysis.explore.compact import freeze, thaw


def first_holding(b: Batch, conds: list) -> list:
    """The live states each condition takes, the first that holds for each (None:
    always), then the states none took."""
    left, taken = b.ended == 0, []
    for cond in conds:
        mask = left.copy() if cond is None else left & cond(b)[0]
        taken.append(mask)
        left = left & ~mask
    return taken + [left]


def branches(b: Batch, branches: list) -> None:
    """Each (mask, steps) run over a copy of the batch, the rows of its mask kept from
    it (the masks do not overlap; a state in none is left as it is)."""
    made = []
    for mask, steps in branches:
        if mask.any():
            part = Batch(b.rows[mask].copy(), b.slots)
            for step in steps:
                step(part)
            made.append((mask, part.rows))
    width = max([b.rows.shape[1]] + [rows.shape[1] for _m, rows in made])
    if width > b.rows.shape[1]:
        b.rows = padded(b.rows, b, width)
    for mask, rows in made:
        b.rows[mask] = padded(rows, b, width)


def guarded(steps):
    """Steps applied in order; once a state's game has ended, nothing more changes it
    (the engine stops there): its row is kept as it was when it ended."""
    def run(b):
        for step in steps:
            done = np.flatnonzero(b.ended != 0)
            before = b.rows[done]   # (a copy of the ended rows only: most steps have none)
            step(b)
            if len(done):
                b.rows[done] = before if before.shape[1] == b.rows.shape[1] else padded(before, b)
    return [run]


def padded(before, b, width: int | None = None):
    """`before`'s rows widened to `width` columns (b's width by default), each new
    column at its default."""
    return b.slots.widened(before, b.rows.shape[1] if width is None else width)


def by_extra(b: Batch, mask: np.ndarray, values: np.ndarray, change) -> None:
    """The extras of the states in `mask` changed by `change(extras dict, value)` in
    place, once for each distinct (extras, value) pair (the extras are interned)."""
    if not mask.any():
        return
    sel = np.flatnonzero(mask)
    pairs = np.stack([b.rows[sel, EXTRA], values[sel]], axis=1)
    uniq, inverse = np.unique(pairs, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    stored = b.slots.extras.values
    made = []
    for extra, v in uniq.tolist():
        now = {k: (dict(x) if type(x) is dict else x) for k, x in (thaw(stored[extra]) or {}).items()}
        change(now, v)
        made.append(b.slots.extras(freeze(now) or None))
    b.rows[sel, EXTRA] = np.asarray(made, dtype=np.int64)[inverse]


def wait(b: Batch, pending) -> None:
    """game/core.py `_begin`: the live states wait for the (frozen) activity's answer."""
    b.rows[:, PENDING] = np.where(b.ended == 0, b.slots.pendings(pending), b.rows[:, PENDING])
