"""compiled/distinct.py `numbered`: the distinct tuples of a few columns and each row's
number among them, as `np.unique(axis=0, return_inverse=True)` gives them, whichever
way it finds them (counted over a small span, sorted over a large one, or rows sorted
whole when the span passes 63 bits); seeded draws."""
import numpy as np
import pytest

from engine.analysis.compiled.distinct import DENSE, numbered, numbered_codes, sorted_distinct


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


@pytest.mark.parametrize("size, total", [
    (1, 1 << 20),                 # (one row)
    (3000, 1 << 30),              # (sorted with the row numbers below the codes)
    (3000, 1 << 51),              # (the most the codes may span with 12 bits of rows)
    (3000, (1 << 51) + 1),        # (one more: np.unique)
])
@pytest.mark.parametrize("first", [True, False])
def test_codes_over_a_large_span_numbered_as_np_unique_numbers_them(size, total, first):
    """`numbered_codes` beyond the counted span: the distinct codes in order, each one's
    first row and each row's number, as `np.unique` gives them (the codes near the top
    of their span too, where a row number spilling into a code would show)."""
    rng = np.random.default_rng(size + total % 1000)
    code = rng.integers(0, total, size=size, dtype=np.int64)
    code[: size // 3] = total - 1 - rng.integers(0, 3, size=size // 3)
    code = code[rng.integers(0, size, size=size)]   # (repeats, in no order)
    codes, at, inverse = numbered_codes(code, total, first=first)
    expected, expected_at, expected_inverse = np.unique(code, return_index=True, return_inverse=True)
    assert codes.tolist() == expected.tolist()
    assert inverse.tolist() == expected_inverse.reshape(-1).tolist()
    assert at is None if not first else at.tolist() == expected_at.tolist()


@pytest.mark.parametrize("high", [3, 1000, 1 << 40])
def test_unique_rows_are_those_of_np_unique(high):
    """distinct.py `unique_rows` (the Chroniques Crétoises fighters' and twins' keys)
    gives np.unique(axis=0)'s rows, first rows and numbers: dense codes, sorted codes,
    and columns whose ranges pass 63 bits together."""
    from engine.analysis.compiled.distinct import unique_rows
    rng = np.random.default_rng(high % 97)
    keys = rng.integers(-2, high, size=(3000, 3), dtype=np.int64)
    keys[1500:] = keys[:1500]
    uniq, first, inverse = unique_rows(keys)
    want, want_first, want_inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    assert np.array_equal(uniq, want) and np.array_equal(first, want_first)
    assert np.array_equal(inverse, want_inverse.reshape(-1))
