"""Every fighter's ends and strategies' pairs of one fight's decision point, in arrays
that only grow (vector_fights.py `Fought`).

A fighter's answer is made once (`Fought._arrays`: its distinct ends as rows of
fight_rows.py `end_row`, the labels of its strategies, their (label, end, probability)
pairs), but a batch reads the answers of all its fighters (hundreds a batch on
le-taureau-d-airain), and did so fighter by fighter in Python, then joined their
arrays (about a second at 3 M states).  Here each answer is appended once to arrays
of every answer's rows, numbered (`add`), so a batch reads its fighters' rows by
their numbers with one gather (`take`), in the same order as the join did.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.chain_arrays import spans


class Rows:
    """Rows of `width` integers, added a block at a time: block k is rows
    `ptr[k]`..`ptr[k + 1]` - 1 (room doubled as they grow)."""

    def __init__(self, width: int):
        self.data = np.zeros((64, width), dtype=np.int64)
        self.ptr = np.zeros(64, dtype=np.int64)
        self.n = self.k = 0   # rows, blocks

    def add(self, rows: np.ndarray) -> int:
        """The number of a new block of `rows`."""
        need = self.n + len(rows)
        if need > len(self.data):
            more = np.zeros((max(need, 2 * len(self.data)), self.data.shape[1]), dtype=np.int64)
            more[:self.n] = self.data[:self.n]
            self.data = more
        if self.k + 2 > len(self.ptr):
            self.ptr = np.concatenate([self.ptr, np.zeros(len(self.ptr), dtype=np.int64)])
        self.data[self.n:need] = rows
        self.n = need
        self.k += 1
        self.ptr[self.k] = need
        return self.k - 1

    def take(self, blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(the rows of `blocks`, one after another; each block's first row and size
        in `data`)."""
        lo, hi = self.ptr[blocks], self.ptr[blocks + 1]
        return self.data[spans(lo, hi)], lo, hi - lo


class Answers:
    """Fighters' answers by number: their ends (4 columns), their labels' numbers (in
    order) and their pairs (label's number, end, probability); answer 0 has none (a
    fighter the model does not answer)."""

    def __init__(self):
        self.ends, self.labels, self.pairs = Rows(4), Rows(1), Rows(3)
        self.add(np.zeros((0, 4), dtype=np.int64), [], np.zeros((0, 3), dtype=np.int64))

    def add(self, ends: np.ndarray, labels: list, pairs: np.ndarray) -> int:
        number = self.ends.add(ends)
        self.labels.add(np.array(labels, dtype=np.int64).reshape(-1, 1))
        self.pairs.add(pairs)
        return number

    def labelled(self, answers: np.ndarray) -> list:
        """The labels' numbers of these answers, each once, in order of first
        appearance (answer after answer, each in its order)."""
        seq = self.labels.take(answers)[0][:, 0]
        uniq, first = np.unique(seq, return_index=True)
        return uniq[np.argsort(first)].tolist()
