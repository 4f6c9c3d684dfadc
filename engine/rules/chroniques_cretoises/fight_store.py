"""The arrays of every Chroniques Crétoises fight's graph (fight_graph.py) of one cache,
solved together for every strategy at once.

* A node is numbered by `Store.put` once its children are (fight_graph.py
  `FightGraph.add` closes them depth first), its options and edges written as lists and
  copied into arrays by `Store.sync`: per node its Honour and first option, per option
  the Honour it spends, its denominator less the chance of staying and its first edge,
  per edge its weight and its child (a node's number or an end's).
* Every strategy (the Honour kept back: a column; keeping all of it is never spending,
  as Honour only falls in a fight) is solved at once, the new nodes level by level over
  arrays (a node's level: one more than its deepest child's), each node's option of
  highest value among those it may afford, in float64 exactly as `explore.chains.Chain`
  computes them (the same sums in the same order, the first option kept unless a later
  one is better by more than 1e-15): the same policy as the node-by-node chain, so the
  same exact ends.  A strategy asked later is a column solved then over every node.

tests/rules/chroniques_cretoises/test_cc_fight_graph.py compares the ends with the
node-by-node chain's, fraction for fraction.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from engine.analysis.chain import End
from engine.analysis.chain_arrays import spans
from engine.rules.chroniques_cretoises import model as R
from engine.support.grown import Grown

OFFER = "offer"   # a node (OFFER, the fight's node with the hero to strike, the opponent)
TIE = 1e-15       # `Chain._back`: a later option must be better by more than this


class Flat(NamedTuple):
    """A node's options as `Store.put` writes them: per option the Honour it spends,
    its denominator less the chance of staying and its first edge (counted from the
    node's first), per edge its weight and its child (a node, an End, or a marker the
    graph's `finish` makes an End: fight_shape.py), and the distinct nodes among the
    children (in the order a depth-first walk closes them: by last appearance)."""

    spent: tuple
    norm: tuple
    starts: tuple
    weights: tuple
    kids: tuple
    nodes: tuple


class Store:
    """The arrays of every fight's graph of one cache, solved together: the nodes the
    fights of a batch added (a few dozen a fight, in as many levels as the deepest
    one) in one pass level by level, the strategies' columns all at once."""

    def __init__(self, keeps=()):
        self.nodes: list = []     # number -> node (a node of one fight: numbers are the store's)
        self.ends: list = []
        self.end_at: dict = {}
        self.level: list = []     # number -> one more than its deepest child's (ends: 0)
        self.stale: list = []     # number -> whether a stalemate can be reached from it
        # as arrays (written from `_new` by `sync`): per node its Honour and first option
        # (a node's options are contiguous), per option the Honour it spends, its
        # denominator less the chance of staying and its first edge, per edge its weight
        # and its child (a node's number, or -1 - an end's)
        self.honour, self.first = Grown(np.int64), Grown(np.int64)
        self.spent, self.norm, self.lo = Grown(np.int64), Grown(np.int64), Grown(np.int64)
        self.weight, self.child = Grown(np.int64), Grown(np.int64)
        self.end_value = Grown(np.float64)   # per end: 1 where he survives the fight, else 0
        self._new = {name: [] for name in ("honour", "first", "spent", "norm", "lo", "weight", "child",
                                           "end_value")}
        self.options = self.edges = 0
        # per strategy (the Honour it keeps back, a column), each node's value and chosen
        # option (the nodes below `solved` solved)
        self.keeps: list = []
        self.columns: dict = {}
        self.values = np.zeros((64, max(2, len(keeps))))   # (often small: little room first)
        self.choice = np.zeros((64, max(2, len(keeps))), dtype=np.int64)
        self.solved = 0
        for keep in keeps:   # (the strategies asked most, solved from the start)
            self.column(keep)

    def put(self, node, honour: int, options: Flat, child: list, kids: list, stale: bool) -> int:
        """The number of `node` (its Honour `honour`), given its children's (a child's
        number is smaller): its options and edges written, `child` per edge a node's
        number or -1 - an end's (`ended`), `kids` its distinct children's numbers,
        `stale` whether one of its ends is a stalemate (fight_graph.py `FightGraph.add`
        reads them from fight_numbers.py's rows)."""
        new = self._new
        number = len(self.nodes)
        self.nodes.append(node)
        new["honour"].append(honour)
        new["first"].append(self.options)
        new["spent"].extend(options.spent)
        new["norm"].extend(options.norm)
        edges = self.edges
        new["lo"].extend([edges + a for a in options.starts])
        new["weight"].extend(options.weights)
        new["child"].extend(child)
        deepest, level, stales = 0, self.level, self.stale
        for c in kids:
            deepest, stale = max(deepest, level[c]), stale or stales[c]
        self.edges += len(options.kids)
        self.options += len(options.spent)
        self.level.append(deepest + 1)
        self.stale.append(stale)
        return number

    def ended(self, end: End) -> int:
        """The number of an end among the store's (numbered on its first meeting)."""
        j = self.end_at.get(end)
        if j is None:
            j = self.end_at[end] = len(self.ends)
            self.ends.append(end)
            self._new["end_value"].append(1.0 if end.outcome in R.SURVIVED else 0.0)
        return j

    def sync(self) -> None:
        """The arrays written from what `put` listed (each option's and node's end:
        the next one's start, so one more entry)."""
        for name, values in self._new.items():
            grown = getattr(self, name)
            at = grown.n
            grown.grow(at + len(values) + 1)
            grown.data[at:at + len(values)] = values
            grown.n -= 1   # (the one more: `first` and `lo` read their last entry's end)
            values.clear()
        self.first.data[self.first.n] = self.options
        self.lo.data[self.lo.n] = self.edges

    def end(self, code: int) -> End:
        """The End of a code of `FightGraph.coded`: 2 j for `ends[j]`, 2 m + 1 for "stop"
        at node m (the fight waits there: a surrender offered, an answer opened)."""
        if not code & 1:
            return self.ends[code >> 1]
        node = self.nodes[code >> 1]
        return End("stop", node[1] + (node[2],)) if node[0] == OFFER else End("stop", node + (None,))

    def solve(self) -> None:
        """Every node added since the last solve, for every strategy."""
        if self.solved < len(self.nodes):
            self._solve(self.solved, len(self.nodes), slice(0, len(self.keeps)))
            self.solved = len(self.nodes)

    def column(self, keep: int) -> int:
        """The column of the strategy keeping `keep` back (a new one solved over every
        node solved so far)."""
        column = self.columns.get(keep)
        if column is None:
            column = self.columns[keep] = len(self.keeps)
            self.keeps.append(keep)
            if self.values.shape[1] <= column:   # (room for more columns)
                more = 2 * self.values.shape[1]
                self.values = np.hstack([self.values, np.zeros((len(self.values), more - column))])
                self.choice = np.hstack([self.choice, np.zeros((len(self.choice), more - column), dtype=np.int64)])
            self._solve(0, self.solved, slice(column, column + 1))
        return column

    def _solve(self, low: int, high: int, columns: slice) -> None:
        """The nodes `low`..`high` - 1 for the strategies of `columns`, level by level
        (the nodes of a level and their options at once): each node's option of highest
        value among those it may afford, the first unless a later one is better by more
        than TIE, its value summed edge by edge in order, as `Chain._back`.

        What does not depend on the children's values (each option's edges, children,
        weights, whether each strategy may afford it) is gathered once for every node
        of the call, in level order, and each level reads its slice: most levels hold a
        few nodes, and the calls a level cost more than their arithmetic.  An option
        one may not afford (or of no value) is valued -inf while the best is chosen:
        -inf is below every value and -inf + TIE is -inf, so "better by more than TIE"
        alone decides as the comparisons with NaN did (a node with no option left is
        valued NaN, its choice -1, as before)."""
        width = columns.stop - columns.start
        if high <= low or not width:
            return
        if len(self.values) < high:   # (room for more nodes)
            rows = max(high, 2 * len(self.values))
            self.values = np.vstack([self.values, np.zeros((rows - len(self.values), self.values.shape[1]))])
            self.choice = np.vstack([self.choice, np.zeros((rows - len(self.choice), self.choice.shape[1]),
                                                           dtype=np.int64)])
        first, lo, child = self.first.data, self.lo.data, self.child.data
        keeps = np.array(self.keeps, dtype=np.int64)[columns]
        values, choice = self.values, self.choice
        level = np.array(self.level[low:high], dtype=np.int64)
        order = np.argsort(level, kind="stable")
        nodes = low + order   # (level by level)
        at_node = np.concatenate(([0], np.flatnonzero(np.diff(level[order])) + 1, [len(order)])).tolist()
        f0, f1 = first[nodes], first[nodes + 1]
        count = f1 - f0
        opts = spans(f0, f1)   # (each node's options in turn: a level's, one slice)
        at_opt = np.concatenate(([0], np.cumsum(count)))[at_node].tolist()
        owner = np.repeat(np.arange(len(nodes)), count)
        slot = opts - np.repeat(f0, count)
        # (every edge of the options, option by edge; an edge past an option's last
        # weighs 0)
        elo, ehi = lo[opts], lo[opts + 1]
        edges = ehi - elo
        at = elo[:, None] + np.arange(int(edges.max()))
        on = (at < ehi[:, None])[..., None]
        at = np.where(on[..., 0], at, 0)
        c = child[at]
        node = (c >= 0)[..., None]
        kid = np.maximum(c, 0)
        end = self.end_value.data[np.maximum(-1 - c, 0)][..., None]
        weight = self.weight.data[at][..., None]
        norm = self.norm.data[opts][:, None]
        budget = np.maximum(0, self.honour.data[nodes][:, None] - keeps[None, :])
        afford = self.spent.data[opts][:, None] <= budget[owner]
        del c, at, budget
        for k in range(len(at_node) - 1):
            a, b, oa, ob = at_node[k], at_node[k + 1], at_opt[k], at_opt[k + 1]
            wide = int(edges[oa:ob].max())
            got = np.where(node[oa:ob, :wide], values[kid[oa:ob, :wide], columns], end[oa:ob, :wide])
            got = np.where(on[oa:ob, :wide], weight[oa:ob, :wide] * got, 0.0)
            total = np.zeros((ob - oa, width))
            for e in range(wide):
                total += got[:, e]
            v = total / norm[oa:ob]
            v = np.where(afford[oa:ob] & (v == v), v, -np.inf)
            # (the options node by slot: the first affordable kept unless a later one
            # is better by more than TIE, slot after slot)
            mine, here, place = nodes[a:b], owner[oa:ob] - a, slot[oa:ob]
            most = int(count[a:b].max())
            vs = np.full((b - a, most, width), -np.inf)
            vs[here, place] = v
            ids = np.full((b - a, most), -1, dtype=np.int64)
            ids[here, place] = opts[oa:ob]
            best = vs[:, 0].copy()
            chosen = np.where(best == -np.inf, -1, ids[:, :1])
            for s in range(1, most):
                better = vs[:, s] > best + TIE
                np.copyto(best, vs[:, s], where=better)
                np.copyto(chosen, ids[:, s:s + 1], where=better)
            values[mine, columns] = np.where(best == -np.inf, np.nan, best)
            choice[mine, columns] = chosen
