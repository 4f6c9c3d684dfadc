"""One Chroniques Crétoises fight's chain held in arrays, solved for every strategy at once.

The explorer's strategies (explore.py: "honour-optimal", "honour-keep-K") are the same
fight, each spending only the Honour it does not keep back; and a chain that stops where
an answer opens (explore.py `_Explored`) chooses as the same fight fought on (a stop is
priced at what fighting on from it is worth).  So one graph serves them all: every node
reachable from the roots asked, with every option of `transitions.Fight.options` (the
module's one fight model: nothing here says what a strike does) and the Honour each
spends, grown as new roots are asked (a node, once solved, never changes: its children
are solved before it).

* Every strategy (the Honour kept back: a column) is solved at once over arrays
  (fight_store.py `Store`), with the same policy as the node-by-node chain, so the
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

from engine.analysis.chain import End
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.fight_numbers import Numbers
from engine.rules.chroniques_cretoises.fight_store import OFFER, Flat, Store
from engine.rules.chroniques_cretoises.transitions import Fight

NEVER = 1 << 40   # the Honour kept back by a strategy that never spends any


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


class FightGraph:
    """The chain of one fight (its `Rules`, and whether Honour began above 0) from every
    root asked so far, its nodes numbered in `store` (shared by the fights of a cache)."""

    def __init__(self, rules: R.Rules, some_honour: bool, store: Store | None = None, shape=None):
        """`shape`: the fights of its shape (fight_shape.py `Shape`: their nodes and
        options numbered once, ends left as markers this fight's `finish` makes its
        own), or None: this fight's model asked node by node."""
        self.model = Model(rules, 1 if some_honour else 0)
        if shape is None:
            self.numbers = Numbers(self.model.options, self.model.accept, flat)
        else:
            self.numbers = shape.numbered(self.model)
        self.store = Store() if store is None else store
        self.at: dict = {}        # a node's number (`numbers`) -> its number in the store
        self.ends: dict = {}      # a leaf's number (`numbers`) -> (-1 - its end's in the store, a stalemate?)
        self.pushers: dict = {}   # (Honour kept back, start) -> its chosen options (`_Chosen`)
        self.starts: dict = {}    # start -> what its strategies' pushes share (`_Chosen`)
        self.through: dict = {}   # (start, root) -> [(the nodes a push went through, its `_Chosen`, its ends)]

    @property
    def stale(self) -> list:
        return self.store.stale

    # --- growing ----------------------------------------------------------------------
    def add(self, root) -> int:
        """The number of `root`, its chain added (every node reachable from it, with every
        option whatever Honour is kept back), closed depth first over the nodes'
        numbers (fight_numbers.py: no node hashed again)."""
        numbers, at = self.numbers, self.at
        first = numbers.numbered(root)
        found = at.get(first)
        if found is not None:
            return found
        opened: set = set()   # the numbers expanded and not closed yet
        stack = [(first, False)]
        while stack:
            number, done = stack.pop()
            if done:
                at[number] = self._close(numbers.rows[number])
                continue
            if number in at or number in opened:
                continue
            opened.add(number)
            stack.append((number, True))
            for child in numbers.row(number).kids:
                if child not in at and child not in opened:
                    stack.append((child, False))
        self.store.sync()
        return at[first]

    def _close(self, row) -> int:
        """The store's number of a node whose children are closed (fight_numbers.py
        `Row`), each leaf made this fight's end once (a marker: by its `finish`)."""
        at, ends, child, stale = self.at, self.ends, [], False
        for ref in row.refs:
            if ref >= 0:
                child.append(at[ref])
                continue
            end = ends.get(ref)
            if end is None:
                end = ends[ref] = self._end(self.numbers.leaves[-1 - ref])
            child.append(end[0])
            stale = stale or end[1]
        return self.store.put(row.node, row.honour, row.options, child, [at[k] for k in row.kids], stale)

    def _end(self, leaf) -> tuple:
        """(-1 - the store's number of a leaf's end, whether it is a stalemate): a
        marker (fight_shape.py `Finish`) made this fight's End."""
        end = leaf if leaf.__class__ is End else self.model.finish(leaf.kind, leaf.node)
        return -1 - self.store.ended(end), end.outcome == "stalemate"

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
