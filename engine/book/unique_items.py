"""Unique items (book format 1.2): `bol: {name: Bol, unique: true}` in `items:`.

The hero holds at most one: a `gain:` of one he holds does nothing and the player is
told so (engine/game/core.py); several copies given at once are `unique-copies`.
"""
from __future__ import annotations

from engine.book.format_version import needs_12
from engine.diagnostics import error

UNIQUE = {"type": "boolean", "description": "Format 1.2: the hero holds at most one; gaining it again does nothing."}
FR = {UNIQUE["description"]: "Format 1.2 : le héros n'en a jamais qu'un ; l'obtenir de nouveau ne fait rien."}


def item_schema(item: dict) -> dict:
    """A module's item schema with the core's `unique:` beside its own fields."""
    if isinstance(item.get("properties"), dict):
        item = dict(item, properties={**item["properties"], "unique": UNIQUE})
    return item


def unique_items(items: dict) -> frozenset:
    return frozenset(i for i, item in items.items() if item.props.get("unique") is True)


def check_items(compiler, items: dict) -> None:
    """`unique:` is format 1.2."""
    for i, item in items.items():
        if "unique" in item.props:
            needs_12(compiler, item.path + ("unique",), f"objet unique « {i} »", f"unique item '{i}'")


def check_copies(compiler, unique: frozenset, item: str, count, path: tuple) -> None:
    """Several copies of a unique item given at once (`{gain: {bol: 2}}`, the starting
    equipment): the hero can only ever hold one."""
    if item in unique and isinstance(count, int) and not isinstance(count, bool) and count > 1:
        compiler.report(error("unique-copies", compiler.span(path),
                              f"« {item} » est unique (unique: true) : le héros n'en a jamais qu'un, pas {count}",
                              f"'{item}' is unique (unique: true): the hero only ever holds one, not {count}"))
