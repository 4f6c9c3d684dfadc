"""The fights' ends the compiled explorer priced, kept as one table for every fight.

vector.py `_fought` asks, for each root of a batch (a fight plan and an Endurance and
Luck: `_roots`), its ends under every strategy: rows (strategy, kind, Endurance, Luck,
armour left, pending number after a "stop") with their probabilities' numbers.  They
are priced once (`FightPlan.columns`) and met again by other states, in later batches.

Kept here as one table of entries (`Entries`: each entry its strategy, its end's
number and its probability's number) shared by every fight plan, each distinct end
row numbered once for the whole exploration; a plan's roots (`Priced`) hold where
their entries lie, in arrays indexed by Endurance and Luck.  So a batch gathers its
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
        """Each end row's number (new rows numbered next): the call's distinct rows
        found over arrays (compiled/distinct.py `numbered`), each then looked up once."""
        if not len(ends):
            return np.zeros(0, dtype=np.int64)
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
        return found[inverse]

    def distinct(self, entries: np.ndarray) -> tuple:
        """(the distinct end rows of `entries`, each entry's number among them)."""
        codes, _first, inverse = numbered_codes(self.end[entries], len(self.number))
        return self.rows[codes], inverse


class Priced:
    """The roots of one fight plan (and pending) priced so far: each root's entries
    `lo`..`hi` in `Entries`, by Endurance and Luck (-1: not priced yet)."""

    def __init__(self):
        self.lo = np.full((1, 1), -1, dtype=np.int64)
        self.hi = np.full((1, 1), -1, dtype=np.int64)

    def met(self, he: np.ndarray, luck: np.ndarray) -> np.ndarray:
        """Whether each root (Endurance, Luck; none negative) is priced."""
        inside = (he < self.lo.shape[0]) & (luck < self.lo.shape[1])
        out = np.zeros(len(he), dtype=bool)
        out[inside] = self.lo[he[inside], luck[inside]] >= 0
        return out

    def spans(self, he: np.ndarray, luck: np.ndarray) -> tuple:
        """(each root's first entry, its last plus one): roots priced."""
        return self.lo[he, luck], self.hi[he, luck]

    def place(self, he: np.ndarray, luck: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> None:
        """Roots priced: their entries `lo`..`hi`."""
        self._grow(int(he.max(initial=0)) + 1, int(luck.max(initial=0)) + 1)
        self.lo[he, luck], self.hi[he, luck] = lo, hi

    def _grow(self, h: int, lk: int) -> None:
        if h > self.lo.shape[0] or lk > self.lo.shape[1]:
            shape = (max(h, self.lo.shape[0]), max(lk, self.lo.shape[1]))
            for name in ("lo", "hi"):
                old = getattr(self, name)
                grown = np.full(shape, -1, dtype=np.int64)
                grown[:old.shape[0], :old.shape[1]] = old
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
        q = known.get((here, d))
        if q is None:
            q = known[(here, d)] = slots.pendings(freeze(_stopped(pending, d)))
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
