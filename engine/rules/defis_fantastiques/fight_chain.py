"""A Défis Fantastiques fight as a chain of rounds: the ways a round ends (one opponent,
or a group attacking together), the ways a Luck test succeeds, and `_Fight`, the
chain's nodes and moves.  The model every solver of the module reads: the chain
solver (odds_solver.py), the fast ones (ff_layered, ff_together) and the specials
(odds_special); the rules it reads are said in odds_solver.py.
"""
from __future__ import annotations

from functools import lru_cache

from engine.analysis.chain import ONE, ZERO, End, merge
from engine.analysis.result import FightOdds

from engine.rules.defis_fantastiques import model
from engine.rules.defis_fantastiques.model import TWO_D6




def lucky_ways(luck: int) -> int:
    """Number of 2d6 outcomes (out of 36) that are <= luck."""
    return LUCKY_WAYS[min(max(luck, 0), 12)]


LUCKY_WAYS = [sum(n for s, n in TWO_D6.items() if s <= k) for k in range(13)]


def duel(hero_skill: int, enemy_skill: int) -> tuple[int, int, int]:
    """Ways (out of 1296) the hero wounds, is wounded, parries in one round."""
    win = lose = 0
    for a, na in TWO_D6.items():
        for b, nb in TWO_D6.items():
            diff = (a + hero_skill) - (b + enemy_skill)
            win += na * nb * (diff > 0)
            lose += na * nb * (diff < 0)
    return win, lose, 1296 - win - lose


def _group_round(hero_skill: int, target_skill: int, others: tuple) -> dict:
    """Ways (out of 1296 * 36**len(others)) of each (target result, k) in a round.

    target result: 'd' (hero wounds it), 't' (it wounds the hero), '' (parry);
    k: number of other enemies whose attack strength beats the hero's.
    """
    dist: dict = {}
    for x, nx in TWO_D6.items():
        hero = x + hero_skill
        ks = [1]  # ways (out of 36**j) that k of the first j others wound the hero
        for sk in others:
            beat = sum(n for s, n in TWO_D6.items() if s + sk > hero)
            ks = [(ks[k] if k < len(ks) else 0) * (36 - beat)
                  + (ks[k - 1] * beat if k else 0) for k in range(len(ks) + 1)]
        for y, ny in TWO_D6.items():
            enemy = y + target_skill
            res = "d" if hero > enemy else "t" if hero < enemy else ""
            for k, wk in enumerate(ks):
                if wk:
                    dist[(res, k)] = dist.get((res, k), 0) + nx * ny * wk
    return dist


class _Fight:
    """The Fighting Fantasy fight chain; nodes are (he, es, luck, armour, events)."""

    def __init__(self, hero_skill, skills, mode, use_luck, luck_policy,
                 hero_damage, enemy_damage, absorbs, reading=model.DEFAULT_READING):
        """`enemy_damage`: one wound for all, or one per enemy (then only the chain
        solver, which reads `taken[i]`)."""
        self.hero_skill, self.skills, self.mode = hero_skill, skills, mode
        self.use_luck, self.luck_policy, self.reading = use_luck, luck_policy, reading
        eds = tuple(enemy_damage) if isinstance(enemy_damage, (tuple, list)) else (enemy_damage,) * len(skills)
        self.hd, self.ed, self.absorbs = hero_damage, eds[0], absorbs
        self.mixed = len(set(eds)) > 1
        # the model's wound amounts by Luck shift (0 none, 1 lucky, -1 unlucky)
        self.dk = model.amounts("d", hero_damage, reading)
        self.taken = tuple(model.amounts("t", d, reading) for d in eds)
        self.tk = self.taken[0]
        self.duel = lru_cache(maxsize=None)(duel)
        self.group = lru_cache(maxsize=None)(_group_round)
        self._ways: dict = {}   # round_ways by (skill, target, others, harmless): a round's law

    def alive(self, es: tuple) -> list[int]:
        return [i for i, e in enumerate(es) if e > 0]

    def apply(self, he, es, arm, event, shift):
        """Apply one wound event with a Luck shift (-1, 0, +1 for unlucky/none/lucky)."""
        if event[0] == "d":
            dmg = self.dk[shift]
            es = es[:event[1]] + (max(es[event[1]] - dmg, 0),) + es[event[1] + 1:]
            return he, es, arm
        dmg = self.taken[event[1] if len(event) > 1 else 0][shift]
        if arm > 0:
            dmg, arm = model.absorbed(dmg, self.absorbs), arm - 1
        return he - dmg, es, arm

    def offered(self, es, arm, event) -> bool:
        """Does play offer Luck on this wound (model.dealt_offered / taken_offered)?"""
        if event[0] == "d":
            return model.dealt_offered(es[event[1]] - self.dk[0])
        damage = self.taken[event[1] if len(event) > 1 else 0][0]
        return model.taken_offered(damage, self.absorbs if arm > 0 else 0, self.reading)

    def advance(self, he, es, luck, arm, events):
        """Resolve events that need no decision; stop at a decision or a round."""
        while True:
            if he <= 0:
                return End("lose", 0)
            if not any(es):
                return End("win", he)
            if not events or (self.use_luck and (model.can_succeed(luck) or self.luck_policy == "always")
                              and self.offered(es, arm, events[0])):
                return (he, es, luck, arm, events)
            he, es, arm = self.apply(he, es, arm, events[0], 0)
            events = events[1:]

    def expand(self, node):
        he, es, luck, arm, events = node
        if events:
            return self.luck_options(node)
        if self.mode == "together":
            return [self.target_option(node, i) for i in self.alive(es)]
        i = next(j for j, e in enumerate(es) if e)
        p, q, r = self.duel(self.hero_skill, self.skills[i])
        dist = merge([(p, self.advance(he, es, luck, arm, (("d", i),))),
                      (q, self.advance(he, es, luck, arm, (("t", i),)))])
        return [("attack", dist, r, 1296, 1296)]

    def target_option(self, node, i):
        he, es, luck, arm, _ = node
        others = tuple(self.skills[j] for j in self.alive(es) if j != i)
        if self.mixed:   # who wounds the hero matters: one opponent's dice at a time
            return self.target_mixed(node, i)
        pairs, stay = [], 0
        for (res, k), p in self.group(self.hero_skill, self.skills[i], others).items():
            events = ((("d", i),) if res == "d" else (("t", i),) if res == "t" else ()) + (("t", i),) * k
            if events:
                pairs.append((p, self.advance(he, es, luck, arm, events)))
            else:
                stay += p
        denom = 1296 * 36 ** len(others)
        return (f"target:{i}", merge(pairs), stay, denom, denom)

    def target_mixed(self, node, i):
        """`target_option` when the opponents' wounds differ: the queue names who
        wounded the hero (target first, then the others in order, as play queues)."""
        he, es, luck, arm, _ = node
        others = [j for j in self.alive(es) if j != i]
        ways = self.round_ways(self.hero_skill, i, others)
        stay = ways.pop((), 0)
        denom = 1296 * 36 ** len(others)
        pairs = [(p, self.advance(he, es, luck, arm, events)) for events, p in ways.items()]
        return (f"target:{i}", merge(pairs), stay, denom, denom)

    def round_ways(self, skill, i, others, harmless=False) -> dict:
        """{wounds of a round in queue order: ways out of 1296 * 36**len(others)}
        against target `i` (`harmless`: a round won does it no harm, `hurt_only_by`);
        it depends on nothing else, so it is computed once (a copy is returned)."""
        key = (skill, i, tuple(others), harmless)
        found = self._ways.get(key)
        if found is None:
            found = self._ways[key] = self._round_ways(skill, i, others, harmless)
        return dict(found)

    def _round_ways(self, skill, i, others, harmless) -> dict:
        ways: dict = {}
        for x, nx in TWO_D6.items():
            mine = x + skill
            tails = [((), 1)]
            for j in others:
                beat = sum(n for s, n in TWO_D6.items() if s + self.skills[j] > mine)
                tails = [(t + (("t", j),), w * beat) for t, w in tails] + [(t, w * (36 - beat)) for t, w in tails]
            for y, ny in TWO_D6.items():
                res = model.exchange(mine, y + self.skills[i])
                head = (("d", i),) if res == "hit" and not harmless else (("t", i),) if res == "wounded" else ()
                for tail, w in tails:
                    if w:
                        ways[head + tail] = ways.get(head + tail, 0) + nx * ny * w
        return ways

    def luck_options(self, node, then=None):
        """Pass or test Luck on the first queued wound; `then(he, es, luck, arm)` goes
        on from after it (default: the rest of the queue, `advance`)."""
        he, es, luck, arm, events = node[:5]
        first, rest = events[0], events[1:]
        if then is None:
            def then(h, e, lk, a):
                return self.advance(h, e, lk, a, rest)
        h1, e1, a1 = self.apply(he, es, arm, first, 0)
        plain = ((1, then(h1, e1, luck, a1)),)
        good = lucky_ways(luck)
        tested = []
        for w, shift in ((good, 1), (36 - good, -1)):
            h2, e2, a2 = self.apply(he, es, arm, first, shift)
            tested.append((w, then(h2, e2, max(0, luck - 1), a2)))
        options = []
        if self.luck_policy != "always":
            options.append(("no-luck", plain, 0, 1, 0))
        if self.luck_policy != "never":
            options.append(("use-luck", merge(tested), 0, 36, 0))
        return options


def end_odds(he: int) -> FightOdds:
    """The odds of a fight already over: won with ``he`` Endurance left, or lost."""
    end = max(he, 0)
    win = ONE * (end > 0)
    return FightOdds(win, 1 - win, {"win": win, "lose": 1 - win}, {end: ONE}, ZERO, "none", None)
