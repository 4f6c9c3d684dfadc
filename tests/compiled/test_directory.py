"""directory.py: a sorted table of 64-bit hashes looked up through the directory of
its top bits finds every hash it holds at the place the binary search finds it, and
none it does not hold; packed.py's `Table`, whose large tables are looked up so, finds
every row it keeps again (the same indices as rows added one batch after another)."""
from __future__ import annotations

import numpy as np
import pytest

from engine.analysis.compiled.directory import FROM, directory, places


@pytest.mark.parametrize("n", [FROM, FROM + 1, 3 * FROM + 7])
def test_places_are_the_binary_search_s_where_the_hash_is_held(n):
    rng = np.random.default_rng(n)
    held = np.unique(rng.integers(0, 2 ** 63, n, dtype=np.uint64) * np.uint64(2) + rng.integers(0, 2, n, dtype=np.uint64))
    held[0], held[-1] = np.uint64(0), np.uint64(2 ** 64 - 1)   # (the first and last buckets' ends)
    held = np.unique(held)
    # (a run of hashes in one bucket: many more than the one or two a bucket holds on average)
    crowd = held[len(held) // 2] + np.arange(1, 40, dtype=np.uint64)
    held = np.unique(np.concatenate([held, crowd]))
    found = directory(held)
    asked = np.concatenate([held[rng.integers(0, len(held), 5000)], crowd,
                            rng.integers(0, 2 ** 63, 5000, dtype=np.uint64) * np.uint64(2) + np.uint64(1),
                            np.array([0, 2 ** 64 - 1, 1, 2 ** 64 - 2], dtype=np.uint64)])
    at = places(held, found, asked)
    want = np.searchsorted(held, asked)
    there = (want < len(held)) & (held[np.minimum(want, len(held) - 1)] == asked)
    assert ((held[at] == asked) == there).all()
    assert (at[there] == want[there]).all()


def test_a_small_table_has_no_directory():
    assert directory(np.arange(FROM - 1, dtype=np.uint64)) is None


def _added(rows: np.ndarray, slots) -> tuple:
    """Each row's index as the rows are added in 40 batches, then all again reversed."""
    from engine.analysis.compiled.packed import Table
    table = Table(slots)
    index = np.concatenate([table.add(part)[0] for part in np.array_split(rows, 40)])
    again, new = table.add(rows[::-1])
    return index, again, new, bool(table._directories)


@pytest.mark.parametrize("small", [False, True])
def test_a_table_past_the_directory_s_size_finds_every_row_again(small, monkeypatch):
    """(`small`: every table of 16 hashes or more directed, so that tables with a
    directory are emptied into the next one too)"""
    from engine.analysis.compiled import directory as made, packed
    if small:
        monkeypatch.setattr(made, "FROM", 16)
    slots = packed.Slots()
    cols = [slots.index("stats", name) for name in ("gold", "skill", "luck")]
    rng = np.random.default_rng(1)
    values = np.unique(rng.integers(0, 120, (3 * FROM, 3)), axis=0)
    rng.shuffle(values)
    rows = np.tile(packed.Table(slots).batch([{}]), (len(values), 1))
    rows[:, cols] = values
    index, again, new, directed = _added(rows, slots)
    assert directed and sorted(index.tolist()) == list(range(len(rows)))
    assert again.tolist() == index[::-1].tolist() and not len(new)
    monkeypatch.setattr(packed, "directory", lambda sorted_hash: None)   # (binary searches only)
    searched = _added(rows, slots)
    assert searched[0].tolist() == index.tolist() and not searched[3]
