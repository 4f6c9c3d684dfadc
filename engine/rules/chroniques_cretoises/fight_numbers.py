"""The nodes of one fight shape numbered once, each with its options as numbers.

A fight's graph (fight_graph.py `FightGraph.add`) closes every node reachable from a
root into the cache's store (fight_store.py): its options, its children's numbers in
the store, its level, whether a stalemate lies below.  Done with the nodes themselves
(tuples of ten, the opponents a tuple of pairs), each step hashed a node again: the
graph's index looked up per child and per edge, the shape's options per node, each
marker's end per edge (a marker holds its node); on le-taureau-d-airain 203,805
nodes closed in 308 graphs of 55 shapes, a tenth of the fights' time.

Here a shape (or a fight without one) numbers its nodes once (`Numbers.numbered`),
and each node's options once as a `Row`: its Honour, its options (fight_store.py
`Flat`), per edge a reference (a node's number, or -1 - a leaf's: an End, or a
marker fight_shape.py makes each fight's End) and its distinct children's numbers
in the order a depth-first walk closes them.  A graph then walks and closes over
those numbers (`FightGraph.add`: a number's place in its store, a leaf's end, each
looked up by an integer), in the same order as before, so the store numbers the same
nodes and ends alike: the same arrays, pushes and ends (test_cc_fight_numbers.py
compares the stores node by node with the nodes closed one by one).
"""
from __future__ import annotations

from typing import NamedTuple

from engine.rules.chroniques_cretoises.fight_store import OFFER, Flat


class Row(NamedTuple):
    """A node's options as numbers (`Numbers.row`)."""

    node: tuple
    honour: int
    options: Flat
    refs: tuple   # per edge: a node's number, or -1 - a leaf's (`Numbers.leaves`)
    kids: tuple   # its distinct children's numbers, in the order a depth-first walk closes them


class Numbers:
    """The nodes of one model's fights numbered, and their options (`row`), made once:
    `options(node)` the model's [(spent, option)] (its ends left as markers where a
    shape reads them), `accept(node)` a surrender offered's one option."""

    def __init__(self, options, accept, flat):
        self.options, self.accept, self.flat = options, accept, flat
        self.number: dict = {}   # node -> its number
        self.nodes: list = []    # number -> node
        self.rows: list = []     # number -> its `Row` (None: not expanded yet)
        self.leaf: dict = {}     # an End or a marker -> its leaf number
        self.leaves: list = []   # leaf number -> the End or marker

    def numbered(self, node) -> int:
        found = self.number.get(node)
        if found is None:
            found = self.number[node] = len(self.nodes)
            self.nodes.append(node)
            self.rows.append(None)
        return found

    def row(self, number: int) -> Row:
        """The options of node `number` as numbers (its children numbered)."""
        found = self.rows[number]
        if found is None:
            node = self.nodes[number]
            offer = node[0] == OFFER
            options = self.flat(self.accept(node) if offer else self.options(node))
            refs = tuple(self.numbered(c) if c.__class__ is tuple else self._leaf(c) for c in options.kids)
            kids = tuple(self.number[c] for c in options.nodes)
            found = self.rows[number] = Row(node, 0 if offer else node[4], options, refs, kids)
        return found

    def _leaf(self, end) -> int:
        found = self.leaf.get(end)
        if found is None:
            found = self.leaf[end] = -1 - len(self.leaves)
            self.leaves.append(end)
        return found
