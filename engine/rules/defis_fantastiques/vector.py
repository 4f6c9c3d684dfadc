"""Défis Fantastiques rules over whole batches of states (the compiled explorer's
programs, engine/analysis/compiled/), beside the scalar rules they mirror:

* death: "Endurance 0" ends the adventure (module.after_change), cause "endurance";
* a stat's bounds (sheet.clamp): never below 0, Habileté, Endurance and Chance never
  above their starting value (or the ceiling an effect moved, `extra["max"]`);
* eating (commands.eat): one Provision, Endurance + MEAL up to its maximum; refused
  at the maximum (no move), not offered without Provisions or in a fight;
* dropping the armour (commands.drop_armour, equipment.take with none): the worn
  armour lost for ever (every copy), none worn and no hit count after;
* `weapon: id` and `armour: id` (equipment.take): the old one lost for ever, the new
  one gained and kept, a new armour without hits;
* `ceiling:` (sheet.raise_ceiling): a maximum moved;
* a test (rolls.py): two dice plus the book's modifier (and the worn armour's penalty
  for Habileté) at most the stat's current value, the successes counted among the 36
  throws; Chance −1 whatever the result.

Items are not passive here: a gain or a loss makes the module normalise the weapon
and the armour (after_change), so the compiler plays `gain`/`lose` only of a plain
item (`plain_item`: neither weapon nor armour, normalise keeps what it kept) and
leaves the others to the engine.
The differential test (tests/compiled) plays each against the engine.
"""
from __future__ import annotations

import numpy as np

from engine.rules.defis_fantastiques.commands import MEAL
from engine.rules.defis_fantastiques.equipment import ARMOUR_TEST_PENALTY, armour_props, weapon_props
from engine.rules.defis_fantastiques import rolls
from engine.rules.defis_fantastiques.rolls import KINDS
from engine.rules.defis_fantastiques.sheet import CAPPED

MISSING = -(1 << 40)   # (engine/analysis/compiled/packed.py: a stat the state does not hold)
_NONE = np.int64(1) << 50   # the maximum of a stat without one
# AT_MOST[t]: how many of the 36 throws of two dice total at most t (t from 0 to 12)
AT_MOST = np.cumsum([0, 0] + [6 - abs(total - 7) for total in range(2, 13)])


def _caps(batch, stat: str) -> np.ndarray:
    """Each state's maximum of `stat` (sheet.maximum), or a huge number for none."""
    start = batch.col("initial", stat) if stat in CAPPED else np.full(len(batch), MISSING)
    caps = batch.extra_ints(("max", stat), lambda e: _moved_max(e, stat))
    return np.where(caps >= 0, caps, np.where(start == MISSING, _NONE, start))


def _moved_max(extra, stat: str) -> int:
    """The maximum of `stat` an effect moved (`extra["max"]`), -1 for none."""
    moved = extra.get("max") if extra else None
    return moved[stat] if moved and stat in moved else -1


def _worn(batch) -> tuple[np.ndarray, list]:
    """(each state's worn armour as a number, the armours numbered: 0 none)."""
    return batch.extra_codes("armour")


class VectorRules:
    no_rescue = True   # on_death: restart only ("il vous faut recommencer au début")

    def clamp(self, batch, stat: str, values: np.ndarray) -> np.ndarray:
        return np.minimum(np.maximum(values, 0), _caps(batch, stat))

    def after_change(self, batch) -> None:
        """Endurance 0 is death (no wound waits for its Luck decision at a choice)."""
        end = batch.col("stats", "endurance")
        batch.end((end != MISSING) & (end <= 0), 1, "endurance")

    def rejects(self, batch, book) -> np.ndarray:
        """States these rules do not play: those whose weapon and armour were never
        normalised while they hold one (an item change would make normalise choose)."""
        bare = batch.extra_ints("never normalised", lambda e: not (e and "weapon" in e and "armour" in e)) > 0
        if not bare.any():
            return bare
        kept = [i for i, spec in book.items.items() if not self.plain_item(book, i)]
        held = np.zeros(len(batch), dtype=bool)
        for item in kept:
            held |= batch.col("items", item) > 0
        return bare & held

    def items_changed(self, batch, mask) -> None:
        """module.after_change's normalise after a plain item changed (`mask`): the
        weapon kept (none for a state never normalised: `rejects` leaves only those
        holding none), the armour kept, or none worn and no hit count
        (equipment.wear(state, None))."""
        batch.change_extra(mask, _normalised)

    def plain_item(self, book, item: str) -> bool:
        """Whether gaining or losing `item` leaves these rules alone: a known item that
        is neither a weapon nor an armour (normalise then keeps what it kept)."""
        spec = book.items.get(item)
        return spec is not None and spec.props.get("weapon") is None and spec.props.get("armour") is None

    def commands(self, batch) -> list:
        """[(command name, offered mask, apply(batch) -> refused mask)] in the module's order."""
        food = batch.col("stats", "provisions")
        worn = _worn(batch)[0] > 0
        return [("manger", (food != MISSING) & (food > 0), self.eat),
                ("abandonner-armure", worn, self.drop_armour)]

    def eat(self, batch) -> np.ndarray:
        now = batch.col("stats", "endurance")
        now = np.where(now == MISSING, 0, now)
        cap = _caps(batch, "endurance")
        refused = now >= cap
        food = batch.col("stats", "provisions")
        batch.put("stats", "provisions", self.clamp(batch, "provisions", food - 1))
        batch.put("stats", "endurance", self.clamp(batch, "endurance", now + MEAL))
        return refused

    def begun(self, field: str, spec) -> dict | None:
        """The pending activity a paragraph's `field` begins (module.begin), when these
        rules play it over arrays: a test; None for a fight (the engine path)."""
        return rolls.begin(None, spec) if field == "test" else None

    def effect(self, book, kind: str, value):
        """A step over batches for the module's effect `kind: value`, or None (the
        engine path): `weapon:`/`armour:` naming a weapon/an armour of the book, or none."""
        if kind == "ceiling":
            return _ceiling(value) if isinstance(value, dict) and all(
                type(d) is int for d in value.values()) else None
        props = {"weapon": weapon_props, "armour": armour_props}.get(kind)
        used = book.meta.get("used_here") if isinstance(book.meta, dict) else None
        if props is None or value is not None and (type(value) is not str or props(book, value) is None
                                                   or used and value in used):
            return None

        def take(batch):
            """equipment.take then normalise: every other one lost, this one gained."""
            live = batch.ended == 0
            olds, named = batch.extra_codes(kind)
            for code in np.unique(olds[olds > 0]).tolist():
                if named[code] != value:
                    batch.put("items", named[code], 0, where=live & (olds == code))
            if value is not None:
                have = batch.col("items", value)
                batch.put("items", value, 1, where=live & (have == 0))
            batch.change_extra(live, lambda extra: _taken(extra, kind, value))
        return take

    def drop_armour(self, batch) -> np.ndarray:
        """"abandonner votre armure ... à n'importe quel moment": the worn armour lost
        for ever (core `lose`: every copy), then none worn and no hit count (`wear`)."""
        worn, named = _worn(batch)
        for code in np.unique(worn[worn > 0]).tolist():
            batch.put("items", named[code], 0, where=worn == code)
        batch.change_extra(worn > 0, _bare)
        return np.zeros(len(batch), dtype=bool)

    def test(self, batch, book, kind: str, modifier: int) -> np.ndarray:
        """rolls.py `answer`'s roll: each state's successes among the 36 throws (two dice
        plus `modifier`, plus the armour's penalty for Habileté, at most the stat's current
        value); "soustraire 1 point à votre total de chance" whatever the result (the
        batch is changed in place)."""
        stat = KINDS[kind]
        now = batch.col("stats", stat)
        now = np.where(now == MISSING, 0, now)
        added = modifier + (self.skill_penalty(batch, book) if stat == "habilete" else 0)
        wins = AT_MOST[np.clip(now - added, 0, 12)]
        if stat == "chance":
            lower = self.clamp(batch, "chance", now - 1)
            batch.put("stats", "chance", lower, where=lower != now)
        return wins

    def skill_penalty(self, batch, book) -> np.ndarray:
        """equipment.skill_penalty of each state: the worn armour's, 0 without one."""
        worn, named = _worn(batch)
        penalty = np.array([_penalty(book, item) for item in named], dtype=np.int64)
        return penalty[worn]


def _penalty(book, worn) -> int:
    """equipment.skill_penalty of an armour worn (None: 0)."""
    props = armour_props(book, worn)
    return 0 if props is None else int(props.get("skill_test_penalty", ARMOUR_TEST_PENALTY))


def _ceiling(changes: dict):
    """sheet.raise_ceiling: each maximum moved from where it is (the stat itself for a
    stat without one), never below 0; the stat itself is left as it is."""
    def ceiling(batch):
        live = batch.ended == 0
        for stat, delta in changes.items():
            cap = _caps(batch, stat)
            now = batch.col("stats", stat)
            base = np.where(cap == _NONE, np.where(now == MISSING, 0, now), cap)
            moved = np.maximum(0, base + delta)
            for value in np.unique(moved[live]).tolist():
                batch.change_extra(live & (moved == value), lambda extra, v=value: _capped(extra, stat, v))
    return ceiling


def _capped(extra: dict, stat: str, value: int) -> dict:
    extra["max"] = {**(extra.get("max") or {}), stat: value}
    return extra


def _taken(extra: dict, kind: str, item) -> dict:
    """The extras after equipment.take(kind, item) and normalise."""
    old = extra.get(kind)
    extra[kind] = item
    if kind == "armour" and item is not None and old != item:
        extra["armour_hits"] = 0   # (equipment.wear: a new armour has taken no hit)
    return _normalised(extra)


def _normalised(extra: dict) -> dict:
    """equipment.normalise when the weapon and armour held are those it kept."""
    extra.setdefault("weapon", None)
    return _bare(extra) if extra.get("armour") is None else extra


def _bare(extra: dict) -> dict:
    """equipment.wear(state, None) on the module's extras."""
    extra["armour"] = None
    extra.pop("armour_hits", None)
    return extra


VECTOR = VectorRules()
