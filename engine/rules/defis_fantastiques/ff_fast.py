"""Fast exact solver for Fighting Fantasy fights (same readings as ``odds_solver``).

Only used when asked for (``ff_fight(..., solver="fast")``): sequential fights
with Luck go to the faster ``ff_layered``, "together" with Luck to the chain
(for three enemies this solver's common modulus makes it slower than the chain).

Why a second solver: the generic chain (``chain.solve``) makes every Luck
decision a node of its own and hashes tuples for each; with Luck 12 and
24/24 sheets that is 27,000 nodes and ~0.6 s, and 150,000 nodes for three
enemies "together".  Here the decisions are folded into the round: a round
state is (hero Endurance, enemies' Endurance, Luck, armour hits left) and
the wounds of a round, each with its Luck decision, are resolved inline.

Exactness without fractions: every wound lowers the *potential*
``pot = hero + sum(enemies) + luck + armour`` by at least 1, so a round
state's value is ``N / M**pot`` with an integer ``N``, where ``M`` is the
lcm of the rounds' normalisers times ``36**n`` (one Luck test per wound, at
most ``n`` wounds a round).  Options compare on integers; Fractions are
built only for the final answers.  A forward pass in decreasing potential
then pushes the probability mass for the final Endurance and the rounds.
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm

LUCK_SHIFT_DEALT = {1: 2, 0: 0, -1: -1}


class FastFight:
    """Round states are (he, es, luck, arm); ``rounds(es)`` gives their outcomes."""

    def __init__(self, fight, use_luck: bool, policy: str):
        self.f, self.use_luck, self.policy = fight, use_luck, policy
        self.n = len(fight.skills) if fight.mode == "together" else 1
        self.round_cache: dict = {}
        self.values: dict = {}     # round state -> (numerator, best target index)
        self.chains: dict = {}     # (state, events) -> use Luck?
        self.choice = False
        from .odds_solver import LUCKY_WAYS
        self.lucky = LUCKY_WAYS + [36] * 64  # indexed by Luck; 12 and more always lucky
        m = 1
        for alive in self._alive_sets():
            for _label, _outs, norm, _den in self.rounds(alive):
                m = lcm(m, norm)
        self.M = m * 36 ** self.n
        self.powers = [1]

    def _alive_sets(self):
        k = len(self.f.skills)
        if self.f.mode != "together":
            return [tuple(j == i for j in range(k)) for i in range(k)]
        return [tuple(bool(mask >> j & 1) for j in range(k)) for mask in range(1, 2 ** k)]

    def power(self, k: int) -> int:
        while len(self.powers) <= k:
            self.powers.append(self.powers[-1] * self.M)
        return self.powers[k]

    def rounds(self, alive: tuple) -> list:
        """[(label, [(weight, events)], normaliser, den)] per target choice."""
        found = self.round_cache.get(alive)
        if found is None:
            found = self.round_cache[alive] = self._rounds(alive)
        return found

    def _rounds(self, alive):
        f = self.f
        idx = [i for i, a in enumerate(alive) if a]
        if f.mode != "together":
            p, q, r = f.duel(f.hero_skill, f.skills[idx[0]])
            return [("attack", [(p, (("d", idx[0]),)), (q, (("t",),))], p + q, 1296)]
        out = []
        for i in idx:
            others = tuple(f.skills[j] for j in idx if j != i)
            outs, stay, den = [], 0, 1296 * 36 ** len(others)
            for (res, k), w in f.group(f.hero_skill, f.skills[i], others).items():
                evs = ((("d", i),) if res == "d" else (("t",),) if res == "t" else ()) + (("t",),) * k
                if evs:
                    outs.append((w, evs))
                else:
                    stay += w
            out.append((f"target:{i}", outs, den - stay, den))
        return out

    # --- backward: values -------------------------------------------------------
    def value(self, s) -> int:
        """N(s) = P(win from round state s) * M**pot(s)."""
        found = self.values.get(s)
        if found is not None:
            return found[0]
        he, es, luck, arm = s
        pot = he + sum(es) + luck + arm
        best = best_i = None
        options = self.rounds(tuple(e > 0 for e in es))
        for i, (_label, outs, norm, _den) in enumerate(options):
            total = 0
            for w, evs in outs:
                total += w * 36 ** (self.n - len(evs)) * self.chain(he, es, luck, arm, evs, pot)
            total *= self.M // (norm * 36 ** self.n)
            if best is None or total > best:
                best, best_i = total, i
        self.choice = self.choice or len(options) > 1
        self.values[s] = (best, best_i)
        return best

    def end_or_state(self, he, es, luck, arm):
        if he <= 0:
            return False
        if not any(es):
            return True
        return (he, es, luck, arm)

    def chain(self, he, es, luck, arm, evs, pot) -> int:
        """Value of resolving ``evs`` from this sheet, times 36**len(evs) * M**(pot-1)."""
        node = self.end_or_state(he, es, luck, arm)
        if node is True or node is False:
            return self.power(pot - 1) * 36 ** len(evs) if node else 0
        if not evs:
            return self.value(node) * self.power(pot - 1 - sum(es) - he - luck - arm)
        ev, rest = evs[0], evs[1:]
        h0, e0, a0 = self.f.apply(he, es, arm, ev, 0)
        plain = 36 * self.chain(h0, e0, luck, a0, rest, pot)
        if not (self.use_luck and luck >= 1):
            return plain
        key = ((he, es, luck, arm), evs)
        good = self.lucky[luck]
        h1, e1, a1 = self.f.apply(he, es, arm, ev, 1)
        h2, e2, a2 = self.f.apply(he, es, arm, ev, -1)
        tested = (good * self.chain(h1, e1, luck - 1, a1, rest, pot)
                  + (36 - good) * self.chain(h2, e2, luck - 1, a2, rest, pot))
        if self.policy != "optimal":
            self.chains[key] = self.policy == "always"
            return tested if self.policy == "always" else plain
        self.choice = True
        self.chains[key] = tested > plain
        return max(tested, plain)


    # --- forward: where the probability mass goes ---------------------------------
    def walk(self, he, es, luck, arm, evs, weight=1, tests=0):
        """Leaves of an event chain under the chosen policy: (weight, tests, leaf)."""
        node = self.end_or_state(he, es, luck, arm)
        if node is True or node is False or not evs:
            yield weight, tests, (("win", he) if node is True else ("lose", 0) if node is False
                                  else node)
            return
        ev, rest = evs[0], evs[1:]
        if not self.chains.get(((he, es, luck, arm), evs), False):
            h0, e0, a0 = self.f.apply(he, es, arm, ev, 0)
            yield from self.walk(h0, e0, luck, a0, rest, weight, tests)
            return
        good = self.lucky[luck]
        for w, shift in ((good, 1), (36 - good, -1)):
            h1, e1, a1 = self.f.apply(he, es, arm, ev, shift)
            yield from self.walk(h1, e1, luck - 1, a1, rest, weight * w, tests + 1)


def potential(s) -> int:
    return s[0] + sum(s[1]) + s[2] + s[3]


def forward(fast: FastFight, root, pending_events, p0: int):
    """Push the probability mass from ``root`` (through ``pending_events`` first).

    A round state's mass is ``K / M**(p0 - pot)``; returns the ends
    {(outcome, he): numerator over M**p0} and the rounds numerator over M**p0."""
    buckets: dict = {}
    ends: dict = {}
    if pending_events:
        x = fast.M // 36 ** fast.n
        for weight, tests, leaf in fast.walk(*root, pending_events):
            _credit(fast, buckets, ends, leaf, x * 36 ** (fast.n - tests) * weight, p0)
    else:
        buckets[p0] = {root: 1}
    rounds = 0
    for pot in range(p0, 0, -1):
        for s, k in buckets.pop(pot, {}).items():
            _label, outs, norm, den = fast.rounds(tuple(e > 0 for e in s[1]))[fast.values[s][1]]
            rounds += k * den * (fast.M // norm) * fast.power(pot - 1)
            scale = k * (fast.M // (norm * 36 ** fast.n))
            for w, evs in outs:
                for weight, tests, leaf in fast.walk(*s, evs):
                    _credit(fast, buckets, ends, leaf, scale * w * 36 ** (fast.n - tests) * weight, pot)
    return ends, rounds


def _credit(fast, buckets, ends, leaf, x, pot):
    """Credit ``x`` (a leaf of a round at potential ``pot``, over M) to ``leaf``."""
    if isinstance(leaf[0], str):
        ends[leaf] = ends.get(leaf, 0) + x * fast.power(pot - 1)
        return
    t = potential(leaf)
    bucket = buckets.setdefault(t, {})
    bucket[leaf] = bucket.get(leaf, 0) + x * fast.power(pot - t - 1)


def solve_fast(fight, sheet: tuple, pending_event, use_luck: bool, policy: str):
    """Exact FightOdds from the round sheet (he, es, luck, arm), maybe a wound pending."""
    from engine.analysis.result import FightOdds
    fast = FastFight(fight, use_luck, policy)
    he, es, luck, arm = sheet
    decide = pending_event is not None and use_luck and luck >= 1
    if pending_event is not None and not decide:
        he, es, arm = fight.apply(he, es, arm, pending_event, 0)
    start = fast.end_or_state(he, es, luck, arm)
    if start is True or start is False:
        outcome = ("win", he) if start else ("lose", 0)
        return _result(fast, {outcome: 1}, 0, 1, None, FightOdds)
    p0 = potential(start)
    if decide:
        fast.chain(he, es, luck, arm, (pending_event,), p0)
        advice = ("use-luck" if fast.chains.get((start, (pending_event,))) else "no-luck") \
            if policy == "optimal" else None
        ends, rounds = forward(fast, start, (pending_event,), p0)
    else:
        fast.value(start)
        options = fast.rounds(tuple(e > 0 for e in es))
        advice = options[fast.values[start][1]][0] if len(options) > 1 else None
        ends, rounds = forward(fast, start, (), p0)
    return _result(fast, ends, rounds, fast.power(p0), advice, FightOdds)


def _result(fast, ends: dict, rounds: int, scale: int, advice, result_type):
    win = sum((Fraction(v, scale) for (o, _h), v in ends.items() if o == "win"), Fraction(0))
    final: dict = {}
    for (o, he), v in sorted(ends.items(), key=lambda kv: -kv[0][1]):
        final[he] = final.get(he, Fraction(0)) + Fraction(v, scale)
    policy = "optimal" if fast.choice else "none"
    return result_type(win, 1 - win, {"win": win, "lose": 1 - win}, final,
                      Fraction(rounds, scale), policy, advice)
