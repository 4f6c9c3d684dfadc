"""Steps over batches: how the compiled programs apply a list of steps (a state whose
game has ended is left as it ended), split a batch between branches, write the
extras or the pending activity, and hand a state over to the engine from within a
move (`hand_over`, `handed`)."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.distinct import numbered
from engine.analysis.compiled.fights import Spread
from engine.analysis.compiled.packed import ENDED, EXTRA, PENDING
from engine.analysis.explore.compact import freeze, thaw


def first_holding(b: Batch, conds: list) -> tuple[list, np.ndarray]:
    """(the live states each condition takes, the first that holds for each (None:
    always), then the states none took; the states where a condition read before one
    held fails: a stat they do not hold, where play stops with an error)."""
    left, taken = b.ended == 0, []
    failing = np.zeros(len(b), dtype=bool)
    for cond in conds:
        if cond is None:
            holds, lost = np.ones(len(b), dtype=bool), np.zeros(len(b), dtype=bool)
        else:
            holds, lost = cond(b)
        failing = failing | (left & lost)
        mask = left & holds & ~lost
        taken.append(mask)
        left = left & ~mask & ~lost
    return taken + [left], failing


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
            ended = b.ended != 0
            if not ended.any():   # (most steps: no row to keep, nothing gathered)
                step(b)
                continue
            done = np.flatnonzero(ended)
            before = b.rows[done]   # (a copy of the ended rows only)
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
    uniq, inverse = numbered([b.rows[sel, EXTRA], values[sel]])   # (distinct.py: no sort of the rows)
    stored = b.slots.extras.values
    made = []
    for extra, v in uniq:
        now = {k: (dict(x) if type(x) is dict else x) for k, x in (thaw(stored[extra]) or {}).items()}
        change(now, v)
        made.append(b.slots.extras(freeze(now) or None))
    b.rows[sel, EXTRA] = np.asarray(made, dtype=np.int64)[inverse]


def wait(b: Batch, pending) -> None:
    """game/core.py `_begin`: the live states wait for the (frozen) activity's answer."""
    b.rows[:, PENDING] = np.where(b.ended == 0, b.slots.pendings(pending), b.rows[:, PENDING])


HANDED = 3   # a successor's ENDED where a step handed its state over (1 death, 2 victory)


def hand_over(b: Batch, mask: np.ndarray) -> None:
    """The live states of `mask` are the engine's to play (a stat a condition reads
    that the state does not hold, where play would fail): their successor is marked
    (an ending no state keeps: nothing changes it after) and `handed` gives the
    state they came from to the engine path."""
    b.end(mask, HANDED, None)


def handed(moves: list, engine: np.ndarray) -> tuple[list, np.ndarray]:
    """(a program's moves, its states left to the engine: those too a move offered
    to them handed over)."""
    engine = engine.copy()
    for _key, offered, outcomes in moves:
        for out in outcomes:
            if isinstance(out, Spread):
                gone = out.nxt.rows[:, ENDED] == HANDED
                if gone.any():
                    engine[out.origin[gone]] = True
                continue
            gone = out[2].rows[:, ENDED] == HANDED
            if gone.any():
                engine |= offered & gone
    return moves, engine
