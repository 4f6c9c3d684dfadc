"""Layered exact solver for sequential Fighting Fantasy fights, Luck included.

Modes "single", "as-one" and "one-by-one" (one enemy fights at a time); same
readings as ``odds_solver``, whose ``solve_layered`` hands "together" fights to
``ff_together``, built the same way.  Why: ``ff_fast`` recurses through every
(state, wound) pair with dict look-ups and a power of ``M`` per outcome; with
12/24 against 12/24 and Luck 12 (7,500 states) that is 0.2-0.3 s, here under
10 ms.  A fight is three small axes solved by plain loops over lists:

* the hero axis: every (Endurance, armour hits left) a wound chain can reach,
  index 0 = dead, sorted by ``Endurance + hits`` (a wound without Luck always
  lowers it);
* the enemy axis: (enemy, Endurance) for the living enemies in fighting order,
  index 0 = all dead, sorted by the Endurance left in the whole fight;
* Luck, 0 to the starting Luck: a Luck test always costs 1 point.

So a state only depends on states of the same Luck with lower indexes (no
test) or of Luck - 1 (a test): one pass, Luck ascending, hero then enemy
index ascending, with the parries of a round removed algebraically (the round
is normalised by the non-parry ways).

Exactness with integers only: a path of ``r`` decisive rounds and ``t`` Luck
tests has a probability with denominator ``N**r * 36**t`` (``N`` the lcm of
the rounds' normalisers).  Every decisive round has a wound: at most ``hits +
ceil(he / enemy damage)`` plain wounds taken, ``ceil(e / hero damage)`` plain
wounds dealt to each enemy, and one wound tested per Luck point (whatever the
model's amounts after a test), so ``r <= R =
hits + ceil(he / enemy damage) + sum(ceil(e / hero damage)) + Luck`` and
``t <= Luck``.  Every value is kept on ONE scale, ``G = value * N**R *
36**Luck`` (an integer), so a round is ``G = (p * D + q * T) * (N // norm) //
(36 * N)`` with an EXACT division, where ``D``, ``T`` are the best of "no test"
(``36 * G``) and "test" (``k * G(lucky) + (36 - k) * G(unlucky)``, Luck k/36)
after the wound dealt / taken.  Options compare on integers; the tie-break is
the reference's (and so the advice's): test only when STRICTLY better.  A
forward pass on the same scale pushes the probability mass from the start
under that policy for the final Endurance and the expected rounds.
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm

from engine.analysis.result import FightOdds

from engine.rules.defis_fantastiques.model import SHIFTS, absorbed
from engine.rules.defis_fantastiques.fight_chain import LUCKY_WAYS, end_odds


def most_rounds(fight, he0: int, es0: tuple, arm0: int, luck0: int) -> int:
    """A bound on the decisive rounds of a fight: each has a wound, plain (at most
    the armour's hits + ceil(he / damage) taken, ceil(e / damage) dealt) or tested
    (at most one per Luck point)."""
    return (arm0 + -(-he0 // fight.ed) + sum(-(-e // fight.hd) for e in es0 if e > 0)
            + luck0)


def check_size(states: int, max_states: int):
    """Refuse a fight too big to solve (the caller then gives no odds)."""
    if states > max_states:
        raise ValueError(f"fight has more than {max_states} states")


def hero_axis(fight, he0: int, arm0: int) -> tuple[list, list]:
    """([None] + every (Endurance, armour hits left) a wound chain reaches, sorted by
    Endurance + hits; per index the next index after a wound taken plain / lucky /
    unlucky, 0 = dead): one damage class, the model's amounts (odds_solver._Fight)."""
    heroes, nexts = hero_axes(fight, he0, arm0, [fight.tk])
    return heroes, nexts[0]


def hero_axes(fight, he0: int, arm0: int, tables: list) -> tuple[list, list]:
    """``hero_axis`` closed under the wounds of every damage class (``tables``:
    amounts by Luck shift): ([None] + (Endurance, hits left) sorted by Endurance +
    hits, per class per index the next index plain / lucky / unlucky)."""
    def hit(he, arm, dmg):
        if arm > 0:
            dmg, arm = absorbed(dmg, fight.absorbs), arm - 1
        return (he - dmg, arm) if he > dmg else None
    seen, todo = {(he0, arm0)}, [(he0, arm0)]
    while todo:
        he, arm = todo.pop()
        for table in tables:
            for shift in SHIFTS:
                nxt = hit(he, arm, table[shift])
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    heroes = [None] + sorted(seen, key=lambda s: (s[0] + s[1], s))
    index = {s: n for n, s in enumerate(heroes) if s}
    return heroes, [[(0, 0, 0)] + [tuple(index.get(hit(he, arm, table[shift]), 0) for shift in SHIFTS)
                                   for he, arm in heroes[1:]] for table in tables]


class LayeredFight:
    """Values of every (Luck, hero index, enemy index) of one sequential fight."""

    def __init__(self, fight, he0: int, es0: tuple, luck0: int, arm0: int,
                 use_luck: bool, policy: str, max_states: int = 2_000_000):
        self.f, self.policy = fight, policy
        self.luck0 = luck0 if use_luck else 0
        self.heroes, self.hero_next = hero_axis(fight, he0, arm0)
        check_size(len(self.heroes) * sum(es0) * (self.luck0 + 1), max_states)
        self._enemy_axis(es0)
        norm = lcm(*{p + q for p, q, _s in self.rounds})
        self.M = norm * 36
        self.scale = [(p, q, norm // (p + q)) for p, q, _s in self.rounds]
        self.top = norm ** most_rounds(fight, he0, es0, arm0, self.luck0) * 36 ** self.luck0
        self.layers: list = []
        self._backward()

    # --- the enemy axis -----------------------------------------------------------
    def _enemy_axis(self, es0):
        living = [e for e in es0 if e > 0]
        skills = [s for s, e in zip(self.f.skills, es0) if e > 0]
        # the last enemy first: ascending Endurance left in the whole fight
        self.enemies, first = [None], {}
        for pos in reversed(range(len(living))):
            first[pos] = len(self.enemies) + living[pos] - 1
            self.enemies += [(pos, e) for e in range(1, living[pos] + 1)]
        index = {s: n for n, s in enumerate(self.enemies) if s}
        duels = {s: self.f.duel(self.f.hero_skill, s) for s in set(skills)}
        self.rounds = [duels[skills[pos]] for pos, _e in self.enemies[1:]]

        def after(pos, e, dmg):
            if e > dmg:
                return index[(pos, e - dmg)]
            return first.get(pos + 1, 0)
        dk = self.f.dk   # the model's amounts (odds_solver._Fight)
        self.enemy_next = [(0, 0, 0)] + [
            tuple(after(pos, e, dk[shift]) for shift in SHIFTS)
            for pos, e in self.enemies[1:]]
        self.start_enemy = first.get(0, 0)

    # --- backward: values ---------------------------------------------------------
    def lucky(self, luck: int) -> int:
        return LUCKY_WAYS[min(luck, 12)]

    def _backward(self):
        n_enemy = len(self.enemies)
        # (k, next enemy index: plain, lucky, unlucky; weight x scale: dealt, taken)
        columns = [(k, *self.enemy_next[k], p * sc, q * sc)
                   for k, (p, q, sc) in enumerate(self.scale, start=1)]
        win = self.top
        for luck in range(self.luck0 + 1):
            rows = [[0] * n_enemy]
            for h in range(1, len(self.heroes)):
                row = [win] + [0] * (n_enemy - 1)
                rows.append(row)
                if luck:
                    self._row_tested(row, rows, h, luck, columns)
                else:
                    self._row_plain(row, rows[self.hero_next[h][0]], columns)
            self.layers.append(rows)

    def _row_plain(self, row, taken, columns):
        """One hero index, no Luck test possible: every enemy index, ascending."""
        M = self.M
        for k, d0, _dp, _dm, p, q in columns:
            row[k] = (p * row[d0] + q * taken[k]) * 36 // M

    def _row_tested(self, row, rows, h, luck, columns):
        """One hero index with Luck to test: the best (or forced) use of each wound."""
        M, good = self.M, self.lucky(luck)
        bad, prev = 36 - good, self.layers[luck - 1]
        t0, tp, tm = self.hero_next[h]
        taken, mine, lucky_t, unlucky_t = rows[t0], prev[h], prev[tp], prev[tm]
        always = self.policy == "always"
        for k, d0, dp, dm, p, q in columns:
            x = 36 * row[d0]
            y = good * mine[dp] + bad * mine[dm]
            if always or y > x:
                x = y
            z = 36 * taken[k]
            y = good * lucky_t[k] + bad * unlucky_t[k]
            if always or y > z:
                z = y
            row[k] = (p * x + q * z) // M

    def win(self, he: int, arm: int, luck: int):
        """Exact P(win) under the policy from the start of the fight with Endurance
        ``he``, ``arm`` armour hits left and ``luck`` (at most the solve's), read off
        the layers (one scale for all); None when (he, arm) is off the hero axis."""
        try:
            h = self.heroes.index((he, arm), 1)
        except ValueError:
            return None
        return Fraction(self.layers[min(luck, self.luck0)][h][self.start_enemy], self.top)

    def tests(self, kind: str, h: int, k: int, luck: int) -> bool:
        """Whether the policy tests Luck on a wound (``"d"`` dealt, ``"t"`` taken)."""
        if not luck:
            return False
        if self.policy == "always":
            return True
        good, same, prev = self.lucky(luck), self.layers[luck], self.layers[luck - 1]
        if kind == "d":
            d0, dp, dm = self.enemy_next[k]
            return good * prev[h][dp] + (36 - good) * prev[h][dm] > 36 * same[h][d0]
        t0, tp, tm = self.hero_next[h]
        return good * prev[tp][k] + (36 - good) * prev[tm][k] > 36 * same[t0][k]

    # --- forward: where the probability mass goes -----------------------------------
    def odds(self, h: int, k: int, luck: int, pending: str | None = None):
        """Exact FightOdds from a round state (or from a wound ``pending`` there,
        ``"d"`` or ``"t"``, the decision on it first), with the advice."""
        mass = [[[0] * len(self.enemies) for _h in self.heroes] for _l in range(luck + 1)]
        ends = [0] * len(self.heroes)  # mass won per hero index; index 0 = lost
        top = self.top
        advice = None
        if pending is None:
            mass[luck][h][k] = top
        else:
            spread = self._deal if pending == "d" else self._take
            test = spread(luck, h, k, top * self.M // 36, mass, ends)
            if self.policy == "optimal" and luck:
                advice = "use-luck" if test else "no-luck"
        rounds = self._forward(mass, ends)
        policy = "optimal" if self.policy == "optimal" and luck else "none"
        return ends_odds(self.heroes, ends, top, Fraction(rounds, top * self.M), policy, advice)

    def _forward(self, mass, ends) -> int:
        """Push the mass down (Luck, hero, enemy descending); the rounds numerator."""
        rounds = 0
        per_round = [1296 * 36 * sc for _p, _q, sc in self.scale]
        for luck in reversed(range(len(mass))):
            for h in reversed(range(1, len(self.heroes))):
                row = mass[luck][h]
                for k in reversed(range(1, len(self.enemies))):
                    x = row[k]
                    if x:
                        p, q, sc = self.scale[k - 1]
                        rounds += x * per_round[k - 1]
                        if p:
                            self._deal(luck, h, k, x * p * sc, mass, ends)
                        if q:
                            self._take(luck, h, k, x * q * sc, mass, ends)
        return rounds

    def _deal(self, luck, h, k, x, mass, ends) -> bool:
        """Spread ``x * weight // M`` over the outcomes of a wound dealt; tested?"""
        d0, dp, dm = self.enemy_next[k]
        test = self.tests("d", h, k, luck)
        for w, n, at in ((36, d0, luck),) if not test else (
                (self.lucky(luck), dp, luck - 1), (36 - self.lucky(luck), dm, luck - 1)):
            if w:
                if n:
                    mass[at][h][n] += x * w // self.M
                else:
                    ends[h] += x * w // self.M
        return test

    def _take(self, luck, h, k, x, mass, ends) -> bool:
        """Spread ``x * weight // M`` over the outcomes of a wound taken; tested?"""
        t0, tp, tm = self.hero_next[h]
        test = self.tests("t", h, k, luck)
        for w, n, at in ((36, t0, luck),) if not test else (
                (self.lucky(luck), tp, luck - 1), (36 - self.lucky(luck), tm, luck - 1)):
            if w:
                if n:
                    mass[at][n][k] += x * w // self.M
                else:
                    ends[0] += x * w // self.M
        return test


def ends_odds(heroes: list, ends: list, top: int, rounds: Fraction, policy: str, advice):
    """FightOdds from the mass (over ``top``) won per hero index, lost at index 0."""
    final: dict = {}
    for n in sorted(range(len(ends)), key=lambda n: -heroes[n][0] if n else 0):
        if ends[n]:
            he = heroes[n][0] if n else 0
            final[he] = final.get(he, 0) + ends[n]
    win = Fraction(sum(ends) - ends[0], top)
    return FightOdds(win, 1 - win, {"win": win, "lose": 1 - win},
                     {he: Fraction(v, top) for he, v in final.items()}, rounds, policy, advice)


def start(fight, sheet: tuple, events: tuple, use_luck: bool):
    """(he, es, luck, arm, the pending wound if Luck is to be decided on it, the
    wounds still queued after it), the pending wound applied when it is not; or the
    FightOdds of a fight already over."""
    he, es, luck, arm = sheet
    luck = max(luck, 0) if use_luck else 0  # no Luck left: nothing to test
    events = tuple(events or ())
    decide = bool(events) and luck >= 1 and fight.offered(es, arm, events[0])
    if events and not decide:
        he, es, arm = fight.apply(he, es, arm, events[0], 0)
    if he <= 0 or not any(es):
        return end_odds(he)
    return he, tuple(es), luck, arm, events[0] if decide else None, events[1:]
