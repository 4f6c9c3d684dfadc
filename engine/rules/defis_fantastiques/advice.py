"""The in-fight advice of the live `chances` command: every move compared.

While a fight waits for the player, each move he has is priced from the same
model the game plays: not testing the Luck offered (the wound as it stands) and
testing it (lucky and unlucky amounts of `model`, Luck − 1), attacking, escaping
where the paragraph allows it now (the fight is left: its cost and destination are
given instead of a chance of victory).  A chance of 0 % says why.

The comparison travels in `FightOdds.advice` as "moves:" + JSON, which
`odds_cli.advice` words in French and English.  A fight with one move only keeps
the solver's advice (None), as before.
"""
from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

from . import combat, model, wounds
from .odds_solver import LUCKY_WAYS

PREFIX = "moves:"


def compare(book, state, spec, pending, odds, policy):
    moves, luck_wait = [], pending.get("luck")
    if luck_wait:
        moves = _luck_moves(book, state, spec, pending, luck_wait, policy)
    else:
        moves.append(["attack", str(odds.win), None])
        escape = spec.get("escape")
        if escape and pending["round"] >= int(escape.get("after", 0)):
            cost = int((escape.get("cost") or {}).get("endurance", 0))
            moves.append(["escape", None, [int(escape["to"]), state.stats.get("endurance", 0) - cost]])
    why = _why_zero(book, state, spec, pending) if odds.win == 0 else None
    if len(moves) < 2 and why is None:
        return odds
    best = odds.advice
    if best is None and len(moves) > 1:   # attack or escape: escape when no victory is possible
        best = "attack" if odds.win > 0 else "escape"
    told = {"best": best, "moves": moves, "why": why}
    return dataclasses.replace(odds, advice=PREFIX + json.dumps(told))


def _luck_moves(book, state, spec, pending, luck_wait, policy) -> list:
    """[["no-luck", P], ["use-luck", P]]: the wound as it stands, or tested."""
    from .odds import solve   # (odds imports this module lazily)
    fighters = (pending["enemies"], pending["mode"])
    he, chance = state.stats.get("endurance", 0), state.stats.get("chance", 0)
    sheets = [(e["habilete"], e["endurance"]) for e in pending["enemies"]]
    reading = model.reading(book)

    stops = "hurt" in spec and luck_wait["kind"] == "taken"   # format 1.1 `hurt`

    def win(h, es, luck):
        if h <= 0 or (stops and h < luck_wait["before"]):   # dead, or the wound ends the fight
            return Fraction(0)
        if not any(e for _s, e in es):
            return Fraction(1)
        return solve(book, state, spec, fighters, h, es, policy, luck=luck, pending=pending).win
    tested = Fraction(0)
    good = LUCKY_WAYS[min(max(chance, 0), 12)]
    for lucky, ways in ((True, good), (False, 36 - good)):
        h, es = he, list(sheets)
        if luck_wait["kind"] == "dealt":
            i = luck_wait["enemy"]
            es[i] = (es[i][0], max(0, luck_wait["before"] - model.dealt(luck_wait["damage"], lucky, reading)))
        else:
            raw = model.taken(luck_wait["damage"], lucky, reading)
            h = luck_wait["before"] - model.absorbed(raw, luck_wait.get("absorbs", 0))
        if ways:
            tested += Fraction(ways, 36) * win(h, es, max(0, chance - 1))
    return [["no-luck", str(win(he, sheets, chance)), None], ["use-luck", str(tested), None]]


def _why_zero(book, state, spec, pending) -> list | None:
    """Why no victory is possible: ["skill", best hero total, opponent's least], or
    ["stamina"] (no Endurance left)."""
    if state.stats.get("endurance", 0) <= 0 and not pending.get("luck"):
        return ["stamina"]
    from .odds import _View
    view = _View(book, state)
    flags = {"unarmed": pending.get("unarmed"), "forced_unarmed": pending.get("forced_unarmed"),
             "bonus": pending.get("bonus", 0), "first": pending.get("first", 0), "round": pending["round"]}
    best = combat.hero_skill(view, flags) + 12
    for e in pending["enemies"]:
        if e["endurance"] > 0 and best <= e["habilete"] + 2:
            return ["skill", best, e["habilete"] + 2, e["name"]]
    if wounds.hero_damage(view, flags) <= 0:
        return ["damage"]
    return None
