"""The float solution's policy re-solved exactly, from the start (solve.py, step 3).

Only the states best play from the start can need are solved: a move is ruled out
when its float expectation plus its bound is below the best move's minus its bound
(then it is surely worse); the states the other moves lead to are wanted, and all
of a wanted cyclic component with its ways out.  They are solved in rationals,
successors first: a state by its best candidate move, exactly (the first of equal
ones); a cyclic component by policy iteration from the float policy (the policy's
exact value by elimination, `explore.exact.eliminate`; any strictly better move;
until none), which gives best play's value: a real policy's (at most best play) and
a fixed point of the Bellman equation (at least the least one, which best play is).
"""
from __future__ import annotations

from fractions import Fraction

from engine.analysis.explore.exact import TIE, eliminate, reaching, towards_ways_out
from engine.analysis.compiled.solve import MAX_IMPROVEMENTS, Solution, _mpq, plain


class Exact:
    def __init__(self, sol: Solution):
        g = sol.g
        self.sol = sol
        exact_only = all(not isinstance(p, float) for p in g.fractions)
        self.Q = Q = _mpq if (_mpq is not None and exact_only) else Fraction
        self.table = [p if isinstance(p, float) else Q(p) for p in g.fractions]
        self.sp, self.mp = plain(g.state_ptr), plain(g.move_ptr)
        self.t, self.x = plain(g.targets), plain(g.exact)
        self.pf = plain(g.probs)
        self.f, self.e = plain(sol.f), plain(sol.e)
        self.value: dict = {}
        self.policy: dict = {}

    def _move(self, m) -> list:
        """[(exact probability, target)] of move m."""
        a, b = self.mp[m], self.mp[m + 1]
        return list(zip([self.table[i] for i in self.x[a:b]], self.t[a:b]))

    def _candidates(self, s) -> list:
        f, e, pf, t = self.f, self.e, self.pf, self.t
        qs = []
        for m in range(self.sp[s], self.sp[s + 1]):
            q = b = 0.0
            for i in range(self.mp[m], self.mp[m + 1]):
                if t[i] >= 0:
                    q += pf[i] * f[t[i]]
                    b += pf[i] * e[t[i]]
            qs.append((q, b + 2.0 ** -53 * (self.mp[m + 1] - self.mp[m] + 2), m))
        low = max(q - b for q, b, _m in qs)
        return [m for q, b, m in qs if q + b >= low]

    def wanted(self) -> set:
        sol, t, mp = self.sol, self.t, self.mp
        cyclic, out = sol.cyclic, set()
        todo = [s for _p, s in sol.g.roots if s >= 0]
        self.cands: dict = {}
        while todo:
            s = todo.pop()
            if s in out:
                continue
            out.add(s)
            if self.sp[s] == self.sp[s + 1]:
                continue
            if cyclic[s]:
                todo.extend(x for x in t[mp[self.sp[s]]:mp[self.sp[s + 1]]] if x >= 0)
                continue
            cands = self.cands[s] = self._candidates(s)
            for m in cands:
                todo.extend(x for x in t[mp[m]:mp[m + 1]] if x >= 0)
        return out

    def _v(self, t):
        return self.value.get(t, self.Q(0)) if t >= 0 else self.Q(0)

    def _q(self, m):
        out = self.Q(0)
        for p, t in self._move(m):
            if t >= 0:
                v = self.value[t]
                if v:
                    out += p * v
        return out

    def run(self) -> Fraction:
        """The exact best-play value of the start."""
        sol, Q = self.sol, self.Q
        want = self.wanted()
        for comp in sol.comps:
            if comp[0] not in want:
                continue
            if sol.cyclic[comp[0]]:
                self._component(comp)
                continue
            s = comp[0]
            if self.sp[s] == self.sp[s + 1]:
                self.value[s] = Q(int(sol.g.terminal[s]))
                continue
            best = where = None
            for m in self.cands[s]:
                q = self._q(m)
                if best is None or q > best:
                    best, where = q, m
            self.value[s], self.policy[s] = best, where - self.sp[s]
        start = sum((p * self._v(t) for p, t in sol.g.roots), Q(0))
        return Fraction(int(start.numerator), int(start.denominator))

    def _component(self, comp) -> None:
        members = set(comp)
        for s in comp:
            for m in range(self.sp[s], self.sp[s + 1]):
                for _p, t in self._move(m):
                    if t >= 0 and t not in members and t not in self.value:
                        self.value[t] = self.Q(0)   # (a way out no candidate needed: worth 0 here, never best)
        policy = self._first_policy(comp, members)
        for _ in range(MAX_IMPROVEMENTS):
            self._evaluate(comp, members, policy)
            changed = False
            for s in comp:
                if self.sp[s] == self.sp[s + 1]:
                    continue
                qs = [self._q(m) for m in range(self.sp[s], self.sp[s + 1])]
                best = max(range(len(qs)), key=qs.__getitem__)
                if qs[best] > qs[policy[s]]:
                    policy[s], changed = best, True
            if not changed:
                break
        self.policy.update(policy)

    def _first_policy(self, comp, members) -> dict:
        """The float policy, its ties (within TIE) routed towards a way out: a loop of
        tied moves taken for ever is worth 0, and costs a round to undo."""
        f, t, pf, moves, near = self.f, self.t, self.pf, {}, {}
        for s in comp:
            moves[s] = []
            for m in range(self.sp[s], self.sp[s + 1]):
                const, inner = 0.0, []
                for i in range(self.mp[m], self.mp[m + 1]):
                    if t[i] in members:
                        inner.append((pf[i], t[i]))
                    elif t[i] >= 0:
                        const += pf[i] * f[t[i]]
                moves[s].append((const, inner))
            qs = [c + sum(p * f[x] for p, x in inner) for c, inner in moves[s]] or [0.0]
            top = max(qs) - TIE
            near[s] = [k for k, q in enumerate(qs) if q >= top]
        return towards_ways_out(comp, moves, near)

    def _evaluate(self, comp, members, policy) -> None:
        Q, eqs, live, back = self.Q, {}, set(), {s: set() for s in comp}
        for s in comp:
            if self.sp[s] == self.sp[s + 1]:
                self.value[s] = Q(int(self.sol.g.terminal[s]))
                continue
            coeffs, const = {}, Q(0)
            for p, t in self._move(self.sp[s] + policy[s]):
                if t in members:
                    coeffs[t] = coeffs.get(t, 0) + p
                    back[t].add(s)
                elif t >= 0:
                    const += p * self.value[t]
            eqs[s] = [coeffs, const]
            if const > 0:
                live.add(s)
        for s in comp:
            if s not in eqs and self.value[s] > 0:
                live.add(s)
        reaching(live, back)
        for s in comp:
            if s not in live:
                self.value[s] = Q(0)
        known = {s for s in comp if s not in eqs and s in live}
        system = {s: eqs[s] for s in comp if s in live and s in eqs}
        for s, (coeffs, _c) in system.items():
            for t in [t for t in coeffs if t in known]:
                system[s][1] += coeffs.pop(t) * self.value[t]
        solved = eliminate(system, set(comp) - live, Q)
        self.value.update(solved)
