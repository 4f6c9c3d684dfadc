"""Layered exact solver for Fighting Fantasy fights against enemies "together", Luck included.

Same readings as ``odds_solver`` (one hero roll per round against every enemy:
the chosen target's exchange first, then each other enemy that beats the hero
wounds him, each wound with its own Luck decision).  Why: the generic chain
makes every wound of a round a node of its own, ~10 s for three enemies with
Luck 10.  Here, as in ``ff_layered``, a fight is axes solved by plain loops:

* the hero axis of ``ff_layered`` (Endurance, armour hits left);
* the enemy axis: every tuple of Endurance up to the starting ones, numbered
  in mixed radix (lexicographic order, so a wound dealt always leads to a
  lower number and 0 is "all dead").  Enemies of the same Skill are
  interchangeable (a round only depends on the others' Skills as a set), so
  only canonical tuples (their Endurance sorted, decreasing) are solved, and
  of equal targets (same Skill and Endurance) only the first: three wolves
  alike are ~6 times fewer states;
* Luck, ascending.

A round's wounds are one wound to or from the target, then ``k`` wounds taken
(the other enemies that beat the hero).  So besides the round value ``V``
each state has the values ``T_m`` of "m wounds taken still to resolve, each
with its Luck decision" (``T_0 = V``), computed row by row from lower hero
indexes and the previous Luck; a wound dealt to target ``i`` followed by ``k``
taken is the best of ``T_k`` after its plain / lucky / unlucky damage.

Opponents with different wounds (``fight.mixed``): who wounds the hero matters,
so "m wounds taken" becomes the queue of the wounds still to resolve, in the
order play queues them (the target's, then the others' in list order), each
named by its damage class (the wound amounts of ``_Fight.taken``): ``T_q`` for
every queue ``q`` a round can leave (and its tails), ``T_() = V``; the hero axis
is closed under every class's wound, with one next index per class; only
opponents of the same Skill AND the same wound are interchangeable.  With one
wound for all, the queues are (0,) * m: the solver above, unchanged.

Exactness: the scale of ``ff_layered`` (one integer scale ``N**R * 36**Luck``,
``N`` the lcm of every round normaliser of every target and set of living
enemies, ``R`` the bound on decisive rounds: a round deals at least one
wound).  Ties keep the reference's choices: no Luck test unless STRICTLY
better, the first living target of the list among equal ones (the set of best
targets is recorded per canonical state, ``ff_together_mass`` picks the first
of them in the real list).  Only two Luck layers of values are kept; the
decisions are recorded as bytes for the forward pass (final Endurance,
expected rounds).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import lcm, prod

from engine.rules.defis_fantastiques.ff_layered import check_size, hero_axes
from engine.rules.defis_fantastiques.model import SHIFTS
from engine.rules.defis_fantastiques.fight_chain import LUCKY_WAYS


class TogetherFight:
    """Decisions of every (Luck, hero index, enemies' Endurance) of one "together" fight."""

    def __init__(self, fight, he0: int, es0: tuple, luck0: int, arm0: int,
                 use_luck: bool, policy: str, max_states: int = 2_000_000):
        self.f, self.policy = fight, policy
        self.luck0 = luck0 if use_luck else 0
        # the damage classes: each opponent's wound amounts (one class: one wound for all)
        tables = sorted(set(tuple(sorted(t.items())) for t in fight.taken))
        self.cls = tuple(tables.index(tuple(sorted(t.items()))) for t in fight.taken)
        self.heroes, self.hero_nexts = hero_axes(fight, he0, arm0, [dict(t) for t in tables])
        self.hero_next = self.hero_nexts[0]
        # enemies alike (Skill, wound) share a range, so that sorting them stays in it
        self.kind = tuple(zip(fight.skills, self.cls))
        self.bounds = tuple(max(e for e, t in zip(es0, self.kind) if t == k) for k in self.kind)
        check_size(len(self.heroes) * prod(e + 1 for e in self.bounds) * (self.luck0 + 1),
                   max_states)
        self.most = len(es0)  # wounds taken in one round: the target's and the others'
        self._enemy_axis()
        self.x0 = self.canon[self.index(tuple(es0))]
        self.start_values: list = []   # per Luck, per hero index: V of the starting enemies
        # bounds, not es0: every state solved, reachable or not, must be exact
        least = min(dict(t)[0] for t in tables)
        rounds = arm0 + -(-he0 // least) + sum(-(-e // fight.hd) for e in self.bounds if e > 0) + self.luck0
        self.top = self.N ** rounds * 36 ** self.luck0
        self.targets: dict = {}  # (luck, h) -> per state, the targets of best value (bits)
        self.taken: dict = {}    # (luck, h, m) -> 1 where the first of m wounds taken is tested
        self.dealt: dict = {}    # (luck, h) -> 1 at (state, target position, k) tested
        self._backward()

    def lucky(self, luck: int) -> int:
        return LUCKY_WAYS[min(luck, 12)]

    def win(self, he: int, arm: int, luck: int):
        """Exact P(win) under the policy from the starting enemies with Endurance
        ``he``, ``arm`` armour hits left and ``luck`` (at most the solve's); None when
        (he, arm) is off the hero axis."""
        try:
            h = self.heroes.index((he, arm), 1)
        except ValueError:
            return None
        return Fraction(self.start_values[min(luck, self.luck0)][h], self.top)

    # --- the enemy axis -----------------------------------------------------------
    def _enemy_axis(self):
        """States, their canonical form (enemies of the same Skill are interchangeable:
        their Endurance sorted, decreasing), and ``plans[x]`` of each canonical x: per
        distinct living target, (i, canonical next state after its wound plain / lucky /
        unlucky, [(k, weight of "dealt then k taken")], [(m, 36 x weight of "m
        taken")], the round's normaliser, its length times N // normaliser)."""
        f, bounds = self.f, self.bounds
        self.strides = [prod(e + 1 for e in bounds[j + 1:]) for j in range(len(bounds))]
        self.states = list(product(*(range(e + 1) for e in bounds)))
        kinds = self.kind
        self.groups = [spots for spots in ([j for j, t in enumerate(kinds) if t == k]
                                           for k in sorted(set(kinds))) if len(spots) > 1]
        self.queues, self.tail = [()], [0]   # the wounds taken still to resolve, by number
        self._qindex = {(): 0}
        self.canon = [self.index(self._canonical(es)) for es in self.states]
        self.order = [x for x in range(1, len(self.states)) if self.canon[x] == x]
        rounds = {}
        for x in self.order:
            mask = tuple(e > 0 for e in self.states[x])
            if mask not in rounds:
                rounds[mask] = {i: self._round(mask, i) for i, alive in enumerate(mask) if alive}
        self.N = lcm(*(r[2] for opts in rounds.values() for r in opts.values()))
        self.nq = len(self.queues)
        self.plans = [None] * len(self.states)
        for x in self.order:
            es, plan = self.states[x], []
            for i in self._distinct_targets(es):
                dealt, taken, norm, den = rounds[tuple(e > 0 for e in es)][i]
                plan.append((i, tuple(self.canon[y] for y in self.after(x, i)), dealt, taken,
                             norm, den * (self.N // norm)))
            self.plans[x] = plan

    def _canonical(self, es: tuple) -> tuple:
        out = list(es)
        for spots in self.groups:
            for j, e in zip(spots, sorted((es[j] for j in spots), reverse=True)):
                out[j] = e
        return tuple(out)

    def index(self, es: tuple) -> int:
        return sum(e * s for e, s in zip(es, self.strides))

    def _distinct_targets(self, es: tuple) -> list:
        """Living enemies, the first of those with the same Skill, wound and Endurance."""
        seen, out = set(), []
        for i, e in enumerate(es):
            if e and (self.kind[i], e) not in seen:
                seen.add((self.kind[i], e))
                out.append(i)
        return out

    def queue(self, q: tuple) -> int:
        """The number of a queue of wounds taken (damage classes, in order), its tails
        numbered first (a queue is resolved from its head)."""
        if q not in self._qindex:
            tail = self.queue(q[1:])
            self._qindex[q] = len(self.queues)
            self.queues.append(q)
            self.tail.append(tail)
        return self._qindex[q]

    def after(self, x: int, i: int) -> tuple:
        """States (not canonical) after a wound dealt to i: plain, lucky, unlucky."""
        e, dk = self.states[x][i], self.f.dk   # the model's amounts (odds_solver._Fight)
        return tuple(x - min(e, dk[s]) * self.strides[i] for s in SHIFTS)

    def _round(self, mask, i):
        """(weights of "dealt then queue q taken", of "queue q taken" (36 x), normaliser,
        denominator), q by number; the queue in play's order (odds_solver.round_ways)."""
        f = self.f
        others = [j for j, alive in enumerate(mask) if alive and j != i]
        den, dealt, taken = 1296 * 36 ** len(others), {}, {}
        ways = f.round_ways(f.hero_skill, i, others)
        stay = ways.pop((), 0)
        for events, w in ways.items():
            first_dealt = events[0][0] == "d"
            q = self.queue(tuple(self.cls[j] for _kind, j in events[first_dealt:]))
            into = dealt if first_dealt else taken
            into[q] = into.get(q, 0) + (w if first_dealt else 36 * w)
        return sorted(dealt.items()), sorted(taken.items()), den - stay, den

    # --- backward: values, two Luck layers at a time ------------------------------------
    def _backward(self):
        size, dead = len(self.states), [[0] * len(self.states)] * self.nq
        self.prev = self.cur = None
        for luck in range(self.luck0 + 1):
            self.prev, self.cur = self.cur, [dead]
            for h in range(1, len(self.heroes)):
                rows = self._taken_rows(luck, h, size)
                rows[0] = self._values(luck, h, rows)
                self.cur.append(rows)
            self.start_values.append([0] + [rows[0][self.x0] for rows in self.cur[1:]])

    def _taken_rows(self, luck, h, size) -> list:
        """[None, T_q...] of one hero index (q by number): the first wound taken's best use."""
        rows = [None] * self.nq
        for m in range(1, self.nq):
            t0, tp, tm = self.hero_nexts[self.queues[m][0]][h]
            rest = self.tail[m]
            plain = self.cur[t0][rest]
            if not luck:
                rows[m] = plain
                continue
            good, lucky, unlucky = self.lucky(luck), self.prev[tp][rest], self.prev[tm][rest]
            bad, row, tested = 36 - good, [self.top] * size, bytearray(size)
            for x in self.order:
                a, b = 36 * plain[x], good * lucky[x] + bad * unlucky[x]
                if b > a or self.policy == "always":
                    a, tested[x] = b, 1
                row[x] = a // 36
            rows[m], self.taken[(luck, h, m)] = row, tested
        return rows

    def _values(self, luck, h, rows) -> list:
        """V of one hero index, canonical states ascending: the best targets of each."""
        size, most, nq = len(self.states), self.most, self.nq
        value, tested = [self.top] + [0] * (size - 1), bytearray(size * most * nq)
        best_of = bytearray(size) if most <= 8 else [0] * size
        rows[0] = value
        prev, good, always = self.prev[h] if luck else None, self.lucky(luck), self.policy == "always"
        bad = 36 - good
        for x in self.order:
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
                            a, tested[(x * most + pos) * nq + k] = b, 1
                    total += w * a
                # value = total / (36 * norm): compare the targets' values exactly
                if best is None or total * best_norm > best * norm:
                    best, best_norm, best_of[x] = total, norm, 1 << pos
                elif total * best_norm == best * norm:
                    best_of[x] |= 1 << pos
            value[x] = best // (36 * best_norm)
        self.targets[(luck, h)], self.dealt[(luck, h)] = best_of, tested
        return value
