"""Défis Fantastiques rules over whole batches of states (the compiled explorer's
programs, engine/analysis/compiled/), beside the scalar rules they mirror:

* death: "Endurance 0" ends the adventure (module.after_change), cause "endurance";
* a stat's bounds (sheet.clamp): never below 0, Habileté, Endurance and Chance never
  above their starting value (or the ceiling an effect moved, `extra["max"]`);
* eating (commands.eat): one Provision, Endurance + MEAL up to its maximum; refused
  at the maximum (no move), not offered without Provisions or in a fight;
* dropping the armour (commands.drop_armour): not compiled: a state wearing armour
  goes to the engine path (`rejects`).

Items are not passive here: a gain or a loss makes the module normalise the weapon
and the armour (after_change), so the compiler leaves `gain`/`lose` to the engine.
The differential test (tests/compiled) plays each against the engine.
"""
from __future__ import annotations

import numpy as np

from engine.rules.defis_fantastiques.commands import MEAL
from engine.rules.defis_fantastiques.sheet import CAPPED

MISSING = -(1 << 40)   # (engine/analysis/compiled/packed.py: a stat the state does not hold)


def _caps(batch, stat: str) -> np.ndarray:
    """Each state's maximum of `stat` (sheet.maximum), or a huge number for none."""
    moved = batch.extra("max", None)
    start = batch.col("initial", stat) if stat in CAPPED else np.full(len(batch), MISSING)
    caps = np.array([m[stat] if m and stat in m else -1 for m in moved], dtype=np.int64)
    none = np.int64(1) << 50
    return np.where(caps >= 0, caps, np.where(start == MISSING, none, start))


class VectorRules:
    items_passive = False
    no_rescue = True   # on_death: restart only ("il vous faut recommencer au début")

    def clamp(self, batch, stat: str, values: np.ndarray) -> np.ndarray:
        return np.minimum(np.maximum(values, 0), _caps(batch, stat))

    def after_change(self, batch) -> None:
        """Endurance 0 is death (no wound waits for its Luck decision at a choice)."""
        end = batch.col("stats", "endurance")
        batch.end((end != MISSING) & (end <= 0), 1, "endurance")

    def rejects(self, batch) -> np.ndarray:
        """States whose commands are not compiled: wearing armour (it can be dropped)."""
        return np.array([a is not None for a in batch.extra("armour", None)], dtype=bool)

    def commands(self, batch) -> list:
        """[(command name, offered mask, apply(batch) -> refused mask)] in the module's order."""
        food = batch.col("stats", "provisions")
        return [("manger", (food != MISSING) & (food > 0), self.eat)]

    def eat(self, batch) -> np.ndarray:
        now = batch.col("stats", "endurance")
        now = np.where(now == MISSING, 0, now)
        cap = _caps(batch, "endurance")
        refused = now >= cap
        food = batch.col("stats", "provisions")
        batch.put("stats", "provisions", self.clamp(batch, "provisions", food - 1))
        batch.put("stats", "endurance", self.clamp(batch, "endurance", now + MEAL))
        return refused


VECTOR = VectorRules()
