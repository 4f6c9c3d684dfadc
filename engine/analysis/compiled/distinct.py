"""The distinct value tuples of a few integer columns, numbered without sorting the rows.

A rule asked once for each distinct case of a batch (the Chroniques Crétoises sheet
for each equipment, Honour's lock for each change) needs the distinct cases and each
row's number among them.  `np.unique` sorts the batch for that (n log n, a third of
le-taureau-d-airain's after-change rule); here each row is one number by mixed radix
over the columns' ranges (a column's value less its least, times the ranges after
it: distinct tuples, distinct numbers), and where those numbers span few values
(`DENSE`) the distinct ones are found by marking them in a table of that span, in
order, in two passes over the rows.  Beyond it, or when the product of the ranges
passes 63 bits, they are sorted as before.  The tuples come back in increasing order
of their number, as `np.unique` gives them.
"""
from __future__ import annotations

import numpy as np

DENSE = 1 << 16   # a span counted at most (beyond it: four times the rows at most)


def numbered(columns: list[np.ndarray]) -> tuple[list[tuple], np.ndarray]:
    """(the distinct tuples (column 0's value, column 1's, ...) of the rows, each row's
    number among them (int64)): `columns` integer arrays of one length."""
    n = len(columns[0]) if columns else 0
    if not n:
        return [], np.zeros(0, dtype=np.int64)
    code, total, lows, spans = _radix(columns)
    if code is None:
        uniq, inverse = np.unique(np.stack(columns, axis=1), axis=0, return_inverse=True)
        return [tuple(u) for u in uniq.tolist()], inverse.reshape(-1)
    codes, _first, inverse = numbered_codes(code, total)
    digits = []
    rest = codes.copy()
    for lo, s in zip(reversed(lows), reversed(spans)):
        digits.append(rest % s + lo)
        rest //= s
    return list(zip(*(d.tolist() for d in reversed(digits)))), inverse


def numbered_block(block: np.ndarray) -> tuple[list[tuple], np.ndarray]:
    """`numbered(list(block))` of a matrix whose rows are the columns (C-contiguous,
    one column a row): each column's least and greatest value found by one reduction
    over the matrix (`_radix` asked each column twice), and the distinct tuples read
    from a row of each, not decoded from their numbers (the sheet's refresh over the
    equipment: a dozen columns a batch, most of them alike in every row)."""
    n = block.shape[1]
    if not n:
        return [], np.zeros(0, dtype=np.int64)
    lows, highs = block.min(axis=1).tolist(), block.max(axis=1).tolist()
    total = 1
    for lo, hi in zip(lows, highs):
        total *= hi - lo + 1
    if total >= 1 << 63:
        return numbered(list(block))
    code = np.zeros(n, dtype=np.int64)
    for j, (lo, hi) in enumerate(zip(lows, highs)):
        if hi > lo:   # (a column alike in every row adds nothing to the code, as in `_radix`)
            code *= hi - lo + 1
            code += block[j]
            code -= lo
    codes, _first, inverse = numbered_codes(code, total)
    one = np.empty(len(codes), dtype=np.int64)   # (a row of each code: rows of one code are one tuple)
    one[inverse] = np.arange(n)
    return [tuple(u) for u in block[:, one].T.tolist()], inverse


def unique_rows(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the distinct rows of a 2-D integer array, the first row of each, each row's
    number among them): `np.unique(keys, axis=0, return_index=True,
    return_inverse=True)`, by one code a row (`numbered`'s) where they fit in 63 bits."""
    if not len(keys):
        return keys, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    code, total, _lows, _spans = _radix([keys[:, j] for j in range(keys.shape[1])])
    if code is None:
        uniq, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
        return uniq, first, inverse.reshape(-1)
    _codes, first, inverse = numbered_codes(code, total, first=True)
    return keys[first], first, inverse


def distinct_columns(columns: list) -> tuple[np.ndarray, np.ndarray]:
    """(the first row of each distinct row, in increasing order of their codes; each
    row's number among them) of the rows whose values are `columns` (1-D integer arrays
    of one length), as `unique_rows` without gathering the distinct rows (nothing reads
    them where this is used, and over millions of rows the gather costs more than the
    numbering) and reading each column as it is, contiguous."""
    if not columns or not len(columns[0]):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    code, total, _lows, _spans = _radix(columns)
    if code is None:
        _u, first, inverse = unique_rows(np.column_stack(columns))
        return first, inverse
    _codes, first, inverse = numbered_codes(code, total, first=True)
    return first, inverse


def _radix(columns: list[np.ndarray]) -> tuple:
    """(each row's code by mixed radix over the columns' ranges, the codes' span, the
    columns' least values, their ranges), the code None where the span passes 63 bits."""
    lows = [int(c.min()) for c in columns]
    spans = [int(c.max()) - lo + 1 for c, lo in zip(columns, lows)]
    total = 1
    for s in spans:
        total *= s
    if total >= 1 << 63:
        return None, total, lows, spans
    code = np.zeros(len(columns[0]), dtype=np.int64)
    for c, lo, s in zip(columns, lows, spans):
        if s == 1:
            continue   # (a column alike in every row adds nothing to the code: most of a batch's)
        code *= s
        code += c
        code -= lo
    return code, total, lows, spans


def numbered_codes(code: np.ndarray, total: int, first: bool = False) -> tuple:
    """(the distinct codes in increasing order, the first row of each or None, each
    row's number among them): `np.unique(code, return_index=first, return_inverse=True)`
    for codes from 0 to `total` - 1, by marking the codes in a table of that span where
    it is small (`DENSE`, or four times the rows; each code's first row by `minimum.at`),
    with no sort of the rows; else sorted."""
    n = len(code)
    if total > max(DENSE, 4 * n):
        if n and total <= 1 << (63 - max(int(n - 1).bit_length(), 1)):
            return _sorted_codes(code, n, first)
        if first:
            codes, at, inverse = np.unique(code, return_index=True, return_inverse=True)
        else:
            (codes, inverse), at = np.unique(code, return_inverse=True), None
        return codes, at, inverse.reshape(-1)
    if first:
        at = np.full(total, n, dtype=np.int64)
        np.minimum.at(at, code, np.arange(n))
        codes = np.flatnonzero(at < n)
        at = at[codes]
    else:
        seen = np.zeros(total, dtype=bool)
        seen[code] = True
        codes, at = np.flatnonzero(seen), None
    place = np.zeros(total, dtype=np.int64)
    place[codes] = np.arange(len(codes))
    return codes, at, place[code]


def _sorted_codes(code: np.ndarray, n: int, first: bool) -> tuple:
    """`numbered_codes` by a sort of the codes, each with its row number in the bits
    below it (`np.sort` of the values: equal codes lie together in order of their rows,
    the first of each its first row; two to three times as fast as the `argsort` of
    `np.unique`, la-cloche-de-brumesel's fights 2.4 million codes, a sort each
    batch), for codes from 0 to `total` - 1 with `total` times 2**bits below 2**63."""
    bits = max(int(n - 1).bit_length(), 1)
    packed = code.astype(np.int64) << bits
    packed |= np.arange(n, dtype=np.int64)
    packed.sort()
    ranked = packed >> bits
    order = packed & ((1 << bits) - 1)
    starts = np.empty(n, dtype=bool)
    starts[0] = True
    np.not_equal(ranked[1:], ranked[:-1], out=starts[1:])
    inverse = np.empty(n, dtype=np.int64)
    inverse[order] = np.cumsum(starts) - 1
    return ranked[starts], order[starts] if first else None, inverse


def sorted_distinct(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the distinct keys in increasing order, a row holding each, each row's number
    among them) of a 1-D array of 64-bit keys (uint64: the table's hashes):
    `np.unique(keys, return_index=True, return_inverse=True)` but for which row stands
    for its key.  Each key's row number is written in place of its lowest bits and
    those words sorted directly (`np.sort` of the values, two and a half times as fast
    as `argsort` of the keys): equal keys then lie together, in order of their rows.
    Keys alike but in those low bits may lie interleaved there (A, B, A: about one
    batch in a million): that is seen and the keys are then sorted by `argsort`."""
    n = len(keys)
    if not n:
        return keys[:0], np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    low = np.uint64((1 << max(int(n - 1).bit_length(), 1)) - 1)
    packed = keys & ~low
    packed |= np.arange(n, dtype=np.uint64)
    packed.sort()
    order = (packed & low).astype(np.int64)
    ranked = keys[order]
    starts = np.empty(n, dtype=bool)
    starts[0] = True
    np.not_equal(ranked[1:], ranked[:-1], out=starts[1:])
    if (starts[1:] & ((packed[1:] ^ packed[:-1]) <= low)).any():   # (two keys alike above `low`)
        order = keys.argsort()
        ranked = keys[order]
        np.not_equal(ranked[1:], ranked[:-1], out=starts[1:])
    inverse = np.empty(n, dtype=np.int64)
    inverse[order] = np.cumsum(starts) - 1
    return ranked[starts], order[starts], inverse
