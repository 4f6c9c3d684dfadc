"""The plan the policy closure's picks follow (picks.py `choose`): a play over the
book's paragraphs that gathers what the ways ahead need.

Why: a ceiling is a max-product path over the paragraph graph that treats a way under
`has(...)` as open (explore/routes.py), so every state of a town ties with it
(the-clock-of-vennick's city: 64.17 % everywhere) and nothing tells the picks that the
rope bought at the market climbs the cliff past the goat-men (§ 45 beside § 192), or
that the lodestone leads out of the mirror maze (§ 191).  The plan's graph is the
paragraph graph times the set of the items and flags some condition reads (a choice's,
an `auto:` jump's, a puzzle answer's `if:`, a fight's `hurt_only_by`): a node is
(paragraph, the names held that a paragraph ahead still reads; plan_book.py, with the
visits a `visited(n)` reads and the paragraph a note names where a way returns to
it), an edge a way of the paragraph graph with what it gains and loses (the way's
effects, then the paragraph entered's), open only where the set may satisfy its
condition (`has`, `flag`, `visited` read from the set, anything else unknown and so
open; a fight that only some item hurts won only with one of them).  A move that stays in its paragraph (a purchase) is an edge
from the node to the node with what it gains.

Each node's value is a best play over that graph: the ways of a choice its best, the
outcomes of a roll in its dice's proportions, a test's success in the routes' chance
of passing it (EVEN where they give none: a test's outcomes are not chosen), each
other paragraph entered weighed by the routes' chance of passing its activity for
the sheet's hero (routes.py `passing`), every move (a purchase too) by STEP (so that
of two plays alike the shorter wins, a walk back to the hub is worse than going on,
and nothing is bought that no way ahead needs), a paragraph that can end in a
victory 1 (solved as the explored graph is, by solve.py: loops such as the maze's
iterated until they meet).

The money is in the nodes where a way ahead compares it with a price (plan_book.py
`cap`: up to twice the dearest price, the-clock-of-vennick's 10), so that a play does
not plan on both the fork (3) and the bargee (3) and the rope (1) and the oil (2)
with 8 Gold Pieces: 1,676,000 nodes there instead of 181,000 (the moves of a
(paragraph, names) made once for every sum of money).  A state's value is its node's
times the chance of passing its paragraph's activity (`entry`), as a way into it is
weighed.

The restorations (plan_book.py `restores`: an effect that sets a stat to its starting
value, past the prices) are in the nodes too, where one may have come (plan_chances.py
`worn`): a stat not restored there is priced worn (WORN of its start) and restored
fresh, until an activity that reads it spends it (`spent`); a state's own stat counts
restored at its start, worn below.  the-clock-of-vennick's play then goes through § 128 (Stamina)
before Vane (§ 65), which the fresh hero's chances gave no worth.

It is a heuristic and nothing more: the book's stats and counters are not in it, a
roll's outcomes are read as its paragraph's `random:` only, and a test or a fight as
its routes' chance.  The picks need not be sound: the closed play's exact value is a
sound low bound whatever it is (closure.py), so the plan only chooses which play to
close.
"""
from __future__ import annotations

from collections import deque

import numpy as np

from engine.analysis.compiled.plan_book import MONEY, TEST_WAYS, Reads, dice, restored
from engine.analysis.compiled.plan_chances import Pricing
from engine.analysis.explore.ceiling import wins_at

STEP = 0.99      # each move weighs the plan's value by this (the shorter of two alike first)
EVEN = 0.5       # a test's chance of success where the routes give none


class Plan(Pricing):
    """The plan's value of a state's node (`__call__`: per state, in [0, 1]) over the
    book and the rule module, the lens's paragraph `edges`, the sheet's starting
    stats `initial` ({stat: value}, or None: every chance 1), and `table()`: the
    explorer's table (its rows read for the paragraph and the names held)."""

    def __init__(self, book, module, edges: dict, initial: dict | None, table=None):
        self.book, self.table = book, table
        self.reads = Reads(book, module)
        self.names, self.bit = self.reads.names, self.reads.bit
        self.chance = self._chances(module, edges, initial)
        self.wins = {n for n, p in book.paragraphs.items() if wins_at(p)}
        self.index: dict = {}     # (paragraph, mask, money) -> node
        self._won: list = []      # per node: a victory
        self._owner: list = []    # per move: its node
        self._edge_move, self._weight, self._target = [], [], []   # per edge: its move, probability * weight, node
        self._solved = (0, 0)     # (moves, edges) solved
        self.value = np.zeros(0)
        self._ways: dict = {}     # (paragraph, mask) -> its open ways (`_open`)
        self._money = self.reads.bit.get(MONEY, 0)
        self._gear = [(g, self.reads.bit[g]) for g in self.reads.gear if g in self.reads.bit]
        self._by_gear: dict = {}   # (paragraph, the gear held, the stats worn) -> its fight's chance
        self._restored = [(stat, self.reads.bit[restored(stat)], self.reads.region[stat])
                          for stat in sorted(self.reads.restores)]
        self.money = getattr(module, "money", None)
        gold = min((initial or {}).get(self.money, 0), self.reads.cap)
        self._add([(book.start, 0, gold if self.reads.live.get(book.start, 0) & self._money else 0)])
        # (the states' own nodes are added as they are asked: `of`)
        self._solve()

    # --- the graph ----------------------------------------------------------------
    def _moves(self, n: int, held: int, gold: int) -> list:
        """The moves of node (n, held, gold): [[(probability * weight, next node), ...] a
        move]; the ways under `held` made once (`_ways`), the money read here."""
        ways = self._ways.get((n, held))
        if ways is None:
            ways = self._ways[(n, held)] = self._open(n, held)
        r, cap = self.reads, self.reads.cap
        moves: list = []
        roll: list = []
        for rolled, w, cond, paid, t, after in ways:
            if cond is not None and cap and r.holds(cond, held, gold) is False:
                continue
            g = min(max(gold + paid, 0), cap) if cap and r.live.get(t, 0) & self._money else 0
            if t == n and after == held and g == gold:
                continue
            if rolled:
                roll.append((w, (t, after, g)))
            else:
                moves.append([(w, (t, after, g))])
        if roll:
            moves.append(roll)
        return moves

    def _open(self, n: int, held: int) -> list:
        """The ways of node (n, held) open under the names held, each (part of the
        roll?, probability * weight, condition or None, the money it adds, paragraph
        entered, names held there)."""
        p, r = self.book.paragraphs.get(n), self.reads
        if p is None or n in self.wins:
            return []
        out: list = []
        rolled = dice(p)
        spent = self.spent(n)
        for way, t in r.ways.get(n, ()):
            if t is None or t not in self.book.paragraphs:
                continue
            ok, cond, effects = r.way(p, way, t, held)
            if not ok:
                continue
            paid = r.paid(effects) + r.paid(self.book.paragraphs[t].effects)
            chosen = way.kind not in TEST_WAYS and not (way.kind == "random" and rolled is not None)
            for chose in r.options(t) if chosen else [0]:   # (a roll's outcome: none of a choice)
                after = r.entered(t, r.changed(effects, held & ~spent, n), chose)
                w = STEP * self.entry(t, after)
                if way.kind == "random" and rolled is not None:
                    o = p.random.outcomes[way.path[-2]]
                    out.append((True, rolled(o.low, o.high) * w, cond, paid, t, after))
                elif way.kind in TEST_WAYS:   # (a test's outcomes are not chosen: its chance, or even)
                    c = self.at(n, held, EVEN)
                    out.append((True, (c if way.kind == TEST_WAYS[0] else 1.0 - c) * w, cond, paid, t, after))
                else:
                    out.append((False, w, cond, paid, t, after))
        for c in p.choices:   # (an action that stays: what it gains, here; a step too)
            if c.stay and (c.condition is None or r.holds(c.condition.root, held) is not False):
                after = r.changed(c.effects, held, n) & r.live.get(n, 0)
                out.append((False, STEP, None if c.condition is None else c.condition.root,
                            r.paid(c.effects), n, after))
        return out

    def _add(self, todo: list) -> None:
        """The nodes `todo` ((paragraph, mask, money)) and every node they lead to, with
        their moves (flat: each move's node, each edge's move, weight and target; the
        nodes are made in the order of their numbers, so a node's moves are together)."""
        queue = deque(k for k in dict.fromkeys(todo) if k not in self.index)
        index, owner, edge_move, weight, target = self.index, self._owner, self._edge_move, self._weight, self._target
        for k in queue:
            index[k] = len(index)
        while queue:
            key = queue.popleft()
            i = index[key]
            self._won.append(key[0] in self.wins)
            for move in self._moves(*key):
                m = len(owner)
                owner.append(i)
                for w, k in move:
                    j = index.get(k)
                    if j is None:
                        j = index[k] = len(index)
                        queue.append(k)
                    edge_move.append(m)
                    weight.append(w)
                    target.append(j)

    def _solve(self) -> None:
        """The value of each node added since the last solve (module docstring): the
        compiled solver's (solve.py `Solution.floats`: components by levels, a loop's
        values iterated until they meet) over the new nodes, a node solved before a
        state of its own without moves worth its value (none of them leads to a node
        added later: each node's moves are made when it is added).  Why not value
        iteration over every node: the maze's loops at STEP a move needed the whole
        2,000 sweeps, and with the gear held the-clock-of-vennick's plan has
        4,939,850 nodes (minutes of CPU)."""
        from engine.analysis.compiled.graph import Graph
        from engine.analysis.compiled.solve import Solution
        first, nodes = len(self.value), len(self.index)
        m0, e0 = self._solved
        self._solved = len(self._owner), len(self._edge_move)
        k = nodes - first
        if not k:
            return
        won = np.asarray(self._won[first:], dtype=bool)
        owner = np.asarray(self._owner[m0:], dtype=np.int64) - first
        move_of = np.asarray(self._edge_move[e0:], dtype=np.int64) - m0
        weight, target = np.asarray(self._weight[e0:], dtype=np.float64), np.asarray(self._target[e0:], dtype=np.int64)
        old = target < first
        olds, at = np.unique(target[old], return_inverse=True)
        local = target - first
        local[old] = k + at.reshape(-1)
        state_ptr = np.zeros(k + len(olds) + 1, dtype=np.int64)
        state_ptr[1:k + 1] = np.cumsum(np.bincount(owner, minlength=k))
        state_ptr[k + 1:] = state_ptr[k]
        move_ptr = np.searchsorted(move_of, np.arange(len(owner) + 1))
        terminal = np.concatenate([won.astype(np.float64), self.value[olds]])
        g = Graph(state_ptr, move_ptr.astype(np.int64), local, weight, np.zeros(len(local), dtype=np.uint8), [1],
                  terminal, np.zeros(0, dtype=np.int32), [])
        v = Solution(g).floats().f[:k].copy()
        v[won] = 1.0
        self.value = np.concatenate([self.value, v])

    # --- the states -----------------------------------------------------------------
    def nodes(self) -> int:
        return len(self.index)

    def of(self, paragraphs: np.ndarray, masks: np.ndarray, gold: np.ndarray | None = None) -> np.ndarray:
        """The value of each (paragraph, mask, money) node, nodes never met added first."""
        live, cap, money = self.reads.live, self.reads.cap, self._money
        gold = np.zeros(len(paragraphs), dtype=np.int64) if gold is None else np.clip(gold, 0, cap)
        kinds, at = np.unique(np.stack([paragraphs.astype(np.int64), masks, gold], axis=1), axis=0,
                              return_inverse=True)
        nodes = [(n, m & live.get(n, 0), g if live.get(n, 0) & money else 0) for n, m, g in kinds.tolist()]
        new = [k for k in nodes if k not in self.index]
        if new:
            self._add(new)
            self._solve()
        if not nodes:
            return np.zeros(0)
        entry = np.asarray([self.entry(n, m) for n, m, _g in nodes])
        return (entry * self.value[[self.index[k] for k in nodes]])[at.reshape(-1)]

    def __call__(self, states: np.ndarray) -> np.ndarray:
        """The plan's value of each state's node (its paragraph, the names it holds)."""
        from engine.analysis.compiled.packed import MISSING, PARAGRAPH
        table = self.table()
        kinds, at = np.unique(states, return_inverse=True)
        rows = table.take(kinds)
        gold = None
        i = table.slots.find("stats", self.money) if self.money and self.reads.cap else None
        if i is not None and i < rows.shape[1]:
            gold = np.where(rows[:, i] == MISSING, 0, rows[:, i]).astype(np.int64)
        return self.of(rows[:, PARAGRAPH].astype(np.int64), held(self.reads, table, rows), gold)[at.reshape(-1)]


def held(reads: Reads, table, rows: np.ndarray) -> np.ndarray:
    """The mask of the names each row holds: its items and flags, the visits read, the
    paragraph each note names (in the rows' extras)."""
    from engine.analysis.compiled.packed import EXTRA, MISSING
    from engine.analysis.compiled.plan_book import MONEY, noted, restored
    from engine.book.counters import NOTES
    mask = np.zeros(len(rows), dtype=np.int64)

    def column(part, key, b):
        nonlocal mask
        i = table.slots.find(part, key)
        if i is not None and i < rows.shape[1]:
            mask |= np.where((rows[:, i] != MISSING) & (rows[:, i] > 0), b, 0)
    for name, b in reads.bit.items():
        if name == MONEY or name.startswith("restored:"):
            continue
        if name.startswith("visited:"):
            column("visits", int(name.split(":")[1]), b)
        elif not name.startswith("note:"):
            column("items", name, b)
            column("flags", name, b)
    for stat in reads.restores:   # (at its start: as restored, plan.py `worn`; below it, worn)
        i, j = table.slots.find("stats", stat), table.slots.find("initial", stat)
        if i is not None and j is not None and max(i, j) < rows.shape[1]:
            now, first = rows[:, i], rows[:, j]
            fresh = (now != MISSING) & (first != MISSING) & (now >= first)
            mask |= np.where(fresh, reads.bit[restored(stat)], 0)
    for note, writers in reads.notes.items():
        lut = table.slots.extra_lut(("plan", NOTES, note),
                                    lambda ex, k=note: int(((ex or {}).get(NOTES) or {}).get(k, -1) or -1))
        at = lut[rows[:, EXTRA].astype(np.int64)]
        for w in writers:
            mask |= np.where(at == w, reads.bit.get(noted(note, w), 0), 0)
    return mask
