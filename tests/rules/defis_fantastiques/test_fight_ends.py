"""fight_ends.py, the fights' ends kept as one table for the compiled explorer: each
end row numbered once whatever call meets it again (small values or large ones), each
entry reading back the row it was given; a plan's roots found
where they were placed, the others (and other plans') not met."""
import numpy as np

from itertools import product

from engine.rules.defis_fantastiques.fight_ends import _WIDTHS, Entries, Priced, _code


def _ends(rng, n: int, big: bool = False) -> np.ndarray:
    rows = np.stack([rng.integers(0, 5, n), rng.integers(0, 4, n), rng.integers(0, 3, n),
                     rng.integers(0, 2, n), rng.integers(0, 3, n)], axis=1)
    if big:   # (a pending number, an Endurance past the packed key's fields)
        rows[::3, 4] += 1 << 40
        rows[1::5, 1] = 5000 + rows[1::5, 1]
    return rows


def test_each_end_row_is_numbered_once_across_calls_and_read_back():
    rng = np.random.default_rng(7)
    table, given = Entries(), []
    for call in range(12):
        ends = _ends(rng, 40 + 90 * call, big=call % 4 == 3)
        start = table.append(np.full(len(ends), call % 4), ends, np.arange(len(ends)) + 1000 * call)
        assert start == sum(len(g) for g in given)
        given.append(ends)
    ends = np.concatenate(given)
    numbers = table.end[:table.n]
    assert (table.rows[numbers] == ends).all()   # every entry reads back its own row
    _u, first, want = np.unique(ends, axis=0, return_index=True, return_inverse=True)
    # one number a distinct row: the numbers are the distinct rows' numbering, renamed
    assert len(set(numbers.tolist())) == len(first) == len(table.number)
    assert (numbers[first][want.reshape(-1)] == numbers).all()
    assert table.prob[:40].tolist() == list(range(40)) and table.strategy[:table.n].max() == 3


def test_end_rows_at_their_fields_edges_keep_distinct_numbers_found_by_code():
    """Rows with each field at 0, 1 or its largest coded value (and one past it): the
    codes order them as the rows order themselves, so distinct rows have distinct
    codes; numbered over many calls (the later ones found by code), each entry reads
    back its own row."""
    edges = [(0, 1, (1 << w) - 1) for w in _WIDTHS]
    rows = np.array(list(product(*edges)), dtype=np.int64)
    order = np.lexsort(rows.T[::-1])
    codes = _code(rows[order])
    assert (np.diff(codes) > 0).all()
    assert _code(rows + np.eye(5, dtype=np.int64)[None, 1] * (1 << _WIDTHS[1])) is None   # (past a field: no code)
    rng = np.random.default_rng(11)
    table, given = Entries(), []
    for call in range(6):
        ends = rows[rng.integers(0, len(rows), 150)]
        if call == 4:   # (some rows past the fields among them)
            ends[::7, 4] += 1 << 30
        table.append(np.zeros(len(ends), dtype=np.int64), ends, np.zeros(len(ends), dtype=np.int64))
        given.append(ends)
    ends = np.concatenate(given)
    assert (table.rows[table.end[:table.n]] == ends).all()
    assert len(table.number) == len(np.unique(ends, axis=0))


def test_the_distinct_ends_of_some_entries_are_their_rows_numbered_among_them():
    rng = np.random.default_rng(3)
    table = Entries()
    ends = _ends(rng, 3000, big=True)
    table.append(np.zeros(len(ends), dtype=np.int64), ends, np.zeros(len(ends), dtype=np.int64))
    some = rng.integers(0, len(ends), 700)
    rows, number = table.distinct(some)
    assert (rows[number] == ends[some]).all()
    assert len(rows) == len(np.unique(ends[some], axis=0))


def test_a_plans_roots_are_met_where_they_were_placed_and_others_not():
    priced = Priced()
    plan, other = priced.add(), priced.add()
    he, luck = np.array([3, 7, 1]), np.array([0, 2, 9])
    mine = np.full(3, plan)
    assert not priced.met(mine, he, luck).any()
    priced.place(mine, he, luck, np.array([10, 20, 30]), np.array([12, 25, 31]))
    priced.place(np.array([plan]), np.array([20]), np.array([1]), np.array([40]), np.array([44]))   # (grown: the first kept)
    asked_he, asked_luck = np.array([7, 3, 20, 1, 4, 30, 1]), np.array([2, 0, 1, 9, 0, 0, 8])
    assert priced.met(np.full(7, plan), asked_he, asked_luck).tolist() == [True, True, True, True, False, False, False]
    lo, hi = priced.spans(np.full(4, plan), asked_he[:4], asked_luck[:4])
    assert lo.tolist() == [20, 10, 40, 30] and hi.tolist() == [25, 12, 44, 31]
    # another plan's roots are its own: the same Endurance and Luck not met there
    assert not priced.met(np.full(7, other), asked_he, asked_luck).any()


def test_many_plans_keep_their_roots_as_the_table_grows():
    """Plans added past the first allocation (grown by half) and roots placed in any
    order: each plan's roots read back as placed, whatever was placed after them."""
    rng = np.random.default_rng(5)
    priced, placed = Priced(), {}
    for step in range(60):
        plan = priced.add()
        for _ in range(2):
            p = int(rng.integers(0, plan + 1))
            he, luck = rng.integers(0, 4 + step, 5), rng.integers(0, 3 + step // 4, 5)
            lo = rng.integers(0, 1000, 5)
            priced.place(np.full(5, p), he, luck, lo, lo + 3)
            for h, lk, x in zip(he.tolist(), luck.tolist(), lo.tolist()):
                placed[(p, h, lk)] = x
    keys = np.array(list(placed))
    assert priced.met(keys[:, 0], keys[:, 1], keys[:, 2]).all()
    lo, hi = priced.spans(keys[:, 0], keys[:, 1], keys[:, 2])
    assert lo.tolist() == list(placed.values()) and (hi - lo == 3).all()
    assert priced.met(keys[:, 0], keys[:, 1] + 200, keys[:, 2]).sum() == 0
