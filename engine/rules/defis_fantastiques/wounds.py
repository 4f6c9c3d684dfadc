"""Wounds of a combat round, applied one at a time, with the Luck decision after each.

A round queues its wounds in `pending["queue"]` (plain JSON, so a save in the middle
of a round works); each is applied in turn, and when Luck can change it the queue
stops on a prompt ("luck" / "pass") until the player answers.

"Vous venez de blesser un adversaire ... Vous êtes chanceux : soustrayez 2 points
supplémentaires ... malchanceux : vous ne pouvez soustraire que 1 seul point."
"L'adversaire vient de vous porter un coup ... chanceux : ne soustrayez que 1 point
... malchanceux : il faut soustraire 1 point supplémentaire."
"""
from __future__ import annotations

from engine.rules import french as F
from engine.rules.defis_fantastiques import equipment, model, specials
from engine.rules.defis_fantastiques.messages import dead
from engine.rules.defis_fantastiques.rolls import test_luck


def hero_damage(play, pending) -> int:
    """The carried weapon's `damage` (2 by default, and bare-handed)."""
    if pending.get("forced_unarmed"):
        return equipment.STANDARD_DAMAGE
    item = play.book.items.get(play.state.extra.get("weapon"))   # equipment.weapon
    props = item.props.get("weapon") if item is not None else None
    return int(props.get("damage", equipment.STANDARD_DAMAGE)) if props else equipment.STANDARD_DAMAGE


def drain(play, pending: dict) -> None:
    """Apply queued wounds until one waits for a Luck decision; then, the round over:
    death, victory, or the next round."""
    queue, stats = pending["queue"], play.state.stats
    while queue:
        if stats.get("endurance", 0) <= 0:
            return dead(play, "combat")
        wound = queue.pop(0)
        waits = _deal(play, pending, wound["enemy"]) if wound["kind"] == "hit" \
            else _suffer(play, pending, wound["enemy"])
        if waits:
            return
    if stats.get("endurance", 0) <= 0:
        return dead(play, "combat")
    for e in pending["enemies"]:
        if e["endurance"] > 0:
            if specials.end_of_round(play, pending) == "win":   # win_rounds; rounds: timeout
                won(play)
            return
    won(play)


def _deal(play, pending: dict, i: int) -> bool:
    enemy = pending["enemies"][i]
    if enemy.get("rounds_only"):   # format 1.2: the round won counts (`wins`), nothing else
        return specials.round_won(play, pending, enemy)
    before, dmg = enemy["endurance"], hero_damage(play, pending)
    enemy["endurance"] = max(0, before - dmg)
    if play.narrate:   # the explorer reads no event: none is made for it
        play.emit("wound", f"Vous blessez {F.the(enemy)} : −{dmg} (Endurance {enemy['endurance']}).",
                  f"You wound {enemy['name']}: −{dmg} (Stamina {enemy['endurance']}).",
                  target=enemy["name"], loss=dmg, endurance=enemy["endurance"])
    if model.dealt_offered(enemy["endurance"]):
        if pending.get("no_luck") or not model.luck_here(pending.get("luck_on"), "d"):
            return False
        pending["luck"] = {"kind": "dealt", "enemy": i, "before": before, "damage": dmg}
        return True
    _defeated(play, enemy)
    return False


def _suffer(play, pending: dict, i: int) -> bool:
    enemy = pending["enemies"][i]
    raw, before = int(enemy.get("damage", equipment.STANDARD_DAMAGE)), play.state.stats["endurance"]
    loss, absorbs = equipment.absorb(play, raw)   # (model.absorbed, and the armour's wear)
    if play.narrate:   # told before the Endurance change ("Endurance : 21 → 19")
        fr, en = (f"{F.The(enemy)} {F.verb(enemy, 'vous blesse', 'vous blessent')} : −{loss} Endurance.",
                  f"{enemy['name']} wounds you: −{loss} Stamina.") if loss else \
            (f"{F.The(enemy)} {F.verb(enemy, 'vous touche', 'vous touchent')}, mais votre armure arrête le coup.",
             f"{enemy['name']} hits you, but your armour stops the blow.")
        play.emit("wound", fr, en, target="hero", by=enemy["name"],
                  loss=loss, absorbed=absorbs, endurance=play.module.clamp(play.state, "endurance", before - loss))
    play.change("endurance", delta=-loss, reason="wound")
    if not pending.get("no_luck") and model.luck_here(pending.get("luck_on"), "t") \
            and model.taken_offered(raw, absorbs, model.reading(play.book)):
        pending["luck"] = {"kind": "taken", "enemy": i, "before": before, "damage": raw,
                           "absorbs": absorbs}
        return True
    return specials.stop_on_hurt(play, pending, before)


def _defeated(play, enemy: dict) -> None:
    play.emit("enemy-defeated", f"{F.The(enemy)} {F.verb(enemy, 'est vaincu', 'sont vaincus', 'est vaincue')}.",
              f"{enemy['name']} {'are' if enemy.get('plural') else 'is'} defeated.",
              name=enemy["name"])


def resolve_luck(play, pending: dict, use: bool) -> None:
    """The player's answer to the Luck prompt, then the rest of the round."""
    luck, pending["luck"] = pending["luck"], None
    if use:
        lucky = test_luck(play, "combat")
        (_luck_dealt if luck["kind"] == "dealt" else _luck_taken)(play, pending, luck, lucky)
    if luck["kind"] == "escape":
        return escaped(play)
    if luck["kind"] == "taken" and specials.stop_on_hurt(play, pending, luck["before"]):
        return
    drain(play, pending)


def escaped(play) -> None:
    """The escape paid: death at Endurance 0, else its effects and its paragraph."""
    escape = play.book.paragraphs[play.state.paragraph].fields["combat"]["escape"]
    if play.state.stats.get("endurance", 0) <= 0:
        return dead(play, "escape")
    if play.outcome(("combat", "escape", "effects")):
        play.goto(play.number(escape["to"]))


def _luck_dealt(play, pending: dict, luck: dict, lucky: bool) -> None:
    enemy = pending["enemies"][luck["enemy"]]
    loss = model.dealt(luck["damage"], lucky, model.reading(play.book))
    enemy["endurance"] = max(0, luck["before"] - loss)
    if play.narrate:
        play.emit("wound", f"Blessure {F.of(enemy)} : −{loss} en tout, au lieu de −{luck['damage']} "
                  f"(Endurance {enemy['endurance']}).",
                  f"{enemy['name']}'s wound: −{loss} in all, instead of −{luck['damage']} "
                  f"(Stamina {enemy['endurance']}).",
                  target=enemy["name"], loss=loss, endurance=enemy["endurance"], luck=lucky)
    if enemy["endurance"] <= 0:
        _defeated(play, enemy)


def _luck_taken(play, pending: dict, luck: dict, lucky: bool) -> None:
    loss = model.absorbed(model.taken(luck["damage"], lucky, model.reading(play.book)), luck["absorbs"])
    if play.narrate:
        was = model.absorbed(luck["damage"], luck["absorbs"])
        now = play.module.clamp(play.state, "endurance", luck["before"] - loss)
        fr, en = lost(loss)
        was_fr, was_en = lost(was)
        play.emit("wound", f"Votre blessure : {fr} en tout, au lieu de {was_fr}.",
                  f"Your wound: {en} in all, instead of {was_en}.", target="hero", loss=loss,
                  endurance=now, luck=lucky)
    play.change("endurance", value=luck["before"] - loss, reason="luck")


def lost(n: int) -> tuple[str, str]:
    """"−2 Endurance", or "aucun point d'Endurance" (never "−0": an armour may absorb it all)."""
    return (f"−{n} Endurance", f"−{n} Stamina") if n else ("aucun point d'Endurance", "no Stamina point")


def won(play) -> None:
    """Every opponent is down: the fight's `win`, or the paragraph's own choices."""
    spec = play.book.paragraphs[play.state.paragraph].fields["combat"]
    play.emit("combat-won", "Vous avez gagné le combat !", "You have won the fight!")
    if not play.outcome(("combat", "win_effects")):
        return
    if spec.get("win") is not None:
        return play.goto(play.number(spec["win"]))
    play.state.pending = None  # no `win`: the paragraph's own choices follow the fight
