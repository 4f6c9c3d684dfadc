"""The rows a Chroniques Crétoises fight's ends write (vector_fights.py `Fought._finished`):
each end as a row (kind, Honour, condition, pending number after a stop: `end_row`),
the successors alike made once (`twins`), the Honour and the hero's condition written
over arrays as play writes them (`set_value`, `put_honour`, `put_condition`,
`condition_to`).
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.distinct import distinct_columns as distinct_rows   # (tests patch it here)
from engine.analysis.compiled.packed import EXTRA, MISSING
from engine.analysis.explore.compact import freeze
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises.sheet import condition_set

LEAVE = ("win", "all-badly-wounded", "hurt", "timeout")
STOP, LOSE = "stop", "lose"
KINDS = (LOSE, STOP) + LEAVE   # (an end's kind as a number: its place here)


def twins(rules, batch, origin, values, honoured=None) -> tuple[np.ndarray, np.ndarray]:
    """(the first of each class of successors that `Fought._finished` makes alike, in
    order; each successor's class): successor i is state `origin[i]` after end
    `values[i]`, and two are made alike where their states differ in nothing but the
    Honour and the hero's condition, which the end writes, and their ends are alike
    but for the Honour, where what the end writes is alike instead: in a defeat the
    old Honour (not written), elsewhere the Honour kept (play's `change("honneur",
    value=h)` through the rules' clamp, vector.py `honour_set`); the mark of Honour
    exhausted as it is after (set before, or set by the clamp; `_plain_lut`); an
    Honour absent told apart (`set_value` leaves it so at 0).  Every step after is a function of the row alone (the explorer
    deduplicates states on that ground), so twins make the same row.  The states'
    classes are found over the batch's states, the successors' over a few small
    columns: at 300,000 states of le-taureau-d-airain 487,000 successors are about
    173,000 classes.  `honoured`: the successors' `honoured_ends`, where the caller
    has them (it writes them: `put_honour`)."""
    rows, slots = batch.rows, batch.slots
    if not len(origin):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    plain = rows.T.copy()   # (column by column: each contiguous)
    plain[EXTRA] = _plain_lut(slots)[plain[EXTRA]]
    at = slots.find("stats", "honneur")
    if at is not None and at < rows.shape[1]:
        plain[at] = plain[at] == MISSING   # (an Honour absent stays so where set to 0: `set_value`)
    _f, state = distinct_rows(list(plain))
    kind = values[:, 0].copy()   # (contiguous: read several times)
    lose = kind == KINDS.index(LOSE)
    kept, marked, before = honoured or honoured_ends(rules, batch, origin, values)
    old = now(batch.col("stats", "honneur"))[origin]
    first, inverse = distinct_rows([state[origin], kind, left_in(values), values[:, 3].copy(),
                                    np.where(lose, old, kept), before | ~lose & marked])
    order = np.argsort(first)   # (in order of first appearance: by kind too)
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return first[order], rank[inverse]


def honoured_ends(rules, batch, origin, values) -> tuple:
    """(the Honour kept, whether exhausted after, whether before) where state
    `origin[i]` takes end `values[i]`'s Honour (vector.py `honour_set` past the
    minimum): what play's `change("honneur", value=h)` writes, read by `twins` and
    written by `put_honour`."""
    return rules.honour_set(batch, origin, rules.least("honneur", values[:, 1]))


def put_honour(rules, batch, kept, marked, before) -> None:
    """`set_value` of the Honour where its clamp is known (`honoured_ends` of the
    rows' states): the mark of Honour exhausted, then the Honour kept, written unless
    it is 0 where the stat is absent."""
    old = now(batch.col("stats", "honneur"))
    rules.mark_exhausted(batch, marked, before)
    batch.put("stats", "honneur", kept, where=(kept != 0) | (kept != old))


def now(values: np.ndarray) -> np.ndarray:
    return np.where(values == MISSING, 0, values)


def written(end, follow: dict) -> bool:
    """Whether this file writes the end (a leaving end: one whose paragraph the fight
    names)."""
    kind = end_kind(end)
    return kind in (LOSE, STOP) or kind in follow


def end_kind(end):
    if end.outcome == LOSE:
        return LOSE
    if end.outcome == STOP:
        return STOP
    kind = end.detail[0] if end.detail else None
    return kind if kind in LEAVE else None


def end_row(end, pending: dict, slots) -> tuple:
    """(kind, Honour, condition, pending number after a stop) of an end."""
    kind = end_kind(end)
    if kind == LOSE:
        return (KINDS.index(LOSE), 0, 0, 0)
    detail = end.detail if kind == STOP else end.detail[1:]
    turn, hc, cur, enemies, h, down, failed, refused, strikes, wounds, offer = detail
    pend = 0
    if kind == STOP:
        p = {**pending, "enemies": [{**e, "condition": c, "state": R.NAMES[s]}
                                     for e, (c, s) in zip(pending["enemies"], enemies)]}
        p.update(current=cur, turn="hero" if turn == "H" else "enemy", acted=True, all_down=down,
                 offer=offer, retreat_failed=failed, surrender_refused=refused, strikes=strikes, wounds=wounds)
        pend = slots.pendings(freeze(p))
    return (KINDS.index(kind), h, hc, pend)


def set_value(rules, batch, stat: str, values: np.ndarray) -> None:
    """game/core.py `change(stat, value=v)` told to nobody: clamped, written unless it
    is 0 where the stat is absent."""
    old = batch.col("stats", stat)
    new = rules.clamp(batch, stat, values)
    now = np.where(old == MISSING, 0, old)
    batch.put("stats", stat, new, where=(new != 0) | (new != now))


def put_condition(batch, values: np.ndarray) -> None:
    """sheet.set_hero_condition of each state (`values`, conditions numbered from 0),
    through a lookup table of the interned extras for each condition (Slots.extra_lut:
    each extras value changed once, whatever the batch), the tables of the conditions
    present laid end to end and read with one gather: where the conditions were found
    by a sort of every row (`np.unique`) and written condition by condition, four
    passes over the rows each (at 3 M states of le-taureau-d-airain, 4.7 M rows)."""
    if not len(values):
        return
    present = np.flatnonzero(np.bincount(values)).tolist()
    # (each table made in turn, as before: one may intern new extras, so the later
    # are longer; every row's extras is one interned before, below the shortest)
    tables = [_condition_lut(batch.slots, c) for c in present]
    extra = batch.rows[:, EXTRA]
    if len(tables) == 1:
        batch.rows[:, EXTRA] = tables[0][extra]
        return
    width = min(len(t) for t in tables)
    at = np.zeros(present[-1] + 1, dtype=np.int64)
    at[present] = np.arange(len(present)) * width
    batch.rows[:, EXTRA] = np.concatenate([t[:width] for t in tables])[at[values] + extra]


def left_in(values: np.ndarray) -> np.ndarray:
    """The hero's condition each end (`end_row`) leaves him in (sheet.set_hero_condition):
    Mort in a defeat, as the fight left him at a stop, else Indemne again once he
    leaves the fight (endings.leave_fight)."""
    kind = values[:, 0]
    return np.where(kind == KINDS.index(LOSE), N.MORT, np.where(kind == KINDS.index(STOP), values[:, 2], N.INDEMNE))


def _plain_lut(slots) -> np.ndarray:
    """interned extras number -> that of the same extras with what a fight's end writes
    there made alike (`twins`): the hero's condition Indemne, the mark of Honour
    exhausted (vector.py `_exhausted`) lowered where set (kept where absent: an end
    that sets it sets it alike on both)."""
    def plain(extra):
        extra = dict(extra or {})
        condition_set(extra, N.INDEMNE)
        if extra.get("honour_exhausted"):
            extra["honour_exhausted"] = False
        return slots.extras(freeze(extra) or None)
    return slots.extra_lut(("cc-twin",), plain)


def _condition_lut(slots, c: int) -> np.ndarray:
    """interned extras number -> that of the same extras with the hero's condition `c`."""
    def changed(extra):
        extra = dict(extra or {})
        condition_set(extra, c)
        return slots.extras(freeze(extra) or None)
    return slots.extra_lut(("cc-condition", c), changed)


def condition_to(value: int):
    """The change of the module extras that gives the hero the condition `value`
    (sheet.condition_set; it reads the extras alone: `(condition_to, value)` names it
    for batch.py `change_extra(key=)`)."""
    return lambda extra: (condition_set(extra, value), extra)[1]
