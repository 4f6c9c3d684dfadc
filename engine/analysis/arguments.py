"""Checking the words of `gamebook odds --rules ID ...`: helpers for rule modules.

A module's `odds_from_arguments` reads its own flags; the shapes most fights
need are here so that every module refuses them with the same bilingual
message: a sheet ``A/B`` of two non-negative integers (`sheet`), a
non-negative count (`count`), and the "against ..." header line (`against`).
Each refusal is a `BadArguments` (the command prints it and exits 2).

Every number is at most `MAX_VALUE` and a fight has at most `MAX_ENEMIES`
enemies: far beyond any published sheet, and small enough that the exact
solvers' work stays bounded (docs/security.md gives the figures).
"""
from __future__ import annotations

import re
from typing import Sequence

from engine.diagnostics import Message
from engine.rules.base import BadArguments

SHEET = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")
MAX_VALUE = 999
MAX_ENEMIES = 20


def sheet(word: str | None, flag: str, names: tuple[str, str, str, str]) -> tuple[int, int]:
    """``"10/20"`` -> (10, 20); anything else is refused with an example.

    ``names``: the two numbers' names in French, then in English."""
    if word is None:
        raise BadArguments(f"{flag} manquant : écrivez par exemple {flag} 10/20 ({names[0]}/{names[1]})",
                           f"missing {flag}: write e.g. {flag} 10/20 ({names[2]}/{names[3]})")
    match = SHEET.match(word)
    if not match:
        raise BadArguments(
            f"{flag} « {word} » : attendu deux entiers positifs ou nuls {names[0]}/{names[1]}, "
            f"par exemple 10/20", f"{flag} '{word}': expected two non-negative integers "
            f"{names[0]}/{names[1]}, e.g. 10/20")
    return bounded(match[1], flag), bounded(match[2], flag)


def bounded(digits: str, flag: str) -> int:
    """The number `digits` writes, refused beyond MAX_VALUE (checked on the text
    first: int() of thousands of digits is itself refused by Python)."""
    digits = digits.strip().lstrip("0") or "0"
    if len(digits) > len(str(MAX_VALUE)) or int(digits) > MAX_VALUE:
        shown = digits if len(digits) <= 12 else digits[:12] + "…"
        raise BadArguments(f"{flag} : {shown} est trop grand (au plus {MAX_VALUE})",
                           f"{flag}: {shown} is too large (at most {MAX_VALUE})")
    return int(digits)


def sheets(hero: str | None, enemies: Sequence[str],
           names: tuple[str, str, str, str]) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """The hero's sheet (--hero) and at least one enemy's (--enemy, repeatable)."""
    found = sheet(hero, "--hero", names)
    if not enemies:
        sheet(None, "--enemy", names)
    if len(enemies) > MAX_ENEMIES:
        raise BadArguments(f"{len(enemies)} --enemy : au plus {MAX_ENEMIES} adversaires",
                           f"{len(enemies)} --enemy: at most {MAX_ENEMIES} enemies")
    return found, [sheet(e, "--enemy", names) for e in enemies]


def count(word: str | None, flag: str) -> int | None:
    """A non-negative integer option (None when absent)."""
    if word is None:
        return None
    if not re.fullmatch(r"\s*\d+\s*", word):
        raise BadArguments(f"{flag} « {word} » : attendu un entier positif ou nul",
                           f"{flag} '{word}': expected a non-negative integer")
    return bounded(word, flag)


def against(enemies: Sequence[tuple[int, int]], mode: str | None = None) -> Message:
    """The header line naming the enemies' sheets (and how they fight together)."""
    text = ", ".join(f"{a}/{b}" for a, b in enemies)
    if mode and mode != "single":
        text += f" ({mode})"
    return Message(f"contre {text}", f"against {text}")
