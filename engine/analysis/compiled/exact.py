"""The float solution's policy re-solved exactly, from the start (solve.py, step 3).

Only the states best play from the start can need are solved: a move is ruled out
when its float expectation plus its bound is below the best move's minus its bound
(then it is surely worse); the states the other moves lead to are wanted, and all
of a wanted cyclic component with its ways out.  They are solved in rationals,
successors first: a state by its best candidate move, exactly (the first of equal
ones); a cyclic component by policy iteration from the float policy (the policy's
exact value; any strictly better move; until none), which gives best play's value: a
real policy's (at most best play) and a fixed point of the Bellman equation (at
least the least one, which best play is).

Two things keep that cheap on a big maze.  The policy's exact value is worked out
over the components of the policy's own moves, successors first: most are one
state out of any loop (its move's expectation, a product or two), and only a loop
through dice is solved by elimination (`explore.exact.eliminate`).  And a move is
compared exactly only when its float expectation over the exact values' floats is
within rounding of its state's value (`_Screen`): the others cannot be strictly
better, and most moves are such.

A probability known as a float first (lazy.py `Lazy`: a fight's end) is made exact
only where it is read: the edges of the candidate moves of the states wanted and of
the moves of a wanted cyclic component, all made at once (`_exact_probs`); the
bounds the candidates are ruled out by add the floats' declared error (solve.py
`extra`).
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engine.analysis.compiled.components import components
from engine.analysis.compiled.lazy import Lazy, resolve
from engine.analysis.compiled.solve import MAX_IMPROVEMENTS, ROUNDING, Solution, _mpq, _ranges, plain
from engine.analysis.explore.exact import eliminate


class Exact:
    """The exact pass over a float `Solution`: `run()` gives the start's value; `value`
    and `policy` hold those of the states solved."""

    def __init__(self, sol: Solution):
        g = sol.g
        self.sol = sol
        exact_only = all(not isinstance(p, float) for p in g.fractions)
        self.Q = Q = _mpq if (_mpq is not None and exact_only) else Fraction
        # (a Lazy stays one until read: `_exact_probs` makes those the candidates read at once)
        self.table = _Table(p if isinstance(p, (float, Lazy)) else Q(p) for p in g.fractions)
        self.table.Q = Q
        self.zero = Q(0)
        self.one = next((i for i, p in enumerate(g.fractions)
                         if not isinstance(p, (float, Lazy)) and p == 1), -1)
        self.sp, self.mp = plain(g.state_ptr), plain(g.move_ptr)
        self.t, self.x = plain(g.targets), plain(g.exact)
        self.pf = [float(p) for p in g.fractions]   # (an edge's float: pf[x[i]])
        self.f, self.e = plain(sol.f), plain(sol.e)
        self.value: dict = {}
        self.policy: dict = {}
        self.fx = np.zeros(g.states)             # float(value) of the states solved
        self.fx_v = memoryview(self.fx)
        self.loc = np.full(g.states, -1, dtype=np.int32 if g.states < 1 << 31 else np.int64)   # a state's place in the component solved
        self.loc_v = memoryview(self.loc)

    def _move(self, m) -> list:
        """[(exact probability, target)] of move m."""
        a, b = self.mp[m], self.mp[m + 1]
        return list(zip([self.table[i] for i in self.x[a:b]], self.t[a:b]))

    def _candidates(self, s) -> list:
        f, e, pf, t, x, sol = self.f, self.e, self.pf, self.t, self.x, self.sol
        qs = []
        for m in range(self.sp[s], self.sp[s + 1]):
            q = b = 0.0
            for i in range(self.mp[m], self.mp[m + 1]):
                if t[i] >= 0:
                    p = pf[x[i]]
                    q += p * f[t[i]]
                    b += p * e[t[i]]
            qs.append((q, b + 2.0 ** -53 * (self.mp[m + 1] - self.mp[m] + 2) + sol.extra, m))
        low = max(q - b for q, b, _m in qs)
        return [m for q, b, m in qs if q + b >= low]

    def wanted(self) -> set:
        """The states best play from the start can need: a state's candidate moves'
        targets, and the whole of a cyclic component with its ways out."""
        sol, t, mp, sp = self.sol, self.t, self.mp, self.sp
        cyclic, comp_of, out = sol.cyclic, sol.comp_of, set()
        todo = [s for _p, s in sol.g.roots if s >= 0]
        self.cands: dict = {}
        while todo:
            s = todo.pop()
            if s in out:
                continue
            if cyclic[s]:
                members = np.frombuffer(sol.comps[int(comp_of[s])], dtype=np.int64)
                out.update(members.tolist())
                _moves, edges, _ms, _ss, _has = sol._moves_of(members)
                ways = sol.t[edges]
                todo.extend(np.unique(ways[(ways >= 0) & (comp_of[np.maximum(ways, 0)] != comp_of[s])]).tolist())
                continue
            out.add(s)
            if sp[s] == sp[s + 1]:
                continue
            cands = self.cands[s] = self._candidates(s)
            for m in cands:
                todo.extend(x for x in t[mp[m]:mp[m + 1]] if x >= 0)
        return out

    def _exact_probs(self, want: set) -> None:
        """The exact probabilities the solve reads made at once (lazy.py `resolve`: one
        exact push a fight's grid): the edges of the candidate moves of the states
        wanted, and of every move of a wanted cyclic component."""
        if not any(type(p) is Lazy for p in self.table):
            return
        sol, mp = self.sol, self.mp
        moves = [m for ms in self.cands.values() for m in ms]
        read = [np.asarray(sol.g.exact[mp[m]:mp[m + 1]]) for m in moves]
        cyclic = [s for s in want if sol.cyclic[s]]
        if cyclic:
            _moves, edges, _ms, _ss, _has = sol._moves_of(np.unique(np.asarray(cyclic, dtype=np.int64)))
            read.append(np.asarray(sol.g.exact[edges]))
        ids = np.unique(np.concatenate(read)).tolist() if read else []
        resolve([list.__getitem__(self.table, i) for i in ids])
        for i in ids:
            self.table[i]   # (each Lazy read becomes its exact value)

    def _v(self, t):
        return self.value.get(t, self.Q(0)) if t >= 0 else self.Q(0)

    def _q(self, m):
        """Move m's exact expectation (a sure move: its target's value itself)."""
        mp, t, x, table, value = self.mp, self.t, self.x, self.table, self.value
        a, b = mp[m], mp[m + 1]
        if b - a == 1:
            u = t[a]
            if u < 0:
                return self.zero
            return value[u] if x[a] == self.one else table[x[a]] * value[u]
        out = self.zero
        for i in range(a, b):
            u = t[i]
            if u >= 0:
                v = value[u]
                if v:
                    out += table[x[i]] * v
        return out

    def run(self) -> Fraction:
        """The exact best-play value of the start."""
        sol, Q = self.sol, self.Q
        want = self.wanted()
        self._exact_probs(want)
        # only the components holding a wanted state (a cyclic one is wanted whole), in
        # their order (successors first): not a walk over every component of the space
        held = np.unique(sol.comp_of[np.fromiter(want, dtype=np.int64, count=len(want))]).tolist()
        for comp in (sol.comps[c] for c in held):
            if comp[0] not in want:
                continue
            if sol.cyclic[comp[0]]:
                self._component(comp)
                continue
            s = comp[0]
            if self.sp[s] == self.sp[s + 1]:
                self.value[s] = Q(int(sol.g.terminal[s]))
                self.fx_v[s] = float(sol.g.terminal[s])
                continue
            best = where = None
            for m in self.cands[s]:
                q = self._q(m)
                if best is None or q > best:
                    best, where = q, m
            self.value[s], self.policy[s] = best, where - self.sp[s]
            self.fx_v[s] = float(best)
        start = sum((p * self._v(t) for p, t in sol.g.roots), Q(0))
        return Fraction(int(start.numerator), int(start.denominator))

    def _component(self, comp) -> None:
        """Policy iteration from the float pass's policy (routed towards the ways
        out): the policy's exact value, then any strictly better move, until none."""
        sol, value, Q = self.sol, self.value, self.Q
        members = np.frombuffer(comp, dtype=np.int64) if not isinstance(comp, np.ndarray) else comp
        states = members.tolist()
        moves, edges, ms, ss, _has = sol._moves_of(members)
        t = sol.t[edges]
        self.loc[members] = np.arange(len(members))
        for u in np.unique(t[(t >= 0)]).tolist():
            if self.loc_v[u] < 0 and u not in value:
                value[u] = Q(0)   # (a way out no candidate needed: worth 0 here, never best)
                self.fx_v[u] = 0.0
        screen = _Screen(sol, members, moves, edges, ms, ss, t)
        policy = sol.policy[members].tolist()
        for _ in range(MAX_IMPROVEMENTS):
            self._evaluate(states, policy)
            if not self._improve(states, policy, screen):
                break
        self.policy.update(zip(states, policy))
        self.loc[members] = -1

    def _evaluate(self, comp: list, policy: list) -> None:
        """The exact value of `policy` (each member's move, in order) over a cyclic
        component: its moves' own components (most of one member, out of any loop)
        successors first, each by its expectation, a loop through dice by
        elimination (0 when nothing leads out of it towards a positive value)."""
        sol = self.sol
        chosen = sol.sp[np.asarray(comp, dtype=np.int64)] + np.asarray(policy, dtype=np.int64)
        first, last = sol.mp[chosen].astype(np.int64), sol.mp[chosen + 1].astype(np.int64)
        to = sol.t[_ranges(first, last)]
        inner = np.where(to >= 0, self.loc[np.maximum(to, 0)], -1)
        src = np.repeat(np.arange(len(comp)), last - first)[inner >= 0]
        ptr = plain(np.searchsorted(src, np.arange(len(comp) + 1)))
        inner = plain(inner[inner >= 0])
        found = components(len(comp), ptr, inner, levels=False)
        value, fx, chosen = self.value, self.fx_v, chosen.tolist()
        for c in range(len(found)):
            group = found[c]
            i = group[0]
            if len(group) == 1 and i not in inner[ptr[i]:ptr[i + 1]].tolist():
                v = value[comp[i]] = self._q(chosen[i])
                fx[comp[i]] = float(v)
            else:
                self._loop([comp[i] for i in group], [chosen[i] for i in group])

    def _loop(self, group: list, chosen: list) -> None:
        """Members that the policy's moves keep going round (a loop through dice)."""
        Q, value, fx = self.Q, self.value, self.fx_v
        inside, eqs, out = set(group), {}, False
        for s, m in zip(group, chosen):
            coeffs, const = {}, Q(0)
            for p, u in self._move(m):
                if u in inside:
                    coeffs[u] = coeffs.get(u, 0) + p
                elif u >= 0:
                    v = value[u]
                    if v:
                        const += p * v
            eqs[s] = [coeffs, const]
            out = out or const > 0
        # (with a positive way out, every member leads out: the system is regular)
        solved = eliminate(eqs, set(), Q) if out else dict.fromkeys(group, Q(0))
        for s, v in solved.items():
            value[s] = v
            fx[s] = float(v)

    def _improve(self, comp: list, policy: list, screen) -> bool:
        """Any move strictly better than the policy's, exactly; a move whose float
        expectation (over the exact values' floats) is below the state's value by
        more than its rounding cannot be, and is not computed exactly."""
        changed, value, sp = False, self.value, self.sp
        for i, ks in screen.candidates(self.fx, policy):
            s = comp[i]
            best, where = value[s], None
            for k in ks:
                q = self._q(sp[s] + k)
                if q > best:
                    best, where = q, k
            if where is not None:
                policy[i], changed = where, True
        return changed


class _Table(list):
    """The exact probabilities by number; a `Lazy` among them made exact (and kept so)
    when first read."""

    Q = Fraction

    def __getitem__(self, i):
        p = list.__getitem__(self, i)
        if type(p) is Lazy:
            p = self.Q(p.fraction())
            self[i] = p
        return p


class _Screen:
    """The moves of a cyclic component over arrays, to rule out in floats the moves
    that cannot be strictly better than the policy's."""

    def __init__(self, sol: Solution, members, moves, edges, ms, ss, t):
        self.members, self.ms, self.ss = members, ms, ss
        self.ok = t >= 0
        self.t = np.where(self.ok, t, 0)
        self.p = sol.g.probs[edges]
        count = np.diff(np.append(ms, len(edges)))
        per = np.diff(np.append(ss, len(moves)))
        self.owner = np.repeat(np.arange(len(ss)), per)
        self.offset = np.arange(len(moves)) - np.repeat(ss, per)
        # Over the values' floats (each within 2^-52 relative of its value: a gmpy2
        # mpq is truncated) and the probabilities' (within 2^-53), a move's float
        # expectation of `count` terms in [0, 1] is within (count + 3) 2^-53 of its
        # exact one, the state's value's float within 2 2^-53: four times that, as margin.
        self.margin = 4 * (ROUNDING * (count + 5) + sol.extra)   # (+ a lazy float's extra: solve.py `extra`)

    def candidates(self, fx: np.ndarray, policy: list) -> list:
        """[(member, [its moves that may be strictly better than its policy's])]."""
        q = np.add.reduceat(np.where(self.ok, self.p * fx[self.t], 0.0), self.ms)
        keep = q > fx[self.members][self.owner] - self.margin
        keep[self.ss + np.asarray(policy, dtype=np.int64)] = False
        idx = np.flatnonzero(keep)
        if not len(idx):
            return []
        owner, offset = self.owner[idx].tolist(), self.offset[idx].tolist()
        out: list = []
        for i, k in zip(owner, offset):
            if out and out[-1][0] == i:
                out[-1][1].append(k)
            else:
                out.append((i, [k]))
        return out
