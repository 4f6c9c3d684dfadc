"""The Kai sheet: four stats and the catalogue of disciplines."""
from __future__ import annotations

from engine.diagnostics import Message
from engine.rules.base import CarryLimit, StatDef

M = Message

STATS = (
    StatDef("maitrise", M("Maîtrise au combat", "Combat Skill"),
            aliases=("maîtrise", "combat_skill"), initial="1d10+9"),
    StatDef("vigueur", M("Vigueur", "Endurance"), aliases=("vigor", "endurance_points"),
            initial="1d10+19", ceiling=True),
    StatDef("couronnes", M("Couronnes", "Crowns"), aliases=("crowns",), initial="1d10-1"),
    StatDef("repas", M("Repas", "Meals"), aliases=("meals",), initial=1),
)

# id -> (name, what it does); every id is what books write in `discipline("...")`.
DISCIPLINES = {
    "lame": (M("Maîtrise de la lame", "Blade mastery"),
             M("+2 en Maîtrise au combat quand vous êtes armé",
               "+2 Combat Skill when you carry a weapon")),
    "soins": (M("Soins", "Healing"),
              M("+1 Vigueur à chaque paragraphe sans combat",
                "+1 Endurance for each paragraph without a fight")),
    "chasse": (M("Chasse", "Hunting"),
               M("vous n'avez pas besoin de repas quand la faim vient",
                 "you need no meal when hunger strikes")),
    "cri": (M("Cri de guerre", "War cry"),
            M("une fois par combat, +3 au rapport de force pour un assaut",
              "once a fight, +3 combat ratio for one round")),
    "presage": (M("Présage", "Foresight"),
                M("le livre vous avertit de certains dangers", "the book warns you of some dangers")),
    "pistage": (M("Pistage", "Tracking"),
                M("le livre vous montre certaines pistes", "the book shows you some trails")),
}

MEAL_HEAL = 2       # Endurance a meal eaten outside hunger gives back
HUNGER_LOSS = 3     # Endurance lost when hunger strikes and no meal is eaten


def disciplines(state) -> list[str]:
    """The hero's disciplines, in the order they were chosen."""
    return list(state.extra.get("disciplines", []))


def _weapon(book, item: str) -> bool:
    return bool(item in book.items and book.items[item].props.get("weapon"))


# The Kai rules: "You may carry two weapons; your Backpack holds at most eight other
# items" (meals and crowns are stats, not items).  Play asks what to drop when one
# is full; lint warns where a book's pickups can exceed them.
LIMITS = (
    CarryLimit(M("Sac à dos", "Backpack"), 8, lambda book, item: not _weapon(book, item)),
    CarryLimit(M("Armes", "Weapons"), 2, _weapon),
)
