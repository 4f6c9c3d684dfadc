"""One Chroniques Crétoises fight's chain held in arrays, solved for every strategy at once.

The explorer's strategies (explore.py: "honour-optimal", "honour-keep-K") are the same
fight, each spending only the Honour it does not keep back; and a chain that stops where
an answer opens (explore.py `_Explored`) chooses as the same fight fought on (a stop is
priced at what fighting on from it is worth).  So one graph serves them all: every node
reachable from the roots asked, with every option of `transitions.Fight.options` (the
module's one fight model: nothing here says what a strike does) and the Honour each
spends, grown as new roots are asked (a node, once solved, never changes: its children
are solved before it).

* Every strategy (the Honour kept back: a column; keeping all of it is never spending,
  as Honour only falls in a fight) is solved at once, the new nodes level by level over
  arrays (a node's level: one more than its deepest child's), each node's option of
  highest value among those it may afford, in float64 exactly as `explore.chains.Chain`
  computes them (the same sums in the same order, the first option kept unless a later
  one is better by more than 1e-15): the same policy as the node-by-node chain, so the
  same exact ends.  The compiled explorer adds the roots of a whole batch first
  (explore.py `fight_plan`), so that they are solved together: every fight's graph
  numbers its nodes in one `Store` a cache (explore.py `_graph`), so that the few new
  nodes of each of a batch's fights are solved in one pass over the levels, with the
  strategies the explorer asks as columns from the start (a strategy asked later
  is a column solved then over every node).
* The ends from a root are pushed in integers through the chosen options (as
  `Chain.outcomes` pushes them, over the store's numbers; the compiled explorer reads
  each end by its code, `FightGraph.coded`: no End or Fraction made), stopping, for a start, at the
  nodes where an answer opens that was not open at the start, and at an opponent's
  surrender offered (a node of its own here, whose one option is the surrender
  accepted: explore.py prices it so).
* A node from which a stalemate can be reached (neither side can ever wound) makes its
  roots answer ValueError, as `_Explored.expand` does.

tests/rules/chroniques_cretoises/test_cc_fight_graph.py compares the ends with the
node-by-node chain's, fraction for fraction.
"""
from __future__ import annotations

from fractions import Fraction
from heapq import heappop, heappush
from math import gcd
from typing import NamedTuple

import numpy as np

from engine.analysis.chain import End
from engine.analysis.chain_arrays import spans
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.transitions import Fight

OFFER = "offer"   # a node (OFFER, the fight's node with the hero to strike, the opponent)
NEVER = 1 << 40   # the Honour kept back by a strategy that never spends any
TIE = 1e-15       # `Chain._back`: a later option must be better by more than this


def ended(fight: Fight, kind: str, node):
    """`Fight.finish` as the explorer reads it: the end keeps the kind and the node it
    is played from (explore.py `_finisher` plays it from there)."""
    end = Fight.finish(fight, kind, node)
    return End(end.outcome, (kind,) + tuple(node) + (None,)) if end.outcome != "lose" else end


class Model(Fight):
    """The fight fought on: a surrender offered is a node of its own (its one option:
    accepted); the ends as the explorer reads them."""

    def finish(self, kind, node):
        return ended(self, kind, node)

    def offer(self, node, base, i):
        return (OFFER, ("H",) + base[1:], i)

    def accept(self, node):
        _o, at, i = node
        return [(0, ("accept", ((1, Fight.out(self, None, at, i, R.SPARED)),), 0, 1, 0))]


class Flat(NamedTuple):
    """A node's options as `Store.close` writes them: per option the Honour it spends,
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


def flat(options) -> Flat:
    """`Fight.options`' list [(spent, option)] as a `Flat`."""
    spent, norm, starts, weights, kids = [], [], [], [], []
    for s, (_label, dist, stay, denom, _cost) in options:
        spent.append(s)
        norm.append(denom - stay)
        starts.append(len(kids))
        for w, child in dist:
            weights.append(w)
            kids.append(child)
    nodes = [c for c in kids if c.__class__ is tuple]
    return Flat(tuple(spent), tuple(norm), tuple(starts), tuple(weights), tuple(kids),
                tuple(reversed(dict.fromkeys(reversed(nodes)))))


class _Grown:
    """An array that grows (room doubled): its first `n` entries are in use."""

    def __init__(self, dtype, fill=0):
        self.data, self.n, self.fill = np.full(64, fill, dtype=dtype), 0, fill

    def grow(self, n: int) -> None:
        if n > len(self.data):
            more = np.full(max(n, 2 * len(self.data)), self.fill, dtype=self.data.dtype)
            more[:self.n] = self.data[:self.n]
            self.data = more
        self.n = n


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
        self.honour, self.first = _Grown(np.int64), _Grown(np.int64)
        self.spent, self.norm, self.lo = _Grown(np.int64), _Grown(np.int64), _Grown(np.int64)
        self.weight, self.child = _Grown(np.int64), _Grown(np.int64)
        self.end_value = _Grown(np.float64)   # per end: 1 where he survives the fight, else 0
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

    def close(self, node, options: Flat, index: dict, finish=None) -> int:
        """The number of `node`, given once its children have theirs in `index` (a
        child's number is smaller), its options and edges written (a marker among the
        children made its End by `finish`)."""
        new = self._new
        number = len(self.nodes)
        self.nodes.append(node)
        new["honour"].append(0 if node[0] == OFFER else node[4])
        new["first"].append(self.options)
        new["spent"].extend(options.spent)
        new["norm"].extend(options.norm)
        edges = self.edges
        new["lo"].extend([edges + a for a in options.starts])
        new["weight"].extend(options.weights)
        deepest, stale = 0, False
        level, stales = self.level, self.stale
        for c in options.nodes:
            c = index[c]
            deepest, stale = max(deepest, level[c]), stale or stales[c]
        child, end_at = new["child"], self.end_at
        for c in options.kids:
            if c.__class__ is tuple:
                child.append(index[c])
                continue
            if c.__class__ is not End:
                c = finish(c)
            j = end_at.get(c)
            if j is None:
                j = end_at[c] = len(self.ends)
                self.ends.append(c)
                new["end_value"].append(1.0 if c.outcome in R.SURVIVED else 0.0)
            stale = stale or c.outcome == "stalemate"
            child.append(-1 - j)
        self.edges += len(options.kids)
        self.options += len(options.spent)
        self.level.append(deepest + 1)
        self.stale.append(stale)
        return number

    def sync(self) -> None:
        """The arrays written from what `close` listed (each option's and node's end:
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


class FightGraph:
    """The chain of one fight (its `Rules`, and whether Honour began above 0) from every
    root asked so far, its nodes numbered in `store` (shared by the fights of a cache)."""

    def __init__(self, rules: R.Rules, some_honour: bool, store: Store | None = None, shape=None):
        """`shape`: the options of the fights of its shape (fight_shape.py `Shape`, read
        with this fight's ends), or None: this fight's model asked node by node."""
        self.model = Model(rules, 1 if some_honour else 0)
        if shape is None:
            self.flat, self.finish = (lambda node: flat(self.model.options(node))), None
        else:   # (the shape's options, its markers made this fight's ends as they are closed)
            read = shape.reader(self.model)
            self.flat, self.finish = read.flat, read.finish
        self.store = Store() if store is None else store
        self.index: dict = {}     # node -> its number in the store
        self.pushers: dict = {}   # (Honour kept back, start) -> its chosen options (`_Chosen`)
        self.starts: dict = {}    # start -> what its strategies' pushes share (`_Chosen`)
        self.through: dict = {}   # (start, root) -> [(the nodes a push went through, its `_Chosen`, its ends)]

    @property
    def stale(self) -> list:
        return self.store.stale

    # --- growing ----------------------------------------------------------------------
    def add(self, root) -> int:
        """The number of `root`, its chain added (every node reachable from it, with every
        option whatever Honour is kept back)."""
        found = self.index.get(root)
        if found is not None:
            return found
        index, store, finish = self.index, self.store, self.finish
        opened: dict = {}   # node -> its options (`Flat`), from its expansion to its closing
        stack = [(root, False)]
        while stack:
            node, done = stack.pop()
            if done:
                index[node] = store.close(node, opened.pop(node), index, finish)
                continue
            if node in index or node in opened:
                continue
            options = opened[node] = flat(self.model.accept(node)) if node[0] == OFFER else self.flat(node)
            stack.append((node, True))
            for child in options.nodes:
                if child not in index and child not in opened:
                    stack.append((child, False))
        store.sync()
        return index[root]

    # --- the ends ---------------------------------------------------------------------
    def outcomes(self, root, keep: int, start, opens) -> list:
        """[(End, Fraction)] from `root` under the strategy keeping `keep` Honour back,
        stopping where `opens(node)` (an answer not in `start` opens) and at a surrender
        offered, as explore.py's chain gives them; ValueError where a stalemate can be
        reached."""
        store = self.store
        ends = self.coded(self.add(root), root[4], keep, start, opens)
        return [(store.end(code), Fraction(n, d)) for code, (n, d) in ends.items()]

    def coded(self, number: int, honour: int, keep: int, start, opens) -> dict:
        """`outcomes` from the root numbered `number` (`add`), with `honour`, as {an
        end's code (`Store.end`): (numerator, denominator)} (no End or Fraction made:
        the compiled explorer reads the codes)."""
        store = self.store
        if store.stale[number]:
            raise ValueError("stalemate: neither side can ever wound")
        if keep >= honour:   # (Honour only falls in a fight: keeping it all is never spending)
            keep = NEVER
        column = store.column(keep)
        store.solve()
        chosen = self.pushers.get((keep, start))
        if chosen is None:
            shared = self.starts.setdefault(start, ({}, {}))
            chosen = self.pushers[(keep, start)] = _Chosen(store, column, opens, shared)
        found = chosen.pushed.get(number)
        if found is None:   # (a root met again: fighters that differ in what the fight does not read)
            found = chosen.pushed[number] = self._pushed(chosen, number, start)
        return found

    def _pushed(self, chosen: "_Chosen", number: int, start) -> dict:
        """The ends pushed from the root numbered `number` under `chosen`'s strategy: those
        of another strategy of the same start pushed from it before, where both chose
        alike at every node that push went through (`alike`).  The same ends, proved: a
        push reads at each node it reaches that node's chosen option alone (its children,
        ends and where it stops: the start's, shared), so by induction from the root both
        reach the same nodes with the same masses.  (On le-taureau-d-airain about a
        quarter of the pushes: keeping back 8 Honour or 13 often plays alike.)"""
        made = self.through.setdefault((start, number), [])
        for through, other, ends in made:
            if alike(chosen, other, through):
                return ends
        ends, through = _push(chosen, self.store.level, number)
        made.append((through, chosen, ends))
        return ends


def alike(chosen: "_Chosen", other: "_Chosen", nodes: list) -> bool:
    """Whether two strategies of one start choose the same option at every node of
    `nodes` (their entries are shared by option: `_Chosen.made`)."""
    return all(chosen[n] is other[n] for n in nodes)


def _push(chosen, level: list, root: int) -> tuple[dict, list]:
    """(the ends' exact masses from `root` through the chosen options, as
    `explore.chains.Chain.outcomes` pushes them (parents before children: a node's
    level is above its children's; a mass a pair of integers reduced once a node),
    the nodes it went through)."""
    mass, heap, ends, through = {root: (1, 1)}, [(-level[root], root)], {}, []
    while heap:
        node = heappop(heap)[1]
        through.append(node)
        num, den = mass.pop(node)
        g = gcd(num, den)
        num, den = num // g, den // g
        go, out, norm = chosen[node]
        den *= norm
        for w, code in out:
            old = ends.get(code)
            if old is None:
                ends[code] = (num * w, den)
            elif old[1] == den:
                ends[code] = (old[0] + num * w, den)
            else:
                ends[code] = (old[0] * den + num * w * old[1], old[1] * den)
        for w, child in go:
            old = mass.get(child)
            if old is None:
                mass[child] = (num * w, den)
                heappush(heap, (-level[child], child))
            elif old[1] == den:
                mass[child] = (old[0] + num * w, den)
            else:
                mass[child] = (old[0] * den + num * w * old[1], old[1] * den)
    return ends, through


class _Chosen(dict):
    """node number -> (the children pushed on [(weight, number)], the ends [(weight,
    code)], normaliser) of its chosen option for one strategy and start, made on first
    use: a child where the push stops is an end, "stop" (`Store.end`).  The strategies
    of one start share what an option pushes (`made`, option number -> its entry: it
    depends on the start alone, and they often choose alike) and where a push stops."""

    def __init__(self, store: Store, column: int, opens, shared: tuple):
        super().__init__()
        self.store, self.column, self.opens = store, column, opens
        self.stops, self.made = shared
        self.pushed: dict = {}   # root number -> its ends (`_push`)

    def __missing__(self, number):
        s = self.store
        opt = int(s.choice[number, self.column])
        found = self.made.get(opt)
        if found is None:
            found = self.made[opt] = self._made(opt)
        self[number] = found
        return found

    def _made(self, opt: int) -> tuple:
        s = self.store
        lo, hi = int(s.lo.data[opt]), int(s.lo.data[opt + 1])
        go, out = [], []
        for w, c in zip(s.weight.data[lo:hi].tolist(), s.child.data[lo:hi].tolist()):
            if c < 0:
                out.append((w, 2 * (-1 - c)))
            elif self._stops(c):
                out.append((w, 2 * c + 1))
            else:
                go.append((w, c))
        return go, out, int(s.norm.data[opt])

    def _stops(self, number: int) -> bool:
        """Whether the push stops at this node: a surrender offered, an answer opened."""
        found = self.stops.get(number)
        if found is None:
            node = self.store.nodes[number]
            found = self.stops[number] = node[0] == OFFER or self.opens(node)
        return found
