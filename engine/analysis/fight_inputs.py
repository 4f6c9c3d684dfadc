"""The numbers a fight is priced from, bounded before any solver runs.

`gamebook odds --rules ID` refuses a sheet number above MAX_VALUE and more than
MAX_ENEMIES enemies (engine/analysis/arguments.py).  A book's own fights get the same
bounds wherever they are priced: `gamebook odds BOOK`, `gamebook export --odds`, the
REPL's `chances` and the language server's hover all ask `fight_too_large` first, so
that an enemy of Endurance 100,000 is one line saying why in a fraction of a second,
not gigabytes of states.  The solvers keep their own bounds on states (docs/security.md)
for what stays within these numbers and is still too big.
"""
from __future__ import annotations

from engine.analysis.arguments import MAX_ENEMIES, MAX_VALUE
from engine.diagnostics import Message


def fight_too_large(spec) -> Message | None:
    """Why the fight `spec` (a paragraph's fight field) is too large to price, or None.

    Every integer an enemy is given (its stats, its damage) is at most MAX_VALUE,
    and there are at most MAX_ENEMIES enemies; what is not a fight passes."""
    enemies = spec.get("enemies") if isinstance(spec, dict) else None
    if not isinstance(enemies, list):
        return None
    if len(enemies) > MAX_ENEMIES:
        return Message(f"{len(enemies)} adversaires, au plus {MAX_ENEMIES} pour calculer des chances",
                       f"{len(enemies)} opponents, at most {MAX_ENEMIES} to compute odds")
    for enemy in enemies:
        if not isinstance(enemy, dict):
            continue
        for key, value in enemy.items():
            if type(value) is int and abs(value) > MAX_VALUE:
                name = str(enemy.get("name", "?"))[:40]
                return Message(f"« {key} » {value} ({name}) : au plus {MAX_VALUE} pour calculer des chances",
                               f"'{key}' {value} ({name}): at most {MAX_VALUE} to compute odds")
    return None
