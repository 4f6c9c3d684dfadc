"""Best-play values over the arrays of graph.py: float64 level by level, then exact.

1. Components (components.py: peeled from the ends level by level with NumPy,
   Tarjan over what lies on cycles; successors first) get a *level*: one more
   than the highest level they lead to.  All the states of one level out of any
   cycle are backed up at once with NumPy (each move's expectation by
   `np.add.reduceat`, the best move by `np.maximum.reduceat`); the
   cyclic components of a level (loops through dice or choices; none leads to
   another) are solved by interval iteration: a low sequence from 0 and a high one
   from 1 (on the states that can reach a positive value; 0 elsewhere), until they
   meet; swept together, each component stops at its own meeting and is cut out of
   the arrays swept once those stopped hold half of them (sweeps.py: a component's
   floats are those it gets swept alone).  Their first policy is each state's
   near-best move (within TIE) routed towards the ways out (`towards_ways_out`).
2. Every float carries a proven bound e, |f - v| <= e: a move's bound is the
   expectation of its successors' bounds plus the rounding of its sum (each term of
   a sum of at most 1 rounds by at most 2^-53 relative: `ROUNDING` per term, with
   two terms of margin), plus `extra`: a probability's float is the correctly
   rounded one (within 2^-53 relative), or, known as a float first (lazy.py: a
   fight's ends pushed in floats, chain_floats.py), within 2^-53 + its declared
   error, `extra` the largest (0 without lazies); a move's probabilities sum to at
   most 1 and its values lie in [0, 1], so those errors move its expectation by at
   most `extra` more (a lazy probability inside a loop is made exact and read
   correctly rounded: `_rounded`); a state's the largest of its moves'; a cyclic component's
   its own ways out's plus its own gap the interval iteration left when it stopped
   (or 1 when the high sequence did not come down: then nothing is ruled out
   there): at every sweep its low sequence is below its value and its high one
   above, so the gap read from its last values bounds both, wherever it stopped.
   A loop of choices the player may keep walking for ever (an end component:
   states whose moves can all stay among them) holds the high sequence at 1, since
   staying looks as good as anything; when the two sequences of a component do not
   meet, such loops are found (`end_components`) and each is taken as one state
   whose moves are its members' ways out (staying for ever finishes nothing: it is
   worth 0), so the high sequence comes down to the value (interval iteration with
   end components collapsed, Haddad and Monmege 2014).
3. The chosen policy is re-solved exactly from the start: a move is a candidate
   unless its f + e is below the best move's f - e; the states candidates lead to
   are solved in rationals (gmpy2's mpq when present), successors first, each
   state's best candidate exactly (the first best, as the explorer's exact solver),
   a cyclic component by policy iteration from the float policy (exact evaluation,
   then any strictly better move, until none), so the value is best play's exactly
   (exact.py: the policy evaluated by its own components, most of one state; only
   the moves the floats cannot rule out compared exactly).
"""
from __future__ import annotations

from array import array

import numpy as np

from engine.analysis.chain_arrays import spans
from engine.analysis.compiled.components import components
from engine.analysis.compiled.graph import Graph, narrow
from engine.analysis.compiled.lazy import Lazy, extra_error, resolve
from engine.analysis.compiled.sweeps import MET, Loops, expectations
from engine.analysis.explore.exact import TIE
from engine.support.heap import give_back

try:
    from gmpy2 import mpq as _mpq
except ImportError:   # (the same values in Fractions, slower)
    _mpq = None

ROUNDING = 2.0 ** -53
FRONTIER = -2   # (graph.py: the target of a state found but not expanded, in a cut run)
MAX_IMPROVEMENTS = 10_000
EDGES = 1 << 22   # edges backed up together at most (`Solution._parts`)


def plain(a: np.ndarray) -> memoryview:
    """An array's values for Python loops (indexed and sliced like a list, each item
    a Python int or float), without a copy: a view of the array's own buffer in its
    own narrow type (`tolist` made the solve's peak memory, and a copy to 64-bit
    values a copy of every edge at once)."""
    return memoryview(np.ascontiguousarray(a))


def _ranges(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The concatenation of range(starts[i], ends[i]) for every i (int64): chain_arrays
    `spans`, a running sum of steps (a range plus each range's offset repeated over it
    took 2.5 times as long: 1.08 against 0.43 s over the edges of half of
    le-taureau-d-airain's states, read by every level's backup)."""
    return spans(starts, ends)


class Solution:
    """Float values with their bounds, the float policy, and (after `exact`) the
    exact values of the states best play from the start can need."""

    def __init__(self, g: Graph, frontier: float = 0.0):
        self.g = g
        self.frontier = frontier   # what a state not explored is worth: 0 (a low bound) or 1 (a high one)
        n = g.states
        # the graph's pointers and targets in their narrow types (copies to int64 took
        # 8 bytes a state, a move and an edge each: 0.5 GB on le-taureau-d-airain)
        self.sp = g.state_ptr.astype(np.int64)
        self.mp = g.move_ptr
        self.t = g.targets
        self.edge_ptr = self.mp[self.sp]   # per state (+1): its first edge
        # the values and bounds with two places after the states', read through a
        # pseudo target's negative index (`_q`): FRONTIER (-2) the frontier's worth
        # and bound 0, ERROR (-1) 0 and 0; `f` and `e` are the states' places
        self._fx, self._ex = np.zeros(n + 2), np.zeros(n + 2)
        self._fx[FRONTIER] = frontier   # (the place n: the target -2 counted from the end)
        self.f, self.e = self._fx[:n], self._ex[:n]
        self.odd = bool(len(self.t)) and int(self.t.min()) < FRONTIER   # (a target below those two: read as before)
        most = int(np.diff(self.sp).max(initial=0))   # (a state's moves at most: a policy is one of them)
        self.policy = np.full(n, -1, dtype=narrow(most, signed=True))
        self.cyclic = np.zeros(n, dtype=bool)
        self.comp_of = np.zeros(0, dtype=np.int64)   # (floats: each state's component)
        self.comps: list = []
        self.levels = 0
        self.sweeps = 0
        # what a probability's float may err beyond a correctly rounded float's (lazy.py:
        # a fight's ends pushed in floats): a move's probabilities summing to at most 1,
        # its expectation of values in [0, 1] errs by at most that much more
        self.extra = extra_error(g.fractions)

    # --- floats ---------------------------------------------------------------
    def floats(self, comps=None) -> "Solution":
        """The float values, level by level; `comps`: the components of another
        `Solution` of the same edges (another frontier's or terminals' worth: a cut's
        low and high solves), read as they are rather than worked out again."""
        n = self.g.states
        found = self.comps = components(n, plain(self.edge_ptr), plain(self.t)) if comps is None else comps
        give_back()   # (the peeling's free pages, before the levels' backups: support/heap.py)
        comp_of = np.frombuffer(found.comp_of, dtype=np.int64)
        comp_level = np.frombuffer(found.level, dtype=np.int64)
        comp_loop = np.frombuffer(found.loop, dtype=np.uint8).astype(bool)
        self.comp_of = comp_of
        level = comp_level[comp_of]
        self.cyclic[:] = comp_loop[comp_of]
        self.levels = int(level.max(initial=-1)) + 1
        # (in its narrowest type: NumPy sorts 8- and 16-bit keys stably by radix, 0.07 s
        # where 64-bit ones took 0.65 s over le-taureau-d-airain's 7.3 M states)
        order = np.argsort(level.astype(narrow(self.levels)), kind="stable")
        bounds = np.searchsorted(level[order], np.arange(self.levels + 1))
        for k in range(self.levels):
            states = order[bounds[k]:bounds[k + 1]]
            single = np.sort(states[~self.cyclic[states]])
            for part in self._parts(single):   # (independent states: a part at a time, the same floats)
                self._backup(part)
            cyclic = states[self.cyclic[states]]
            if len(cyclic):   # (the level's loops at once: none leads to another)
                self._interval(np.sort(cyclic))
        return self

    def _parts(self, states: np.ndarray) -> list:
        """Sorted `states` cut into runs of about EDGES edges at most (a level's backup
        holds some 60 bytes an edge of temporaries: one level of le-taureau-d-airain
        held tens of millions of edges at once)."""
        if not len(states):
            return []
        ep = self.edge_ptr
        counts = np.asarray(ep[states + 1], dtype=np.int64) - np.asarray(ep[states], dtype=np.int64)
        if int(counts.sum()) <= EDGES:
            return [states]
        cuts = np.searchsorted(np.cumsum(counts), np.arange(EDGES, int(counts.sum()), EDGES))
        return np.split(states, np.unique(cuts[(cuts > 0) & (cuts < len(states))]))

    def _moves_of(self, states: np.ndarray):
        """(moves, edges, each move's first edge within edges, each state's first move
        within moves, has moves) of sorted states."""
        m0, m1 = self.sp[states], self.sp[states + 1]
        moves = _ranges(m0, m1)
        e0, e1 = self.mp[moves].astype(np.int64), self.mp[moves + 1].astype(np.int64)
        edges = _ranges(e0, e1)
        move_starts = np.concatenate(([0], np.cumsum(e1 - e0)[:-1])) if len(moves) else moves
        state_starts = np.concatenate(([0], np.cumsum(m1 - m0)[:-1]))
        return moves, edges, move_starts, state_starts, m1 > m0

    def _q(self, edges, move_starts, value, bound=None):
        """Each move's float expectation (and bound) over `value` (`bound`): with the
        places of the pseudo targets after the states' (`_fx`, `_ex`), one product an
        edge read through its target, negative or not: the same terms, in the same
        order, as choosing each edge's term by its kind (five passes over the edges
        fewer, in the solve's largest loop)."""
        t = self.t[edges]
        if not self.odd and len(value) == self.g.states + 2:
            p = self.g.probs[edges]
            q = np.add.reduceat(p * value[t], move_starts)
            if bound is None:
                return q, None
            k = np.diff(np.append(move_starts, len(edges)))
            return q, np.add.reduceat(p * bound[t], move_starts) + (ROUNDING * (k + 2) + self.extra)
        ok = t >= 0
        safe = np.where(ok, t, 0)
        p = self.g.probs[edges]
        q = np.add.reduceat(np.where(ok, p * value[safe], np.where(t == FRONTIER, p * self.frontier, 0.0)),
                            move_starts)
        if bound is None:
            return q, None
        k = np.diff(np.append(move_starts, len(edges)))
        b = np.add.reduceat(np.where(ok, p * bound[safe], 0.0), move_starts) + (ROUNDING * (k + 2) + self.extra)
        return q, b

    def _backup(self, states: np.ndarray) -> None:
        moves, edges, ms, ss, has = self._moves_of(states)
        self.f[states[~has]] = self.g.terminal[states[~has]]
        if not len(moves):
            return
        q, b = self._q(edges, ms, self._fx, self._ex)
        ss_has = ss[has]
        best = np.maximum.reduceat(q, ss_has)
        per = np.diff(np.append(ss_has, len(moves)))
        at_best = q == np.repeat(best, per)
        idx = np.arange(len(moves))
        first = np.minimum.reduceat(np.where(at_best, idx, len(moves)), ss_has)
        live = states[has]
        self.f[live] = best
        self.e[live] = np.maximum.reduceat(b, ss_has)
        self.policy[live] = first - ss_has

    def _interval(self, comp: np.ndarray) -> None:
        """Cyclic components (all those of a level, none leading to another, sorted
        states): low and high value iteration, each component until its own meet
        (sweeps.py; their members numbered 0.. locally; the ways out are constants),
        then those whose high sequence was held up by loops of choices kept open with
        those loops collapsed; each component's bound is its own ways out's and
        gap's."""
        moves, edges, ms, ss, has = self._moves_of(comp)
        f, e = self.f, self.e
        t = self.t[edges]
        local = np.searchsorted(comp, t)
        local = np.minimum(local, len(comp) - 1)
        inside = (t >= 0) & (comp[local] == t)
        p = self.g.probs[edges]
        if self.extra:
            p = self._rounded(edges, inside, p)
        outside = (~inside) & (t >= 0)
        const = np.where(outside, p * f[np.where(outside, t, 0)], np.where(t == FRONTIER, p * self.frontier, 0.0))
        _, which = np.unique(self.comp_of[comp], return_inverse=True)   # each member's component, 0..
        edge_move = np.repeat(np.arange(len(moves)), np.diff(np.append(ms, len(edges))))
        edge_member = np.repeat(np.arange(len(comp)), np.diff(np.append(ss, len(moves))))[edge_move]
        exit_bound = np.zeros(int(which.max(initial=-1)) + 1)
        np.maximum.at(exit_bound, which[edge_member[outside]], e[t[outside]])
        can = self._can_win(comp, moves, edges, ms, ss, has, inside, local, const)
        low = np.zeros(len(comp))
        high = np.where(can, 1.0, 0.0)
        low[~has] = high[~has] = self.g.terminal[comp[~has]]
        ss_has = ss[has]
        ways_out = np.add.reduceat(const, ms)
        in_move, in_p, in_local = edge_move[inside], p[inside], local[inside]

        each_move = expectations(ways_out, in_move, in_p, in_local)
        loops = Loops(which, has, ss, len(moves), ways_out, in_move, in_p, in_local)
        todo = np.ones(loops.n, dtype=bool)
        self.sweeps += loops.iterate(low, high, todo)
        todo = _by_component(which, loops.n, high - low) > MET
        if todo.any():   # (high held up by loops of choices kept open: collapse them)
            staying, member = end_components(len(comp), ms, ss, has, inside, local)
            if staying.any():
                self.sweeps += loops.iterate(low, high, todo, (staying, member))
        f[comp] = low
        pick = towards_ways_out(len(comp), each_move(low), ways_out, ss_has, np.flatnonzero(has), edge_move, inside, local)
        self.policy[comp[has]] = pick[has] - ss_has
        gaps = _by_component(which, loops.n, high - low)
        sure = np.where(gaps <= 0.5, gaps, 1.0)   # (high stuck at 1: a loop kept open, nothing proven)
        sizes = np.bincount(which, minlength=len(exit_bound))
        e[comp] = (exit_bound + sure + (ROUNDING * (sizes + 2) + self.extra))[which]

    def _rounded(self, edges, inside, p) -> np.ndarray:
        """`p` with each lazy probability of an edge `inside` a loop made exact and
        correctly rounded: its error, were it kept, would come back with every turn of
        the loop, which `extra` (a move's once) does not cover; a way out's does (the
        mass that leaves a loop sums to at most 1 over all its turns)."""
        ids = np.asarray(self.g.exact[edges])[inside]
        fr = self.g.fractions
        lazy = [i for i in np.unique(ids).tolist() if type(fr[i]) is Lazy]
        if not lazy:
            return p
        resolve([fr[i] for i in lazy])
        table = np.zeros(len(fr))
        table[lazy] = [float(fr[i].fraction()) for i in lazy]
        at = np.flatnonzero(inside)
        hit = np.isin(ids, lazy)
        p = np.array(p, dtype=np.float64)
        p[at[hit]] = table[ids[hit]]
        return p

    def _can_win(self, comp, moves, edges, ms, ss, has, inside, local, const) -> np.ndarray:
        """Per member: some path leads out to a positive value or a victory."""
        per_move = np.diff(np.append(ms, len(edges)))
        edge_state = np.repeat(np.repeat(np.arange(len(comp)), np.diff(np.append(ss, len(moves)))), per_move)
        out_pos = (~inside) & (const > 0)   # (a way out, or a state not explored when it counts as won)
        can = np.zeros(len(comp), dtype=bool)
        can[edge_state[out_pos]] = True
        can |= self.g.terminal[comp].astype(bool)
        src, dst = edge_state[inside], local[inside]
        while True:
            grown = can.copy()
            grown[src[can[dst]]] = True
            if (grown == can).all():
                return can
            can = grown

    def bound(self) -> float:
        """The proven bound of the start's float value."""
        return sum(float(p) * (self.e[t] if t >= 0 else 0.0) for p, t in self.g.roots) + ROUNDING * (len(self.g.roots) + 2)

    def start(self) -> float:
        return min(1.0, sum(float(p) * (self.f[t] if t >= 0 else 0.0) for p, t in self.g.roots))


def _by_component(which, n: int, values) -> np.ndarray:
    """The largest of `values` (per member) in each of the `n` components (`which`)."""
    most = np.zeros(n)
    np.maximum.at(most, which, values)
    return most


def towards_ways_out(n: int, q, ways_out, ss_has, holders, edge_move, inside, local) -> np.ndarray:
    """A first policy for cyclic components (`n` members), from the float value `q` of each move
    (the moves of member `holders[i]` start at `ss_has[i]`; `ways_out` each move's
    float value of its edges out of the components): each member's near-best move
    (within TIE of its best) that leads out towards a positive value, else one that
    leads to a member settled so (round by round, a breadth-first search backwards),
    else its first near-best move.  A loop of tied moves taken for ever is worth 0
    and would cost the exact pass a round of policy iteration to undo.  Returns each
    member's move (an index among all the moves), -1 for a member without moves."""
    per = np.diff(np.append(ss_has, len(q)))
    owner = np.repeat(holders, per)
    near = q >= np.repeat(np.maximum.reduceat(q, ss_has), per) - TIE if len(q) else np.zeros(0, dtype=bool)
    pick = np.full(n, -1, dtype=np.int64)
    m, i = _first(near, owner)
    pick[m] = i
    settled = np.zeros(n, dtype=bool)
    m, i = _first(near & (ways_out > 0), owner)
    pick[m], settled[m] = i, True
    in_move, in_dst = edge_move[inside], local[inside]
    while True:
        hit = np.zeros(len(q), dtype=bool)
        hit[in_move[settled[in_dst]]] = True
        hit &= near & ~settled[owner]
        if not hit.any():
            return pick
        m, i = _first(hit, owner)
        pick[m], settled[m] = i, True


def _first(mask: np.ndarray, owner: np.ndarray):
    """(owners, first index) of the first True of `mask` for each owner (`owner`
    in increasing order)."""
    idx = np.flatnonzero(mask)
    own = owner[idx]
    keep = np.ones(len(idx), dtype=bool)
    keep[1:] = own[1:] != own[:-1]
    return own[keep], idx[keep]


def end_components(n: int, ms, ss, has, inside, local):
    """The end components of a cyclic component (its members numbered 0..n-1, their
    moves and edges as `_moves_of` gives them, `inside` the edges that stay in it):
    the largest sets of members each of which has a move all of whose outcomes stay
    in its set, and that can reach one another by such moves.  Returns per move
    whether it stays in its member's end component, and per member with moves
    (`has`) the number of its end component, or -1.

    A move stays while its outcomes all stay among the candidates and in its own
    strongly connected component of the graph the staying moves make; a member left
    with no such move drops out, until nothing changes."""
    n_moves, n_edges = len(ms), len(local)
    if not n_moves:
        return np.zeros(0, dtype=bool), np.full(int(np.count_nonzero(has)), -1, dtype=np.int64)
    per_move = np.diff(np.append(ms, n_edges))
    move_state = np.repeat(np.arange(n), np.diff(np.append(ss, n_moves)))
    edge_move = np.repeat(np.arange(n_moves), per_move)
    staying = np.minimum.reduceat(inside.astype(np.int8), ms).astype(bool)
    while True:
        keep = staying[edge_move]
        order = np.argsort(move_state[edge_move[keep]], kind="stable")
        src, dst = move_state[edge_move[keep]][order], local[keep][order]
        ptr = np.searchsorted(src, np.arange(n + 1))
        found = components(n, array("q", ptr.tolist()), array("q", dst.tolist()), levels=False)
        comp_of = np.asarray(found.comp_of, dtype=np.int64)
        same = comp_of[move_state[edge_move]] == comp_of[local]
        now = staying & np.minimum.reduceat(same.astype(np.int8), ms).astype(bool)
        dropped = staying & ~now
        staying = now
        if not np.logical_or.reduceat(same & dropped[edge_move], ms)[dropped].any():
            break   # (the moves dropped only crossed components: the components stand as they are)
    alive = np.zeros(n, dtype=bool)
    alive[move_state[staying]] = True
    member = np.full(n, -1, dtype=np.int64)
    _, member[alive] = np.unique(comp_of[alive], return_inverse=True)
    return staying, member[has]
