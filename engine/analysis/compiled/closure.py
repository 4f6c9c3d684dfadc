"""The focused order's policy closure: one fixed play explored to all its ends.

A cut exploration's low bound is best play's value with every state not explored
counted lost; it is at least the value of ANY fixed policy (one move at each choice
state, every dice outcome) with the same states counted lost, since best play is
the best of all policies.  So once every state one policy reaches is explored (its
*closure*), the low bound is at least that policy's exact value, which is above 0 as
soon as it wins with any chance.  The report's bounds are worked out afresh over the
whole explored graph (run.py), so this only chooses what to explore: nothing here
needs to be exact, and any choice keeps the bounds sound.

A policy reaches far fewer states than the whole space (one move per choice): the
closure walks the start's play through the states already explored along their
known edges (no state expanded twice), and gives the explorer the states it reaches
that are not yet explored (`walk`), wave after wave, each expanded state's move
picked as soon as its moves are known (`expanded`), until no state is left to expand
(the closure is complete) or the focused round's budget is spent.

The move picked (`pick`; picks.py): where the low bound already values a move above 0,
the best of those, kept from round to round and switched only where another move's
low value is better (policy iteration over what is explored: the low bound's values
are best play's over the explored graph, so a switch never makes the closed play
worth less); elsewhere picked afresh each round as the walk reaches the state, the
high bound's move weighed by the hero's wear (`Wear`: his stats now over their
start) and by the plan that gathers what the ways ahead need (plan.py: each outcome's
high value lowered to its plan value; without a plan, by the steps still to a victory).
A state not explored whose ceiling is 0 is not expanded: it is lost whatever follows.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.picks import choose, improve, moves_of
from engine.analysis.compiled.since import Since, local
from engine.analysis.compiled.solve import _ranges


class Closure:
    """The closure of the play `pick` from the roots, over a `Focus`'s arrays (its
    `pooled`: found and not expanded; `v`: each state's worth).  `begin` after a
    round's solve (the graph solved, both bounds' values), then `walk` gives the
    states to expand and `expanded` takes their edges, until `walk` gives none
    (`complete`) or the caller stops.

    A play that walks round a loop for ever closes without a victory (worth 0): once
    a walk is complete, the states from which its play meets no end (a victory, a
    death, a state left lost) are *trapped*, and the move picked at each of them is
    barred (`barred`, kept from round to round) and the walk made again, the next
    best move picked there (at most RETRIES times a round)."""

    RETRIES = 16
    MOVES = 1 << 12   # (a barred move's key: state * MOVES + its local number)

    def __init__(self, far=None, wear=None, plan=None):
        self.far = far   # (`Steps`, or None: no tie broken by it)
        self.plan = plan   # (plan.py `Plan`, or a function giving one, or None)
        self.wear = wear   # (`Wear`, or None: the high values as they are)
        self.pick = np.full(0, -1, dtype=np.int64)   # per state: its move's local number (-1: none)
        self.inside = np.zeros(0, dtype=bool)        # reached by the play in this walk
        self.barred = np.zeros(0, dtype=np.int64)    # moves barred (sorted keys)
        self.complete = False
        self.reached = 0
        self.retries = 0

    def grow(self, n: int) -> None:
        if n > len(self.pick):
            more = max(n, 2 * len(self.pick)) - len(self.pick)
            self.pick = np.concatenate([self.pick, np.full(more, -1, dtype=np.int64)])
            self.inside = np.concatenate([self.inside, np.zeros(more, dtype=bool)])

    def begin(self, g, high: np.ndarray, low: np.ndarray, pooled: np.ndarray) -> None:
        """The play over the solved graph `g` (its edges, the high and low values of
        every state, which states are `pooled`): kept where its low value is above 0,
        improved there (`improve`); picked afresh elsewhere as the walk reaches it
        (`choose`, over the high values); the walk begun at the roots."""
        n = g.states
        self.grow(n)
        self.sp = np.asarray(g.state_ptr, dtype=np.int64)
        self.mp = np.asarray(g.move_ptr, dtype=np.int64)
        self.t = np.asarray(g.targets, dtype=np.int64)
        self.p = np.asarray(g.probs)
        self.high, self.low, self.known = high, low, n
        has = np.flatnonzero(np.diff(self.sp) > 0)
        kept = self.pick[has].copy()
        kept[low[has] <= 0] = -1
        self.pick[:n] = -1
        self.pick[has] = improve(np.append(self.sp[has], self.sp[-1]), self.mp, self.t, self.p, low, kept)
        self.starts = np.unique([t_ for _p, t_ in g.roots if t_ >= 0]).astype(np.int64)
        self.retries = 0
        self.later = Since(n)   # (the states expanded since the solve, and their moves)
        self._restart()

    def _restart(self) -> None:
        self.inside[:] = False
        self.todo = np.zeros(0, dtype=np.int64)
        self.links = []   # [(sources, targets)] of the play walked
        self.complete = False
        self.reached = 0
        self._queue = self.starts
        self.inside[self.starts] = True

    def _sub(self, states: np.ndarray) -> tuple:
        """(sp, mp, t, p) of `states` (each with moves in the solved graph), local."""
        return local(self.sp[states], self.sp[states + 1], self.mp[:-1], self.mp[1:], self.t, self.p)

    def _pick(self, states, sp, mp, t, p, worth, pooled, low=None) -> None:
        """The move picked at `states` (their moves local: sp, mp, t, p), none barred
        unless all are."""
        bar = None
        if len(self.barred):
            key = np.repeat(states * self.MOVES, np.diff(sp)) + (np.arange(sp[-1]) - np.repeat(sp[:-1], np.diff(sp)))
            bar = self.is_barred(key)
        if callable(self.plan) and not hasattr(self.plan, "of"):   # (made when first needed)
            self.plan = self.plan()
        self.pick[states] = choose(sp, mp, t, p, worth, pooled, low, self.far, bar, self.wear, states, self.plan)

    def is_barred(self, keys) -> np.ndarray:
        """Whether each move key (state * MOVES + its local number) is barred: a binary
        search of the sorted `barred` (np.isin sorted it again at every call: 58 s of
        la-couronne-de-sel's 448 at 1 M states, 6 ms a call)."""
        keys = np.asarray(keys, dtype=np.int64)
        if not len(self.barred):
            return np.zeros(keys.shape, dtype=bool)
        at = np.minimum(np.searchsorted(self.barred, keys), len(self.barred) - 1)
        return self.barred[at] == keys

    def walk(self, pooled: np.ndarray, worth: np.ndarray, most: int) -> np.ndarray:
        """The states the play reaches that are to be expanded (`pooled`, `worth` above
        0), `most` at most (the others kept for the next call), the play followed
        through every state already expanded; none: the closure is complete (a
        trapped play barred and walked again first)."""
        while True:
            todo = self._walk(pooled, worth)
            if len(todo) or self.retries >= self.RETRIES or not self._bar(pooled, worth):
                break
            self.retries += 1
            self._restart()
        self.todo = todo[most:]
        self.complete = not len(todo)
        return todo[:most]

    def _walk(self, pooled, worth) -> np.ndarray:
        found = [self.todo]
        q = self._queue
        while len(q):
            self.reached += len(q)
            found.append(q[pooled[q] & (worth[q] > 0)])
            old = q[q < self.known]
            old = old[self.sp[old + 1] > self.sp[old]]
            need = old[self.pick[old] < 0]
            if len(need):
                self._pick(need, *self._sub(need), self.high, pooled, self.low)
            move = self.sp[old] + self.pick[old]
            count = self.mp[move + 1] - self.mp[move]
            t = self.t[_ranges(self.mp[move], self.mp[move + 1])]
            self.links.append((np.repeat(old, count), t))
            if len(self.later.e0):   # (the states expanded since the solve, walked again)
                src, tl = self._again(q, worth, pooled)
                self.links.append((src, tl))
                t = np.concatenate([t, tl])
            t = np.unique(t[t >= 0])
            q = t[~self.inside[t]]
            self.inside[q] = True
        self._queue = q
        return np.concatenate(found)

    def _again(self, q: np.ndarray, worth, pooled) -> tuple:
        """(sources, targets) of the play at those of `q` expanded since the solve (their
        moves kept by `expanded`; picked again where barred)."""
        q = q[self.later.held(q)]
        need = q[self.pick[q] < 0]
        if len(need):
            self._pick(need, *self.later.local(need), worth, pooled)
        return self.later.play(q, self.pick[q])

    def _bar(self, pooled, worth) -> bool:
        """The moves picked at the trapped states of the walk just complete barred;
        whether any was."""
        if not self.links:
            return False
        src = np.concatenate([a for a, _b in self.links])
        tgt = np.concatenate([b for _a, b in self.links])
        inside = np.flatnonzero(self.inside)
        picked = np.zeros(len(self.inside), dtype=bool)
        picked[src] = True
        ok = tgt >= 0
        src, tgt = src[ok], tgt[ok]
        free = np.zeros(len(self.inside), dtype=bool)   # (meets an end: no move picked, or lost)
        free[inside[~picked[inside]]] = True
        while True:   # (backwards from the ends along the play)
            grown = free.copy()
            grown[src[free[tgt]]] = True
            if (grown == free).all():
                break
            free = grown
        trapped = inside[~free[inside]]
        trapped = trapped[self.pick[trapped] >= 0]
        if not len(trapped):
            return False
        self.barred = np.union1d(self.barred, trapped * self.MOVES + self.pick[trapped])
        self.pick[trapped] = -1
        return True

    def expanded(self, st, mv, tg, probs, worth: np.ndarray, pooled: np.ndarray) -> None:
        """The edges (in order of state and move) of the states just expanded: each
        one's move picked (`choose` over `worth`), its targets walked next."""
        if not len(st):
            return
        self.grow(int(max(st.max(), tg.max(initial=0))) + 1)
        mp, sp, states = moves_of(st, mv)
        self._pick(states, sp, mp, tg, probs, worth, pooled)
        move = sp[:-1] + self.pick[states]
        count = mp[move + 1] - mp[move]
        t = tg[_ranges(mp[move], mp[move + 1])]
        self.links.append((np.repeat(states, count), t))
        self.later.add(states, sp, mp, tg, probs)
        t = np.unique(t[t >= 0])
        t = t[~self.inside[t]]
        self.inside[t] = True
        self._queue = np.concatenate([self._queue, t])
