"""fight_ends.py, the fights' ends kept as one table for the compiled explorer: each
end row numbered once whatever call meets it again (small values or large ones), each
entry reading back the row it was given; a plan's roots found
where they were placed, the others not met."""
import numpy as np

from engine.rules.defis_fantastiques.fight_ends import Entries, Priced


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
    he, luck = np.array([3, 7, 1]), np.array([0, 2, 9])
    assert not priced.met(he, luck).any()
    priced.place(he, luck, np.array([10, 20, 30]), np.array([12, 25, 31]))
    priced.place(np.array([20]), np.array([1]), np.array([40]), np.array([44]))   # (grown: the first kept)
    asked_he, asked_luck = np.array([7, 3, 20, 1, 4, 30, 1]), np.array([2, 0, 1, 9, 0, 0, 8])
    assert priced.met(asked_he, asked_luck).tolist() == [True, True, True, True, False, False, False]
    lo, hi = priced.spans(asked_he[:4], asked_luck[:4])
    assert lo.tolist() == [20, 10, 40, 30] and hi.tolist() == [25, 12, 44, 31]
