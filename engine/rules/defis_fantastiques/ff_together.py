"""Layered exact solver for Fighting Fantasy fights against enemies "together", Luck included.

Same readings as ``odds_solver`` (one hero roll per round against every enemy:
the chosen target's exchange first, then each other enemy that beats the hero
wounds him, each wound with its own Luck decision).  Why: the generic chain
makes every wound of a round a node of its own, ~10 s for three enemies with
Luck 10.  Here, as in ``ff_layered``, a fight is axes solved by plain loops:

* the hero axis of ``ff_layered`` (Endurance, armour hits left);
* the enemy axis: every tuple of Endurance up to the starting ones, numbered
  in mixed radix (lexicographic order, so a wound dealt always leads to a
  lower number and 0 is "all dead");
* Luck, ascending.

A round's wounds are one wound to or from the target, then ``k`` wounds taken
(the other enemies that beat the hero).  So besides the round value ``V``
each state has the values ``T_m`` of "m wounds taken still to resolve, each
with its Luck decision" (``T_0 = V``), computed row by row from lower hero
indexes and the previous Luck; a wound dealt to target ``i`` followed by ``k``
taken is the best of ``T_k`` after its plain / lucky / unlucky damage.

Exactness: the scale of ``ff_layered`` (one integer scale ``N**R * 36**Luck``,
``N`` the lcm of every round normaliser of every target and set of living
enemies, ``R`` the bound on decisive rounds: a round deals at least one
wound).  Ties keep the reference's choices: no Luck test unless STRICTLY
better, the first living target of the list among equal ones.  Only two Luck
layers of values are kept; the decisions are recorded as bytes for the
forward pass (final Endurance, expected rounds).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import lcm, prod

from .ff_layered import DEALT_SHIFT, check_size, hero_axis, most_rounds
from .odds_solver import LUCKY_WAYS, end_odds


class TogetherFight:
    """Decisions of every (Luck, hero index, enemies' Endurance) of one "together" fight."""

    def __init__(self, fight, he0: int, es0: tuple, luck0: int, arm0: int,
                 use_luck: bool, policy: str, max_states: int = 2_000_000):
        self.f, self.policy, self.es0 = fight, policy, tuple(es0)
        self.luck0 = luck0 if use_luck else 0
        self.heroes, self.hero_next = hero_axis(fight, he0, arm0)
        check_size(len(self.heroes) * prod(e + 1 for e in es0) * (self.luck0 + 1), max_states)
        self.most = len(es0)  # wounds taken in one round: the target's and the others'
        self._enemy_axis()
        self.top = self.N ** most_rounds(fight, he0, es0, arm0, self.luck0) * 36 ** self.luck0
        self.targets: dict = {}  # (luck, h) -> position of the chosen target, per state
        self.taken: dict = {}    # (luck, h, m) -> 1 where the first of m wounds taken is tested
        self.dealt: dict = {}    # (luck, h) -> 1 at (state, target position, k) tested
        self._backward()

    def lucky(self, luck: int) -> int:
        return LUCKY_WAYS[min(luck, 12)]

    # --- the enemy axis -----------------------------------------------------------
    def _enemy_axis(self):
        """``plans[x]``: per living target of state x, (i, next state after its wound
        plain / lucky / unlucky, [(k, weight of "dealt then k taken")], [(m, 36 x weight
        of "m taken")], the round's normaliser, its length times N // normaliser)."""
        f, es0 = self.f, self.es0
        strides = [prod(e + 1 for e in es0[j + 1:]) for j in range(len(es0))]
        self.states = list(product(*(range(e + 1) for e in es0)))
        rounds = {}
        for es in self.states[1:]:
            mask = tuple(e > 0 for e in es)
            if mask not in rounds:
                rounds[mask] = [self._round(mask, i) for i, alive in enumerate(mask) if alive]
        self.N = lcm(*(norm for opts in rounds.values() for _i, _d, _t, norm, _den in opts))
        self.plans = [None]
        for x, es in enumerate(self.states[1:], start=1):
            plan = []
            for i, dealt, taken, norm, den in rounds[tuple(e > 0 for e in es)]:
                after = tuple(x - min(es[i], max(f.hd + DEALT_SHIFT[s], 0)) * strides[i]
                              for s in (0, 1, -1))
                plan.append((i, after, [(k, w) for k, w in enumerate(dealt) if w],
                             [(m, 36 * w) for m, w in enumerate(taken, start=1) if w],
                             norm, den * (self.N // norm)))
            self.plans.append(plan)

    def _round(self, mask, i):
        """(i, weights of "dealt then k taken", of "m taken", normaliser, denominator)."""
        f = self.f
        others = tuple(f.skills[j] for j, alive in enumerate(mask) if alive and j != i)
        dist, den = f.group(f.hero_skill, f.skills[i], others), 1296 * 36 ** len(others)
        dealt = [dist.get(("d", k), 0) for k in range(len(others) + 1)]
        taken = [dist.get(("t", m - 1), 0) + dist.get(("", m), 0)
                 for m in range(1, len(others) + 2)]
        return i, dealt, taken, den - dist.get(("", 0), 0), den

    # --- backward: values, two Luck layers at a time ------------------------------------
    def _backward(self):
        size, dead = len(self.states), [[0] * len(self.states)] * (self.most + 1)
        self.prev = self.cur = None
        for luck in range(self.luck0 + 1):
            self.prev, self.cur = self.cur, [dead]
            for h in range(1, len(self.heroes)):
                rows = self._taken_rows(luck, h, size)
                rows[0] = self._values(luck, h, rows)
                self.cur.append(rows)

    def _taken_rows(self, luck, h, size) -> list:
        """[None, T_1, ..., T_most] of one hero index: the first wound taken's best use."""
        t0, tp, tm = self.hero_next[h]
        rows = [None] * (self.most + 1)
        for m in range(1, self.most + 1):
            plain = self.cur[t0][m - 1]
            if not luck:
                rows[m] = plain
                continue
            good, lucky, unlucky = self.lucky(luck), self.prev[tp][m - 1], self.prev[tm][m - 1]
            bad, row, tested = 36 - good, [self.top] * size, bytearray(size)
            for x in range(1, size):
                a, b = 36 * plain[x], good * lucky[x] + (36 - good) * unlucky[x]
                if b > a or self.policy == "always":
                    a, tested[x] = b, 1
                row[x] = a // 36
            rows[m], self.taken[(luck, h, m)] = row, tested
        return rows

    def _values(self, luck, h, rows) -> list:
        """V of one hero index, states ascending: the best target of each."""
        size, most = len(self.states), self.most
        value, choice, tested = [self.top] + [0] * (size - 1), bytearray(size), bytearray(size * most * most)
        rows[0] = value
        prev, good, always = self.prev[h] if luck else None, self.lucky(luck), self.policy == "always"
        bad = 36 - good
        for x in range(1, size):
            best = None
            for pos, (_i, (n0, n1, n2), dealt, taken, norm, _den) in enumerate(self.plans[x]):
                total = 0
                for m, w in taken:
                    total += w * rows[m][x]
                for k, w in dealt:
                    a = 36 * rows[k][n0]
                    if luck:
                        before = prev[k]
                        b = good * before[n1] + bad * before[n2]
                        if b > a or always:
                            a, tested[(x * most + pos) * most + k] = b, 1
                    total += w * a
                # value = total / (36 * norm): compare the targets' values exactly
                if best is None or total * best_norm > best * norm:
                    best, best_norm, choice[x] = total, norm, pos
            value[x] = best // (36 * best_norm)
        self.targets[(luck, h)], self.dealt[(luck, h)] = choice, tested
        return value

    # --- forward: where the probability mass goes -----------------------------------
    def odds(self, h: int, x: int, luck: int, pending=None):
        """Exact FightOdds from the state (h, x) at the starting Luck, or from a wound
        pending there (``("d", i)`` or ``("t",)``), with the advice."""
        from engine.analysis.result import FightOdds
        self.mass: dict = {}
        self.ends = [0] * len(self.heroes)  # mass won per hero index; index 0 = lost
        advice, choice = None, len(self.plans[x]) > 1
        if pending is None:
            self._walk(luck, h, x, 0, self.top)
            advice = f"target:{self._target(luck, h, x)}" if choice else None
        else:
            test = self._first_test(luck, h, x, pending)
            if pending[0] == "t":
                self._walk(luck, h, x, 1, self.top)
            else:
                after = next(p[1] for p in self.plans[x] if p[0] == pending[1])
                self._deal(luck, h, after, 0, test, self.top)
            advice = ("use-luck" if test else "no-luck") if self.policy == "optimal" else None
            choice = any(len(self.plans[y]) > 1 for (_l, _h), row in self.mass.items()
                         for y, m in enumerate(row) if m)
        rounds = self._forward()
        top, final = self.top, {}
        for n in sorted(range(len(self.ends)), key=lambda n: -self.heroes[n][0] if n else 0):
            if self.ends[n]:
                he = self.heroes[n][0] if n else 0
                final[he] = final.get(he, 0) + self.ends[n]
        win = Fraction(sum(self.ends) - self.ends[0], top)
        policy = "optimal" if choice or (self.policy == "optimal" and luck) else "none"
        return FightOdds(win, 1 - win, {"win": win, "lose": 1 - win},
                         {he: Fraction(v, top) for he, v in final.items()},
                         Fraction(rounds, top * self.N), policy, advice)

    def _target(self, luck, h, x) -> int:
        return self.plans[x][self.targets[(luck, h)][x]][0]

    def _first_test(self, luck, h, x, pending) -> bool:
        """The decision on the pending wound at the start (the last Luck layers)."""
        if self.policy == "always":
            return True
        if pending[0] == "t":
            return bool(self.taken[(luck, h, 1)][x])
        n0, n1, n2 = next(p[1] for p in self.plans[x] if p[0] == pending[1])
        good, now, before = self.lucky(luck), self.cur[h][0], self.prev[h][0]
        return good * before[n1] + (36 - good) * before[n2] > 36 * now[n0]

    def _forward(self) -> int:
        """Push the mass down (Luck, hero, state descending); the rounds numerator."""
        rounds, size, most = 0, len(self.states), self.most
        for luck in reversed(range(self.luck0 + 1)):
            for h in reversed(range(1, len(self.heroes))):
                row = self.mass.get((luck, h))
                if row is None:
                    continue
                choice, tested = self.targets[(luck, h)], self.dealt[(luck, h)]
                for x in reversed(range(1, size)):
                    mass = row[x]
                    if not mass:
                        continue
                    pos = choice[x]
                    _i, after, dealt, taken, norm, den = self.plans[x][pos]
                    rounds += mass * den
                    for m, w in taken:
                        self._walk(luck, h, x, m, mass * w // (36 * norm))
                    for k, w in dealt:
                        self._deal(luck, h, after, k, tested[(x * most + pos) * most + k],
                                   mass * w // norm)
        return rounds

    def _deal(self, luck, h, after, k, test, mass):
        """A wound dealt (its next states plain / lucky / unlucky), then k taken."""
        if not test:
            self._walk(luck, h, after[0], k, mass)
            return
        good = self.lucky(luck)
        for w, x in ((good, after[1]), (36 - good, after[2])):
            if w:
                self._walk(luck - 1, h, x, k, mass * w // 36)

    def _walk(self, luck, h, x, m, mass):
        """Resolve m wounds taken from (luck, h, x) carrying ``mass``; a round state
        (m = 0) gathers it."""
        if not h or not x:
            self.ends[h] += mass  # hero dead (index 0) or every enemy dead: won
            return
        if not m:
            row = self.mass.get((luck, h))
            if row is None:
                row = self.mass[(luck, h)] = [0] * len(self.states)
            row[x] += mass
            return
        t0, tp, tm = self.hero_next[h]
        if not (luck and self.taken[(luck, h, m)][x]):
            self._walk(luck, t0, x, m - 1, mass)
            return
        good = self.lucky(luck)
        for w, nxt in ((good, tp), (36 - good, tm)):
            if w:
                self._walk(luck - 1, nxt, x, m - 1, mass * w // 36)


def solve_together(fight, sheet: tuple, pending_event, use_luck: bool, policy: str,
                   max_states: int = 2_000_000):
    """Exact FightOdds of a "together" fight from the round sheet (he, es, luck, arm),
    maybe with a wound pending (its Luck decision is then the advice)."""
    he, es, luck, arm = sheet
    luck = luck if use_luck else 0
    decide = pending_event is not None and luck >= 1
    if pending_event is not None and not decide:
        he, es, arm = fight.apply(he, es, arm, pending_event, 0)
    if he <= 0 or not any(es):
        return end_odds(he)
    solver = TogetherFight(fight, he, tuple(es), luck, arm, use_luck, policy, max_states)
    return solver.odds(solver.heroes.index((he, arm)), solver.states.index(tuple(es)), luck,
                       pending_event if decide else None)
