"""The Chroniques Crétoises fight chains over arrays (fight_graph.py) give the ends of the
node-by-node chain (explore.py `_Explored`, `explore.chains.Chain`), fraction for
fraction: every root the compiled explorer asks on the CC books (every strategy of
Honour kept back, every start with its stops where an answer opens, a surrender
offered), each solved both ways from an empty cache.  Three bugs planted in the
arrays are caught: options tied too loosely, a strategy that keeps all its Honour
spending it, a root's ends pushed under one strategy reused for another that chooses
otherwise (fight_graph.py `alike`)."""
from pathlib import Path

import pytest

import engine.rules.chroniques_cretoises.explore as E
import engine.rules.chroniques_cretoises.fight_graph as G
import engine.rules.chroniques_cretoises.fight_store as ST
from engine.analysis.compiled.explorer import explore_compiled
from tests.analysis_fixtures.support import FIXTURES, load

ROOT = Path(__file__).resolve().parents[3]
BOOKS = [(FIXTURES / "cc-duels.yaml", None), (ROOT / "tests/compiled/books/cc-fights.yaml", None),
         (ROOT / "books/le-taureau-d-airain.yaml", 30_000)]


def _asked(monkeypatch, path, max_states) -> list:
    """Every (rules, start, Honour kept back, root) the compiled explorer asks of the
    fight chains while it explores the book (their ends by code: FightGraph.coded)."""
    asked = []
    coded = G.FightGraph.coded

    def spy(graph, number, honour, keep, start, opens):
        asked.append((graph.model.rules, start, keep, graph.store.nodes[number]))
        return coded(graph, number, honour, keep, start, opens)
    monkeypatch.setattr(G.FightGraph, "coded", spy)
    book, module = load(path)[:2]
    explore_compiled(book, module, sheet=1, **({"max_states": max_states} if max_states else {}))
    monkeypatch.setattr(G.FightGraph, "coded", coded)
    return asked


def _ends(monkeypatch, rows: bool, asked: list) -> list:
    """Each root's ends, {End: Fraction} (or "stalemate"), one way, from an empty cache."""
    monkeypatch.setattr(E, "ROWS", rows)
    cache, out = {}, []
    for rules, start, keep, root in asked:
        try:
            out.append(dict(E.chain_ends(cache, rules, start, keep, root)))
        except ValueError:
            out.append("stalemate")
    return out


@pytest.fixture(scope="module")
def roots():
    with pytest.MonkeyPatch.context() as mp:
        return [r for path, n in BOOKS for r in _asked(mp, path, n)]


def test_every_root_has_the_node_by_node_chains_ends(monkeypatch, roots):
    reference = _ends(monkeypatch, False, roots)
    assert _ends(monkeypatch, True, roots) == reference
    # what was compared: strategies keeping Honour back, stops where an answer opens
    # and at a surrender offered, and ends of every kind
    assert len(roots) > 1000 and len({keep for _r, _s, keep, _n in roots}) >= 5
    ends = [end for found in reference if found != "stalemate" for end in found]
    stops = [end for end in ends if end.outcome == "stop"]
    assert any(end.detail[-1] is None for end in stops)          # an answer opens
    assert any(end.detail[-1] is not None for end in stops)      # a surrender offered
    assert {"win", "lose", "all-badly-wounded", "stop"} <= {end.outcome for end in ends}


@pytest.mark.parametrize("plant", ["tie", "never", "alike"])
def test_a_bug_planted_in_the_arrays_is_caught(monkeypatch, roots, plant):
    reference = _ends(monkeypatch, False, roots)
    if plant == "tie":   # options within 1 % of each other taken as equal
        monkeypatch.setattr(ST, "TIE", 0.01)
    elif plant == "alike":   # a root's ends pushed under one strategy taken for every other's
        monkeypatch.setattr(G, "alike", lambda chosen, other, nodes: True)
    else:                # keeping all one's Honour, yet spending it
        monkeypatch.setattr(G, "NEVER", 0)
    assert _ends(monkeypatch, True, roots) != reference
