"""The edges kept sorted a slice at a time (compiled/edges.py) are the graph the sort of
every edge at the end gives, array for array; a slice out of order is refused and
sorted at the end with the rest."""
import dataclasses
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled import edges as E
from engine.analysis.compiled.edges import Edges
from engine.analysis.compiled.explorer import CompiledExplorer
from tests.analysis_fixtures.support import load

ROOT = Path(__file__).resolve().parents[2]
BOOKS = [ROOT / "tests/analysis/books/loop-chance.yaml", ROOT / "books/la-cloche-de-brumesel.yaml",
         ROOT / "books/le-taureau-d-airain.yaml"]


def graph(path, max_states=30_000):
    book, module, _ = load(path)
    x = CompiledExplorer(book, module, sheet=1, max_states=max_states)
    return x.run().graph, x


def same(a, b):
    for f in dataclasses.fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if f.name == "probs":
            x, y = np.asarray(x), np.asarray(y)
        if isinstance(x, np.ndarray):
            assert x.dtype == y.dtype and np.array_equal(x, y), f.name
        else:
            assert x == y, f.name


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
def test_the_slices_kept_in_order_are_the_graph_sorted_at_the_end(path, monkeypatch):
    kept, x = graph(path)
    assert not x.e_state and len(x.edges) == 0   # (every slice taken: the lists empty, the store handed over)
    monkeypatch.setattr(CompiledExplorer, "_sorted", lambda self: None)   # (every edge left to the end's sort)
    sorted_, _ = graph(path)
    same(kept, sorted_)


def test_a_slice_refused_is_sorted_at_the_end_with_those_kept(monkeypatch):
    path = ROOT / "books/la-cloche-de-brumesel.yaml"
    whole, _ = graph(path)
    calls = []
    add = Edges.add

    def refusing(self, *edges):   # (the third slice on: refused, left in the lists)
        calls.append(1)
        return len(calls) < 3 and add(self, *edges)
    monkeypatch.setattr(Edges, "add", refusing)
    mixed, _ = graph(path)
    assert len(calls) > 3
    same(whole, mixed)


def test_a_slice_not_above_the_states_kept_or_with_moves_out_of_order_is_refused():
    e = Edges()
    i32 = lambda *v: np.asarray(v, dtype=np.int32)   # noqa: E731
    u8 = lambda *v: np.asarray(v, dtype=np.uint8)   # noqa: E731
    # states 3 and 5 listed by move (3's move 1 before 5's move 0): sorted by state, stably
    assert e.add(i32(3, 5, 3, 3), u8(0, 0, 1, 1), i32(10, 11, 12, 13), u8(1, 2, 3, 4))
    assert e.targets[:e.e].tolist() == [10, 12, 13, 11] and e.move_len[:e.m].tolist() == [1, 2, 1]
    assert e.state[:e.k].tolist() == [3, 5] and e.state_moves[:e.k].tolist() == [2, 1]
    assert not e.add(i32(5), u8(0), i32(1), u8(1))   # (state 5 kept already)
    assert not e.add(i32(7, 7), u8(1, 0), i32(1, 2), u8(1, 1))   # (7's move 1 before its move 0)
    assert e.e == 4 and e.last == 5
    assert e.add(i32(9, 8), u8(0, 0), i32(-1, 300_000), u8(1, 1))   # (a target wider: the store widened)
    assert e.targets[:e.e].tolist() == [10, 12, 13, 11, 300_000, -1]
    st, mv, tg, pr = e.listed()
    assert st.tolist() == [3, 3, 3, 5, 8, 9] and mv.tolist() == [0, 1, 1, 0, 0, 0]
    e.drop_from(6)   # (a slice cut short: the states from 6 on let go)
    assert (e.e, e.m, e.k, e.last) == (4, 3, 2, 5)
    state_ptr, move_ptr, targets, probs = e.arrays(7)
    assert state_ptr.tolist() == [0, 0, 0, 0, 2, 2, 3, 3] and move_ptr.tolist() == [0, 1, 3, 4]
    assert targets.tolist() == [10, 12, 13, 11] and probs.tolist() == [1, 3, 4, 2]
    assert e.e == 0 and len(e.targets) == 0   # (handed over)


def test_the_arrays_grow_in_place_over_many_slices(monkeypatch):
    monkeypatch.setattr(E, "GROWTH", 2)
    e, rng, at = Edges(), np.random.default_rng(0), 0
    want = []
    for _ in range(40):
        states = np.repeat(np.arange(at, at + 50, dtype=np.int32), 3)
        tg = rng.integers(-1, 10_000, size=states.size).astype(np.int32)
        assert e.add(states, np.tile(np.asarray([0, 0, 1], dtype=np.uint8), 50), tg, np.ones(states.size, np.uint8))
        want.append(tg)
        at += 50
    state_ptr, move_ptr, targets, _probs = e.arrays(at)
    assert np.array_equal(targets, np.concatenate(want)) and len(state_ptr) == at + 1
    assert np.array_equal(np.diff(move_ptr.astype(np.int64)), np.tile([2, 1], at))


def test_the_witness_parents_read_a_part_at_a_time_are_the_first_edge_ins(monkeypatch):
    # parent[t]: the source of the first edge into t from a state numbered before it
    from engine.analysis.compiled import witness as W
    g, _ = graph(ROOT / "books/la-cloche-de-brumesel.yaml", 5_000)
    src = np.repeat(np.arange(g.states), np.diff(g.move_ptr.astype(np.int64)[g.state_ptr.astype(np.int64)]))
    first = np.full(g.states, -1)
    for s, t in zip(src.tolist(), g.targets.tolist()):
        if 0 <= t and s < t and first[t] < 0:
            first[t] = s
    monkeypatch.setattr(W, "PART", 97)   # (many parts: a target's edges over several)
    w = W.Witness.__new__(W.Witness)
    w.g, w._parents = g, None
    assert np.array_equal(w.parents(), first) and (first >= 0).sum() > 1000
