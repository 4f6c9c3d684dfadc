"""A 1-D NumPy array that grows in place, its room doubled when full, so that appending
k entries in many small pieces costs O(k) in all (a list of pieces concatenated again
at every read costs O(k) a read)."""
from __future__ import annotations

import numpy as np


class Grown:
    """An array whose first `n` entries are in use (`data[:n]`); `grow(n)` makes room for
    n (new room filled with `fill`), `append(x)` adds x's entries at the end."""

    def __init__(self, dtype, fill=0):
        self.data, self.n, self.fill = np.full(64, fill, dtype=dtype), 0, fill

    def grow(self, n: int) -> None:
        if n > len(self.data):
            more = np.full(max(n, 2 * len(self.data)), self.fill, dtype=self.data.dtype)
            more[:self.n] = self.data[:self.n]
            self.data = more
        self.n = n

    def append(self, x) -> None:
        start = self.n
        self.grow(start + len(x))
        self.data[start:self.n] = x

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, at):
        return self.data[:self.n][at]
