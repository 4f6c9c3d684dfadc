"""A fight's graph closed over its shape's numbered nodes (fight_numbers.py, fight_graph.py
`FightGraph.add`) fills the store as the nodes closed one by one did: the same nodes in
the same order, the same options, edges, children, ends, levels and stalemates, array
for array, on small fights of two shapes (a surrender offered among them), several
fights a shape, roots added one after another into one store.  The reference here is
the closing before the numbering: a depth-first walk over the nodes themselves, each
node's options the fight's own model's (`Fight.options`, `accept`), its children
looked up by node, its ends by End.  Planted and caught: the children closed in
another order, a node's distinct children left out (levels and stalemates), the edges
wired one off."""
import numpy as np
import pytest

import engine.rules.chroniques_cretoises.fight_graph as G
import engine.rules.chroniques_cretoises.fight_numbers as FN
from engine.analysis.chain import End
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.fight_shape import Shape
from engine.rules.chroniques_cretoises.fight_store import OFFER, Store

ENEMIES = ((7, 5, False, True), (6, 4, True, False))   # a man who surrenders, then a beast
BASE = R.Rules(8, 5, ENEMIES, 0, 0, all_down_ends=True)
FIGHTS = [BASE, BASE._replace(shame=3), BASE._replace(shame=2, reward=2),
          BASE._replace(shame=1, exhausted=True, lock=False, all_down_wins=True)]
TIMED = [BASE._replace(rounds=4), BASE._replace(rounds=4, shame=2)]
ARRAYS = ("honour", "first", "spent", "norm", "lo", "weight", "child", "end_value")


def _root(honour: int, hurt: int = 0) -> tuple:
    return R.node_of(True, hurt, 0, [(0, R.FIGHTING), (0, R.FIGHTING)], honour)


ROOTS = [_root(3), _root(1, 1), _root(0), _root(5, 2)]


def _closed_one_by_one(store: Store, model, index: dict, root) -> None:
    """The reference: every node reachable from `root` closed depth first by node."""
    opened, stack = {}, [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            options = opened.pop(node)
            child, stale = [], False
            for c in options.kids:
                if c.__class__ is tuple:
                    child.append(index[c])
                else:
                    child.append(-1 - store.ended(c))
                    stale = stale or c.outcome == "stalemate"
            index[node] = store.put(node, 0 if node[0] == OFFER else node[4], options, child,
                                    [index[c] for c in options.nodes], stale)
            continue
        if node in index or node in opened:
            continue
        options = opened[node] = G.flat(model.accept(node) if node[0] == OFFER else model.options(node))
        stack.append((node, True))
        stack.extend((c, False) for c in options.nodes if c not in index and c not in opened)
    store.sync()


def _stores(fights) -> tuple:
    """(the store filled through the shape's numbers, the store filled node by node):
    each fight begun with Honour and without, its roots added in turn."""
    numbered, reference = Store(), Store()
    shape = Shape(fights[0])
    for rules in fights:
        for some in (True, False):
            graph = G.FightGraph(rules, some, numbered, shape)
            index: dict = {}
            for root in ROOTS:
                if some or root[4] == 0:
                    graph.add(root)
                    _closed_one_by_one(reference, G.Model(rules, 1 if some else 0), index, root)
    return numbered, reference


def _same(a: Store, b: Store) -> bool:
    if a.nodes != b.nodes or a.ends != b.ends or a.level != b.level or a.stale != b.stale:
        return False
    return all(getattr(a, name).n == getattr(b, name).n
               and np.array_equal(getattr(a, name).data[:getattr(a, name).n + 1],
                                  getattr(b, name).data[:getattr(b, name).n + 1]) for name in ARRAYS)


@pytest.mark.parametrize("fights", [FIGHTS, TIMED])
def test_the_numbered_closing_fills_the_store_as_node_by_node(fights):
    numbered, reference = _stores(fights)
    assert _same(numbered, reference)
    # what was compared: hundreds of nodes, ends of several kinds, a surrender offered
    assert len(reference.nodes) > 300 and len(reference.ends) > 10
    assert any(node[0] == OFFER for node in reference.nodes)
    assert len({end.outcome for end in reference.ends if isinstance(end, End)}) >= 3
    assert max(reference.level) > 5


@pytest.mark.parametrize("plant", ["order", "kids", "refs"])
def test_a_bug_planted_in_the_numbering_is_caught(monkeypatch, plant):
    if plant == "order":   # the children walked, so closed, in another order
        row = FN.Numbers.row
        monkeypatch.setattr(FN.Numbers, "row", lambda numbers, number: row(numbers, number)._replace(
            kids=row(numbers, number).kids[::-1]))
    else:
        close = G.FightGraph._close

        def planted(graph, found):
            if plant == "kids":   # the distinct children left out: no level, no stalemate below
                return close(graph, found._replace(kids=()))
            return close(graph, found._replace(refs=found.refs[1:] + found.refs[:1]))   # the edges one off
        monkeypatch.setattr(G.FightGraph, "_close", planted)
    numbered, reference = _stores(FIGHTS)
    assert not _same(numbered, reference)
