"""Chroniques Crétoises fights of one shape share their nodes' options.

A fight's graph (fight_graph.py) is one a `Rules` and whether Honour began above 0, but
what a strike does reads only part of the `Rules`: the hero's Shame, the reward, the
lock at 0 Honour, Honour already exhausted and whether "all down" pays the reward are
read by `Fight.finish` alone (how the fight ends: a victory that Shame then kills is
"shame"), the retreat and surrender by the escapes offered at `moves` alone (never in
the explorer's graphs).  Fights that differ only there are one shape
(transitions.py `shape`): on le-taureau-d-airain 308 graphs are 55 shapes, and
expanding a node (`Fight.options`) was a quarter of the fights' time.

So a node's options are made once a shape, by the module's own `Fight.options` over the
shape's rules with each ending left as a marker (`Finish`: its kind and node), and
numbered once (fight_numbers.py); each graph reads them through its own `finish`
(`Shape.reader` shows it node by node): what its own `options` gives, edge for edge.
Two distinct markers become two distinct ends (an end keeps its kind and node:
fight_graph.py `ended`), and a marker equals no node and no other end, so the merged
edges (`chain.merge`) are the same.
tests/rules/chroniques_cretoises/test_cc_fight_shape.py compares them node by node.

Fights of one shape whose Shame kills the same endings at the same Honour (`ending`)
have the same ends too: they share one graph, its solve and its pushes.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.rules.chroniques_cretoises.fight_graph import Model, flat
from engine.rules.chroniques_cretoises.fight_numbers import Numbers
from engine.rules.chroniques_cretoises.transitions import shape


class Finish(NamedTuple):
    """An ending as a shape's options hold it: `Fight.finish(kind, node)` of the graph
    that reads it (`mark` makes it equal to no node and no end)."""

    mark: object
    kind: str
    node: tuple


MARK = object()


class _Marked(Model):
    """The shape's model: its endings left as markers."""

    def finish(self, kind, node):
        return Finish(MARK, kind, node)


class Shape:
    """The options of every node asked by the fights of one shape."""

    def __init__(self, rules):
        self.model = _Marked(shape(rules), 0)   # (the Honour at the start: read by `finish` only)
        self.known: dict = {}   # node -> its options, endings marked (for `reader` alone)
        # (its nodes numbered, their options as numbers: the graphs of its fights read them)
        self.numbers = Numbers(self.model.options, self.model.accept, flat)

    def options(self, node) -> list:
        found = self.known.get(node)
        if found is None:
            found = self.known[node] = self.model.options(node)
        return found

    def numbered(self, model) -> Numbers:
        """The shape's numbered nodes, for a fight of this shape with no moves offered
        (`model`: its own `finish` makes each marker its end, fight_graph.py)."""
        if model.moves is not None or shape(model.rules) != self.model.rules:
            raise ValueError("not a fight of this shape")
        return self.numbers

    def reader(self, model):
        """`model.options` (a fight of this shape, with no moves offered) read from the
        shape's: each marker made `model.finish`'s end (what fight_graph.py reads of
        the shape's numbered options, node by node: the tests compare them)."""
        self.numbered(model)
        finish, known = model.finish, self.options

        def options(node) -> list:
            out = []
            for spent, option in known(node):
                dist = option[1]
                if any(c.__class__ is Finish for _w, c in dist):
                    dist = tuple((w, finish(c.kind, c.node) if c.__class__ is Finish else c) for w, c in dist)
                    option = (option[0], dist) + option[2:]
                out.append((spent, option))
            return out
        return options


def ending(rules, some: bool) -> tuple:
    """What decides a fight's graph (fight_graph.py `FightGraph`, one a `Rules` and
    whether Honour began above 0) beside its shape: the `Rules` but for what only
    `Fight.finish` reads (`transitions.shape`), and the endings Shame turns into
    "shame" (the kinds a graph ends in, at each Honour where one does).  Two fights
    with one key have the same model at every node, ends included, so they share one
    graph: its nodes, their solve and the ends' pushes (on le-taureau-d-airain the
    Shame of most fighters kills no ending: every one of them reads one graph).

    Why the Honour from 0 to the Shame alone need be asked: `finish` ends in "shame"
    where `model.shame_kills(shame, honour)`, shame > honour, with the Honour the
    hero keeps (`Fight.survivor`): the node's own for "hurt", "timeout" and "all
    badly wounded" that is no victory; for a victory `model.honour_after(h, h +
    reward)`, which is h + reward when h > 0 (never below h for a reward of 0 or
    more), and 0 or more at h = 0.  So at every Honour h >= shame no ending is
    "shame" (at h = shame = 0: 0 > honour never holds).  A negative reward, never
    met, is keyed on the whole `Rules`.  (The retreat and the surrender are kept in
    the key: where a push stops reads them, explore.py `_Opens`.)"""
    if rules.reward < 0:
        return (rules, some)
    model = Model(rules, 1 if some else 0)
    killed = frozenset((kind, h) for kind in kinds(rules) for h in range(rules.shame + 1)
                       if model.finish(kind, _probe(h)).outcome == "shame")
    return (shape(rules)._replace(retreat=rules.retreat, surrender=rules.surrender), killed)


def kinds(rules) -> tuple:
    """The endings `Fight.finish` is asked for in a fight's graph (transitions.py, no
    move offered: no retreat, no surrender): a victory; "all badly wounded" where the
    book's paragraph ends the fight (`model.wound_outcome`'s "all-down"); "hurt" where
    the hero's first wound ends it (`hurt`), "timeout" where it is timed (`rounds`).
    Each reads what the shape keeps, so every fight of a shape is asked the same."""
    return ("win",) + ("all-badly-wounded",) * rules.all_down_ends + ("hurt",) * rules.hurt \
        + ("timeout",) * bool(rules.rounds)


def _probe(honour: int) -> tuple:
    """A node with this Honour (`finish` reads its Honour, and its hero's condition
    for the end's detail)."""
    return ("E", 0, 0, (), honour, False, False, False, 0, 0)
