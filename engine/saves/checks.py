"""What a save file must be besides its JSON schema: bounded, and true to the book.

A save is a file anyone can edit.  Before it is decoded: at most MAX_SAVE_BYTES and
MAX_SAVE_DEPTH levels of nesting (the JSON decoder recurses).  While decoding: no
integer longer than 19 digits (Python refuses 4,300 and is quadratic before that).
After the schema: every count and stat within ±MAX_INT, at most MAX_DRAWS dice drawn
(restoring a seeded source replays them all), and against the book: the paragraph
exists and the pending activity is one the paragraph has.  Each problem is one
sentence in French and English; the file itself is never touched here.
"""
from __future__ import annotations

import re

from engine.book.effect_lists import all_effects
from engine.diagnostics import Message
from engine.support.limits import MAX_DRAWS, MAX_INT, MAX_SAVE_BYTES, MAX_SAVE_DEPTH

MAX_DIGITS = 19   # a seed may be any 64-bit number; counts and stats are checked after
_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class TooLong(ValueError):
    """An integer literal of more than MAX_DIGITS digits in a save."""


def bounded_int(text: str) -> int:
    """json.loads' `parse_int`: the integer, unless it is absurdly long."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise TooLong(len(text.lstrip("-")))
    return int(text)


def raw_problem(raw: bytes) -> Message | None:
    """Too big or too deeply nested to decode."""
    if len(raw) > MAX_SAVE_BYTES:
        return Message(f"fichier trop gros ({len(raw)} octets, limite {MAX_SAVE_BYTES})",
                       f"file too large ({len(raw)} bytes, limit {MAX_SAVE_BYTES})")
    depth = 0
    for match in _TOKENS.finditer(raw):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            if depth > MAX_SAVE_DEPTH:
                return Message(f"imbrication de plus de {MAX_SAVE_DEPTH} niveaux",
                               f"nesting deeper than {MAX_SAVE_DEPTH} levels")
        elif token in (b"]", b"}"):
            depth -= 1
    return None


def value_problem(obj: dict) -> Message | None:
    """A schema-valid save whose numbers are out of bounds."""
    numbers = {"paragraph": [obj["paragraph"]], "stats": list(obj["stats"].values()),
               "initial": list(obj["initial"].values()), "items": list(obj["items"].values()),
               "visits": list(obj["visits"].values()), "lives": [obj.get("lives", 1)]}
    for field, values in numbers.items():
        for value in values:
            if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
                return Message(f"« {field} » : {_short(value)} hors de -{MAX_INT}..{MAX_INT}",
                               f"“{field}”: {_short(value)} outside -{MAX_INT}..{MAX_INT}")
    draws = _draws(obj["dice"])
    if draws > MAX_DRAWS:
        return Message(f"« dice » : {draws} dés tirés, au plus {MAX_DRAWS}",
                       f"“dice”: {draws} dice drawn, at most {MAX_DRAWS}")
    return None


def _short(value: int) -> str:
    return str(value) if len(str(value)) <= 20 else f"~10^{len(str(abs(value))) - 1}"


def _draws(dice) -> int:
    """Dice a source replays when it is restored (seeded: every draw; scripted: its
    fallback's), 0 when the shape is not one of ours (the schema said it is)."""
    if not isinstance(dice, dict):
        return 0
    if dice.get("kind") == "scripted":
        return _draws(dice.get("then"))
    runs = dice.get("sides")
    if runs:   # SeededDice replays its runs of die sizes, and then ignores `draws`
        return sum(r[1] for r in runs if isinstance(r, list) and len(r) == 2 and isinstance(r[1], int))
    draws = dice.get("draws", 0)
    return draws if isinstance(draws, int) else 0


def book_problem(book, module, obj: dict) -> Message | None:
    """A save that does not fit this book even though it claims to be of it."""
    here = obj["paragraph"]
    paragraph = book.paragraphs.get(here)
    if paragraph is None:
        edited = obj["book"]["hash"] != book.content_hash
        return Message(f"le paragraphe {here} de la sauvegarde n'existe "
                       + ("plus (le livre a été modifié)" if edited else "pas dans ce livre"),
                       f"the saved paragraph {here} "
                       + ("no longer exists (the book was edited)" if edited else "does not exist in this book"))
    pending = obj.get("pending")
    if pending is None or obj.get("ended"):
        return None
    activity = pending.get("activity") if isinstance(pending, dict) else None
    known = (activity == "random" and paragraph.random is not None) or (
        activity in module.activity_fields and activity in paragraph.fields) or (
        activity == "give-up" and (_gives_up(paragraph) or _full(book, module, pending))) or (
        activity in ("take", "sell") and _gives_up(paragraph, activity))   # format 1.2
    if not known:
        shown = activity if isinstance(activity, str) and len(activity) <= 40 else "?"
        return Message(f"activité en cours « {shown} » inconnue au paragraphe {here}",
                       f"pending activity “{shown}” unknown at paragraph {here}")
    return None


def _gives_up(paragraph, kind: str = "give_up") -> bool:
    """Format 1.1: one of the paragraph's effect lists has a `give_up` effect (1.2: or `take`)."""
    return any(e.kind == kind for e in all_effects(paragraph))


def _full(book, module, pending: dict) -> bool:
    """A full backpack's give-up (engine/game/carry.py): `full` names one of the module's limits."""
    full = pending.get("full")
    return type(full) is int and 0 <= full < len(module.carry_limits(book))
