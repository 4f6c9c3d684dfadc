"""Player commands: eat a meal, drop the armour.

"Chaque fois que vous prenez un repas, vous pouvez gagner jusqu'à 4 points
d'endurance ... à n'importe quel moment, sauf lorsque vous êtes en train de
combattre."  "Vous pouvez également abandonner votre armure ... à n'importe quel
moment de votre aventure, sauf au cours d'un combat."
"""
from __future__ import annotations

from engine.rules.base import Command, Refused
from engine.rules.defis_fantastiques import equipment
from engine.rules.defis_fantastiques.messages import M
from engine.rules.defis_fantastiques.sheet import maximum

MEAL = 4


def in_fight(play) -> bool:
    pending = play.state.pending
    return bool(pending) and pending.get("activity") == "combat"


def can_eat(play) -> bool:
    st = play.state   # asked before every move of the explorer: kept short
    return not st.ended and not (st.pending and st.pending.get("activity") == "combat") \
        and st.stats.get("provisions", 0) > 0


def eat(play, arg: str = "") -> None:
    if play.state.ended:
        raise Refused("l'aventure est terminée", "the adventure is over")
    if in_fight(play):
        raise Refused("impossible de manger pendant un combat", "you cannot eat during a fight")
    if play.state.stats.get("provisions", 0) <= 0:
        raise Refused("vous n'avez plus de Provisions", "you have no Provisions left")
    now, cap = play.state.stats.get("endurance", 0), maximum(play.state, "endurance")
    if cap is not None and now >= cap:
        raise Refused("votre Endurance est déjà à son maximum : ce repas serait perdu",
                      "your Stamina is already at its maximum: this meal would be wasted")
    play.change("provisions", delta=-1, reason="meal")
    new = play.change("endurance", delta=MEAL, reason="meal")
    play.emit("meal", f"Vous prenez un repas : Endurance {now} → {new}.",
              f"You eat a meal: Stamina {now} → {new}.", gained=new - now)


def can_drop_armour(play) -> bool:
    st = play.state   # asked before every move of the explorer: kept short
    return not st.ended and not (st.pending and st.pending.get("activity") == "combat") \
        and st.extra.get("armour") is not None   # equipment.armour


def drop_armour(play, arg: str = "") -> None:
    if play.state.ended:
        raise Refused("l'aventure est terminée", "the adventure is over")
    if in_fight(play):
        raise Refused("impossible d'ôter votre armure pendant un combat",
                      "you cannot take off your armour during a fight")
    if equipment.armour(play) is None:
        raise Refused("vous ne portez pas d'armure", "you wear no armour")
    equipment.take(play, "armour", None)


def available_now(play) -> list[str]:
    """The first names of the commands whose `available` is true now, in their order,
    in one call (the random explorer asks before every move; tested against them)."""
    st = play.state
    if st.ended or (st.pending and st.pending.get("activity") == "combat"):
        return []
    names = ["manger"] if st.stats.get("provisions", 0) > 0 else []
    if st.extra.get("armour") is not None:
        names.append("abandonner-armure")
    return names


COMMANDS = (
    Command(("manger", "eat", "repas", "meal"),
            M("prendre un repas (une Provision, jusqu'à +4 Endurance ; pas en combat)",
              "have a meal (one Provision, up to +4 Stamina; not in a fight)"),
            eat, can_eat),
    Command(("abandonner-armure", "drop-armour", "drop-armor"),
            M("ôter votre armure pour toujours (pas en combat)",
              "take off your armour for ever (not in a fight)"),
            drop_armour, can_drop_armour),
)
