"""Exact best-play odds of victory over a completely explored space, in Fractions.

The value of a state is the probability of reaching a victory when the player always
picks the best move and the dice fall as they will (1 at a victory, 0 at any other
ending, a soft-lock, an engine error).  The state graph has cycles (a hub of
paragraphs, a roll that sends you back, a command that changes nothing), so it is
cut into strongly connected components (`solve.components`, iterative Tarjan),
solved in reverse topological order, each one exactly:

* one state without a loop: the best move's expectation over its successors, all
  solved already;
* a cycle of choices only (no move with dice inside it): every state of it can reach
  every other, so each is worth the best way out of the whole component;
* a component with chance inside: the best-play value is the least fixed point of
  the Bellman equation.  Policy iteration finds it exactly: a first policy from
  float value iteration, then (1) the chosen policy's exact value: the states that
  cannot leave towards a positive value are 0 (they loop for ever), the others
  solve a sparse linear system by elimination in Fractions; (2) any state where
  another move is *strictly* better switches to it; until none does.  The values
  are then those of a real policy (so at most best play) and a fixed point of the
  Bellman equation (so at least the least fixed point, which best play is): exact.

Probabilities are as the explorer gives them: Fractions for dice and for fight
nodes whose module gives Fractions; a float probability makes the figure a float
(`is_exact` says which).  When every probability is exact the arithmetic is done
in gmpy2's rationals (C, about 8 times faster than Fraction on these numbers of
50 to 180 digits: the same values), and the values are given back as Fractions.
"""
from __future__ import annotations

from fractions import Fraction

from engine.analysis.explore.solve import space_components
from engine.analysis.explore.space import Space

try:
    from gmpy2 import mpq as _mpq
except ImportError:   # (a platform without its wheel: Fractions, the same values, slower)
    _mpq = None

VI_SWEEPS = 10_000
VI_TOLERANCE = 1e-13
MAX_IMPROVEMENTS = 10_000
# A move whose float expectation is this far below the best one's is worse, exactly:
# the floats of values in [0, 1] are within 1e-15 of theirs (then summed a few times).
SCREEN = 1e-9
# Moves whose float values in a converged value iteration are this close are taken
# as tied, to route a first policy out of a loop (`Solver._iterate`).
TIE = 1e-12
GRID = 2 ** 30   # the ways out of a cyclic component, for Demand's solve of it: multiples of 1/GRID


def _rationals(space: Space):
    """The type the solver computes in: gmpy2's mpq when it is there and every
    probability of the space is exact, else Fraction (a float probability makes the
    figures floats, as it always did)."""
    if _mpq is None:
        return Fraction
    for shape in space.actions.shapes():
        for _text, probs in shape:
            if not all(type(p) is Fraction or type(p) is int for p in probs):
                return Fraction
    return _mpq


class Solver:
    def __init__(self, space: Space, rationals=None):
        self.sp = space
        self.Q = Q = rationals or _rationals(space)
        self.zero = Q(0)
        self.value: list = [self.zero] * len(space.states)
        self.float: list[float] = [0.0] * len(space.states)   # float(value), to screen moves
        self.policy: list[int] = [-1] * len(space.states)   # index of the best action
        self._shapes: dict = {}   # id of a shape of the space -> its probabilities in Q

    def run(self, roots=None) -> list:
        """Every state's exact value; with `roots` (states), only those best play
        from them can need (`Demand`), the others a float (0 exactly where victory
        is out of reach)."""
        sp, value, fv = self.sp, self.value, self.float
        comps = space_components(sp)
        demand = Demand(self, comps, roots) if roots is not None else None
        for comp in comps:
            if demand is not None and not demand.wanted[comp[0]]:
                continue
            members = set(comp)
            if len(comp) == 1 and comp[0] not in sp.actions.targets[comp[0]]:
                self._single(comp[0], demand)
            elif not any(self._chance_inside(s, members) for s in comp):
                self._choices(comp, members)
            else:   # (from the policy `Demand` found with the ways out in floats: mostly already best)
                self._chance(comp, members, demand.fpolicy if demand is not None else None)
            for s in comp:
                fv[s] = float(value[s])
        if self.Q is not Fraction:
            seen: dict = {}   # (mpq hashes fast; most values repeat: 0, 1, a few odds)
            for s, v in enumerate(value):
                if demand is None or demand.wanted[s]:
                    f = seen.get(v)
                    if f is None:
                        f = seen[v] = Fraction(int(v.numerator), int(v.denominator))
                    value[s] = f
        if demand is not None:
            demand.fill(value, self.policy)
        return self.value

    def _shape(self, s) -> tuple:
        """State s's shape, its probabilities in Q."""
        shape = self.sp.actions.shape[s]
        found = self._shapes.get(id(shape))
        if found is None:
            Q = self.Q
            found = self._shapes[id(shape)] = (shape, tuple(
                (text, tuple(p if type(p) is float else Q(p) for p in probs)) for text, probs in shape))
        return found[1]

    def _actions(self, s) -> list:
        """As `space.actions[s]`, the probabilities in Q."""
        targets, out, i = self.sp.actions.targets[s], [], 0
        for text, probs in self._shape(s):
            j = i + len(probs)
            out.append((text, list(zip(probs, targets[i:j]))))
            i = j
        return out

    def _succ(self, s) -> list[int]:
        return [t for t in self.sp.actions.successors(s) if t >= 0]

    def _v(self, t):
        return self.value[t] if t >= 0 else 0   # ERROR, FRONTIER: lost

    def _q(self, branches):
        value, out = self.value, self.zero
        for p, t in branches:
            if t >= 0:   # (ERROR, FRONTIER: lost)
                v = value[t]
                if v:   # (a float 1.0 still makes the figure a float)
                    out += p if v == 1 and type(v) is not float else p * v
        return out

    def _single(self, s, demand=None) -> None:
        """The best move's expectation: first in floats for every move, then exactly for
        the moves within SCREEN of the best float (the same first best move as
        comparing every move exactly, for a fraction of the Fractions); with a
        `demand`, exactly for the moves it could not rule out."""
        sp = self.sp
        if not sp.actions.has_moves(s):
            self.value[s] = self.Q(1 if sp.done[s] and sp.ended[s] == "victory" else 0)
            return
        shape, targets, fv = self._shape(s), sp.actions.targets[s], self.float
        if len(shape) == 1:   # (most states: nothing to compare)
            self.value[s], self.policy[s] = self._q(zip(shape[0][1], targets)), 0
            return
        moves, i = [], 0
        for (_text, probs), floats in zip(shape, sp.actions.floats(s)):
            j = i + len(probs)
            moves.append((floats, list(zip(probs, targets[i:j]))))
            i = j
        if demand is not None:
            keep = demand.candidates(s)
        else:
            screen = [sum(f * fv[t] for f, (_p, t) in zip(floats, branches) if t >= 0)
                      for floats, branches in moves]
            top = max(screen) - SCREEN
            keep = {k for k, f in enumerate(screen) if f >= top}
        best = where = None
        for k, (_floats, branches) in enumerate(moves):
            if k in keep:
                q = self._q(branches)
                if best is None or q > best:
                    best, where = q, k
        self.value[s], self.policy[s] = best, where

    def _chance_inside(self, s, members) -> bool:
        return any(len(b) > 1 and any(t in members for _, t in b) for _, b in self._actions(s))

    def _choices(self, comp, members) -> None:
        """Deterministic moves inside: the best exit of the component, for all of it."""
        best, where = self.zero, None
        for s in comp:
            for i, (_text, b) in enumerate(self._actions(s)):
                if all(t not in members for _, t in b):
                    q = self._q(b)
                    if where is None or q > best:
                        best, where = q, (s, i)
        for s in comp:
            self.value[s] = best
        if where is not None:
            self._route_to(where, comp, members)

    def _route_to(self, where, comp, members) -> None:
        """Policy in a choice-only cycle: each state steps towards the best exit."""
        goal, move = where
        self.policy[goal] = move
        back: dict = {s: [] for s in comp}
        for s in comp:
            for i, (_text, b) in enumerate(self.sp.actions[s]):
                if len(b) == 1 and b[0][1] in members and b[0][1] != s:
                    back[b[0][1]].append((s, i))
        todo, seen = [goal], {goal}
        while todo:
            t = todo.pop(0)
            for s, i in back[t]:
                if s not in seen:
                    seen.add(s)
                    self.policy[s] = i
                    todo.append(s)

    # --- components with chance ---------------------------------------------------
    def _chance(self, comp, members, start=None) -> None:
        """Policy iteration from a first policy (`start[s]` for each member, else
        `_iterate`'s) until no move is strictly better."""
        acts = {s: self._actions(s) for s in comp}   # (read once: every round reads them all)
        if start is None:
            self._iterate(comp, members, acts)
        else:
            for s in comp:
                self.policy[s] = start[s]
        for _ in range(MAX_IMPROVEMENTS):   # finitely many policies, each strictly better
            self._evaluate(comp, members, acts)
            if not self._improve(comp, acts):
                return
        self._evaluate(comp, members, acts)   # (a safeguard only: a real policy's value, a low bound)

    def _iterate(self, comp, members, acts) -> None:
        """A first policy: float value iteration (Gauss-Seidel from 0) to convergence,
        then, among each state's moves within TIE of its best, one that leads out
        (`towards_ways_out`): a loop of tied moves taken for ever is worth 0, and
        each such loop would cost a round of policy iteration to undo."""
        moves: dict = {}   # s -> [(float value of the ways out, [(p, member)])]
        for s in comp:
            moves[s] = [_split(b, members, self._v) for _text, b in acts[s]]
        fv = dict.fromkeys(comp, 0.0)
        for _ in range(VI_SWEEPS):
            change = 0.0
            for s in comp:
                best = max(c + sum(p * fv[t] for p, t in inner) for c, inner in moves[s])
                if best - fv[s] > change:
                    change = best - fv[s]
                fv[s] = best
            if change <= VI_TOLERANCE:
                break
        near = {}
        for s in comp:
            qs = [c + sum(p * fv[t] for p, t in inner) for c, inner in moves[s]]
            top = max(qs) - TIE
            near[s] = [k for k, q in enumerate(qs) if q >= top]
        for s, k in towards_ways_out(comp, moves, near).items():
            self.policy[s] = k

    def _evaluate(self, comp, members, acts) -> None:
        """The exact value of the current policy over the component."""
        eqs, live = {}, set()
        back: dict = {s: set() for s in comp}
        for s in comp:
            coeffs, const = {}, self.zero
            for p, t in acts[s][self.policy[s]][1]:
                if t in members:
                    coeffs[t] = coeffs.get(t, 0) + p
                    back[t].add(s)
                else:
                    const += p * self._v(t)
            eqs[s] = [coeffs, const]
            if const > 0:
                live.add(s)
        reaching(live, back)   # the states that can still leave towards a positive value
        for s in comp:
            if s not in live:
                self.value[s] = self.zero
        solved = eliminate({s: eqs[s] for s in comp if s in live}, set(comp) - live, self.Q)
        for s, v in solved.items():
            self.value[s] = v

    def _improve(self, comp, acts) -> bool:
        changed = False
        for s in comp:
            qs = [self._q(b) for _, b in acts[s]]
            best = max(range(len(qs)), key=qs.__getitem__)
            if qs[best] > qs[self.policy[s]]:
                self.policy[s], changed = best, True
        return changed


class Demand:
    """Which states best play from `roots` can need the exact value of, found
    in floats with a bound on their error, so that nothing is ruled out wrongly.

    A first pass over every component (successors first) gives each state a float
    value f and a bound e with |f - v| <= e: a state's f is its best move's float
    expectation and e the largest of its moves' bounds (each the expectation of
    its successors' bounds, plus the rounding of its sums); a choice-only cycle
    takes its best way out; a component with chance inside is solved exactly from
    its ways out's floats, its bound theirs (`_chance`).
    Then, from the roots: a move is a *candidate* unless its f + e is below the
    best move's f - e (then its value is surely below the best's); the states a
    candidate leads to are wanted, and every state and way out of a wanted cyclic
    component.  The exact solve then works on the wanted states only; the others
    keep their float, or an exact 0 where no way leads to a victory (doomed
    paragraphs are read from those zeros)."""

    ROUNDING = 1e-15   # per term of a float sum of at most 1 (values and probabilities in [0, 1])

    def __init__(self, solver: Solver, comps, roots):
        sp = solver.sp
        n = len(sp.states)
        self.sp, self.solver = sp, solver
        self.f, self.e = [0.0] * n, [0.0] * n
        self.win = [False] * n     # some way leads to a victory (the value is not 0)
        self.fpolicy = [-1] * n
        self.cyclic = [False] * n
        for comp in comps:
            self._float(comp)
        self.wanted = [False] * n
        self._candidates: dict = {}   # state -> its candidate moves (asked twice)
        self._want(roots)

    def _moves(self, s):
        """[(float expectation, bound, successors)] for each move of s."""
        f, e, out = self.f, self.e, []
        targets, i = self.sp.actions.targets[s], 0
        for probs in self.sp.actions.floats(s):
            succ = targets[i:i + len(probs)]
            i += len(probs)
            q = b = 0.0
            for p, t in zip(probs, succ):
                if t >= 0:
                    q += p * f[t]
                    b += p * e[t]
            out.append((q, b + self.ROUNDING * (len(probs) + 2), succ))
        return out

    def _float(self, comp) -> None:
        sp, f, e, win = self.sp, self.f, self.e, self.win
        if len(comp) == 1 and comp[0] not in sp.actions.targets[comp[0]]:
            self._single(comp[0])
            return
        members = set(comp)
        for s in comp:
            self.cyclic[s] = True
        changed = True
        while changed:   # a way to a victory from one member: from those that reach it
            changed = False
            for s in comp:
                if not win[s] and any(t >= 0 and win[t] for t in sp.actions.targets[s]):
                    win[s] = changed = True
        if any(self.solver._chance_inside(s, members) for s in comp):
            self._chance(comp, members)
            return
        best = bound = 0.0
        for s in comp:   # a cycle of choices: the best way out, for all of it
            for q, b, succ in self._moves(s):
                if all(t not in members for t in succ):
                    best, bound = max(best, q), max(bound, b)
        for s in comp:
            f[s], e[s] = best, bound

    def _single(self, s) -> None:
        """As `_moves` then the best of them, for one state out of any cycle (most
        of them: written for speed)."""
        sp, f, e, win = self.sp, self.f, self.e, self.win
        if not sp.actions.has_moves(s):
            f[s] = 1.0 if sp.done[s] and sp.ended[s] == "victory" else 0.0
            win[s] = f[s] == 1.0
            return
        targets, i = sp.actions.targets[s], 0
        best, bound, where, winning = -1.0, 0.0, 0, False
        for k, probs in enumerate(sp.actions.floats(s)):
            q = b = 0.0
            for p in probs:
                t = targets[i]
                i += 1
                if t >= 0:
                    q += p * f[t]
                    b += p * e[t]
                    if win[t]:   # (a branch of probability 0 may say so: its value is then 0.0)
                        winning = True
            b += self.ROUNDING * (len(probs) + 2)
            if q > best:
                best, where = q, k
            if b > bound:
                bound = b
        f[s], e[s], win[s], self.fpolicy[s] = best, bound, winning, where

    def _chance(self, comp, members) -> None:
        """A component with dice inside: solved exactly (policy iteration, as the
        exact pass does) from its ways out's floats rounded to a multiple of `GRID`,
        as exact rationals.  Its values are a 1-Lipschitz function of those (a best
        play's value is a mixture of the ways out's), so their bound is the largest
        of the ways out's, plus the grid's step, plus the rounding of the result.
        (On the grid, ways out equal in truth stay equal, where their floats may
        differ by an ulp: policy iteration then chased those ulps, round after round.)"""
        solver, f, e = self.solver, self.f, self.e
        value, policy = solver.value, solver.policy
        exits = {t for s in comp for _text, br in solver._actions(s) for _p, t in br
                 if t >= 0 and t not in members}
        for t in exits:
            value[t] = solver.Q(round(f[t] * GRID), GRID)
        solver._chance(comp, members)
        bound = max((e[t] for t in exits), default=0.0) + 1 / GRID + self.ROUNDING
        for s in comp:
            f[s], e[s], self.fpolicy[s] = float(value[s]), bound, policy[s]
        for t in (*exits, *comp):   # (the exact pass starts from nothing)
            value[t] = solver.zero
            policy[t] = -1

    def candidates(self, s) -> set:
        """The moves of s whose value may be the best one's."""
        found = self._candidates.get(s)
        if found is None:
            found = self._candidates[s] = self._rule_out(s)
        return found

    def _rule_out(self, s) -> set:
        moves = self._moves(s)
        low = max(q - b for q, b, _br in moves)
        return {k for k, (q, b, _br) in enumerate(moves) if q + b >= low}

    def _want(self, roots) -> None:
        sp, wanted = self.sp, self.wanted
        todo = [t for t in roots if t >= 0]
        while todo:
            s = todo.pop()
            if wanted[s]:
                continue
            wanted[s] = True
            if not sp.actions.has_moves(s):
                continue
            if self.cyclic[s]:   # the whole component, and all its ways out
                todo.extend(t for t in sp.actions.targets[s] if t >= 0)
                continue
            for k in (self.candidates(s) if len(sp.actions.shape[s]) > 1 else (0,)):
                todo.extend(t for _p, t in sp.actions.move(s, k) if t >= 0)

    def fill(self, value: list, policy: list) -> None:
        """The states not wanted: their float, or 0 where no way leads to a victory."""
        for s, w in enumerate(self.wanted):
            if not w:
                value[s] = self.f[s] if self.win[s] else Fraction(0)
                policy[s] = self.fpolicy[s]


def _split(branches, members, value) -> tuple:
    """A move as (the float value of its ways out of `members`, [(float p, member)])."""
    const, inner = 0.0, []
    for p, t in branches:
        if t in members:
            inner.append((float(p), t))
        else:
            const += float(p) * float(value(t))
    return const, inner


def towards_ways_out(comp, moves, near) -> dict:
    """A first policy for a cyclic component: each state's near-best move (`near[s]`,
    indices into `moves[s]`, each move (the float value of its ways out, [(p,
    member)])) that leaves towards a positive value, else one that leads to a state
    settled so (round by round, a breadth-first search backwards), else its first
    near-best move."""
    policy, settled = {}, set()
    for s in comp:
        policy[s] = near[s][0]
        k = next((k for k in near[s] if moves[s][k][0] > 0), None)
        if k is not None:
            policy[s] = k
            settled.add(s)
    grown = True
    while grown:
        grown = False
        for s in comp:
            if s in settled:
                continue
            k = next((k for k in near[s] if any(t in settled for _p, t in moves[s][k][1])), None)
            if k is not None:
                policy[s], grown = k, True
                settled.add(s)
    return policy


def reaching(live: set, back) -> set:
    """`live` grown, in place, by every state that can move into it (`back[t]`: the
    states with a move to t): those that can still leave towards a positive value."""
    todo = list(live)
    while todo:
        for s in back[todo.pop()]:
            if s not in live:
                live.add(s)
                todo.append(s)
    return live


def eliminate(eqs: dict, zero: set, Q=Fraction) -> dict:
    """Solve x_s = const_s + sum coeffs_s[t] x_t exactly (x_t = 0 for t in `zero`),
    by sparse Gaussian elimination; the system is that of states that all reach a
    way out, so it is regular."""
    for coeffs, _c in eqs.values():
        for t in [t for t in coeffs if t in zero]:
            del coeffs[t]
    users: dict = {s: set() for s in eqs}
    for s, (coeffs, _c) in eqs.items():
        for t in coeffs:
            users[t].add(s)
    order, done = list(eqs), set()
    for s in order:
        done.add(s)
        coeffs, const = eqs[s]
        a = coeffs.pop(s, 0)
        users[s].discard(s)
        if a:
            k = 1 / (1 - Q(a))
            eqs[s][1] = const = const * k
            for t in coeffs:
                coeffs[t] *= k
        for u in users[s] - done:   # eliminated equations keep s: back-substituted
            ucoeffs = eqs[u][0]
            w = ucoeffs.pop(s)
            eqs[u][1] += w * const
            for t, c in coeffs.items():
                ucoeffs[t] = ucoeffs.get(t, 0) + w * c
                users[t].add(u)
        users[s] = set()
    out: dict = {}
    for s in reversed(order):   # each x_s now depends only on later states
        coeffs, const = eqs[s]
        out[s] = const + sum((c * out[t] for t, c in coeffs.items()), Q(0))
    return out


def exact_values(space: Space, everywhere: bool = False) -> tuple[list, list[int]]:
    """(value of every state, index of its best action or -1): exact for every
    state best play from the start can need (`Demand`), and `everywhere` for all
    of them; elsewhere a float, or an exact 0 where no way leads to a victory."""
    solver = Solver(space)
    solver.run(None if everywhere else [t for _p, t in space.root])
    return solver.value, solver.policy


def is_exact(x) -> bool:
    return isinstance(x, (int, Fraction))
