"""The in-fight advice of the live `chances` command: every move compared.

While a fight waits for the player, each move he has is priced from the same
model the game plays: not testing the Luck offered (the wound as it stands) and
testing it (lucky and unlucky amounts of `model`, Luck − 1), attacking, escaping
where the paragraph allows it now.  In a fight with an escape, best play aims to
leave the fight alive (`model.ESCAPE_POLICY`): each move then has its chance of
victory and its chance of leaving alive, escaping now (its cost, with its Luck
test under `escape_luck`, and its destination) against fighting on (this round
fought, escaping later when that is better), and the best move is the solver's.
A chance of 0 % says why.

The comparison travels in `FightOdds.advice` as "moves:" + JSON, each move
[key, P(win), extra, P(alive) or None], which `odds_cli.advice` words in French and
English.  A fight with one move only keeps the solver's advice (None), as before.
"""
from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

from engine.rules.defis_fantastiques import combat, model, wounds
from engine.rules.defis_fantastiques.fight_chain import LUCKY_WAYS
from engine.rules.defis_fantastiques.pricing import (View, deadly_escape, escape_of, fighters,
                                                    modifiers_bonus, silent_game, solve)

PREFIX = "moves:"


def alive(odds, deadly: bool = False) -> Fraction:
    """P(leaving the fight alive by victory or escape): best play's first aim (model.aims);
    `deadly`: the escape leads to a death ending, and is no way out alive."""
    return odds.win + (Fraction(0) if deadly else odds.outcomes.get("escape", Fraction(0)))




def compare(book, state, spec, pending, odds, policy):
    moves, luck_wait = [], pending.get("luck")
    escape = escape_of(book, state, spec)
    deadly = escape is not None and deadly_escape(book, state, spec)
    if luck_wait:
        moves = _luck_moves(book, state, spec, pending, luck_wait, policy, escape is not None)
    elif escape is not None and model.escape_open(escape.after, pending["round"]):
        on = _fight_on(book, state, spec, pending, policy)
        moves.append(["attack", str(on.win), None, str(alive(on, deadly))])
        he = state.stats.get("endurance", 0)
        to = play_number(book, state, spec["escape"]["to"])
        left = 0 if deadly else model.escape_left(he, escape.cost, None, model.reading(book))
        moves.append(["escape", "0", [to, left],
                      "0" if deadly else str(_escape_now(book, state, escape, policy))])
    else:
        moves.append(["attack", str(odds.win), None, str(alive(odds, deadly)) if escape else None])
    why = _why_zero(book, state, spec, pending) if odds.win == 0 else None
    if len(moves) < 2 and why is None:
        return odds
    best = odds.advice
    if best and best.startswith("target:") and pending["mode"] != "together":
        best = "attack"
    if best == "escape" and deadly:   # (the solver counts an escape as leaving alive)
        best = "attack"
    if best is None and len(moves) > 1:   # (model.aims: leaving alive, then victory; a tie escapes)
        ranked = sorted(moves, key=lambda m: m[0] != "escape")
        best = max(ranked, key=lambda m: (Fraction(m[3] if m[3] is not None else m[1]), Fraction(m[1])))[0]
    told = {"best": best, "moves": moves, "why": why}
    return dataclasses.replace(odds, advice=PREFIX + json.dumps(told))


def play_number(book, state, value) -> int:
    """A number of the book (an int or a formula), as play evaluates it."""
    if isinstance(value, int):
        return value
    return silent_game(book, state).number(value)


def _fight_on(book, state, spec, pending, policy):
    """The odds of fighting this round (escaping later when better): the solver with
    the escape shut in the present node only."""
    return solve(book, state, spec, (pending["enemies"], pending["mode"]), state.stats.get("endurance", 0),
                 [(e["habilete"], e["endurance"]) for e in pending["enemies"]], policy, pending=pending,
                 fight_on=True)


def _escape_now(book, state, escape, policy) -> Fraction:
    """P(leaving alive) by escaping now: the cost paid, or (escape_luck) tested when the
    policy tests it (best play: when that is better)."""
    he, chance, reading = state.stats.get("endurance", 0), state.stats.get("chance", 0), model.reading(book)
    plain = Fraction(model.escape_left(he, escape.cost, None, reading) > 0)
    if not model.escape_offered(escape, reading) or policy == "never" or \
            (policy == "optimal" and not model.can_succeed(chance)):
        return plain
    good = LUCKY_WAYS[min(max(chance, 0), 12)]
    tested = Fraction(good * (model.escape_left(he, escape.cost, True, reading) > 0)
                      + (36 - good) * (model.escape_left(he, escape.cost, False, reading) > 0), 36)
    return tested if policy == "always" else max(plain, tested)


def _luck_moves(book, state, spec, pending, luck_wait, policy, escape=False) -> list:
    """[["no-luck", P, None, A], ["use-luck", P, None, A]]: the wound as it stands, or
    tested; P(win), and with an escape in the fight P(alive) (else None)."""
    fighters = (pending["enemies"], pending["mode"])
    he, chance = state.stats.get("endurance", 0), state.stats.get("chance", 0)
    sheets = [(e["habilete"], e["endurance"]) for e in pending["enemies"]]
    reading = model.reading(book)

    stops = "hurt" in spec and luck_wait["kind"] == "taken"   # format 1.1 `hurt`

    def win(h, es, luck):
        """(P(win), P(alive)) from after the wound."""
        if h <= 0 or (stops and h < luck_wait["before"]):   # dead, or the wound ends the fight
            return Fraction(0), Fraction(0)
        if not any(e for _s, e in es):
            return Fraction(1), Fraction(1)
        odds = solve(book, state, spec, fighters, h, es, policy, luck=luck, pending=pending)
        return odds.win, alive(odds, deadly_escape(book, state, spec))
    tested = [Fraction(0), Fraction(0)]
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
            w, a = win(h, es, max(0, chance - 1))
            tested = [tested[0] + Fraction(ways, 36) * w, tested[1] + Fraction(ways, 36) * a]
    plain = win(he, sheets, chance)
    return [["no-luck", str(plain[0]), None, str(plain[1]) if escape else None],
            ["use-luck", str(tested[0]), None, str(tested[1]) if escape else None]]


def _why_zero(book, state, spec, pending) -> list | None:
    """Why no victory is possible (each a sure cause): ["stamina"] (no Endurance
    left), ["immune", opponent, [items]] (`hurt_only_by`: the hero carries none of the
    weapons that wound it), ["skill", best hero total, opponent's least, opponent],
    ["damage"] (the weapon deals nothing)."""
    if state.stats.get("endurance", 0) <= 0 and not pending.get("luck"):
        return ["stamina"]
    view = View(book, state)
    for i in pending.get("immune", ()):
        e = pending["enemies"][i]
        if e["endurance"] > 0:
            listed = [x for enemy in spec["enemies"] for x in enemy.get("hurt_only_by") or ()]
            return ["immune", e["name"], [book.item_name(x) for x in dict.fromkeys(listed)]]
    flags = {"unarmed": pending.get("unarmed"), "forced_unarmed": pending.get("forced_unarmed"),
             "bonus": pending.get("bonus", 0), "first": pending.get("first", 0), "round": pending["round"]}
    # the best total of this round and of the later ones (a first-round bonus may be a malus)
    best = max(combat.hero_skill(view, flags), combat.hero_skill(view, {**flags, "round": 1})) + 12
    for e in pending["enemies"]:
        if e["endurance"] > 0 and best <= e["habilete"] + 2:
            return ["skill", best, e["habilete"] + 2, e["name"]]
    if wounds.hero_damage(view, flags) <= 0:
        return ["damage"]
    return None


def why_no_victory(book, state, spec) -> list | None:
    """Why the fight, as it would begin in this state, cannot be won (`_why_zero`'s
    causes, read as combat.begin starts the fight), or None (no sure cause)."""
    from engine.rules.defis_fantastiques import equipment
    enemies, mode = fighters(spec)
    view = View(book, state)
    flags = model.immune(spec["enemies"], mode, state.items, state.extra.get("weapon"))
    first = int((spec.get("first_round") or {}).get("attack", 0))
    pending = {"enemies": enemies, "mode": mode, "round": 0, "unarmed": equipment.unarmed(view, spec),
               "forced_unarmed": bool(spec.get("unarmed")), "bonus": modifiers_bonus(book, state, spec),
               "first": first, "immune": [i for i, f in enumerate(flags) if f]}
    return _why_zero(book, state, spec, pending)
