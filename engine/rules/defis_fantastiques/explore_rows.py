"""The explorer's fight chains over rows: every starting point of one fight solved at once.

`explore.ExploredFight` solves its chain node by node in Python (`explore.chains.Chain`);
here the same chain is generated over rows by `fight_vec.ArrayFight` (the module's scalar
rules asked once per value) and solved level by level by `analysis.chain_arrays`, with
the two readings the explorer needs:

* the ends keep the Endurance, the Luck and the armour hits left (`End(outcome, (he,
  luck, arm))`, a death `End("lose")`), as `ExploredFight.ended`;
* there is no escape inside: the chain is the one fought to the end, and a chain that
  stops where escaping opens is the same chain read with every round-start node from
  round `after` on as its end `End("stop", (he, es, luck, arm, round, wins))`.  A stop
  is worth what fighting on from it is worth, so the best option of every node before
  it is the fought-to-the-end chain's: one solve serves both.

The chain is built from a grid of starting points (every Endurance, Luck and armour up
to the largest asked, for each opponents' Endurance, round and wins asked), so that
the explorer's later starting points are found in it; one outside it rebuilds the grid
larger.  The exact distribution of the ends from a starting point is pushed through
the chosen options for all the grid's starting points with its opponents, round and
wins at once, on the first ask of one of them (`chain_pushes.push_many`: integer masses
over one scale, level by level; the explorer asks about 40 % of a grid, and the pushes
at once cost less than its asks alone), the Fractions made when asked; with `AHEAD`
off, node by node (`Chain.outcomes`, the same push as the node-by-node path).

The compiled explorer's grids (`arrays`, numbered by a `Probabilities` table) are
pushed in floats (`LAZY`: chain_floats.py `push_floats`, each float within 2**-53 + a
proven error of its probability), each end a `lazy.Lazy` whose Fraction is made only
if the exact solve reads it (`_Grid.exact`: its roots pushed again exactly, those
alone): la-cloche-de-brumesel, sheet 1, makes about 1,000 of its 146,546.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import gcd
from typing import NamedTuple

import numpy as np

from engine.analysis.chain import End
from engine.analysis.chain_arrays import Fast, NearTie, Solved, spans
from engine.analysis.chain_pushes import Pushed, push_arrays, push_many
from engine.analysis.chain_floats import push_floats, usable
from engine.analysis.explore.chains import Chain

from engine.rules.defis_fantastiques.fight_vec import LOSE, ArrayFight
from engine.rules.defis_fantastiques.odds_special import OUTCOMES

MAX_STATES = 2_000_000   # a grid's chain larger than this is left to the node-by-node path
# the ends of a starting point pushed with all its grid's that share its opponents, round
# and wins, at once (`_ahead`), rather than alone (measured: tools/bench_explore.py --fight-push)
AHEAD = True
MAX_BUILDS = 6           # grids rebuilt for one fight before its later roots go node by node
# a grid's ends pushed in floats, each probability made exact only when read (compiled/lazy.py);
# off: pushed exactly (measured: tools/bench_compiled.py, la-cloche-de-brumesel)
LAZY = True


class _Rows(ArrayFight):
    """`ArrayFight` as the explorer reads it: ends with the sheet left, no escape inside."""

    def __init__(self, fight, tops):
        super().__init__(fight, tops)
        hmax, _emax, lmax, amax = tops
        self.shape = (hmax + 1, lmax + 1, amax + 1)
        self.ends, self.distinct, self.end_key = _grid_ends(self.shape)

    def end_ids(self, outcome, rows) -> np.ndarray:
        h, lk, a = self.shape
        alive = outcome != LOSE
        he = np.where(alive, np.maximum(rows[:, self.HE], 0), 0)
        return ((outcome * h + he) * lk + rows[:, self.LUCK] * alive) * a + rows[:, self.ARM] * alive

    def escape(self, start, rows, out) -> None:
        """Escaping is the book's move, outside the chain (explore.ExploredFight.expand)."""


@lru_cache(maxsize=64)
def _grid_ends(shape: tuple) -> tuple:
    """(the ends of a chain over a grid of this shape (highest Endurance, Luck and armour
    hits, plus one), each outcome's with the sheet left; the distinct ones (every death
    is End("lose")); each end's key among them): the same for every fight of that shape,
    made once."""
    h, lk, a = shape
    ends = tuple(End("lose") if o == "lose" else End(o, (he, luck, arm))
                 for o in OUTCOMES for he in range(h) for luck in range(lk) for arm in range(a))
    keys: dict = {}
    end_key = tuple(keys.setdefault(e, len(keys)) for e in ends)
    return ends, tuple(keys), end_key


@lru_cache(maxsize=64)
def _end_aims(shape: tuple, aim) -> np.ndarray:
    """The aim (a function of an outcome) of each end of a grid of this shape
    (`_grid_ends`: outcome by outcome, each over every sheet left), as an array:
    asked once an outcome, not once an end (a grid has thousands of ends)."""
    return np.repeat(np.array([bool(aim(o)) for o in OUTCOMES]), int(np.prod(shape)))


@lru_cache(maxsize=64)
def _grid_columns(shape: tuple) -> tuple:
    """`RowsFight.end_columns` of a grid of this shape (its ends `_grid_ends`): made
    once a shape, as the ends are (fights of one shape share them; read only)."""
    distinct = _grid_ends(shape)[1]
    names = (*OUTCOMES, "stop")
    cols = np.array([(names.index(e.outcome), *(e.detail or (0, 0, 0))) for e in distinct],
                    dtype=np.int64).reshape(-1, 4)
    return cols, len(distinct)


class RowsFight:
    """One fight and strategy (an `ExploredFight` fought to the end: its rules, Luck
    and aim) solved over rows for every starting point asked so far."""

    def __init__(self, fight):
        self.fight = fight
        self.seeds: dict = {}   # (es, round, wins) -> None, in the order asked
        self.tops = None        # largest (he, es..., luck, arm) of the grid
        self.builds = 0
        self.keys = None        # the nodes' packed rows, sorted (self.ids: their node numbers)

    def outcomes(self, root, stopping: bool, ceiling: tuple = (0, 0, 0)):
        """[(End, Fraction)] from `root` (an explorer node at a round's start), or None
        where the rows do not hold it (the node-by-node path answers).  `ceiling`: the
        highest Endurance, Luck and armour hits the hero can have (the grid goes up to
        them, so that the later starting points are in it)."""
        he, es, luck, arm, _events, rnd, wins = root
        row = np.array([[he, *es, luck, arm, 0, rnd, wins]], dtype=np.int64)
        node = self._node(row)
        if node is None and self.builds < MAX_BUILDS:
            top = row.copy()
            top[0, 0] = max(he, ceiling[0])
            if self.fight.use_luck:
                top[0, 1 + len(es)] = max(luck, ceiling[1])
            top[0, 2 + len(es)] = max(arm, ceiling[2])
            self._build(top)
            node = self._node(row)
        if node is None:
            return None
        if AHEAD:
            found = self._ahead(node, root, stopping)
            if found is not None:
                return found
        chain = self.stopping if stopping else self.fought
        return chain.outcomes(node)

    def outcomes_many(self, roots: list, stopping: bool) -> list:
        """`outcomes` of many roots at once, pushed together (`chain_pushes.push_many`):
        for each root [(End, Fraction)], or None where the grid does not hold it (it is
        not rebuilt: `outcomes` does that)."""
        nodes = [self._node(np.array([[he, *es, luck, arm, 0, rnd, wins]], dtype=np.int64))
                 for he, es, luck, arm, _events, rnd, wins in roots]
        found, scale = push_many(self._pushed(stopping), [n for n in nodes if n is not None])
        found = iter(found)
        return [None if n is None else self._ends(next(found), scale) for n in nodes]

    def arrays(self, he: np.ndarray, luck: np.ndarray, seed: tuple, stopping: bool, ceiling: tuple, table):
        """The ends of many roots of one seed (opponents' Endurance, armour hits, round,
        wins; each root its Endurance `he[i]` and Luck `luck[i]`) as arrays, for a
        batch of the explorer's states: (whether the rows hold each root, its first and
        last entry, then per entry its end key and its probability's number in `table`,
        compiled/fights.py `Probabilities`, or, pushed in floats, its code there until
        read: `table.numbers`), or None (no rows).  The seed's grid is pushed once (as
        `_ahead`), each entry's Fraction made and numbered on first use."""
        es, arm, rnd, wins = seed   # (`arm`: one for all, or each root's)
        n = len(es)
        rows = np.zeros((len(he), n + 6), dtype=np.int64)
        rows[:, 0], rows[:, 1:1 + n], rows[:, 1 + n], rows[:, 2 + n] = he, es, luck, arm
        rows[:, 4 + n], rows[:, 5 + n] = rnd, wins
        nodes = self._nodes(rows)
        if (nodes < 0).any() and self.builds < MAX_BUILDS:
            top = rows[:1].copy()
            top[0, 0] = max(int(he.max()), ceiling[0])
            if self.fight.use_luck:
                top[0, 1 + n] = max(int(luck.max()), ceiling[1])
            top[0, 2 + n] = max(int(np.max(arm)), ceiling[2])
            self._build(top)
            nodes = self._nodes(rows)
        if self.keys is None:
            return None
        grid = self._grid(stopping, es, rnd, wins)
        if not len(grid.nodes):
            return np.zeros(len(nodes), dtype=bool), nodes * 0, nodes * 0, grid.key, grid.key
        at = np.minimum(np.searchsorted(grid.nodes, nodes), len(grid.nodes) - 1)
        held = (nodes >= 0) & (grid.nodes[at] == nodes)
        g = grid.order[at]
        lo, hi = np.where(held, grid.lo[g], 0), np.where(held, grid.hi[g], 0)
        used = spans(lo, hi)
        mine = grid.prob.get(table.ratio)   # (the numbers `table` gave: kept for it alone)
        if mine is None:   # (pushed in floats: a code each, its `lazy.Lazy` made when read: `table.numbers`)
            mine = grid.prob[table.ratio] = table.codes(grid) if grid.floats is not None else \
                np.full(len(grid.key), -1, dtype=np.int64)
        if grid.floats is None:
            fresh = used[mine[used] < 0]
            if len(fresh):
                scale = grid.scale
                mine[fresh] = [table.ratio(m, scale) for m in grid.mass[fresh].tolist()]
        return held, lo, hi, grid.key, mine

    def _grid(self, stopping: bool, es: tuple, rnd: int, wins: int) -> "_Grid":
        """Every starting point of the grid with these opponents, round and wins, its
        ends pushed at once (kept)."""
        seed = ("arrays", stopping, es, rnd, wins)
        grid = self.ahead.get(seed)
        if grid is None:
            n, tops = len(es), self.tops
            h, lk, a = np.meshgrid(np.arange(1, tops[0] + 1), np.arange(tops[1 + n] + 1),
                                   np.arange(tops[2 + n] + 1), indexing="ij")
            rows = np.zeros((h.size, n + 6), dtype=np.int64)
            rows[:, 0], rows[:, 1:1 + n] = h.ravel(), es
            rows[:, 1 + n], rows[:, 2 + n], rows[:, 4 + n], rows[:, 5 + n] = lk.ravel(), a.ravel(), rnd, wins
            nodes = self._nodes(rows)
            nodes = nodes[nodes >= 0]
            pushed = self._pushed(stopping)
            floats = error = mass = None
            scale = 1
            if LAZY:
                who, key, floats, error = push_floats(pushed, nodes)
                if not usable(error):
                    floats = None
            if floats is None:
                who, key, mass, scale = push_arrays(pushed, nodes)
            order = np.argsort(nodes)
            places = np.arange(len(nodes))
            grid = self.ahead[seed] = _Grid(nodes[order], order, np.searchsorted(who, places),
                                            np.searchsorted(who, places, side="right"), key, mass, scale, {},
                                            floats, error, pushed, nodes, who, {})
        return grid

    def _nodes(self, rows: np.ndarray) -> np.ndarray:
        """`_node` of many rows: each one's node number, -1 where the grid does not hold it."""
        out = np.full(len(rows), -1, dtype=np.int64)
        if self.keys is None or not len(rows):
            return out
        inside = ~(rows > self.radix).any(axis=1)
        keys = rows @ self.mult
        at = np.minimum(np.searchsorted(self.keys, keys), self.keys.size - 1)
        hit = inside & (self.keys[at] == keys)
        out[hit] = self.ids[at[hit]]
        return out

    def end_columns(self) -> tuple:
        """(each end key's (outcome, Endurance, Luck, armour left) as rows, the outcome
        as its place in OUTCOMES + ("stop",); the number of keys that are ends: a key
        past them is the node `key - that` where the push stopped, `stop_details`)."""
        return _grid_columns(self.grid_shape)

    def stop_details(self, nodes: np.ndarray) -> list:
        """The detail of the end "stop" at each of `nodes` (ExploredFight.round_start:
        `_stop`'s), their rows read at once."""
        return [_stop_detail(r, self.n) for r in self.rows[nodes].tolist()]

    def _pushed(self, stopping: bool):
        return self.pushed[stopping if self.fight.after is not None else False]

    def _ahead(self, node: int, root, stopping: bool):
        """The ends from `node`, pushed with every starting point of its grid that has its
        opponents, round and wins (the explorer asks many of them: pushed together once,
        the Fractions made when asked)."""
        seed = (stopping, root[1], root[5], root[6])
        held = self.ahead.get(seed)
        if held is None:
            n, tops = len(root[1]), self.tops
            h, lk, a = np.meshgrid(np.arange(1, tops[0] + 1), np.arange(tops[1 + n] + 1),
                                   np.arange(tops[2 + n] + 1), indexing="ij")
            rows = np.zeros((h.size, n + 6), dtype=np.int64)
            rows[:, 0], rows[:, 1:1 + n] = h.ravel(), root[1]
            rows[:, 1 + n], rows[:, 2 + n], rows[:, 4 + n], rows[:, 5 + n] = lk.ravel(), a.ravel(), root[5], root[6]
            keys = rows @ self.mult
            at = np.minimum(np.searchsorted(self.keys, keys), self.keys.size - 1)
            nodes = self.ids[at[self.keys[at] == keys]]
            found, scale = push_many(self._pushed(stopping), nodes)
            held = self.ahead[seed] = (dict(zip(nodes.tolist(), found)), scale)
        ends, scale = held
        raw = ends.get(node)
        return None if raw is None else self._ends(raw, scale)

    def _ends(self, raw: dict, scale: int) -> list:
        return [(self._end_of(key), Fraction(m, scale)) for key, m in raw.items()]

    def _end_of(self, key: int) -> End:
        ends = self.distinct
        return ends[key] if key < len(ends) else _stop(self.rows[key - len(ends)], self.n)

    def _node(self, row):
        if self.keys is None or (row[0] > self.radix).any():
            return None
        key = row[0] @ self.mult
        at = int(np.searchsorted(self.keys, key))
        return int(self.ids[at]) if at < self.keys.size and self.keys[at] == key else None

    def _build(self, row) -> None:
        self.builds += 1
        he, *es = row[0, :-5].tolist()
        luck, arm, _q, rnd, wins = row[0, -5:].tolist()
        self.seeds[(tuple(es), rnd, wins)] = None
        top = (he, *es, luck, arm)
        self.tops = top if self.tops is None else tuple(max(a, b) for a, b in zip(self.tops, top))
        n = len(es)
        hmax, emax, lmax, amax = self.tops[0], self.tops[1:1 + n], self.tops[1 + n], self.tops[2 + n]
        vec = _Rows(self.fight, (hmax, emax, lmax, amax))
        grid = np.array([[h, *e, lk, a, 0, r, w] for e, r, w in self.seeds for h in range(1, hmax + 1)
                         for lk in range(lmax + 1) for a in range(amax + 1)], dtype=np.int64)
        try:
            graph, _refs = vec.chain(grid, MAX_STATES)
        except ValueError:
            self.keys = None
            self.builds = MAX_BUILDS
            return
        aims = [_end_aims(vec.shape, self.fight.aim)]
        try:
            solved = Fast(graph, aims, None)
        except NearTie:
            solved = Solved(graph, aims)
        rows = np.concatenate(vec.rows)
        # what the pushes need, no more (the node table and the options dropped)
        self.mult, self.radix = vec.table.mult, np.array(vec.radix) - 1
        keys = rows @ self.mult
        self.ids = np.argsort(keys)
        self.keys = keys[self.ids]
        arrays = _Chosen(graph, solved.choice)
        post = solved.level.tolist()
        self.fought = _pusher(graph.nodes, post, _Best(arrays, None))
        end_key = vec.end_key   # (graph.ends are vec.ends)
        self.distinct, self.rows, self.n, self.grid_shape = vec.distinct, rows, n, vec.shape
        self.ahead: dict = {}   # (stopping, opponents, round, wins) -> ({node: {end key: numerator}}, scale)
        after = self.fight.after
        if after is None:
            self.pushed = {False: Pushed(graph, solved, end_key)}
            self.stopping = self.fought
            return
        stop = (rows[:, vec.Q] == 0) & (rows[:, vec.RND] >= after)
        self.pushed = dict(zip((False, True), Pushed.both(graph, solved, end_key, stop)))
        self.stopping = _pusher(graph.nodes, post, _Best(arrays, _Stops(stop, rows, n)))


class _Grid(NamedTuple):
    """A seed's starting points pushed at once: their nodes sorted (`order`: each one's
    place among those pushed), each one's entries `lo`..`hi` (end key, and its
    probability: a numerator over `scale`, or, pushed in floats, `floats` within
    2**-53 + `error` relative, made exact by `exact`), each entry's probability's
    number once made (-1 before), for each numbering function asked (`prob`: function
    -> numbers); what `exact` pushes again: the chain's `pushed`, the nodes pushed
    (`roots`, in their order) and each entry's place among them (`who`)."""

    nodes: np.ndarray
    order: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    key: np.ndarray
    mass: np.ndarray | None
    scale: int
    prob: dict
    floats: np.ndarray | None = None
    error: float | None = None
    pushed: object = None
    roots: np.ndarray | None = None
    who: np.ndarray | None = None
    made: dict = {}   # (lazy.py: entry -> its Fraction once made; a dict of its own given when floats)

    def exact(self, entries) -> list:
        """The exact probability of each of `entries` (a Fraction): their roots pushed
        again exactly (`chain_pushes.push_arrays`, those roots alone: the same
        Fractions as the whole grid's push, over another scale)."""
        entries = np.asarray(entries, dtype=np.int64)
        if self.mass is not None:
            return [Fraction(m, self.scale) for m in self.mass[entries].tolist()]
        need = np.unique(self.who[entries])
        who, key, mass, scale = push_arrays(self.pushed, self.roots[need])
        span = int(self.pushed.kinds) + len(self.pushed.level)
        packed = who * span + key   # (sorted: by root, then key)
        at = np.searchsorted(packed, np.searchsorted(need, self.who[entries]) * span + self.key[entries])
        return [Fraction(m, scale) for m in mass[at].tolist()]


class _Stops:
    """{node: its End "stop"} for the nodes where the push stops, each End made when
    asked (the node-by-node push reads a few of them)."""

    def __init__(self, stop: np.ndarray, rows: np.ndarray, n: int):
        self.stop, self.rows, self.n = stop, rows, n

    def __contains__(self, node) -> bool:
        return bool(self.stop[node])

    def __getitem__(self, node) -> End:
        return _stop(self.rows[node], self.n)


def _stop(row, n: int) -> End:
    """The end "stop" at a node's row (ExploredFight.round_start)."""
    return End("stop", _stop_detail(row.tolist(), n))


def _stop_detail(row: list, n: int) -> tuple:
    """A stop's detail from its node's row as a list: (hero's Endurance, the enemies',
    Luck, armour, round, rounds won)."""
    he, *es = row[:1 + n]
    luck, arm, _q, rnd, wins = row[1 + n:]
    return (he, tuple(es), luck, arm, rnd, wins)


def _pusher(nodes: int, post: list, best) -> Chain:
    """A `Chain` whose nodes are the graph's, already solved (values never asked): its
    push (`Chain.outcomes`) reads each node's chosen option on first use."""
    chain = Chain(None, None)
    chain.value, chain.post, chain.best = range(nodes), post, best
    return chain


class _Chosen:
    """Each node's chosen option: its edges (weights, children) and normaliser."""

    def __init__(self, graph, choice):
        starts = np.searchsorted(graph.edge_opt, np.arange(len(graph.opt_node) + 1))
        self.lo, self.hi = starts[choice], starts[choice + 1]
        self.weight, self.child, self.ends = graph.edge_w, graph.edge_child, graph.ends
        self.norm = graph.opt_norm[choice]


class _Best(dict):
    """node -> (dist [(weight, child)], normaliser) of its chosen option, made on first
    use; `stops`: {node: its End "stop"} (None: the chain fought to the end)."""

    def __init__(self, chosen: _Chosen, stops):
        super().__init__()
        self.chosen, self.stops = chosen, stops

    def __missing__(self, node):
        c = self.chosen
        lo, hi = c.lo[node], c.hi[node]
        weights: dict = {}   # the ways of a round that lead to one child, merged (as `chain.merge`)
        for child, w in zip(c.child[lo:hi].tolist(), c.weight[lo:hi].tolist()):
            weights[child] = weights.get(child, 0) + w
        norm = int(c.norm[node])
        common = gcd(norm, *weights.values())   # (smaller integers in every push through the node)
        dist = []
        for child, w in weights.items():
            if child < 0:
                child = c.ends[-1 - child]
            elif self.stops is not None and child in self.stops:
                child = self.stops[child]
            dist.append((w // common, child))
        found = self[node] = (dist, norm // common)
        return found
