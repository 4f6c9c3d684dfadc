"""Carrying out the player's combat answers: strike, parry, retreat, surrender,
invoke a god, use a magic object, accept or refuse an opponent's surrender."""
from __future__ import annotations

from engine.rules import french as F
from engine.rules.base import Refused
from engine.rules.chroniques_cretoises import combat as C
from engine.rules.chroniques_cretoises import endings
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises import specials, strike
from engine.rules.chroniques_cretoises.sheet import condition_event, set_hero_condition


def answer(play, p: dict, key: str, amount: int | None) -> None:
    if p.get("offer") is not None:
        return endings.answer_offer(play, p, key)
    if key == "strike":
        return _strike(play, p, amount or 0)
    if key == "defend":
        return _defend(play, p, amount or 0)
    handler = OTHER_ANSWERS.get(key)
    if handler is None:
        raise Refused(f"réponse « {key} » impossible ici", f"'{key}' is not a possible answer here")
    return handler(play, p)


OTHER_ANSWERS = {"retreat": endings.retreat, "surrender": endings.surrender,
                 "invoke": endings.invoke, "use": endings.use}


def spend(play, amount: int, what_fr: str, what_en: str) -> None:
    if amount:
        if play.narrate:   # the explorer reads no event: none is made for it
            pts = N.honour_points(amount)
            play.emit("honour-spent", f"Vous dépensez {pts.fr} : +{amount} à votre {what_fr} pour ce coup.",
                      f"You spend {pts.en}: +{amount} to your {what_en} for this strike.", amount=amount)
        play.change("honneur", delta=-amount, reason="combat-spend")


def _strike(play, p: dict, amount: int) -> None:
    i = p["current"]
    e = p["enemies"][i]
    count = C.hero_dice(play, p)
    force = specials.hero_force(play, p) + amount
    rounds, _wins, first = specials.counted(C.spec_of(play))
    p["strikes"] = R.strike_count(p.get("strikes", 0) + 1, rounds, first)   # only counted where it matters
    spend(play, amount, "Force", "Strength")
    need = strike.needed(force, e["protection"])
    faces = play.roll(count, 6, "combat:hero-strike")
    result = strike.resolve(faces, force, e["protection"])
    p["acted"] = True
    _report(play, ("Althéos", "Althéos"), (F.the(e), e["name"]), faces, need, result, amount, True)
    if result.hit and not R.harmed(e.get("hurt_only_by"), play.state.items):
        names = ", ".join(play.book.item_name(x) for x in e["hurt_only_by"])
        play.emit("no-harm", f"Le coup ne fait aucun mal à {F.the(e)} : seule une de ces armes le blesse : {names}.",
                  f"The strike does {e['name']} no harm: only one of these weapons wounds him: {names}.")
        p["turn"] = "enemy"
    elif result.hit:
        wound_enemy(play, p, i)
    else:
        p["turn"] = "enemy"
    endings.after_strike(play, p)


def _defend(play, p: dict, amount: int) -> None:
    i = p["current"]
    e = p["enemies"][i]
    force, count = C.enemy_force(p, i), C.enemy_dice(play, p)
    protection = play.state.stats["protection"] + amount
    spend(play, amount, "Protection", "Protection")
    need = strike.needed(force, protection)
    faces = play.roll(count, 6, "combat:enemy-strike")
    result = strike.resolve(faces, force, protection)
    p["acted"] = True
    _report(play, (F.The(e), e["name"]), ("Althéos", "Althéos"), faces, need, result, amount, False)
    if result.hit:
        wound_hero(play)
        if play.state.ended:
            return
        spec = C.spec_of(play)
        if "hurt" in spec:   # format 1.1: "if you are wounded, turn to..."
            return endings.leave_fight(play, spec["hurt"], ("combat", "hurt_effects"))
    p["turn"] = "hero"


def _report(play, attacker, defender, faces, need, result, spent, hero) -> None:
    if not play.narrate:   # the explorer reads no event: the most frequent is not made
        return
    total = sum(faces)
    auto_fr = {"hit": " : réussite automatique", "miss": " : échec automatique"}.get(result.automatic, "")
    auto_en = {"hit": ": automatic hit", "miss": ": automatic miss"}.get(result.automatic, "")
    verb = ("touche", "hits") if result.hit else ("manque", "misses")
    # the needed roll worded as the prompt words it before the roll (strike.chance_words)
    words_fr, words_en = (w.replace(" (", ", ").replace(")", "") for w in strike.chance_words(len(faces), need))
    # attacker and defender: (French, with its article; English)
    fr = f"{attacker[0]} tire {total}{auto_fr} (il fallait {words_fr}) et {verb[0]} {defender[0]}."
    en = f"{attacker[1]} rolls {total}{auto_en} (needed {words_en}) and {verb[1]} {defender[1]}."
    play.emit("strike", fr, en, attacker="hero" if hero else "enemy", faces=faces, total=total,
              needed=need, hit=result.hit, automatic=result.automatic, spent=spent)




def wound_hero(play, steps: int = 1) -> None:
    """One step down the track; Mort is death."""
    new = min(N.MORT, play.state.extra.get("condition", 0) + steps)
    set_hero_condition(play, new)
    if new >= N.MORT:
        play.die("combat" if play.state.pending else "wound")


def wound_enemy(play, p: dict, i: int) -> None:
    e = p["enemies"][i]
    old, e["condition"] = e["condition"], min(N.MORT, e["condition"] + 1)
    condition_event(play, "enemy", e["name"], old, e["condition"])
    win_rounds = specials.counted(C.spec_of(play))[1]
    p["wounds"] = R.wound_count(p.get("wounds", 0) + 1, win_rounds)
    if R.won_rounds(p["wounds"], win_rounds):   # format 1.1 `win_rounds`
        return endings.victory(play, p)
    what = R.wound_outcome(e["condition"], e["surrenders"], e["beast"],
                           any(j != i for j in C.fighting(p)), any(x["state"] == "left" for x in p["enemies"]),
                           p["all_down"], isinstance(C.spec_of(play).get("all_down"), int))
    if what == "dead":
        e["state"] = "dead"
        return endings.after_enemy_out(play, p)
    if what == "offer":
        p["offer"] = i
        play.emit("enemy-surrenders", name=e["name"])   # the prompt's title says it
        return
    if what == "left":
        e["state"] = "left"
        play.emit("enemy-leaves", f"{F.The(e)}, grièvement blessé, quitte le combat.",
                  f"{e['name']}, badly wounded, leaves the fight.", name=e["name"])
        return endings.after_enemy_out(play, p)
    if what in ("all-down", "all-down-on"):
        return endings.all_down(play, p)
    p["turn"] = "enemy"
