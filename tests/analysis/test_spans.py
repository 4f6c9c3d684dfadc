"""chain_arrays.py `spans`: the indexes of each span lo..hi-1 in turn, as a range an
item concatenated, whatever the spans (empty ones, at the start and the end too;
jumps back; overlaps; narrow unsigned pointers)."""
import numpy as np
import pytest

from engine.analysis.chain_arrays import spans


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("dtype", [np.int64, np.uint32, np.int32])
def test_the_spans_are_their_ranges_one_after_another(seed, dtype):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(0, 40))
    lo = rng.integers(0, 1000, size=k)
    hi = lo + np.where(rng.random(k) < 0.3, 0, rng.integers(0, 6, size=k))
    want = [i for a, b in zip(lo.tolist(), hi.tolist()) for i in range(a, b)]
    got = spans(lo.astype(dtype), hi.astype(dtype))
    assert got.tolist() == want and got.dtype == np.int64


def test_empty_spans_first_last_and_only():
    assert spans(np.array([3, 5, 9, 2]), np.array([3, 7, 9, 2])).tolist() == [5, 6]
    assert spans(np.array([4, 0]), np.array([6, 0])).tolist() == [4, 5]
    assert spans(np.array([4]), np.array([4])).tolist() == []
    assert spans(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)).tolist() == []
    assert spans(np.array([9, 1]), np.array([11, 3], dtype=np.uint32)).tolist() == [9, 10, 1, 2]   # (back)
