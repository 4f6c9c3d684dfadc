"""Chroniques Crétoises fight ends made once for the successors alike
(fight_rows.py `twins`): the states, the moves and the exact value are those each
successor made on its own gives, and twins planted wrong are caught."""
from pathlib import Path

import numpy as np
import pytest

import engine.rules.chroniques_cretoises.fight_rows as fr
import engine.rules.chroniques_cretoises.vector_fights as vf
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.run import solve
from tests.analysis_fixtures.support import load

FIGHTS_BOOK = Path(__file__).parent / "books/cc-fights.yaml"
TAUREAU = Path(__file__).parents[2] / "books/le-taureau-d-airain.yaml"


def _alone(rules, batch, origin, values, honoured=None):
    """No twins: each successor made on its own (the reference)."""
    return np.arange(len(origin)), np.arange(len(origin))


def _explored(monkeypatch, twins) -> tuple:
    """((every state's row, each state's moves with their edges' targets' rows and
    exact probabilities: a set), the start's exact value), the successors merged."""
    merged = []

    def counted(rules, batch, origin, values, honoured=None):
        first, of = twins(rules, batch, origin, values, honoured)
        merged.append(len(origin) - len(first))
        return first, of
    monkeypatch.setattr(vf, "twins", counted)
    book, module = load(FIGHTS_BOOK)[:2]
    x = CompiledExplorer(book, module)
    g = x.run().graph
    rows = [r.tobytes() for r in x.table.rows]
    seen = set()
    for s in range(g.states):
        moves = []
        for m in range(int(g.state_ptr[s]), int(g.state_ptr[s + 1])):
            edges = range(int(g.move_ptr[m]), int(g.move_ptr[m + 1]))
            moves.append(tuple(sorted((rows[t] if t >= 0 else t, g.fractions[g.exact[e]])
                                      for e in edges for t in [int(g.targets[e])])))
        seen.add((rows[s], tuple(moves)))
    return (seen, solve(g)["exact"]), sum(merged)


def test_twins_make_the_graph_each_successor_makes(monkeypatch):
    made, merged = _explored(monkeypatch, vf.twins)
    assert merged > 0   # (twins met: the comparison holds some)
    assert _explored(monkeypatch, _alone)[0] == made


def _blind(column: int):
    """`twins` with one column of the successors' keys left out (planted)."""
    real = fr.distinct_rows

    def twins(rules, batch, origin, values, honoured=None):
        def keyed(keys):
            return real([c for j, c in enumerate(keys) if j != column]) if len(keys) == 6 else real(keys)
        fr.distinct_rows = keyed
        try:
            return real_twins(rules, batch, origin, values, honoured)
        finally:
            fr.distinct_rows = real
    real_twins = vf.twins
    return twins


def _rows_checked(monkeypatch, twins, path=TAUREAU, max_states=20_000) -> tuple[int, int]:
    """(the fights' successor rows `_finished` made through `twins` unlike those each
    successor made on its own gives, the rows merged), over an exploration."""
    real = vf.Fought._finished
    wrong, merged = [0], [0]

    def checked(self, batch, origin, values, shared=True):
        monkeypatch.setattr(vf, "twins", _alone)
        alone = real(self, batch, origin, values, False)[0].rows
        monkeypatch.setattr(vf, "twins", twins)
        out, _origin, of = real(self, batch, origin, values, shared)
        width = max(out.rows.shape[1], alone.shape[1])
        made, slots = out.rows[of], batch.slots
        wrong[0] += int((slots.widened(made, width) != slots.widened(alone, width)).any(axis=1).sum())
        merged[0] += len(origin) - len(out.rows)
        return out, _origin, of
    monkeypatch.setattr(vf.Fought, "_finished", checked)
    book, module = load(path)[:2]
    CompiledExplorer(book, module, sheet=1, max_states=max_states).run()
    return wrong[0], merged[0]


def test_twins_make_each_successor_row_on_le_taureau(monkeypatch):
    wrong, merged = _rows_checked(monkeypatch, vf.twins)
    assert wrong == 0 and merged > 0


def test_twins_of_other_states_are_caught(monkeypatch):
    made = _explored(monkeypatch, vf.twins)[0]
    assert _explored(monkeypatch, _blind(0))[0] != made


def test_twins_blind_to_the_honour_are_caught(monkeypatch):
    assert _rows_checked(monkeypatch, _blind(4))[0] > 0


@pytest.mark.parametrize("wide", [False, True])
def test_distinct_rows_of_columns_are_np_uniques_classes(wide):
    # columns alike in every row, booleans, and (wide) ranges past one 63-bit number a
    # row: the same classes as np.unique over the stacked rows, each with its first row
    rng = np.random.default_rng(7)
    n = 5000
    columns = [rng.integers(0, 4, n), np.full(n, 3), rng.integers(-2, 2, n) > 0, rng.integers(0, 9, n)]
    if wide:
        columns.append(rng.integers(0, 1 << 40, n) * (rng.integers(0, 2, n) > 0))
        columns.append(rng.integers(0, 1 << 30, n) * (rng.integers(0, 3, n) > 1))
    first, inverse = fr.distinct_rows(columns)
    rows = np.column_stack(columns).astype(np.int64)
    _u, want_first, want = np.unique(rows, axis=0, return_index=True, return_inverse=True)
    assert sorted(first.tolist()) == sorted(want_first.tolist())   # (each class's first row)
    assert (first[inverse] == want_first[want.reshape(-1)]).all()   # (each row's class)
