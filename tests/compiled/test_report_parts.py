"""The report's passes over every edge read the edges a part at a time (findings.py
`error_sources`; reach.py `policy_parts`, `reach_mass`), and an explorer run once lets its probabilities'
numbering caches go (explorer.py `_compacted`): the same answers as whole."""
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled import findings as F, reach as R
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.graph import Graph, edge_probs
from engine.analysis.compiled.lazy import Lazy
from engine.analysis.compiled.solve import Solution
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


@pytest.mark.parametrize("part", [1, 2, 3, 1 << 22])
@pytest.mark.parametrize("states", [1, 2, 1 << 20])
def test_best_play_s_edges_read_where_chosen_are_its_moves_edges(monkeypatch, part, states):
    monkeypatch.setattr(R, "EDGES", part)
    monkeypatch.setattr(R, "STATES", states)
    # state 0: moves of 2 and 1 edges (the second chosen); 1: one move of 3; 2: none;
    # 3: a move of 2 edges (not chosen: policy -1)
    g = graph(4, [2, 1, 0, 1], [2, 1, 3, 2], [1, 2, 2, 2, 0, -1, 0, 1])

    class Sol:
        policy = np.array([1, 0, -1, -1], dtype=np.int8)
    parts = list(R.policy_parts(g, Sol, np.arange(4)))
    src, tgt, prob = (np.concatenate(x) for x in zip(*parts))
    assert src.tolist() == [0, 1, 1, 1] and tgt.tolist() == [2, 2, 0, -1] and list(prob) == [1.0] * 4
    assert all(len(s) <= max(part, 3) for s, _t, _p in parts)   # (a state's edges in one part)
    assert [s.tolist() for s, _t, _p in R.policy_parts(g, Sol, np.array([1, 3]))] == [[1, 1, 1]]


def random_graph(seed: int, n: int = 60):
    """A graph of `n` states with loops, some states victories: each state 0..3 moves
    of 1..3 outcomes of probabilities summing to 1, to any state (often to itself or
    near it) or to ERROR."""
    rng = np.random.default_rng(seed)
    moves = rng.integers(0, 4, size=n)
    moves[rng.random(n) < 0.3] = 0
    per_move = rng.integers(1, 4, size=int(moves.sum()))
    owner = np.repeat(np.repeat(np.arange(n), moves), per_move)
    near = owner + rng.integers(-3, 12, size=len(owner))
    t = np.where(rng.random(len(owner)) < 0.5, near, rng.integers(0, n, size=len(owner)))
    t = np.where((t < 0) | (t >= n) | (rng.random(len(owner)) < 0.05), -1, t).astype(np.int32)
    fractions = [Fraction(1), Fraction(1, 2), Fraction(1, 3), Fraction(2, 3)]
    ids = np.concatenate([[0] if k == 1 else [1, 1] if k == 2 else [2, 2, 2] for k in per_move]).astype(np.uint8)
    sp = np.concatenate(([0], np.cumsum(moves)))
    mp = np.concatenate(([0], np.cumsum(per_move)))
    terminal = ((moves == 0) & (rng.random(n) < 0.5)).astype(np.uint8)
    roots = [(Fraction(1, 2), 0), (Fraction(1, 2), int(n // 2))]
    return Graph(sp.astype(np.uint32), mp.astype(np.uint32), t, edge_probs(fractions, ids), ids, fractions,
                 terminal, np.zeros(n, dtype=np.int16), roots)


def reach_by_hand(g, sol) -> list:
    """Each state's probability of being reached under best play, from its definition
    (exact fractions): a state's component is entered by the roots in it and by the
    best-play edges into it from other components, each member counted as entered
    once (a loop's mass not multiplied by its turns)."""
    comp = sol.comp_of.tolist()
    into: dict = {}
    for s in range(g.states):
        k = int(sol.policy[s])
        if k < 0 or g.state_ptr[s + 1] == g.state_ptr[s]:
            continue
        m = int(g.state_ptr[s]) + k
        for i in range(int(g.move_ptr[m]), int(g.move_ptr[m + 1])):
            t = int(g.targets[i])
            if t >= 0 and comp[t] != comp[s]:
                into.setdefault(comp[t], []).append((s, g.fractions[int(g.exact[i])]))
    known: dict = {}

    def entered(c):
        if c not in known:
            known[c] = sum((p for p, t in g.roots if t >= 0 and comp[t] == c), Fraction(0)) \
                + sum((entered(comp[s]) * p for s, p in into.get(c, ())), Fraction(0))
        return known[c]
    return [entered(comp[s]) for s in range(g.states)]


@pytest.mark.parametrize("seed", range(6))
def test_best_play_s_reach_made_level_by_level_a_part_at_a_time_is_its_definition(monkeypatch, seed):
    g = random_graph(seed)
    sol = Solution(g).floats()
    assert sol.cyclic.any() and (sol.policy >= 0).any()
    whole = R.reach_mass(g, sol)
    monkeypatch.setattr(R, "EDGES", 1)   # (a state's edges a part)
    monkeypatch.setattr(R, "STATES", 3)
    assert whole.tolist() == R.reach_mass(g, sol).tolist()
    assert np.allclose(whole, [float(x) for x in reach_by_hand(g, sol)], rtol=1e-12, atol=1e-15)


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
    # (a fight's probability known as a float first, compiled/lazy.py, is a number of its
    # own, never looked up: kept as it is, not copied)
    assert all(p is q for p, q in zip(before, once.fractions) if type(p) is Lazy)
    assert any(type(p) is Lazy for p in before)
    for i, p in enumerate(kept.fractions):
        if type(p) is not Lazy:
            assert once._prob(p) == i
    assert len(once.fractions) == len(kept.fractions)
