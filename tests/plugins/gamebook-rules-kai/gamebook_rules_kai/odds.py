"""Exact odds of a Kai fight (the `fight_odds` hook), from the transition function
the explorer's fight nodes use (`explore._Fight`, which reads the table as
`combat.answer` does): one model, two readers.

Policy "optimal": before each round the hero fights, fights with his war cry (once
a fight) or evades (once `after` rounds were fought against this enemy; one more
round in which only he is hurt), whichever maximises the chance of surviving the
fight (a win or an escape); "never": he only fights.  Outcomes: ``win``, ``lose``,
``evade``; `advice` is the best move now ("fight", "shout", "evade").
"""
from __future__ import annotations

from engine.analysis.chain import ZERO, End, merge, solve
from engine.analysis.result import FightOdds, OddsLabels
from engine.diagnostics import Message as M

from .combat import begin, hero_skill
from .explore import _capped, _Fight
from .table import losses

LABELS = OddsLabels(rounds=M("assauts", "rounds"), outcomes={"evade": M("Fuite", "Evade")})
MOVES = {"fight": M("Combattre", "Fight"), "shout": M("Combattre avec un cri de guerre", "Fight with a war cry"),
         "evade": M("Fuir", "Evade")}


class _Odds(_Fight):
    """The explorer's fight, never stopped, with evading as a move where it is open."""

    def __init__(self, rules, policy: str):
        super().__init__(rules, None)
        self.policy = policy

    def expand(self, node):
        options = super().expand(node)
        if self.policy == "never":
            return options[:1]
        if self.after is not None and node[3] >= self.after:
            ratio = self.skill - self.enemies[node[1]][0]
            ends = [End("lose", 0) if node[0] - losses(ratio, n)[1] <= 0 else
                    End("evade", node[0] - losses(ratio, n)[1]) for n in range(10)]
            options.append(("evade", merge([(1, e) for e in ends]), 0, 10, 10))
        return options


class _Sheet:
    """What `combat.hero_skill` reads of a game: its book and state."""

    def __init__(self, book, state):
        self.book, self.state = book, state


def fight_odds(book, state, spec, pending=None, policy="optimal"):
    if not isinstance(spec, dict) or "enemies" not in spec:
        return None
    p = pending or begin(None, spec)
    if p["enemy"] >= len(p["enemies"]):
        return None
    enemies = tuple((e["maitrise"], e["vigueur"]) for e in p["enemies"])
    after = p["evade"]["after"] if p["evade"] else None
    cry = "cri" in state.extra.get("disciplines", [])
    rules = (hero_skill(_Sheet(book, state), p), cry, enemies, after)
    root = (state.stats["vigueur"], p["enemy"], enemies[p["enemy"]][1], _capped(p["round"], after), p["shout"])
    fight = _Odds(rules, policy)
    sol = solve(root, fight.expand, lambda end: 0 if end.outcome == "lose" else 1, 1_000_000)
    totals = {"win": ZERO, "lose": ZERO, "evade": ZERO}
    final: dict = {}
    for end, share in sol.ends.items():
        totals[end.outcome] += share
        final[end.detail] = final.get(end.detail, ZERO) + share
    outcomes = {k: v for k, v in totals.items() if v or k != "evade"}
    return FightOdds(totals["win"], totals["lose"], outcomes, dict(sorted(final.items())),
                     sol.expected_rounds, "optimal" if sol.has_choice else "none",
                     (sol.root_label or "fight") if pending else None)


def advice(word: str):
    return MOVES.get(word, M(word, word))
