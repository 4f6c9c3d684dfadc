"""compiled/distinct.py `numbered`: the distinct tuples of a few columns and each row's
number among them, as `np.unique(axis=0, return_inverse=True)` gives them, whichever
way it finds them (counted over a small span, sorted over a large one, or rows sorted
whole when the span passes 63 bits); seeded draws."""
import numpy as np
import pytest

from engine.analysis.compiled.distinct import DENSE, numbered, sorted_distinct


def _expected(columns):
    uniq, inverse = np.unique(np.stack(columns, axis=1), axis=0, return_inverse=True)
    return [tuple(u) for u in uniq.tolist()], inverse.reshape(-1).tolist()


@pytest.mark.parametrize("low, high, rows", [
    (0, 3, 1000),            # (item counts: counted)
    (-5, 40, 3000),          # (a stat below 0 too: counted)
    (0, 1 << 20, 500),       # (a span past DENSE: sorted)
    (-(1 << 40), 1 << 40, 200),   # (a product past 63 bits: rows sorted whole)
])
def test_the_same_as_sorting_the_rows(low, high, rows):
    rng = np.random.default_rng(7)
    columns = [rng.integers(low, high, size=rows, dtype=np.int64) for _ in range(3)]
    columns.append(rng.integers(0, 2, size=rows).astype(bool))   # (a truth value read as a column)
    uniq, inverse = numbered(columns)
    assert (uniq, inverse.tolist()) == _expected(columns)
    assert inverse.dtype == np.int64


def test_counted_and_sorted_agree_at_the_edge():
    rng = np.random.default_rng(11)
    a = rng.integers(0, DENSE, size=64, dtype=np.int64)   # (a span of DENSE exactly: counted)
    b = np.zeros(64, dtype=np.int64)
    a[0], a[1] = 0, DENSE - 1
    assert numbered([a, b])[0] == _expected([a, b])[0]
    assert numbered([a, b])[1].tolist() == _expected([a, b])[1]


def test_no_rows():
    uniq, inverse = numbered([np.zeros(0, dtype=np.int64)] * 2)
    assert uniq == [] and len(inverse) == 0


@pytest.mark.parametrize("size, span", [(1, 1), (2000, 50), (32768, 1 << 62)])
def test_sorted_distinct_is_np_unique_with_any_row_standing_for_its_key(size, span):
    """packed.py's hashes: the distinct keys in order and each row's number as
    `np.unique` gives them; the row standing for a key holds it (not necessarily its
    first: the sort need not be stable)."""
    rng = np.random.default_rng(size)
    keys = rng.integers(0, span, size=size, dtype=np.uint64)
    keys = keys[rng.integers(0, size, size=size)]   # (repeats)
    uniq, first, inverse = sorted_distinct(keys)
    expected, expected_inverse = np.unique(keys, return_inverse=True)
    assert uniq.tolist() == expected.tolist()
    assert inverse.tolist() == expected_inverse.reshape(-1).tolist()
    assert (keys[first] == uniq).all()


def test_sorted_distinct_of_keys_alike_above_their_low_bits():
    """Keys that differ only in the low bits where each row's number is sorted with it
    lie interleaved in that sort (A, B, A, B): seen, and sorted again by the keys, so
    that each distinct key is one number (without that, A and B would each be two)."""
    a, b = np.uint64(1 << 63 | 0b1000), np.uint64(1 << 63 | 0b1001)
    keys = np.array([a, b, a, b, b, a, a], dtype=np.uint64)
    uniq, first, inverse = sorted_distinct(keys)
    assert uniq.tolist() == [int(a), int(b)]
    assert inverse.tolist() == [0, 1, 0, 1, 1, 0, 0]
    assert (keys[first] == uniq).all()


def test_sorted_distinct_over_every_64_bits():
    rng = np.random.default_rng(7)
    keys = rng.integers(0, 1 << 64, size=5000, dtype=np.uint64, endpoint=False)
    keys = keys[rng.integers(0, 5000, size=5000)]
    uniq, first, inverse = sorted_distinct(keys)
    expected, expected_inverse = np.unique(keys, return_inverse=True)
    assert uniq.tolist() == expected.tolist()
    assert inverse.tolist() == expected_inverse.reshape(-1).tolist()
    assert (keys[first] == uniq).all()


def test_sorted_distinct_of_nothing():
    uniq, first, inverse = sorted_distinct(np.zeros(0, dtype=np.uint64))
    assert len(uniq) == len(first) == len(inverse) == 0
