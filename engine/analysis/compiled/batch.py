"""A batch of packed states at one paragraph, as the compiled programs and the rule
modules' vector rules read and write it (column by column, whole arrays)."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.distinct import numbered
from engine.analysis.compiled.packed import CAUSE, ENDED, EXTRA, MISSING, PARAGRAPH, PENDING, Slots
from engine.analysis.explore.compact import freeze, thaw


class Batch:
    """`rows` (states × columns, a copy: writing it changes nothing kept)."""

    def __init__(self, rows: np.ndarray, slots: Slots):
        self.rows, self.slots = rows, slots

    def __len__(self) -> int:
        return len(self.rows)

    def col(self, part: str, key) -> np.ndarray:
        """The column of a fact (its default where no state has held it yet)."""
        i = self.slots.find(part, key)
        if i is None or i >= self.rows.shape[1]:
            return np.full(len(self.rows), MISSING if part in ("stats", "initial") else 0, dtype=np.int64)
        return self.rows[:, i]

    def put(self, part: str, key, values, where=None) -> None:
        i = self.slots.index(part, key)
        if i >= self.rows.shape[1]:
            self.rows = self.slots.widened(self.rows)
        if where is None:
            self.rows[:, i] = values
        else:
            self.rows[:, i] = np.where(where, values, self.rows[:, i])

    @property
    def paragraph(self) -> np.ndarray:
        return self.rows[:, PARAGRAPH]

    @property
    def ended(self) -> np.ndarray:
        return self.rows[:, ENDED]

    def extras(self) -> list:
        """Each state's module extras, a dict or None (interned: each value read once)."""
        values = self.slots.extras.values
        uniq, inverse = np.unique(self.rows[:, EXTRA], return_inverse=True)
        per = [thaw(values[u]) if values[u] is not None else None for u in uniq.tolist()]
        return [per[i] for i in inverse.reshape(-1).tolist()]

    def extra(self, key, default=None) -> list:
        """The module extra `key` of each state: through a lookup over the interned
        extras when its values are plain (a number, a text, a truth value, None: shared
        safely), else read from each distinct extras value afresh."""
        lut = self.slots.extra_plain(key, default)
        if lut is not None:
            return lut[self.rows[:, EXTRA]].tolist()
        return [found.get(key, default) if found else default for found in self.extras()]

    def extra_ints(self, name, fn) -> np.ndarray:
        """`fn(extras)` of each state as an int64 column (Slots.extra_lut: computed once
        for each distinct extras value, whatever the batch's size)."""
        return self.slots.extra_lut(name, fn)[self.rows[:, EXTRA]]

    def extra_codes(self, key) -> tuple[np.ndarray, list]:
        """(each state's number for its module extra `key`, the values numbered: 0 is
        None or absent): a string-valued extra (a worn armour, a weapon) as a column."""
        lut, values = self.slots.extra_codes(key)
        return lut[self.rows[:, EXTRA]], values

    def change_extra(self, mask: np.ndarray, change, by: np.ndarray | None = None, key=None) -> None:
        """The module extras of the states in `mask` rewritten by `change(dict) -> dict`,
        or with `by` (an integer a state) by `change(dict, its by) -> dict`: once for each
        distinct value (the extras are interned), whatever the batch's size.  `key`
        (without `by`): a name for `change` when it reads nothing but the extras (a
        module's function, or a tuple naming it and its arguments): each extras value's
        change is then kept under it for the whole exploration (`changed`), so a batch
        changes only the values no batch met before, and one gather does the rest."""
        values = self.slots.extras.values
        sel = np.flatnonzero(mask)
        if not len(sel):
            return
        ids = self.rows[sel, EXTRA]
        if key is not None and by is None:
            self.rows[sel, EXTRA] = changed(self.slots, key, ids, change)
            return
        if by is None:
            distinct, inverse = numbered([ids])
            made = [change(dict(thaw(values[u]) or {})) for (u,) in distinct]
        else:   # (each distinct pair: the extras' number, `by`)
            distinct, inverse = numbered([ids, by[sel]])
            made = [change(dict(thaw(values[u]) or {}), b) for u, b in distinct]
        numbers = np.asarray([self.slots.extras(freeze(extra) or None) for extra in made], dtype=np.int64)
        self.rows[sel, EXTRA] = numbers[inverse]

    def end(self, mask: np.ndarray, kind: int, cause) -> None:
        """End the game where `mask` (kind 1 death, 2 victory), its pending cleared."""
        live = np.flatnonzero(mask & (self.rows[:, ENDED] == 0))
        if not len(live):
            return
        self.rows[live, ENDED] = kind
        self.rows[live, PENDING] = 0
        self.rows[live, CAUSE] = self.slots.causes(cause)

    def take(self, mask: np.ndarray) -> "Batch":
        return Batch(self.rows[mask].copy(), self.slots)


def changed(slots: Slots, key, ids: np.ndarray, change) -> np.ndarray:
    """The interned extras `change` makes of each of `ids` (interned extras numbers),
    through a table kept in `slots` under `key` (an extras number -> its change, -1
    not yet made): `change` run once for each extras value over the whole exploration
    (the same as `Batch.change_extra` without a key: the value is the function's of
    the extras alone, and an interned number always names the same extras)."""
    lut = slots.changes.get(key)
    size = len(slots.extras.values)
    if lut is None or len(lut) < size:
        grown = np.full(size, -1, dtype=np.int64)
        if lut is not None:
            grown[:len(lut)] = lut
        lut = slots.changes[key] = grown
    out = lut[ids]
    miss = out < 0
    if miss.any():
        values = slots.extras.values
        for u in np.flatnonzero(np.bincount(ids[miss])).tolist():   # (a few new values: counted, not sorted)
            lut[u] = slots.extras(freeze(change(dict(thaw(values[u]) or {}))) or None)
        out = lut[ids]
    return out
