"""solve.py `_ranges` (each range lo..hi-1 in turn, now chain_arrays `spans`' running
sum) against the plain concatenation of Python ranges it replaces, and `_moves_of`
(the moves and edges of a level's states) against a walk of the graph's pointers,
array for array: empty ranges first, last and alone, narrow unsigned pointers, a
book's graph."""
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.solve import _ranges
from tests.analysis_fixtures.support import load

ROOT = Path(__file__).resolve().parents[2]


def _plain(lo, hi) -> list:
    return [i for a, b in zip(np.asarray(lo).tolist(), np.asarray(hi).tolist()) for i in range(a, b)]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("dtype", [np.int64, np.uint32, np.uint16, np.uint8])
def test_the_ranges_are_pythons_ranges_one_after_another(seed, dtype):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(0, 50))
    lo = np.sort(rng.integers(0, 200, size=k))   # (a CSR's pointers: increasing, some spans empty)
    hi = lo + np.where(rng.random(k) < 0.3, 0, rng.integers(1, 5, size=k))
    got = _ranges(lo.astype(dtype), hi.astype(dtype))
    assert got.dtype == np.int64 and got.tolist() == _plain(lo, hi)


def test_empty_ranges_first_last_and_alone():
    assert _ranges(np.array([0, 0, 3, 7]), np.array([0, 2, 3, 9])).tolist() == [0, 1, 7, 8]
    assert _ranges(np.array([4, 6]), np.array([6, 6], dtype=np.uint32)).tolist() == [4, 5]
    assert _ranges(np.array([5]), np.array([5])).tolist() == []
    assert _ranges(np.zeros(0, dtype=np.uint16), np.zeros(0, dtype=np.uint16)).tolist() == []


def test_a_books_moves_and_edges_are_its_pointers_walked():
    # every fourth state of la-cloche-de-brumesel's first 20,000 (some without moves):
    # the moves, edges and starts `_moves_of` gives are those of a walk of the pointers
    S = sys.modules["engine.analysis.compiled.solve"]   # (the package's `solve` is run.solve)
    book, module, _ = load(ROOT / "books" / "la-cloche-de-brumesel.yaml")
    g = CompiledExplorer(book, module, sheet=1, max_states=20_000).run().graph
    sol = S.Solution(g)
    states = np.arange(0, g.states, 4)
    moves, edges, move_starts, state_starts, has = sol._moves_of(states)
    sp, mp = g.state_ptr.tolist(), g.move_ptr.tolist()
    want_moves = [m for s in states.tolist() for m in range(sp[s], sp[s + 1])]
    want_edges = [e for m in want_moves for e in range(mp[m], mp[m + 1])]
    assert moves.tolist() == want_moves and edges.tolist() == want_edges
    assert move_starts.tolist() == np.cumsum([0] + [mp[m + 1] - mp[m] for m in want_moves])[:-1].tolist()
    assert state_starts.tolist() == np.cumsum([0] + [sp[s + 1] - sp[s] for s in states.tolist()])[:-1].tolist()
    assert has.tolist() == [sp[s + 1] > sp[s] for s in states.tolist()]
    assert (~has).any() and len(want_edges) > len(want_moves) > len(states) // 2
