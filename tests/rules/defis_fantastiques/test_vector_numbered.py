"""vector.py's numbering of distinct rows (`_numbered`, `_first_numbered`: by a table of
the codes' span where it is small, else sorted) gives what `np.unique` gives: each
distinct row's first row and each row's number in increasing order of the rows."""
import numpy as np
import pytest

from engine.rules.defis_fantastiques.vector import _first_numbered, _numbered


@pytest.mark.parametrize("n", [0, 1, 7, 300, 5000])
@pytest.mark.parametrize("total", [1, 40, 70_000, 10 ** 9])
def test_codes_numbered_as_unique_numbers_them(n, total):
    rng = np.random.default_rng(n * 31 + total % 97)
    code = rng.integers(0, total, n)
    if n > 3:
        code[-3:] = code[:3]   # (repeats, the first of each earlier)
    first, number = _first_numbered(code, total)
    _u, want_first, want_number = np.unique(code, return_index=True, return_inverse=True)
    assert first.tolist() == want_first.tolist()
    assert number.tolist() == want_number.reshape(-1).tolist()


@pytest.mark.parametrize("width", [1, 3, 6])
def test_rows_numbered_as_unique_numbers_them(width):
    rng = np.random.default_rng(width)
    rows = rng.integers(-3, 4, (2000, width)) * rng.integers(0, 2, width)   # (some columns constant)
    rows[1000:] = rows[:1000]
    first, number = _numbered(rows)
    _u, want_first, want_number = np.unique(rows, axis=0, return_index=True, return_inverse=True)
    assert first.tolist() == want_first.tolist()
    assert number.tolist() == want_number.reshape(-1).tolist()
