"""Kai fights as chance nodes, for `gamebook explore --exhaustive` (the `fight_outcomes` hook).

From any point of a fight, the rest of it is solved with
`engine.analysis.explore.chains.Chain`: a node is (hero Endurance, enemy, its
Endurance, round, war cry used), a round draws the random number 0-9 (1/10 each) and
reads the table as `combat.answer` does.  One strategy, "survive": the war cry is
used when it maximises the chance of winning the fight.  The fight stops, pending,
when evading becomes possible (after `after` rounds against an enemy), where the
explorer tries "evade" (kept) and this strategy again (fight on); a stop is priced
at what fighting on from it is worth.  Every starting point of one fight shares the
nodes solved (the cache).
"""
from __future__ import annotations

from engine.analysis.chain import End, merge
from engine.analysis.explore.chains import Chain, outcomes_of

from .combat import hero_skill
from .sheet import disciplines
from .table import losses

def fight_outcomes(play, pending, cache):
    if pending.get("activity") != "combat":
        return None
    skill = hero_skill(play, pending)
    cry = "cri" in disciplines(play.state)
    enemies = tuple((e["maitrise"], e["vigueur"]) for e in pending["enemies"])
    after = pending["evade"]["after"] if pending["evade"] else None
    root = (play.state.stats["vigueur"], pending["enemy"], enemies[pending["enemy"]][1],
            _capped(pending["round"], after), pending["shout"])
    rules = (skill, cry, enemies, after)
    key = ("kai", rules, root)
    if key not in cache:
        fight = cache.get(("kai", rules))
        if fight is None:
            fight = cache[("kai", rules)] = _Fight(rules, _Fight(rules, None))
        cache[key] = fight.chain.outcomes(root)
    outcomes = outcomes_of(cache, "kai", cache[key], _finisher)
    return [("survive", outcomes)], ("evade",) if after is not None else ()


class _Fight:
    """The rest of a fight; `fight_on`: the same fight never stopping, whose values
    price a stop (what fighting on from there is worth); None: this is that fight."""

    def __init__(self, rules, fight_on):
        self.skill, self.cry, self.enemies, self.after = rules
        self.fight_on = fight_on
        self.chain = Chain(self.expand, self.value)

    def value(self, end) -> float:
        if end.outcome == "stop":
            return self.fight_on.chain.value_at(end.detail)
        return 0.0 if end.outcome == "lose" else 1.0

    def expand(self, node):
        options = [("fight", self.round(node, False))]
        if self.cry and not node[4]:
            options.append(("shout", self.round(node, True)))
        return [(label, merge([(1, n) for n in nexts]), 0, 10, 10) for label, nexts in options]

    def round(self, node, shout):
        hv, i, ev, rnd, used = node
        ratio = self.skill + (3 if shout else 0) - self.enemies[i][0]
        out = []
        for number in range(10):
            enemy_loss, hero_loss = losses(ratio, number)
            h, e = max(0, hv - hero_loss), max(0, ev - enemy_loss)
            if h <= 0:
                out.append(End("lose", 0))
            elif e > 0:
                out.append(self.stop(node, (h, i, e, _capped(rnd + 1, self.after), used or shout)))
            elif i + 1 < len(self.enemies):
                out.append(self.stop(node, (h, i + 1, self.enemies[i + 1][1], 0, used or shout)))
            else:
                out.append(End("win", h))
        return out

    def stop(self, node, new):
        """`new`, or the fight stopped there when evading has just become possible."""
        after = self.after
        if self.fight_on and after is not None and new[3] >= after and (new[1] != node[1] or node[3] < after):
            return End("stop", new)
        return new


def _capped(rnd: int, after) -> int:
    """The round count as far as it matters: only to know whether evading is possible."""
    return 0 if after is None else min(rnd, after)


def _finisher(end):
    def finish(play):
        pending = play.state.pending
        if end.outcome == "lose":
            play.change("vigueur", value=0, reason="combat")
            return play.die("combat")
        if end.outcome == "win":
            play.change("vigueur", value=end.detail, reason="combat")
            play.emit("combat-won", "Vous avez gagné le combat.", "You have won the fight.")
            if pending["win"] is not None:
                return play.goto(int(pending["win"]))
            play.state.pending = None
            return None
        hv, i, ev, rnd, used = end.detail
        play.change("vigueur", value=hv, reason="combat")
        for j in range(i):
            pending["enemies"][j]["vigueur"] = 0
        pending["enemies"][i]["vigueur"] = ev
        pending.update(enemy=i, round=rnd, shout=used)
        return None
    return finish
