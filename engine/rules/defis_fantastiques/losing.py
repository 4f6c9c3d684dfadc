"""Défis Fantastiques: the weapon or the armour given up, over whole batches of states.

"Lorsque vous abandonnez une arme, sachez qu'elle est perdue à jamais" (the same for
an armour): when the last copy of the weapon or the armour the hero had is lost,
the after-change rule's normalise (equipment.normalise) finds it no longer held: no
weapon, or no armour worn and no hit count.  Here the scalar normalise itself is
run once for each distinct module extras (vector.py `lost`, for the compiled
explorer's give-ups, engine/analysis/compiled/giving.py), on the one weapon and one
armour it kept before (it keeps one of each: the others are the engine's, `rejects`).
"""
from __future__ import annotations

from types import SimpleNamespace

from engine.rules.defis_fantastiques import equipment


def lost(book, item: str):
    """step(batch, mask): the states of `mask` having lost copies of `item`, normalised
    where none is left; None for an item the book does not know."""
    if item not in book.items:
        return None

    def step(batch, mask) -> None:
        gone = mask & (batch.col("items", item) == 0)
        batch.change_extra(gone, lambda extra: normalised_without(book, extra, item))
    return step


def normalised_without(book, extra: dict, item: str) -> dict:
    """equipment.normalise of a hero whose kept weapon and armour are those of `extra`,
    `item` no longer held among them."""
    held = {kept: 1 for kept in (extra.get("weapon"), extra.get("armour")) if kept and kept != item}
    equipment.normalise(SimpleNamespace(state=SimpleNamespace(extra=extra, items=held), book=book,
                                        narrate=False, events=[]))
    return extra
