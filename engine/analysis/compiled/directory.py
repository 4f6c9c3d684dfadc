"""Sorted 64-bit hashes looked up through a directory of their top bits.

packed.py's `Table` keeps its states' hashes in a few sorted tables, and looks up each
batch's hashes in every one of them.  `np.searchsorted` does a binary search of about
log2(n) steps a hash, most of them cache misses once a table holds millions (the
difficulty table's spaces: 2 to 4 million states).  The hashes are uniform (packed.py
`_mix`), so a table's top b bits, 2**b about its size, cut it into buckets of one or
two hashes each: a directory of where each bucket starts (one linear pass to make)
finds a hash in a step or two.  Exact: a hash the table holds lies in its own bucket,
and the lookup stops at the first hash of that bucket not below it, so it finds the
same place as the binary search wherever the hash is there (`places`).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

FROM = 1 << 16   # tables smaller than this are searched (a directory does not pay)


class Directory(NamedTuple):
    """Where each bucket of a sorted table starts (`starts[j]`..`starts[j + 1]`: the
    hashes whose top bits are j, `hash >> shift`)."""

    shift: np.uint64
    starts: np.ndarray


def directory(sorted_hash: np.ndarray) -> Directory | None:
    """The directory of a sorted table of uint64 hashes (None below `FROM`)."""
    n = len(sorted_hash)
    if n < FROM:
        return None
    bits = n.bit_length() - 1   # (2**bits <= n: one or two hashes a bucket)
    shift = np.uint64(64 - bits)
    counts = np.bincount((sorted_hash >> shift).astype(np.int64), minlength=1 << bits)
    starts = np.zeros((1 << bits) + 1, dtype=np.int32 if n < 1 << 31 else np.int64)
    starts[1:] = np.cumsum(counts)
    return Directory(shift, starts)


def places(sorted_hash: np.ndarray, found: Directory, h: np.ndarray) -> np.ndarray:
    """Each of hashes `h`'s place in `sorted_hash` where the table holds it (elsewhere a
    place whose hash is another): each starts at its bucket's first hash and steps on
    while the hash there is below it, within the bucket (the hashes still stepping only)."""
    bucket = (h >> found.shift).astype(np.int64)
    at = found.starts[bucket].astype(np.int64)
    end = found.starts[bucket + 1]
    todo = np.flatnonzero(at < end)
    while todo.size:
        todo = todo[sorted_hash[at[todo]] < h[todo]]
        at[todo] += 1
        todo = todo[at[todo] < end[todo]]
    return np.minimum(at, len(sorted_hash) - 1)
