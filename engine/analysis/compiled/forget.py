"""What no later step reads, forgotten in packed rows: today's explorer's lens
(explore/lens.py `Lens.strip`) over columns.

At each paragraph the lens knows the facts some paragraph ahead still reads; every
other visit, once-only mark, codeword and item the rules never read is set back to
0, a passive stat (gold in Défis Fantastiques) to 0, and a stat read ahead only in
comparisons with numbers capped beyond any use (caps.py).  Two states that differ
only there have the same future: keeping them apart multiplies the space for
nothing.  The lens's graph is checked by the explorer against every move made (a
path it did not know makes it stale, and the exploration starts again).  A book with
counters or notes (held in the module extras) is not forgotten here: `usable` is
then False and the explorer keeps every fact.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.packed import HEAD, MISSING, PARAGRAPH
from engine.analysis.explore.lens import ALL, NAMED, ONCE, Lens


class Forget:
    def __init__(self, book, module):
        self.lens = Lens(book, module)
        self.usable = not any(self.lens.declared[k] for k in NAMED)
        self.masks: dict = {}   # (paragraph, columns) -> (zeroed, passive, [(column, cap)])

    def _mask(self, n: int, slots) -> tuple:
        key = (n, len(slots))
        found = self.masks.get(key)
        if found is not None:
            return found
        lens = self.lens
        live = lens.live.get(n, set())
        # a column's fate at n does not depend on the others: the columns made since
        # the last mask of n are the only ones read
        done, zeroed, passive = self.masks.get((n, "last"), (HEAD, [], []))
        zeroed, passive = list(zeroed), list(passive)
        for i in range(done, len(slots)):
            part, name = slots.names[i]
            if part == "visits":
                dead = ("v", ALL) not in live and ("v", name) not in live
            elif part == "flags":
                dead = (name.startswith(ONCE) and ("o", name.split(":")[1]) not in live) or \
                    (lens._dead_name("flags", name) and not lens._live_name(name, n))
            elif part == "items":
                dead = lens._dead_name("items", name) and not lens._live_name(name, n)
            else:
                dead = False
                if part in ("stats", "initial") and name in lens.passive and name not in live:
                    passive.append(i)
            if dead:
                zeroed.append(i)
        self.masks[(n, "last")] = (len(slots), zeroed, passive)
        capped = [(slots.find("stats", stat), cap) for stat, cap in lens.caps.get(n, {}).items()
                  if stat in live and slots.find("stats", stat) is not None]
        found = self.masks[key] = (np.asarray(zeroed, dtype=np.int64), np.asarray(passive, dtype=np.int64), capped)
        return found

    def _plan(self, n: int, slots) -> tuple | None:
        """The lens at paragraph `n` as rows over every column: (zeroed, passive, cap),
        or None where it forgets nothing (kept with the masks: cleared with them)."""
        key = (n, len(slots), "rows")
        if key not in self.masks:
            zeroed, passive, capped = self._mask(n, slots)
            plan = None
            if len(zeroed) or len(passive) or capped:
                k = len(slots)
                plan = (np.zeros(k, dtype=bool), np.zeros(k, dtype=bool), np.full(k, np.iinfo(np.int64).max))
                plan[0][zeroed] = True
                plan[1][passive] = True
                for col, cap in capped:
                    plan[2][col] = cap
            self.masks[key] = plan
        return self.masks[key]

    def strip(self, rows: np.ndarray, slots, copy: bool = True) -> np.ndarray:
        """The rows (a copy, or the same changed in place) with what cannot be read from
        their paragraph on forgotten: every paragraph's lens at once (a row of masks a
        paragraph, gathered by row)."""
        uniq, inverse = np.unique(rows[:, PARAGRAPH], return_inverse=True)
        plans = [self._plan(n, slots) for n in uniq.tolist()]
        if all(p is None for p in plans):
            return rows.copy() if copy else rows
        k = rows.shape[1]
        none = (np.zeros(k, dtype=bool), np.zeros(k, dtype=bool), np.full(k, np.iinfo(np.int64).max))
        zeroed, passive, cap = (np.stack([(p or none)[j][:k] for p in plans]) for j in range(3))
        inverse = inverse.reshape(-1)
        out = rows.copy() if copy else rows
        out[zeroed[inverse]] = 0
        # only the few columns some paragraph makes passive or caps: a passive stat not
        # held stays MISSING; a cap lowers a value held (MISSING is below any cap)
        for j in np.flatnonzero(passive.any(axis=0)).tolist():
            col = out[:, j]
            col[passive[inverse, j] & (col != MISSING)] = 0
        for j in np.flatnonzero((cap < np.iinfo(np.int64).max).any(axis=0)).tolist():
            np.minimum(out[:, j], cap[inverse, j], out=out[:, j])
        return out
