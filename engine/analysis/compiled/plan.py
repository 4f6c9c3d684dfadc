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
victory 1 (value iteration, ROUNDS sweeps at most: loops such as the maze's
converge).

It is a heuristic and nothing more: the book's stats, money and counters are not in
it (the money was, up to twice the dearest price: 820,000 nodes and 28 s on
the-clock-of-vennick against 181,000 and 6 s without; a state's own moves already
leave out what it cannot buy), a roll's outcomes are read as its paragraph's `random:` only, and a test or a
fight as its routes' chance.  The picks need not be sound: the closed play's exact
value is a sound low bound whatever it is (closure.py), so the plan only chooses
which play to close.
"""
from __future__ import annotations

from collections import deque

import numpy as np

from engine.analysis.compiled.plan_book import TEST_WAYS, Reads, dice
from engine.analysis.explore.ceiling import Ceiling, wins_at

STEP = 0.99      # each move weighs the plan's value by this (the shorter of two alike first)
EVEN = 0.5       # a test's chance of success where the routes give none
ROUNDS = 2000    # value iteration's sweeps at most


class Plan:
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
        self.index: dict = {}     # (paragraph, mask) -> node
        self.moves: list = []     # per node: [[(probability * weight, target node), ...] a move]
        self.value = np.zeros(0)
        self._add([(book.start, 0)])   # (the states' own nodes added as they are asked: `of`)
        self._solve()

    def _chances(self, module, edges: dict, initial: dict | None) -> dict:
        """paragraph -> the routes' chance of passing its activity for the sheet's hero
        (absent: none known)."""
        if initial is None:
            return {}
        ceiling = Ceiling(self.book, module, edges)
        hero = ceiling.routes.hero(initial)
        if hero is None:
            return {}
        return {m: ceiling.routes.passing(m, hero) for m in ceiling.hopeful if m in self.book.paragraphs}

    def _tested(self, n: int) -> bool:
        """Whether paragraph n's activity is a test (its chance read by its outcomes)."""
        return any(way.kind in TEST_WAYS for way, _t in self.reads.ways.get(n, ()))

    # --- the graph ----------------------------------------------------------------
    def _moves(self, n: int, held: int) -> list:
        """The moves of node (n, held): [[(probability * weight, next node), ...] a move]."""
        p, r = self.book.paragraphs.get(n), self.reads
        if p is None or n in self.wins:
            return []
        moves: list = []
        roll: list = []
        rolled = dice(p)
        for way, t in r.ways.get(n, ()):
            if t is None or t not in self.book.paragraphs:
                continue
            ok, effects = r.way(p, way, t, held)
            if not ok:
                continue
            nxt = (t, r.entered(t, r.changed(effects, held, n)))
            w = STEP * (1.0 if self._tested(t) else self.chance.get(t, 1.0))
            if way.kind == "random" and rolled is not None:
                o = p.random.outcomes[way.path[-2]]
                roll.append((rolled(o.low, o.high) * w, nxt))
            elif way.kind in TEST_WAYS:   # (a test's outcomes are not chosen: its chance, or even)
                c = self.chance.get(n, EVEN)
                roll.append(((c if way.kind == TEST_WAYS[0] else 1.0 - c) * w, nxt))
            else:
                moves.append([(w, nxt)])
        if roll:
            moves.append(roll)
        for c in p.choices:   # (an action that stays: what it gains, here; a step too)
            if c.stay and (c.condition is None or r.holds(c.condition.root, held) is not False):
                after = (n, r.changed(c.effects, held, n) & r.live.get(n, 0))
                if after != (n, held):
                    moves.append([(STEP, after)])
        return moves

    def _add(self, todo: list) -> None:
        """The nodes `todo` ((paragraph, mask)) and every node they lead to, with their moves."""
        queue = deque(k for k in dict.fromkeys(todo) if k not in self.index)
        for k in queue:
            self.index[k] = len(self.moves)
            self.moves.append(None)
        while queue:
            key = queue.popleft()
            moves = self._moves(*key)
            for move in moves:
                for _w, k in move:
                    if k not in self.index:
                        self.index[k] = len(self.moves)
                        self.moves.append(None)
                        queue.append(k)
            self.moves[self.index[key]] = [[(w, self.index[k]) for w, k in move] for move in moves]

    def _solve(self) -> None:
        """The value of each node added since the last solve (module docstring), by
        value iteration from 0; the nodes solved before are fixed (none of them leads
        to a node added later: each node's moves are made when it is added)."""
        first, nodes = len(self.value), len(self.moves)
        won = np.zeros(nodes - first, dtype=bool)
        for (n, _m), i in self.index.items():
            if i >= first:
                won[i - first] = n in self.wins
        move_of, weight, target, owner = [], [], [], []
        m = 0
        for i in range(first, nodes):
            for move in self.moves[i] or ():
                owner.append(i - first)
                for w, k in move:
                    move_of.append(m)
                    weight.append(w)
                    target.append(k)
                m += 1
        move_of, weight, target = np.asarray(move_of, dtype=np.int64), np.asarray(weight), np.asarray(target, dtype=np.int64)
        owner = np.asarray(owner, dtype=np.int64)
        v = np.concatenate([self.value, won.astype(np.float64)])
        for _ in range(ROUNDS):
            q = np.bincount(move_of, weight * v[target], minlength=m)
            new = np.zeros(nodes - first)
            np.maximum.at(new, owner, q)
            new[won] = 1.0
            change = np.abs(new - v[first:]).max(initial=0.0)
            v[first:] = new
            if change < 1e-12:
                break
        self.value = v

    # --- the states -----------------------------------------------------------------
    def nodes(self) -> int:
        return len(self.moves)

    def of(self, paragraphs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The value of each (paragraph, mask) node, nodes never met added first."""
        live = self.reads.live
        kinds, at = np.unique(np.stack([paragraphs.astype(np.int64), masks], axis=1), axis=0, return_inverse=True)
        nodes = [(n, m & live.get(n, 0)) for n, m in kinds.tolist()]
        new = [k for k in nodes if k not in self.index]
        if new:
            self._add(new)
            self._solve()
        return self.value[[self.index[k] for k in nodes]][at.reshape(-1)] if nodes else np.zeros(0)

    def __call__(self, states: np.ndarray) -> np.ndarray:
        """The plan's value of each state's node (its paragraph, the names it holds)."""
        from engine.analysis.compiled.packed import PARAGRAPH
        table = self.table()
        kinds, at = np.unique(states, return_inverse=True)
        rows = table.take(kinds)
        return self.of(rows[:, PARAGRAPH].astype(np.int64), held(self.reads, table, rows))[at.reshape(-1)]


def held(reads: Reads, table, rows: np.ndarray) -> np.ndarray:
    """The mask of the names each row holds: its items and flags, the visits read, the
    paragraph each note names (in the rows' extras)."""
    from engine.analysis.compiled.packed import EXTRA, MISSING
    from engine.analysis.compiled.plan_book import noted
    from engine.book.counters import NOTES
    mask = np.zeros(len(rows), dtype=np.int64)

    def column(part, key, b):
        nonlocal mask
        i = table.slots.find(part, key)
        if i is not None and i < rows.shape[1]:
            mask |= np.where((rows[:, i] != MISSING) & (rows[:, i] > 0), b, 0)
    for name, b in reads.bit.items():
        if name.startswith("visited:"):
            column("visits", int(name.split(":")[1]), b)
        elif not name.startswith("note:"):
            column("items", name, b)
            column("flags", name, b)
    for note, writers in reads.notes.items():
        lut = table.slots.extra_lut(("plan", NOTES, note),
                                    lambda ex, k=note: int(((ex or {}).get(NOTES) or {}).get(k, -1) or -1))
        at = lut[rows[:, EXTRA].astype(np.int64)]
        for w in writers:
            mask |= np.where(at == w, reads.bit.get(noted(note, w), 0), 0)
    return mask
