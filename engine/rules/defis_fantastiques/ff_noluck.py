"""Fast exact solver for Fighting Fantasy fights WITHOUT Luck (any mode, "together" too).

Why: the generic chain (``chain.solve``) and ``ff_fast`` scale every value by
``M**pot`` with ``pot`` the sum of Endurance points and ``M`` carrying
``36**n`` for Luck tests; with three enemies "together" those integers have
thousands of bits.  Without Luck a round state is (hero Endurance, enemies'
Endurance, armour hits left) and its only decision is the target.

Exactness: every wound lowers the *wound potential*
``W = ceil(he/ed) + sum(ceil(e/hd)) + armour`` by at least 1, so a state's
value is ``N / M**W`` with an integer ``N`` and ``M`` the lcm of the rounds'
normalisers (denominator minus the parries, solved algebraically).

One backward pass covers EVERY state up to a maximal hero Endurance, in an
order where each state only depends on earlier ones (armour, hero Endurance,
then the enemies' Endurance lexicographically, all ascending): the win
probability of every starting Stamina of a family (same Skill, same enemies)
is read off the same table (:meth:`NoLuckFight.win`).  A forward pass in
decreasing potential gives the final-Endurance distribution and the expected
rounds of one start (:meth:`NoLuckFight.odds`).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import lcm, prod

# Bounds on one fight's work, checked before anything is built (a ValueError, which
# `gamebook odds` reports as a fight that cannot be analysed): the states, whose
# exact integers grow with the potential (400/400 against 400/400: 160,000 states,
# 6 s), and the enemies "together", whose target choices double with each enemy.
MAX_STATES = 200_000
MAX_TOGETHER = 10


class NoLuckFight:
    """Values of every state (he <= max_he, es <= es0, arm <= arm0) of one fight."""

    def __init__(self, fight, es0: tuple, arm0: int, max_he: int, only_start: bool = False):
        self.f, self.es0, self.arm0, self.max_he = fight, tuple(es0), arm0, max_he
        self.only_start = only_start
        self._check_size()
        self.options = {mask: self._options(mask) for mask in self._masks()}
        self.M = lcm(*(norm for opts in self.options.values() for _i, _o, norm, _d in opts))
        for opts in self.options.values():
            opts[:] = [(i, outs, self.M // norm, den) for i, outs, norm, den in opts]
        self.powers = [1]
        self.values: dict = {}   # state -> (N, W, index of the chosen option)
        self._backward()

    def _check_size(self) -> None:
        es0, together = self.es0, self.f.mode == "together"
        if together and len(es0) > MAX_TOGETHER:
            raise ValueError(f"more than {MAX_TOGETHER} enemies together")
        enemies = prod(e + 1 for e in es0) if together else sum(es0)
        if enemies * self.max_he * (self.arm0 + 1) > MAX_STATES:
            raise ValueError(f"fight has more than {MAX_STATES} states")

    def _masks(self) -> list:
        """Which enemies can be alive together: any set of them "together", else
        the last ones from some point on (they are fought in order)."""
        n = len(self.es0)
        if self.f.mode == "together":
            return [mask for mask in product((False, True), repeat=n) if any(mask)]
        return [(False,) * k + (True,) * (n - k) for k in range(n)]

    def _options(self, mask) -> list:
        """[(target, [(weight, dealt?, hero wounds)], normaliser, den)] per choice."""
        f = self.f
        alive = [i for i, a in enumerate(mask) if a]
        if f.mode != "together":
            p, q, _r = f.duel(f.hero_skill, f.skills[alive[0]])
            return [[alive[0], [(p, True, 0), (q, False, 1)], p + q, 1296]]
        out = []
        for i in alive:
            others = tuple(f.skills[j] for j in alive if j != i)
            den, merged = 1296 * 36 ** len(others), {}
            for (res, k), w in f.group(f.hero_skill, f.skills[i], others).items():
                key = (res == "d", k + (res == "t"))
                merged[key] = merged.get(key, 0) + w
            stay = merged.pop((False, 0), 0)
            out.append([i, [(w, d, j) for (d, j), w in merged.items()], den - stay, den])
        return out

    def power(self, k: int) -> int:
        while len(self.powers) <= k:
            self.powers.append(self.powers[-1] * self.M)
        return self.powers[k]

    def potential(self, he, es, arm) -> int:
        hd, ed = self.f.hd, self.f.ed
        return -(-he // ed) + sum(-(-e // hd) for e in es) + arm

    def _hits(self, he, arm, most: int) -> list:
        """(he, arm) after 0..most wounds taken, None once dead."""
        out = [(he, arm)]
        for _ in range(most):
            dmg = self.f.ed
            if arm > 0:
                dmg, arm = max(dmg - self.f.absorbs, 0), arm - 1
            he -= dmg
            out.append((he, arm) if he > 0 else None)
            if he <= 0:
                break
        return out

    def _enemy_states(self) -> list:
        """Enemies' Endurance tuples that can occur, in lexicographic (dependency) order:
        all of them "together", else the dead ones first and the others untouched."""
        if self.f.mode == "together":
            return [es for es in product(*(range(e + 1) for e in self.es0)) if any(es)]
        es0, out = self.es0, []
        for k in range(len(es0)):
            out += [(0,) * k + (e,) + es0[k + 1:] for e in range(1, es0[k] + 1)]
        return sorted(out)

    def _heroes(self) -> list:
        """(arm, he) pairs to solve, ascending: every Endurance up to max_he, or with
        ``only_start`` just those a wound chain reaches from (max_he, arm0)."""
        if not self.only_start:
            return [(arm, he) for arm in range(self.arm0 + 1) for he in range(1, self.max_he + 1)]
        seen, todo = set(), [(self.max_he, self.arm0)]
        while todo:
            he, arm = todo.pop()
            if he > 0 and (arm, he) not in seen:
                seen.add((arm, he))
                hit = self._hits(he, arm, 1)[1]
                if hit is not None:
                    todo.append(hit)
        return sorted(seen)

    def _backward(self):
        states = self._enemy_states()
        most = len(self.es0)
        for arm, he in self._heroes():
            hits = self._hits(he, arm, most)
            for es in states:
                self._solve(he, es, arm, hits)

    def _solve(self, he, es, arm, hits):
        w = self.potential(he, es, arm)
        best = best_k = None
        for k, (i, outs, scale, _den) in enumerate(self.options[tuple(e > 0 for e in es)]):
            total = 0
            for weight, leaf in self._leaves(es, i, outs, hits):
                if leaf is True:
                    total += weight * self.power(w - 1)
                elif leaf is not None:
                    n, wt, _c = self.values[leaf]
                    total += weight * n * self.power(w - 1 - wt)
            total *= scale
            if best is None or total > best:
                best, best_k = total, k
        self.values[(he, es, arm)] = (best, w, best_k)

    def _leaves(self, es, i, outs, hits):
        """(weight, True = win | None = lose | next state) of one option's outcomes."""
        hurt = es[:i] + (max(es[i] - self.f.hd, 0),) + es[i + 1:]
        won = not any(hurt)
        for weight, dealt, j in outs:
            if dealt and won:
                yield weight, True
                continue
            hit = hits[j] if j < len(hits) else None
            yield weight, None if hit is None else (hit[0], hurt if dealt else es, hit[1])

    def win(self, he: int) -> Fraction:
        """Exact P(win) from the initial enemies and armour, hero Endurance ``he``."""
        n, w, _c = self.values[(he, self.es0, self.arm0)]
        return Fraction(n, self.power(w))

    def odds(self, he: int, es: tuple | None = None, arm: int | None = None):
        """Exact FightOdds from (he, es, arm) (default: the initial enemies and armour)."""
        from engine.analysis.result import FightOdds
        start = (he, self.es0 if es is None else tuple(es), self.arm0 if arm is None else arm)
        if not any(start[1]):
            return _result({he: 1}, 0, 1, "none", None, FightOdds)
        w0 = self.values[start][1]
        ends, rounds, choice = self._forward(start, w0)
        options = self.options[tuple(e > 0 for e in start[1])]
        advice = f"target:{options[self.values[start][2]][0]}" if len(options) > 1 else None
        policy = "optimal" if choice else "none"
        return _result(ends, rounds, self.power(w0), policy, advice, FightOdds)

    def _forward(self, start, w0):
        """Push the mass (over M**w0) from ``start``: ({final he: mass}, rounds mass,
        whether a reached state offers a choice)."""
        buckets: dict = {w0: {start: 1}}
        ends: dict = {}
        rounds, choice = 0, False
        for w in range(w0, 0, -1):
            for (he, es, arm), mass in buckets.pop(w, {}).items():
                _n, _w, k = self.values[(he, es, arm)]
                options = self.options[tuple(e > 0 for e in es)]
                choice = choice or len(options) > 1
                i, outs, scale, den = options[k]
                here = mass * scale
                rounds += here * den * self.power(w - 1)
                hits = self._hits(he, arm, len(es))
                for weight, leaf in self._leaves(es, i, outs, hits):
                    if leaf is None or leaf is True:
                        end = he if leaf else 0
                        ends[end] = ends.get(end, 0) + here * weight * self.power(w - 1)
                        continue
                    wt = self.values[leaf][1]
                    bucket = buckets.setdefault(wt, {})
                    bucket[leaf] = bucket.get(leaf, 0) + here * weight * self.power(w - 1 - wt)
        return ends, rounds, choice


def _result(ends: dict, rounds: int, scale: int, policy: str, advice, result_type):
    lose = Fraction(ends.get(0, 0), scale)
    win = 1 - lose
    final = {he: Fraction(v, scale) for he, v in sorted(ends.items(), reverse=True)}
    return result_type(win, lose, {"win": win, "lose": lose}, final,
                       Fraction(rounds, scale), policy, advice)
