"""The forward pass of ``ff_together``: where the probability mass goes under the policy.

It runs on the real states, not their canonical forms, so that the reference's
choice among targets of equal value is kept: the first living enemy of the list
whose (Skill, Endurance) is one of the best targets of the canonical state.
The Luck decisions are read at the canonical state (they do not depend on the
enemies' order).  Masses are integers on the solver's scale (exact divisions).
"""
from __future__ import annotations

from fractions import Fraction

from engine.rules.defis_fantastiques.ff_layered import ends_odds


class Mass:
    """The final Endurance and expected rounds of one start, from a solved TogetherFight."""

    def __init__(self, solved):
        self.s = solved
        self.mass: dict = {}                   # (luck, h) -> mass per state
        self.ends = [0] * len(solved.heroes)   # mass won per hero index; index 0 = lost

    def odds(self, h: int, x: int, luck: int, pending=None, queued=()):
        """Exact FightOdds from the state (h, x) at the starting Luck, or from a wound
        pending there (``("d", i)`` or ``("t", i)``), with the advice; ``queued``: the
        wounds taken (("t", i)) the round still has to resolve after it."""
        s, advice = self.s, None
        if pending is None and not queued:
            self._walk(luck, h, x, 0, s.top)
            choice = self._living(x) > 1
            advice = f"target:{self.target(luck, h, x)[0]}" if choice else None
        elif pending is None:   # (no decision on the first wound: applied)
            self._walk(luck, h, x, self._queue(queued), s.top)
            choice = any(self._living(y) > 1 for row in self.mass.values() for y, m in enumerate(row) if m)
        else:
            test = self._first_test(luck, h, x, pending, queued)
            if pending[0] == "t":
                self._walk(luck, h, x, self._queue((pending,) + tuple(queued)), s.top)
            else:
                self._deal(luck, h, s.after(x, pending[1]), self._queue(queued), test, s.top)
            advice = ("use-luck" if test else "no-luck") if s.policy == "optimal" else None
            choice = any(self._living(y) > 1 for row in self.mass.values()
                         for y, m in enumerate(row) if m)
        rounds = Fraction(self._forward(), s.top * s.N)
        policy = "optimal" if choice or (s.policy == "optimal" and luck) else "none"
        return ends_odds(s.heroes, self.ends, s.top, rounds, policy, advice)

    def _queue(self, wounds) -> int:
        """The number of the queue of wounds taken (("t", opponent)...), by their classes."""
        s = self.s
        if any(w[0] != "t" for w in wounds):
            raise ValueError("only wounds taken are queued after the first of a round")
        found = s._qindex.get(tuple(s.cls[w[1] if len(w) > 1 else 0] for w in wounds))
        if found is None:
            raise ValueError("a queue of wounds no round of this fight leaves")
        return found

    def _living(self, x: int) -> int:
        return sum(1 for e in self.s.states[x] if e)

    def target(self, luck, h, x) -> tuple[int, int]:
        """(enemy i, position in the canonical plan) of the target chosen at x."""
        s = self.s
        c, es = s.canon[x], s.states[x]
        plan, best = s.plans[c], s.targets[(luck, h)][c]
        keys = {(s.kind[plan[p][0]], s.states[c][plan[p][0]]): p
                for p in range(len(plan)) if best >> p & 1}
        return next((i, keys[(s.kind[i], e)]) for i, e in enumerate(es)
                    if e and (s.kind[i], e) in keys)

    def _first_test(self, luck, h, x, pending, queued=()) -> bool:
        """The decision on the pending wound at the start (the last Luck layers), the
        wounds queued after it still to come."""
        s = self.s
        if s.policy == "always":
            return True
        if pending[0] == "t":
            return bool(s.taken[(luck, h, self._queue((pending,) + tuple(queued)))][s.canon[x]])
        k = self._queue(queued)
        n0, n1, n2 = (s.canon[y] for y in s.after(x, pending[1]))
        good, now, before = s.lucky(luck), s.cur[h][k], s.prev[h][k]
        return good * before[n1] + (36 - good) * before[n2] > 36 * now[n0]

    def _forward(self) -> int:
        """Push the mass down (Luck, hero, state descending); the rounds numerator."""
        s, rounds = self.s, 0
        for luck in reversed(range(s.luck0 + 1)):
            for h in reversed(range(1, len(s.heroes))):
                row = self.mass.get((luck, h))
                if row is not None:
                    rounds += self._row(luck, h, row)
        return rounds

    def _row(self, luck, h, row) -> int:
        s, rounds, most, nq = self.s, 0, self.s.most, self.s.nq
        tested = s.dealt[(luck, h)]
        for x in reversed(range(1, len(row))):
            mass = row[x]
            if not mass:
                continue
            i, pos = self.target(luck, h, x)
            _i, _after, dealt, taken, norm, den = s.plans[s.canon[x]][pos]
            rounds += mass * den
            for m, w in taken:
                self._walk(luck, h, x, m, mass * w // (36 * norm))
            after, at = s.after(x, i), (s.canon[x] * most + pos) * nq
            for k, w in dealt:
                self._deal(luck, h, after, k, tested[at + k], mass * w // norm)
        return rounds

    def _deal(self, luck, h, after, k, test, mass):
        """A wound dealt (its next states plain / lucky / unlucky), then k taken."""
        if not test:
            self._walk(luck, h, after[0], k, mass)
            return
        good = self.s.lucky(luck)
        for w, x in ((good, after[1]), (36 - good, after[2])):
            if w:
                self._walk(luck - 1, h, x, k, mass * w // 36)

    def _walk(self, luck, h, x, m, mass):
        """Resolve the queue m of wounds taken (ff_together's numbers) from (luck, h, x)
        carrying ``mass``; a round state (m = 0, the empty queue) gathers it."""
        if not h or not x:
            self.ends[h] += mass  # hero dead (index 0) or every enemy dead: won
            return
        if not m:
            row = self.mass.get((luck, h))
            if row is None:
                row = self.mass[(luck, h)] = [0] * len(self.s.states)
            row[x] += mass
            return
        s = self.s
        t0, tp, tm = s.hero_nexts[s.queues[m][0]][h]
        rest = s.tail[m]
        if not (luck and s.taken[(luck, h, m)][s.canon[x]]):
            self._walk(luck, t0, x, rest, mass)
            return
        good = s.lucky(luck)
        for w, nxt in ((good, tp), (36 - good, tm)):
            if w:
                self._walk(luck - 1, nxt, x, rest, mass * w // 36)
