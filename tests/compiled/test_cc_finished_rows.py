"""Two passes over a Chroniques Crétoises fight's successors made shorter
(vector_fights.py `Fought._finished`): the hero's condition written with one gather
(fight_rows.py `put_condition`: the tables of the conditions present laid end to end)
and the Honour each end sets read from a table by (state case, value) (vector.py
`honour_set`, `_by_case`).  Each compared with the plain path it replaces (a sort of
the conditions and a write per condition; `numbered` over the two columns) on every
call exploring the small CC books and le-taureau-d-airain's first states, array for
array; planted bugs are caught."""
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import engine.rules.chroniques_cretoises.fight_rows as fr
import engine.rules.chroniques_cretoises.vector as V
import engine.rules.chroniques_cretoises.vector_fights as vf
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.distinct import numbered
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.packed import EXTRA
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.fighters import Answers
from tests.analysis_fixtures.support import load

BOOKS = Path(__file__).parent / "books"
TAUREAU = Path(__file__).parents[2] / "books/le-taureau-d-airain.yaml"
PLACES = [BOOKS / "cc-fights.yaml", BOOKS / "cc-honour-lock.yaml", BOOKS / "cc-surrender-items.yaml", TAUREAU]


def _explored(monkeypatch, path, module, name, record) -> list:
    """What `record` keeps of every call of `module.name` exploring the book at `path`
    (le-taureau-d-airain: its sheet 1, 20,000 states)."""
    seen, real = [], getattr(module, name)

    def caught(*args):
        seen.append(record(*args))
        return real(*args)
    monkeypatch.setattr(module, name, caught)
    book, rules = load(path)[:2]
    extra = {"sheet": 1, "max_states": 20_000} if path == TAUREAU else {}
    CompiledExplorer(book, rules, **extra).run()
    monkeypatch.setattr(module, name, real)
    return seen


# --- the hero's condition ------------------------------------------------------------
def _plain_condition(batch, values) -> None:
    """`put_condition` as it was: the conditions sorted out, each written in turn."""
    for c in np.unique(values).tolist():
        sel = np.flatnonzero(values == c)
        batch.rows[sel, EXTRA] = fr._condition_lut(batch.slots, c)[batch.rows[sel, EXTRA]]


def _conditions(monkeypatch, path) -> list:
    return _explored(monkeypatch, path, vf, "put_condition",
                     lambda batch, values: (batch.rows.copy(), batch.slots, values.copy()))


def _condition_wrong(seen, put) -> int:
    """The calls where `put` writes other rows than the plain path."""
    wrong = 0
    for rows, slots, values in seen:
        mine, ref = Batch(rows.copy(), slots), Batch(rows.copy(), slots)
        put(mine, values)
        _plain_condition(ref, values)
        wrong += not np.array_equal(mine.rows, ref.rows)
    return wrong


@pytest.mark.parametrize("path", PLACES, ids=lambda p: p.stem)
def test_the_condition_written_as_the_plain_path(monkeypatch, path):
    seen = _conditions(monkeypatch, path)
    assert seen and any(len(np.unique(v)) > 1 for _r, _s, v in seen)   # (several tables met)
    assert _condition_wrong(seen, fr.put_condition) == 0


def _first_table(batch, values) -> None:
    """Planted: every row read through the first present condition's table."""
    c = int(np.flatnonzero(np.bincount(values))[0])
    batch.rows[:, EXTRA] = fr._condition_lut(batch.slots, c)[batch.rows[:, EXTRA]]


def _tables_swapped(batch, values) -> None:
    """Planted: the tables laid end to end in the reverse order of the conditions."""
    present = np.flatnonzero(np.bincount(values)).tolist()
    tables = [fr._condition_lut(batch.slots, c) for c in present]
    width = min(len(t) for t in tables)
    at = np.zeros(present[-1] + 1, dtype=np.int64)
    at[present] = np.arange(len(present))[::-1] * width
    batch.rows[:, EXTRA] = np.concatenate([t[:width] for t in tables])[at[values] + batch.rows[:, EXTRA]]


@pytest.mark.parametrize("plant", [_first_table, _tables_swapped])
def test_planted_conditions_are_caught(monkeypatch, plant):
    assert _condition_wrong(_conditions(monkeypatch, BOOKS / "cc-fights.yaml"), plant) > 0


# --- the Honour each end sets -------------------------------------------------------
def _plain_honour(cases, case, values):
    """`honour_set`'s successors as they were: `numbered` over (case, value)."""
    pairs, inverse = numbered([case, values])
    uniq = [cases[c][:1] + (n,) + cases[c][1:] for c, n in pairs]
    kept, marked = zip(*(R.honour_after(o, n, bool(e), bool(k)) for o, n, e, k in uniq))
    return np.asarray(kept, dtype=np.int64)[inverse], np.asarray(marked, dtype=bool)[inverse]


def _same_honour(found, cases, case, values) -> bool:
    ref = _plain_honour(cases, case, values)
    return found is not None and all(a.dtype == b.dtype and np.array_equal(a, b) for a, b in zip(found, ref))


def _random_cases() -> list:
    """(cases, each successor's case, values): Honour before 0 or not, exhausted or
    not, locked or not; values below 0, at 0, above; one successor; a span wider than
    the successors (no table: None).  (The lock's branch of model.honour_after, Honour
    set from 0 where exhausted and locked, is met here: no fight of the small books
    meets it.)"""
    rng = np.random.default_rng(36)
    every = [(o, e, k) for o in (0, 1, 4) for e in (False, True) for k in (False, True)]
    out = []
    for n in (1, 5, 300, 20_000):
        case = rng.integers(0, len(every), size=n)
        out.append((every, case, rng.integers(-3, 9, size=n)))
    out.append((every[:2], np.array([0, 1, 1]), np.array([-1 << 20, 0, 1 << 20])))
    return out


def test_the_table_by_case_is_numbered_over_the_pairs():
    found = [V._by_case(*c) for c in _random_cases()]
    assert found[-1] is None   # (the span too wide: the caller numbers the pairs)
    assert all(_same_honour(f, *c) for f, c in zip(found[:-1], _random_cases()))


def _honoured(monkeypatch, path) -> list:
    """(cases, case, values) of every fight's successors `_by_case` is handed."""
    return _explored(monkeypatch, path, V, "_by_case", lambda cases, case, values: (cases, case.copy(), values.copy()))


@pytest.mark.parametrize("path", PLACES, ids=lambda p: p.stem)
def test_the_honour_set_as_the_plain_path(monkeypatch, path):
    seen = _honoured(monkeypatch, path)
    assert seen and all(_same_honour(V._by_case(*s), *s) for s in seen)


def _next_value(cases, case, values):
    """Planted: each successor read at the next value met (the last at its own)."""
    return V._by_case(cases, case, np.minimum(values + 1, values.max()))


def _first_case(cases, case, values):
    """Planted: each successor read under the first case (its state's own not kept)."""
    return V._by_case(cases, np.zeros_like(case), values)


@pytest.mark.parametrize("plant", [_next_value, _first_case])
def test_planted_honour_tables_are_caught(monkeypatch, plant):
    seen = _honoured(monkeypatch, BOOKS / "cc-honour-lock.yaml") + _honoured(monkeypatch, BOOKS / "cc-fights.yaml")
    assert not all(_same_honour(plant(*s), *s) for s in seen)


# --- the successors' ends, gathered once ------------------------------------------------
def _plain_successors(ends, number, of):
    """`successors` as it was: the ends' rows gathered in the states' order, then in
    their kinds'."""
    at, counts = ends.ptr[number], ends.ptr[number + 1] - ends.ptr[number]
    per_state = counts[of]
    origin = np.repeat(np.arange(len(of)), per_state)
    base = np.cumsum(per_state) - per_state
    values = ends.data[np.repeat(at[of], per_state) + np.arange(len(origin)) - np.repeat(base, per_state)]
    order = np.argsort(values[:, 0].astype(np.int8), kind="stable")
    place = np.empty_like(order)
    place[order] = np.arange(len(order))
    return origin[order], values[order], base, place


def _handed_ends(monkeypatch, path) -> list:
    """(the fighters' ends as they were, the answers' numbers, each state's fighter) of
    every call of `successors` exploring the book at `path`."""
    def kept(ends, number, of):
        copy = SimpleNamespace(data=ends.data[:ends.n].copy(), ptr=ends.ptr[:ends.k + 1].copy())
        return copy, number.copy(), of.copy()
    return _explored(monkeypatch, path, vf, "successors", kept)


def _successors_wrong(seen, made) -> int:
    wrong = 0
    for ends, number, of in seen:
        mine, ref = made(ends, number, of), _plain_successors(ends, number, of)
        wrong += not all(a.dtype == b.dtype and np.array_equal(a, b) for a, b in zip(mine, ref))
    return wrong


@pytest.mark.parametrize("path", PLACES, ids=lambda p: p.stem)
def test_the_successors_gathered_as_the_plain_path(monkeypatch, path):
    seen = _handed_ends(monkeypatch, path)
    assert seen and _successors_wrong(seen, vf.successors) == 0


def test_the_successors_of_fighters_without_ends():
    """Fighters with no end (answer 0: the model does not answer) among others, first,
    last and alone: their states have no successor, as in the plain path."""
    answers = Answers()
    rng = np.random.default_rng(36)
    for size in (3, 1, 5):
        ends = np.column_stack([rng.integers(0, 6, size), rng.integers(0, 9, (size, 3))])
        answers.add(ends, [0], np.zeros((size, 3), dtype=np.int64))
    ends = SimpleNamespace(data=answers.ends.data[:answers.ends.n], ptr=answers.ends.ptr[:answers.ends.k + 1])
    for number, of in [([0, 1, 2, 3], [0, 1, 2, 3, 2, 0]), ([0, 2], [1, 0, 0, 1]), ([0], [0, 0]), ([3, 1], [1, 0])]:
        seen = [(ends, np.array(number), np.array(of))]
        assert _successors_wrong(seen, vf.successors) == 0


def _states_order(ends, number, of):
    """Planted: the ends' rows left in the states' order (not the kinds')."""
    origin, values, base, place = vf.successors(ends, number, of)
    return origin[place], values[place], base, place


def _one_span_short(ends, number, of):
    """Planted: each state's last end left out, the others moved up."""
    origin, values, base, place = vf.successors(ends, number, of)
    return origin, np.roll(values, 1, axis=0), base, place


@pytest.mark.parametrize("plant", [_states_order, _one_span_short])
def test_planted_successors_are_caught(monkeypatch, plant):
    assert _successors_wrong(_handed_ends(monkeypatch, BOOKS / "cc-fights.yaml"), plant) > 0
