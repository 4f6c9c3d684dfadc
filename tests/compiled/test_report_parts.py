"""The report's passes over every edge read the edges a part at a time (findings.py
`error_sources`, `policy_edges`), and an explorer run once lets its probabilities'
numbering caches go (explorer.py `_compacted`): the same answers as whole."""
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled import findings as F
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.graph import Graph, edge_probs
from tests.analysis_fixtures.support import load

ROOT = Path(__file__).resolve().parents[2]


def graph(n, moves_per_state, edges_per_move, targets):
    sp = np.concatenate(([0], np.cumsum(moves_per_state)))
    mp = np.concatenate(([0], np.cumsum(edges_per_move)))
    t = np.asarray(targets, dtype=np.int32)
    ids = np.zeros(len(t), dtype=np.uint8)
    return Graph(sp.astype(np.uint32), mp.astype(np.uint32), t, edge_probs([Fraction(1)], ids), ids,
                 [Fraction(1)], np.zeros(n, dtype=np.uint8), np.zeros(n, dtype=np.int16), [(Fraction(1), 0)])


@pytest.mark.parametrize("part", [1, 2, 3, 5, 1 << 22])
def test_the_states_with_an_engine_error_read_part_by_part_are_those_of_every_edge(monkeypatch, part):
    monkeypatch.setattr(F, "PART", part)
    rng = np.random.default_rng(part)
    n = 40
    moves = rng.integers(0, 3, size=n)
    per_move = rng.integers(1, 4, size=int(moves.sum()))
    t = rng.integers(-2, n, size=int(per_move.sum()))   # (ERROR -1 and FRONTIER -2 among them)
    g = graph(n, moves, per_move, t)
    edge_state = np.repeat(np.repeat(np.arange(n), moves), per_move)
    assert F.error_sources(g).tolist() == sorted(set(edge_state[t == -1].tolist()))
    assert F.error_sources(graph(2, [1, 0], [1], [1])).tolist() == []


def test_best_play_s_edges_read_where_chosen_are_its_moves_edges():
    # state 0: moves of 2 and 1 edges (the second chosen); 1: one move of 3; 2: none
    g = graph(3, [2, 1, 0], [2, 1, 3], [1, 2, 2, 2, 0, -1])

    class Sol:
        policy = np.array([1, 0, -1], dtype=np.int8)
    src, tgt, prob = F.policy_edges(g, Sol)
    assert src.tolist() == [0, 1, 1, 1] and tgt.tolist() == [2, 2, 0, -1] and list(prob) == [1.0] * 4


def test_an_explorer_run_once_numbers_its_probabilities_as_before_its_caches_went(monkeypatch):
    book, module, _ = load(ROOT / "books" / "la-cloche-de-brumesel.yaml")
    before, compacted = [], CompiledExplorer._compacted

    def seen(self):
        before.extend(self.fractions)
        compacted(self)
    monkeypatch.setattr(CompiledExplorer, "_compacted", seen)
    once = CompiledExplorer(book, module, sheet=1, once=True, max_states=20_000)
    kept = CompiledExplorer(book, module, sheet=1, max_states=20_000)
    a, b = once.run(), kept.run()
    assert a.graph.fractions == b.graph.fractions and (a.graph.exact == b.graph.exact).all()
    assert not once._tables and not once._by_id and kept._tables
    # the copies are new objects, equal, of the same type; each still found at its number
    assert all(type(p) is type(q) and p == q for p, q in zip(once.fractions, kept.fractions))
    assert before == once.fractions and any(isinstance(p, Fraction) for p in before)
    assert all(p is not q for p, q in zip(before, once.fractions) if isinstance(p, Fraction))
    for i, p in enumerate(kept.fractions):
        assert once._prob(p) == i
    assert len(once.fractions) == len(kept.fractions)
