"""The two non-combat activities: choosing disciplines, and hunger.

`disciplines: {choose: N, from: [...]}` (usually on the start paragraph) asks the
player to pick N disciplines one by one; disciplines given by the book's
`hero: {disciplines: [...]}` count.  `faim: true` means hunger strikes: eat a meal
or lose 3 Endurance; Hunting feeds the hero for free.
"""
from __future__ import annotations

from engine.diagnostics import Message
from engine.rules.base import Option, Prompt

from .sheet import DISCIPLINES, HUNGER_LOSS, disciplines

M = Message


def begin_creation(play, spec) -> dict | None:
    choose = int(spec["choose"])
    offered = [str(d) for d in spec.get("from", DISCIPLINES)]
    if len(disciplines(play.state)) >= choose:
        return None
    return {"choose": choose, "from": offered}


def creation_prompt(play, pending) -> Prompt:
    have = disciplines(play.state)
    left = pending["choose"] - len(have)
    options = tuple(Option(d, M(f"{DISCIPLINES[d][0].fr} : {DISCIPLINES[d][1].fr}",
                                f"{DISCIPLINES[d][0].en}: {DISCIPLINES[d][1].en}"))
                    for d in pending["from"] if d not in have)
    return Prompt("creation", options, M(f"Choisissez une discipline ({left} à choisir)",
                                         f"Choose a discipline ({left} left to choose)"))


def creation_answer(play, pending, key: str) -> None:
    chosen = play.state.extra.setdefault("disciplines", [])
    chosen.append(key)
    name = DISCIPLINES[key][0]
    play.emit("discipline", f"Vous maîtrisez : {name.fr}.", f"You master: {name.en}.", discipline=key)
    if len(chosen) >= pending["choose"]:
        play.state.pending = None


def begin_hunger(play) -> dict | None:
    if "chasse" in disciplines(play.state):
        play.emit("hunger", "La faim vient ; vous chassez et mangez à votre faim.",
                  "Hunger strikes; you hunt and eat your fill.", fed=True)
        return None
    return {}


def hunger_prompt(play, pending) -> Prompt:
    meals = play.state.stats.get("repas", 0)
    options = (Option("eat", M("Manger un repas", "Eat a meal"), meals > 0,
                      None if meals > 0 else M("vous n'avez plus de repas", "you have no meal left")),
               Option("fast", M(f"Jeûner (-{HUNGER_LOSS} Vigueur)", f"Go hungry (-{HUNGER_LOSS} Endurance)")))
    return Prompt("hunger", options, M("La faim vous tenaille.", "You are hungry."))


def hunger_answer(play, pending, key: str) -> None:
    if key == "eat":
        play.change("repas", delta=-1, reason="meal")
    else:
        play.change("vigueur", delta=-HUNGER_LOSS, reason="hunger")
    play.state.pending = None
