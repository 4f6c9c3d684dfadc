"""What a Défis Fantastiques activity under way reads of the hero's stats, and what it
can still add to one, beside the rules it sums up (the difficulty table's forgetting,
engine/analysis/compiled/ceilings.py, reads it through `module.activity_reads`):

* a fight (combat.py, wounds.py) reads the hero's Habileté (his Attack Strength), his
  Endurance (his wounds, his death) and his Chance where the fight lets him test it
  ("vous pouvez utiliser votre chance"; not in a fight that forbids it, `no_luck`);
  his weapon and armour are the module's extras, read with the rest of the state.
  Provisions are not read: "à n'importe quel moment, sauf lorsque vous êtes en train
  de combattre" (commands.can_eat).  A fight adds to no stat: a wound removes
  Endurance (a lucky test removes less, never less than nothing: model.taken,
  model.absorbed), a test of Chance lowers it; only a Luck decision waiting on a wound
  taken or an escape gives back at most that wound (wounds._luck_taken: the Endurance
  before it, less the smaller loss).  Wounds of the round still queued: not said.
* a test (rolls.py) waits for its roll, and a meal may be taken meanwhile (can_eat
  offers it outside fights): it reads every stat; its roll adds to none (a test of
  Chance lowers it; its outcomes' effects are the book's, counted with the book's).

Anything else under way: not said (None), and nothing is forgotten there.
"""
from __future__ import annotations

from engine.rules.defis_fantastiques.sheet import STATS

EVERY_STAT = frozenset(s.name for s in STATS)
FIGHTER = frozenset(("habilete", "endurance"))
GIVEN_BACK = ("taken", "escape")   # Luck decisions whose lucky answer lessens the hero's wound


def activity_reads(pending) -> tuple[frozenset, dict] | None:
    """(the stats the activity `pending` reads until it ends, {stat: the most it can still
    add to it}), or None where these rules do not say."""
    if not isinstance(pending, dict):
        return None
    kind = pending.get("activity")
    if kind == "test":
        return EVERY_STAT, {}
    if kind != "combat" or pending.get("queue"):
        return None
    reads = FIGHTER if pending.get("no_luck") else FIGHTER | {"chance"}
    luck = pending.get("luck")
    if not luck:
        return reads, {}
    if luck.get("kind") in GIVEN_BACK:
        damage = luck.get("damage")
        return (reads | {"chance"}, {"endurance": damage}) if type(damage) is int and damage >= 0 else None
    return reads | {"chance"}, {}
