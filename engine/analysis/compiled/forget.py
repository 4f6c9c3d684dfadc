"""What no later step reads, forgotten in packed rows: today's explorer's lens
(explore/lens.py `Lens.strip`) over columns.

At each paragraph the lens knows the facts some paragraph ahead still reads; every
other visit, once-only mark, codeword and item the rules never read is set back to
0, a passive stat (gold in Défis Fantastiques) to 0, and a stat read ahead only in
comparisons with numbers capped beyond any use (caps.py).  Two states that differ
only there have the same future: keeping them apart multiplies the space for
nothing.  A row holding a fact that closes ways for good (guards.py: a visit, a
once-only choice taken, a codeword no effect takes back) forgets what only those
ways led to, as `Lens.strip` does.  The lens's graph is checked by the explorer against every move made (a
path it did not know makes it stale, and the exploration starts again).  A book with
counters or notes (held in the module extras) is not forgotten here: `usable` is
then False and the explorer keeps every fact.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.packed import HEAD, MISSING, PARAGRAPH
from engine.analysis.explore.lens import ALL, NAMED, Lens


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
        zeroed, passive = [], []
        for i in range(HEAD, len(slots)):
            part, name = slots.names[i]
            if part == "visits":
                dead = ("v", ALL) not in live and ("v", name) not in live
            elif part == "flags":
                dead = lens.mark_dead(name, live) or \
                    (lens._dead_name("flags", name) and not lens._live_name(name, n))
            elif part == "items":
                dead = lens._dead_name("items", name) and not lens._live_name(name, n)
            else:
                dead = False
                if part in ("stats", "initial") and name in lens.passive and name not in live:
                    passive.append(i)
            if dead:
                zeroed.append(i)
        capped = [(slots.find("stats", stat), cap) for stat, cap in lens.caps.get(n, {}).items()
                  if stat in live and slots.find("stats", stat) is not None]
        found = self.masks[key] = (np.asarray(zeroed, dtype=np.int64), np.asarray(passive, dtype=np.int64), capped)
        return found

    def strip(self, rows: np.ndarray, slots) -> np.ndarray:
        """The rows (a copy) with what cannot be read from their paragraph on forgotten."""
        rows = rows.copy()
        para = rows[:, PARAGRAPH]
        for n in np.unique(para).tolist():
            zeroed, passive, capped = self._mask(n, slots)
            if not len(zeroed) and not len(passive) and not capped:
                continue
            at = np.flatnonzero(para == n)
            if len(zeroed):
                rows[np.ix_(at, zeroed)] = 0
            if len(passive):
                part = rows[np.ix_(at, passive)]
                rows[np.ix_(at, passive)] = np.where(part == MISSING, MISSING, 0)
            for col, cap in capped:
                v = rows[at, col]
                rows[at, col] = np.where((v != MISSING) & (v > cap), cap, v)
        for n in np.unique(para).tolist():
            self._shut(rows, np.flatnonzero(para == n), n, slots)
        return rows

    def _shut(self, rows: np.ndarray, at: np.ndarray, n: int, slots) -> None:
        """What the ways the rows' guards close led to, set back to 0 (in place)."""
        guards = self.lens.guarded(n, slots.find)   # (its answers kept by the lens)
        if not guards:
            return
        held = rows[np.ix_(at, [col for col, _g in guards])] != 0
        combos, which = np.unique(held, axis=0, return_inverse=True)
        for k, combo in enumerate(combos):
            if combo.any():
                columns = [(i, part, name) for i, (part, name) in enumerate(slots.names)]
                shut = self.lens.shut(n, frozenset(g for (_c, g), h in zip(guards, combo) if h), columns)
                if shut:
                    rows[np.ix_(at[which.ravel() == k], list(shut))] = 0
