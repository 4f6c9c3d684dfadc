"""The fights' ends the compiled explorer priced, kept as one table for every fight.

vector.py `_fought` asks, for each root of a batch (a fight plan and an Endurance and
Luck: `_roots`), its ends under every strategy: rows (strategy, kind, Endurance, Luck,
armour left, pending number after a "stop") with their probabilities' numbers.  They
are priced once (`FightPlan.columns`) and met again by other states, in later batches.

Kept here as one table of entries (`Entries`: each entry its strategy, its end's
number and its probability's number) shared by every fight plan, each distinct end
row numbered once for the whole exploration; the plans' roots (`Priced`) hold where
their entries lie, in arrays indexed by plan, Endurance and Luck.  So a batch gathers its
roots' entries with one gather (not a list a plan, nor a dict lookup a root), and its
distinct ends are those of one integer column (compiled/distinct.py `numbered_codes`),
numbered once when priced, not again from six columns at every batch
(la-cloche-de-brumesel, sheet 1: 161,844 states of fights, 26,954 roots, 291,734
entries; a plan's entries were concatenated anew at every pricing).
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.distinct import numbered, numbered_codes
from engine.analysis.explore.compact import freeze


class Entries:
    """Every fight's priced entries (strategy, end number, probability number), grown
    by half when full, and the distinct end rows (kind, Endurance, Luck, armour left,
    pending) numbered in order of appearance (`number`: the row as a tuple -> its number)."""

    def __init__(self):
        self.n = 0
        self.strategy = np.zeros(1024, dtype=np.int64)
        self.end = np.zeros(1024, dtype=np.int64)
        self.prob = np.zeros(1024, dtype=np.int64)
        self.number: dict = {}
        self.rows = np.zeros((0, 5), dtype=np.int64)
        self.codes = np.zeros(0, dtype=np.int64)   # the codes of the rows numbered (`_code`), sorted
        self.coded = np.zeros(0, dtype=np.int64)   # ... and each one's number

    def append(self, strategy: np.ndarray, ends: np.ndarray, probs: np.ndarray) -> int:
        """Entries appended (`ends`: rows (kind, Endurance, Luck, armour left,
        pending)); the place of the first."""
        start, k = self.n, len(strategy)
        if start + k > len(self.end):
            size = max(start + k, len(self.end) + len(self.end) // 2)
            for name in ("strategy", "end", "prob"):
                old = getattr(self, name)
                grown = np.zeros(size, dtype=np.int64)
                grown[:start] = old[:start]
                setattr(self, name, grown)
        self.strategy[start:start + k] = strategy
        self.end[start:start + k] = self.numbers(ends)
        self.prob[start:start + k] = probs
        self.n = start + k
        return start

    def numbers(self, ends: np.ndarray) -> np.ndarray:
        """Each end row's number (new rows numbered next): the rows met before found
        at once by their code (`_code`) among the sorted codes of those numbered
        (la-cloche-de-brumesel: 1,625 distinct rows in 417,690 entries, most calls
        meeting none new); the others' distinct rows found over arrays
        (compiled/distinct.py `numbered`), each then looked up once."""
        if not len(ends):
            return np.zeros(0, dtype=np.int64)
        found = np.full(len(ends), -1, dtype=np.int64)
        code = _code(ends)
        if code is not None and len(self.codes):
            at = np.minimum(np.searchsorted(self.codes, code), len(self.codes) - 1)
            hit = self.codes[at] == code
            found[hit] = self.coded[at[hit]]
        miss = np.flatnonzero(found < 0)
        if len(miss):
            found[miss] = self._numbered(ends[miss])
        return found

    def _numbered(self, ends: np.ndarray) -> np.ndarray:
        rows, inverse = numbered([ends[:, j] for j in range(ends.shape[1])])
        number, before = self.number, len(self.number)
        found = np.array([number.setdefault(row, len(number)) for row in rows], dtype=np.int64)
        if len(number) > before:
            if len(number) > len(self.rows):   # (grown by half: not copied at every call)
                grown = np.zeros((max(len(number), len(self.rows) * 3 // 2, 1024), 5), dtype=np.int64)
                grown[:before] = self.rows[:before]
                self.rows = grown
            # (numbered in the order of `rows`: increasing there)
            self.rows[before:len(number)] = [row for row, k in zip(rows, found.tolist()) if k >= before]
            known = self.rows[:len(number)]
            code = _code(known)
            if code is None:   # (some row past the code's fields: only those within them coded)
                fits = _fits(known)
                code, kept = _code(known[fits]), np.flatnonzero(fits)
            else:
                kept = np.arange(len(known))
            order = np.argsort(code)
            self.codes, self.coded = code[order], kept[order]
        return found[inverse]

    def read(self, entries: np.ndarray, table) -> None:
        """`entries` about to be read: each one's probability kept as a code at pricing
        (a float push's end: compiled/fights.py `Probabilities.codes`) numbered in
        `table` now, and kept as its number (`prob`)."""
        probs = self.prob[entries]
        coded = np.flatnonzero(probs < 0)
        if len(coded):
            self.prob[entries[coded]] = table.numbers(probs[coded])

    def distinct(self, entries: np.ndarray) -> tuple:
        """(the distinct end rows of `entries`, each entry's number among them)."""
        codes, _first, inverse = numbered_codes(self.end[entries], len(self.number))
        return self.rows[codes], inverse


# an end row's code: its fields (kind, Endurance, Luck, armour left, pending) side by
# side in 63 bits, the first highest (`_code`: rows past these widths are not coded)
_WIDTHS = (7, 12, 10, 10, 24)
_SHIFTS = np.cumsum((0,) + _WIDTHS[:0:-1])[::-1].astype(np.int64)
_TOPS = tuple(1 << w for w in _WIDTHS)   # (each field below its top)


def _fits(rows: np.ndarray) -> np.ndarray:
    """Whether each end row's fields lie within `_WIDTHS` (none negative)."""
    return ((rows >= 0) & (rows < (np.int64(1) << np.array(_WIDTHS, dtype=np.int64)))).all(axis=1)


def _code(rows: np.ndarray) -> np.ndarray | None:
    """Each end row's code (its fields shifted into place: distinct rows, distinct
    codes), or None when some row does not fit `_WIDTHS`.  Column by column: a
    comparison, a shift or a reduction over the rows of an (n, 5) matrix runs an
    inner loop of 5 a row, five to ten times the cost of the same over its columns."""
    cols = [rows[:, j] for j in range(rows.shape[1])]
    if len(rows) and any(int(c.min()) < 0 or int(c.max()) >= top for c, top in zip(cols, _TOPS)):
        return None
    code = cols[0] << _SHIFTS[0]
    for c, shift in zip(cols[1:], _SHIFTS[1:]):
        code |= c << shift
    return code


class Priced:
    """The roots priced so far of every fight plan (and pending), each plan a number
    (`add`): each root's entries `lo`..`hi` in `Entries`, by plan, Endurance and Luck
    (-1: not priced yet), in one array for all plans, so that a batch finds its roots
    of every plan at once (one gather, not a call a plan: la-cloche-de-brumesel, sheet
    1, met 3,097 plans' roots in 271 batches)."""

    def __init__(self):
        self.plans = 0
        self.lo = np.full((16, 1, 1), -1, dtype=np.int64)
        self.hi = np.full((16, 1, 1), -1, dtype=np.int64)

    def add(self) -> int:
        """A new plan's number (none of its roots priced)."""
        self._grow(self.plans + 1, 1, 1)
        self.plans += 1
        return self.plans - 1

    def met(self, plan: np.ndarray, he: np.ndarray, luck: np.ndarray) -> np.ndarray:
        """Whether each root (its plan's number, Endurance, Luck; none negative) is priced."""
        inside = (he < self.lo.shape[1]) & (luck < self.lo.shape[2])
        out = np.zeros(len(he), dtype=bool)
        out[inside] = self.lo[plan[inside], he[inside], luck[inside]] >= 0
        return out

    def spans(self, plan: np.ndarray, he: np.ndarray, luck: np.ndarray) -> tuple:
        """(each root's first entry, its last plus one): roots priced."""
        return self.lo[plan, he, luck], self.hi[plan, he, luck]

    def place(self, plan: np.ndarray, he: np.ndarray, luck: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> None:
        """Roots priced: their entries `lo`..`hi`."""
        self._grow(self.plans, int(he.max(initial=0)) + 1, int(luck.max(initial=0)) + 1)
        self.lo[plan, he, luck], self.hi[plan, he, luck] = lo, hi

    def _grow(self, plans: int, h: int, lk: int) -> None:
        old = self.lo.shape
        if plans > old[0] or h > old[1] or lk > old[2]:   # (plans by half: not copied at every new one)
            shape = (max(plans, old[0] + old[0] // 2) if plans > old[0] else old[0], max(h, old[1]), max(lk, old[2]))
            for name in ("lo", "hi"):
                was = getattr(self, name)
                grown = np.full(shape, -1, dtype=np.int64)
                grown[:old[0], :old[1], :old[2]] = was
                setattr(self, name, grown)


def stop_pendings(stop: np.ndarray, details: list, pending: dict, here: int, slots, cache) -> np.ndarray:
    """Each end's pending number after a "stop" (`stop`: its detail's place in
    `details`, -1 for another end: 0): the pending fight where escaping opens, each
    numbered once for this pending (`here`) and detail (kept in `cache`)."""
    if not len(details):
        return np.zeros(len(stop), dtype=np.int64)
    known = cache.setdefault("df-stops", {})
    numbers = np.zeros(len(details), dtype=np.int64)
    for k in np.flatnonzero(np.bincount(stop[stop >= 0], minlength=len(details))).tolist():
        d = details[k]
        key = (here, d[1], d[4], d[5])   # (what `_stopped` reads of the detail: the heroes' own stats aside)
        q = known.get(key)
        if q is None:
            q = known[key] = slots.pendings(freeze(_stopped(pending, d)))
        numbers[k] = q
    return np.where(stop >= 0, numbers[np.maximum(stop, 0)], 0)


def _stopped(pending: dict, detail: tuple) -> dict:
    """The pending fight where escaping opens (explore.py `_finisher`, "stop")."""
    _he, es, _luck, _arm, rnd, wins = detail
    out = {**pending, "enemies": [{**e, "endurance": left} for e, left in zip(pending["enemies"], es)],
           "round": rnd}
    if "wins" in pending:
        out["wins"] = wins
    return out
