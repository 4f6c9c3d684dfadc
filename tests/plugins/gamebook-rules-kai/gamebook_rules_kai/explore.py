"""Kai fights as chance nodes, for `gamebook explore --exhaustive` (the `fight_outcomes` hook).

From any point of a fight, the rest of it is solved exactly with
`engine.analysis.chain.solve`: a node is (hero Endurance, enemy, its Endurance,
round, war cry used), a round draws the random number 0-9 (1/10 each) and reads the
table as `combat.answer` does.  One strategy, "survive": the war cry is used when it
maximises the chance of winning or of living to the next decision.  The next
decision is the first moment evading becomes possible (after `after` rounds against
an enemy): the fight stops there, pending, and the explorer tries "evade" (kept) and
this strategy again (fight on).  Several starting points share one cache entry per
(hero skill, war cry, enemies, position).
"""
from __future__ import annotations

from fractions import Fraction

from engine.analysis.chain import End, merge, solve

from .combat import hero_skill
from .sheet import disciplines
from .table import losses

TENTH = Fraction(1, 10)


def fight_outcomes(play, pending, cache):
    if pending.get("activity") != "combat":
        return None
    skill = hero_skill(play, pending)
    cry = "cri" in disciplines(play.state)
    enemies = tuple((e["maitrise"], e["vigueur"]) for e in pending["enemies"])
    after = pending["evade"]["after"] if pending["evade"] else None
    node = (play.state.stats["vigueur"], pending["enemy"], enemies[pending["enemy"]][1],
            _capped(pending["round"], after), pending["shout"])
    key = ("kai", skill, cry, tuple(m for m, _ in enemies), after, node)
    if key not in cache:
        cache[key] = _solve(skill, cry, [m for m, _ in enemies], [v for _, v in enemies], after, node)
    outcomes = [(p, _finish(end)) for end, p in cache[key]]
    keep = ("evade",) if after is not None else ()
    return [("survive", outcomes)], keep


def _solve(skill, cry, skills, lives, after, root):
    """[(End, probability)] of the fight from `root` under the "survive" policy."""
    def stops(node, new) -> bool:   # evading becomes possible at `new`
        return after is not None and new[3] >= after and (new[1] != node[1] or node[3] < after)

    def expand(node):
        options = [("fight", _round(node, False))]
        if cry and not node[4]:
            options.append(("shout", _round(node, True)))
        return [(label, merge([(1, stop(node, n)) for n in nexts]), 0, 10, 10) for label, nexts in options]

    def stop(node, new):
        if isinstance(new, End) or not stops(node, new):
            return new
        return End("stop", new)

    def _round(node, shout):
        hv, i, ev, rnd, used = node
        ratio = skill + (3 if shout else 0) - skills[i]
        out = []
        for number in range(10):
            enemy_loss, hero_loss = losses(ratio, number)
            h, e = max(0, hv - hero_loss), max(0, ev - enemy_loss)
            if h <= 0:
                out.append(End("lose", 0))
            elif e > 0:
                out.append((h, i, e, _capped(rnd + 1, after), used or shout))
            elif i + 1 < len(skills):
                out.append((h, i + 1, lives[i + 1], 0, used or shout))
            else:
                out.append(End("win", h))
        return out

    solution = solve(root, expand, lambda end: int(end.outcome != "lose"), 1_000_000)
    return [(end, p) for end, p in solution.ends.items()]


def _capped(rnd: int, after) -> int:
    """The round count as far as it matters: only to know whether evading is possible."""
    return 0 if after is None else min(rnd, after)


def _finish(end):
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
