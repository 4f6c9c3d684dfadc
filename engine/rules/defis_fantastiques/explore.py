"""Fights as chance nodes for `gamebook explore --exhaustive` (the `fight_outcomes` hook).

From any point of a fight (no Luck decision waiting), the rest of it is solved
exactly with `engine.analysis.chain.solve` over nodes (hero Endurance, enemies'
Endurance, Luck, armour hits, round), read as `combat.py` and `wounds.py` play it:
the rolls of a round (2d6 each side, with "together" the hero's one roll against
every opponent's), its wounds queued target first, each applied with its Luck
decision where the rules offer one, death checked before each wound and at the end.

Strategies (in-fight policies; the explorer takes the better one in each state):
* "no-luck": the hero never tests his Luck in the fight; with "together" the target
  of each round maximises the chance of winning the fight;
* "luck-optimal": Luck tested wherever it maximises that same chance (only when the
  hero has Luck to test, and not against opponents "together": Luck in the node
  makes those chains too long to solve for every starting point).
The fight stops, pending, at the end of the round where escaping (`escape: {after:
N}`) becomes possible: the explorer tries "escape" (kept) and fighting on from there;
a stop is priced at what fighting on from it is worth.  Every starting point of one
fight shares the nodes solved (in `cache`).
"""
from __future__ import annotations

from itertools import product

from ...analysis.chain import End, merge
from ...analysis.explore.chains import Chain, outcomes_of
from . import combat, equipment, model, wounds
from .messages import dead
from .odds_solver import LUCKY_WAYS, TWO_D6

POLICIES = ("no-luck", "luck-optimal")


def fight_outcomes(play, pending, cache):
    if pending.get("activity") != "combat" or pending.get("luck") or pending.get("queue"):
        return None
    if model.has_specials(combat._spec(play)):   # format 1.1 specials: played answer by answer
        return None
    rules = _rules(play, pending)
    root = (play.state.stats.get("endurance", 0), tuple(e["endurance"] for e in pending["enemies"]),
            play.state.stats.get("chance", 0), play.state.extra.get("armour_hits", 0),
            _capped(pending["round"], rules[6]))
    strategies = []
    # Luck tested in a fight makes its chain many times longer; with opponents
    # "together" too long to solve for every starting point: there, no Luck.
    lucky = root[2] > 0 and not rules[5] and rules[8]
    for policy in POLICIES if lucky else POLICIES[:1]:
        key = ("df", policy, rules, root)
        if key not in cache:
            fight = cache.get(("df", policy, rules))
            if fight is None:
                on = _Fight(rules, policy == "luck-optimal", None)   # the fight to the end
                fight = cache[("df", policy, rules)] = _Fight(rules, policy == "luck-optimal", on)
            cache[key] = fight.outcomes(root)
        strategies.append((policy, outcomes_of(cache, "df", cache[key], _finisher)))
    escape = combat._spec(play).get("escape")
    return strategies, ("escape",) if escape else ()


def _rules(play, pending) -> tuple:
    """Everything of the fight that does not change during it (a cache key): skill,
    damage, armour (absorbs, hits), enemies, together, escape round, Luck reading,
    Luck allowed."""
    props = equipment.armour_props(play.book, equipment.armour(play)) or {}
    escape = combat._spec(play).get("escape")
    after = int(escape.get("after", 0)) if escape else None
    return (combat.hero_skill(play, pending), wounds.hero_damage(play, pending),
            int(props.get("absorbs", 0)), int(props.get("hits", 1)) if props else 0,
            tuple((e["habilete"], int(e.get("damage", equipment.STANDARD_DAMAGE))) for e in pending["enemies"]),
            pending["mode"] == "together", after, model.reading(play.book), not pending.get("no_luck"))


def _capped(rnd: int, after) -> int:
    """The round count as far as the fight reads it: to know whether escaping is possible."""
    return 0 if after is None else min(rnd, after)


class _Fight:
    """One fight's chain (rules fixed); nodes solved once for every starting point."""

    def __init__(self, rules, use_luck: bool, fight_on: "_Fight | None"):
        """`fight_on`: the same fight never stopping, whose values price a stop (what
        fighting on from there is worth); None: this is that fight."""
        (self.skill, self.damage, self.absorbs, self.limit, self.enemies, self.together, self.after,
         self.reading, _allowed) = rules
        self.use_luck, self.fight_on = use_luck, fight_on
        self.patterns: dict = {}
        self.chain = Chain(self.expand, self.value)

    def value(self, end: End) -> float:
        if end.outcome == "stop":
            he, es, luck, hits, rnd = end.detail
            return self.fight_on.chain.value_at((he, es, luck if self.use_luck else 0, hits, rnd))
        return 0.0 if end.outcome == "lose" else 1.0

    def outcomes(self, root) -> list:
        if not self.use_luck:   # Luck never changes: keep it out of the nodes
            luck = root[2]
            ends = self.chain.outcomes(root[:2] + (0,) + root[3:])
            return [(End(e.outcome, _with_luck(e.detail, luck)), p) for e, p in ends]
        return self.chain.outcomes(root)

    # --- a round -----------------------------------------------------------------
    def expand(self, node):
        """The node's options (the chain keeps them only while it solves the node)."""
        if node[0] == "L":
            return self.luck_options(node)
        alive = tuple(i for i, e in enumerate(node[1]) if e > 0)
        targets = alive if self.together else alive[:1]
        return [self.round(node, t, alive) for t in targets]

    def round(self, node, target, alive):
        pairs, stay = {}, 0
        pattern, denom = self.pattern(target, alive)
        for events, w in pattern:
            nxt = self.resolve(node, events)
            if nxt == node:
                stay += w
            else:
                pairs[nxt] = pairs.get(nxt, 0) + w
        return (f"target:{target}", [(w, n) for n, w in pairs.items()], stay, denom, denom)

    def pattern(self, target, alive):
        """([(wounds of the round, in queue order), ways], out of): a round's dice."""
        key = (target, alive)
        if key not in self.patterns:
            others = [i for i in alive if i != target] if self.together else []
            ways: dict = {}
            for (x, nx), (y, ny) in product(TWO_D6.items(), TWO_D6.items()):
                mine, theirs = x + self.skill, y + self.enemies[target][0]
                result = model.exchange(mine, theirs)
                first = (("d", target),) if result == "hit" else (("t", target),) if result == "wounded" else ()
                for beats, w in self._others(mine, others):
                    events = first + tuple(("t", j) for j in beats)
                    ways[events] = ways.get(events, 0) + nx * ny * w
            self.patterns[key] = (list(ways.items()), 36 ** (2 + len(others)))
        return self.patterns[key]

    def _others(self, mine, others):
        """[(others that wound the hero, ways out of 36**len(others))]."""
        out = [((), 1)]
        for j in others:
            beat = sum(n for s, n in TWO_D6.items() if s + self.enemies[j][0] > mine)
            out = [(b + (j,), w * beat) for b, w in out] + [(b, w * (36 - beat)) for b, w in out]
        return [(b, w) for b, w in out if w]

    # --- the wounds of a round --------------------------------------------------------
    def resolve(self, node, events):
        """Apply queued wounds until one waits for a Luck decision; the next node."""
        he, es, luck, hits, rnd = node
        for k, event in enumerate(events):
            if he <= 0:
                return End("lose")
            h, e, hits2, absorbs, offered = self.wound(he, es, hits, event)
            if offered and self.use_luck and model.can_succeed(luck):
                return ("L", he, es, luck, hits2, rnd, event, absorbs, events[k + 1:], h, e)
            he, es, hits = h, e, hits2
        return self.after_round(he, es, luck, hits, rnd)

    def wound(self, he, es, hits, event):
        """(he, es, hits, absorbed, Luck offered) after a plain wound (wounds._deal/_suffer)."""
        kind, i = event
        if kind == "d":
            left = max(0, es[i] - self.damage)
            return he, es[:i] + (left,) + es[i + 1:], hits, 0, model.dealt_offered(left)
        raw, absorbs = self.enemies[i][1], 0
        if self.limit and hits < self.limit:
            absorbs, hits = self.absorbs, hits + 1
        loss = model.absorbed(raw, absorbs)
        return max(0, he - loss), es, hits, absorbs, model.taken_offered(raw, absorbs, self.reading)

    def luck_options(self, node):
        """Pass, or test Luck on the wound just dealt or taken (wounds._luck_dealt/_taken);
        the node holds the sheets from before that wound."""
        _l, he, es, luck, hits, rnd, (kind, i), absorbs, rest, plain_he, plain_es = node
        plain = self.resolve((plain_he, plain_es, luck, hits, rnd), rest)
        good = LUCKY_WAYS[min(luck, 12)]
        tested = []
        for lucky, ways in ((True, good), (False, 36 - good)):
            if not ways:
                continue
            if kind == "d":
                loss = model.dealt(self.damage, lucky, self.reading)
                h, e = he, es[:i] + (max(0, es[i] - loss),) + es[i + 1:]
            else:
                loss = model.absorbed(model.taken(self.enemies[i][1], lucky, self.reading), absorbs)
                h, e = max(0, he - loss), es
            tested.append((ways, self.resolve((h, e, luck - 1, hits, rnd), rest)))
        return [("pass", [(1, plain)], 0, 1, 0), ("luck", merge(tested), 0, 36, 0)]

    def after_round(self, he, es, luck, hits, rnd):
        if he <= 0:
            return End("lose")
        if not any(es):
            return End("win", (he, luck, hits))
        new = _capped(rnd + 1, self.after)
        if self.fight_on and new != rnd and new == self.after:   # escaping has just become possible
            return End("stop", (he, es, luck, hits, new))
        return (he, es, luck, hits, new)



def _with_luck(detail, luck):
    """A "no-luck" outcome's detail with the Luck the hero had (it never changed)."""
    if detail is None:
        return None
    if len(detail) == 3:                       # win: (he, luck, hits)
        return (detail[0], luck, detail[2])
    return detail[:2] + (luck,) + detail[3:]   # stop: (he, es, luck, hits, round)


def _finisher(end: End):
    def finish(play):
        pending = play.state.pending
        if end.outcome == "lose":
            play.change("endurance", value=0, reason="wound")
            return dead(play, "combat")
        if end.outcome == "win":
            he, luck, hits = end.detail
        else:
            he, es, luck, hits, rnd = end.detail
            for e, left in zip(pending["enemies"], es):
                e["endurance"] = left
            pending["round"] = rnd
        play.change("endurance", value=he, reason="wound")
        play.change("chance", value=luck, reason="luck-test")
        _armour(play, hits)
        if end.outcome == "win":   # every opponent down, no wound left: the round's end
            for e in pending["enemies"]:
                e["endurance"] = 0
            pending["queue"], pending["luck"] = [], None
            wounds.drain(play, pending)
    return finish


def _armour(play, hits: int) -> None:
    """The armour after the fight: its hits, or fallen apart (as equipment.absorb)."""
    worn = equipment.armour(play)
    props = equipment.armour_props(play.book, worn)
    if props is None:
        return
    if hits >= int(props.get("hits", 1)):
        play.lose(worn)
        play.state.extra["armour"], play.state.extra["armour_hits"] = None, 0
    else:
        play.state.extra["armour_hits"] = hits
