"""Kai combat: rounds settled by the random number table, one enemy after another.

A paragraph's `combat: {enemies: [{name, maitrise, vigueur}], win: N, evade:
{after: R, to: M}, bonus: B}` starts a fight.  Each round: combat ratio = the
hero's Combat Skill (+2 with Blade mastery when armed, -4 unarmed, + bonus, +3 on
a war cry) minus the enemy's; a random number 0-9 gives both losses from the
table.  The hero at Endurance 0 dies, even when the enemy falls in the same round.
Evading (after R rounds) costs one more round in which only the hero is hurt.
"""
from __future__ import annotations

from engine.diagnostics import Message
from engine.rules.base import Option, Prompt

from .sheet import disciplines
from .table import losses, random_number

M = Message


def begin(play, spec) -> dict:
    enemies = [{"name": str(e["name"]), "maitrise": int(e["maitrise"]),
                "vigueur": int(e["vigueur"])} for e in spec["enemies"]]
    evade = spec.get("evade")
    return {"enemies": enemies, "enemy": 0, "round": 0, "shout": False,
            "bonus": int(spec.get("bonus", 0)), "win": spec.get("win"),
            "evade": {"after": int(evade.get("after", 0)), "to": int(evade["to"])} if evade else None}


def armed(play) -> bool:
    items = play.book.items
    return any(n > 0 and items[i].props.get("weapon") for i, n in play.state.items.items() if i in items)


def hero_skill(play, pending) -> int:
    skill = play.state.stats["maitrise"] + pending["bonus"]
    if not armed(play):
        return skill - 4
    return skill + (2 if "lame" in disciplines(play.state) else 0)


def ratio(play, pending, shout: bool = False) -> int:
    enemy = pending["enemies"][pending["enemy"]]
    return hero_skill(play, pending) + (3 if shout else 0) - enemy["maitrise"]


def prompt(play, pending) -> Prompt:
    enemy = pending["enemies"][pending["enemy"]]
    r = ratio(play, pending)
    options = [Option("fight", M("Combattre", "Fight"))]
    if "cri" in disciplines(play.state) and not pending["shout"]:
        options.append(Option("shout", M("Combattre avec un cri de guerre (+3)", "Fight with a war cry (+3)")))
    evade = pending["evade"]
    if evade:
        wait = evade["after"] - pending["round"]
        options.append(Option("evade", M("Fuir", "Evade"), wait <= 0,
                              M(f"encore {wait} assaut(s) avant de pouvoir fuir",
                                f"{wait} more round(s) before you can evade") if wait > 0 else None))
    info = (M(f"{enemy['name']} : Maîtrise {enemy['maitrise']}, Vigueur {enemy['vigueur']}",
              f"{enemy['name']}: Combat Skill {enemy['maitrise']}, Endurance {enemy['vigueur']}"),
            M(f"Rapport de force : {r:+d}", f"Combat ratio: {r:+d}"))
    return Prompt("combat", tuple(options), M("Combat", "Combat"), info)


def answer(play, pending, key: str) -> None:
    if key == "evade":
        return _evade(play, pending)
    shout = key == "shout"
    pending["shout"] = pending["shout"] or shout
    enemy = pending["enemies"][pending["enemy"]]
    r = ratio(play, pending, shout)
    number = random_number(play, "combat")
    enemy_loss, hero_loss = losses(r, number)
    enemy["vigueur"] = max(0, enemy["vigueur"] - enemy_loss)
    pending["round"] += 1
    play.emit("combat-round", f"Rapport {r:+d}, nombre {number} : {enemy['name']} perd {enemy_loss}, "
              f"vous perdez {hero_loss}.", f"Ratio {r:+d}, number {number}: {enemy['name']} loses "
              f"{enemy_loss}, you lose {hero_loss}.", ratio=r, number=number, enemy=enemy["name"],
              enemy_loss=enemy_loss, hero_loss=hero_loss)
    play.change("vigueur", delta=-hero_loss, reason="combat")
    if play.state.stats["vigueur"] <= 0:
        return play.die("combat")
    if enemy["vigueur"] <= 0:
        _enemy_falls(play, pending, enemy)


def _enemy_falls(play, pending, enemy) -> None:
    play.emit("enemy-dead", f"{enemy['name']} est vaincu.", f"{enemy['name']} is defeated.",
              enemy=enemy["name"])
    pending["enemy"] += 1
    pending["round"] = 0
    if pending["enemy"] < len(pending["enemies"]):
        return
    play.emit("combat-won", "Vous avez gagné le combat.", "You have won the fight.")
    if pending["win"] is not None:
        play.goto(int(pending["win"]))
    else:
        play.state.pending = None  # the paragraph's own choices follow the fight


def _evade(play, pending) -> None:
    number = random_number(play, "evade")
    _, hero_loss = losses(ratio(play, pending), number)
    play.emit("evade", f"Vous fuyez (nombre {number}) et perdez {hero_loss}.",
              f"You evade (number {number}) and lose {hero_loss}.", number=number, hero_loss=hero_loss)
    play.change("vigueur", delta=-hero_loss, reason="evade")
    if play.state.stats["vigueur"] <= 0:
        return play.die("combat")
    play.goto(pending["evade"]["to"])
