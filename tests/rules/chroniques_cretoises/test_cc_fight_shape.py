"""Fights of one shape share their nodes' options (fight_shape.py): every node's
options read through the shape are the fight's own model's (`Fight.options` with its
own `finish`), and two fights of one shape and different constants (Shame, reward,
Honour exhausted, the lock at 0, whether Honour began above 0) priced from one cache
each get the ends of the module's node-by-node chain, fraction for fraction.  Three
planted bugs are caught: a shape blind to the hero's Force, a marker's end made once
for every fight of the shape (fight_graph.py `FightGraph._end`: one a fight), and a
graph that ends a fight with the first fight's `finish`.  Fights whose Shame kills the same
endings at the same Honour share one graph (fight_shape.py `ending`), each with the
model's own ends; two planted bugs are caught: an ending the graph holds left out of
the key ("all badly wounded"), and the Honour above 0 not asked."""
import pytest

import engine.rules.chroniques_cretoises.explore as E
import engine.rules.chroniques_cretoises.fight_graph as G
import engine.rules.chroniques_cretoises.fight_shape as S
from engine.analysis.chain import End
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.fight_graph import Model
from engine.rules.chroniques_cretoises.fight_store import OFFER

ENEMIES = ((7, 5, False, True), (6, 4, True, False))   # a man who surrenders, then a beast
BASE = R.Rules(8, 5, ENEMIES, 0, 0, all_down_ends=True)
# the same shape, other constants: Shame that kills a victory with little Honour left, a
# reward, Honour already exhausted, no lock, "all down" paid as the victory; and a timed
# fight (format 1.1 `rounds`), whose timeout is an ending too
VARIANTS = [BASE, BASE._replace(shame=3), BASE._replace(shame=2, reward=2),
            BASE._replace(shame=1, exhausted=True, lock=False, all_down_wins=True)]
TIMED = [BASE._replace(rounds=4), BASE._replace(rounds=4, shame=2)]
# fought to the end (no surrender offered: no stop), for the ends' kinds
FOUGHT = [r._replace(enemies=((7, 5, False, False), (6, 4, True, False))) for r in VARIANTS]


def _root(honour: int, turn_hero: bool = True) -> tuple:
    return R.node_of(turn_hero, 0, 0, [(0, R.FIGHTING), (0, R.FIGHTING)], honour)


def _nodes(model: Model, root) -> list:
    """Every node reachable from `root` by the model's own options."""
    seen, todo = {root}, [root]
    while todo:
        node = todo.pop()
        options = model.accept(node) if node[0] == OFFER else model.options(node)
        for _spent, option in options:
            for _w, child in option[1]:
                if child.__class__ is not End and child not in seen:
                    seen.add(child)
                    todo.append(child)
    return sorted(seen, key=repr)


@pytest.mark.parametrize("variants", [VARIANTS, TIMED])
def test_a_shapes_options_are_each_fights_own(variants):
    shape = S.Shape(variants[0])
    compared = ends = 0
    for rules in variants:
        for some in (0, 1):
            model = Model(rules, some)
            read = shape.reader(model)
            for node in _nodes(model, _root(3)):
                if node[0] == OFFER:
                    continue
                own = model.options(node)
                assert read(node) == own
                compared += 1
                ends += sum(1 for _s, o in own for _w, c in o[1] if c.__class__ is End)
    assert compared > 100 and ends > 50
    assert len(shape.known) < compared   # (shared: each node's options made once)


def _priced(rows: bool, monkeypatch, cache=None) -> list:
    """Each variant's ends for every amount kept back, from one cache."""
    monkeypatch.setattr(E, "ROWS", rows)
    cache = {} if cache is None else cache
    return [dict(E.chain_ends(cache, rules, frozenset(), keep, _root(honour)))
            for rules in VARIANTS + FOUGHT for honour in (0, 2, 4) for keep in E._kept_back(honour)]


def test_fights_of_one_shape_priced_each_as_the_model(monkeypatch):
    cache = {}
    shared = _priced(True, monkeypatch, cache)
    assert shared == _priced(False, monkeypatch)
    assert len([k for k in cache if k[:2] == ("cc", "shape")]) == 2   # one shape a fight
    # the constants change the ends: "all badly wounded" that Shame then kills is "shame"
    outcomes = [{end.outcome for end in found} for found in shared]
    assert any("shame" in o for o in outcomes)
    assert any("shame" not in o and "all-badly-wounded" in o for o in outcomes)


@pytest.mark.parametrize("plant", ["force", "finish", "ends"])
def test_a_bug_planted_in_the_sharing_is_caught(monkeypatch, plant):
    reference = _priced(False, monkeypatch)
    if plant == "force":   # a shape blind to the hero's Force
        shape = S.shape
        monkeypatch.setattr(S, "shape", lambda rules: shape(rules._replace(force=0)))
        monkeypatch.setattr(E, "shape", lambda rules: shape(rules._replace(force=0)))
        variants = [r._replace(force=f) for r in VARIANTS for f in (8, 10)]
        monkeypatch.setattr(E, "ROWS", True)
        cache = {}
        found = [dict(E.chain_ends(cache, rules, frozenset(), 0, _root(2))) for rules in variants]
        monkeypatch.setattr(E, "ROWS", False)
        assert found != [dict(E.chain_ends({}, rules, frozenset(), 0, _root(2))) for rules in variants]
        return
    if plant == "ends":   # a marker's end made once for every fight of the shape
        one: dict = {}
        end = G.FightGraph._end

        def once(graph, leaf):
            if leaf not in one:
                one[leaf] = end(graph, leaf)
            return one[leaf]
        monkeypatch.setattr(G.FightGraph, "_end", once)
        assert _priced(True, monkeypatch) != reference
        return
    end = G.FightGraph._end   # the first fight's ends read by every fight of the shape

    def first(graph, leaf):
        firsts = G.FightGraph.firsts = getattr(G.FightGraph, "firsts", None) or {}
        return end(firsts.setdefault(id(graph.numbers), graph), leaf)
    monkeypatch.setattr(G.FightGraph, "_end", first)
    monkeypatch.setattr(G.FightGraph, "firsts", {}, raising=False)
    assert _priced(True, monkeypatch) != reference


# fights of one shape whose Shame kills alike: a victory pays 3 Honour, so any Shame
# from 1 to 4 kills only a victory won at 0 Honour exhausted (the fight has no other
# ending), and Shame 0 nothing, whatever the reward and lock; where "all badly wounded"
# ends the fight (another shape), Shame 2 kills it at 1 Honour, Shame 1 does not
ALIKE = [r._replace(all_down_ends=False, reward=3) for r in FOUGHT[:1]]
ALIKE = [ALIKE[0]._replace(shame=s) for s in (1, 2, 4)] + [
    ALIKE[0]._replace(shame=0, reward=0), ALIKE[0]._replace(shame=0, lock=False, exhausted=True),
    ALIKE[0]._replace(shame=2, all_down_ends=True), ALIKE[0]._replace(shame=1, all_down_ends=True)]


def _each(rows: bool, monkeypatch, cache: dict) -> list:
    monkeypatch.setattr(E, "ROWS", rows)
    return [dict(E.chain_ends(cache, rules, frozenset(), keep, _root(honour)))
            for rules in ALIKE for honour in (0, 1, 3) for keep in E._kept_back(honour)]


def test_fights_that_end_alike_share_one_graph(monkeypatch):
    cache = {}
    shared = _each(True, monkeypatch, cache)
    assert shared == _each(False, monkeypatch, {})   # (each the model's own ends)
    graphs = {k[2:]: id(g) for k, g in cache.items() if k[:2] == ("cc", "graph") and len(k) == 4}
    assert len(graphs) == 2 * len(ALIKE)   # (each fight begun with Honour and without)
    # shared: Shame 1, 2 and 4 begun with Honour (a victory at 0, exhausted, is "shame");
    # Shame 0, with a reward or none, with Honour or without, and Shame 1 and 2 begun
    # without (a victory at 0, not exhausted, pays 3); apart: Shame 4 begun without
    # (3 < 4: that victory is "shame"), and the two Shames where "all badly wounded" ends it
    assert graphs[(ALIKE[0], True)] == graphs[(ALIKE[1], True)] == graphs[(ALIKE[2], True)]
    assert graphs[(ALIKE[3], True)] == graphs[(ALIKE[4], False)] == graphs[(ALIKE[0], False)] \
        == graphs[(ALIKE[1], False)]
    assert graphs[(ALIKE[0], True)] != graphs[(ALIKE[3], True)]
    assert graphs[(ALIKE[2], False)] != graphs[(ALIKE[0], False)]
    assert graphs[(ALIKE[5], True)] != graphs[(ALIKE[6], True)]
    assert len(set(graphs.values())) < len(graphs) / 2
    assert any("shame" in {end.outcome for end in found} for found in shared)


@pytest.mark.parametrize("plant", ["kinds", "shame"])
def test_a_bug_planted_in_the_endings_key_is_caught(monkeypatch, plant):
    reference = _each(False, monkeypatch, {})
    if plant == "kinds":   # "all badly wounded" forgotten among the endings a graph holds
        monkeypatch.setattr(S, "kinds", lambda rules: ("win",))
    else:   # only 0 Honour asked (any other probed as plenty): a Shame that kills with
        probe = S._probe   # 1 Honour left unseen
        monkeypatch.setattr(S, "_probe", lambda honour: probe(honour and 99))
    assert _each(True, monkeypatch, {}) != reference
