"""How a rule module words its odds: the `OddsLabels` its `odds_labels()` hook returns
(also importable from engine.analysis.result, which reads them)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from engine.diagnostics import Message


@dataclass(frozen=True)
class OddsLabels:
    """How a rule module's odds are worded (its `odds_labels()` hook).

    ``final`` titles the chart of the hero's final state, ``rounds`` is the unit
    of ``expected_rounds``; ``states`` names the final states that are words
    (numbers are printed as they are), ``outcomes`` the outcomes beyond "win"
    and "lose" (a leading blank indents a sub-outcome)."""

    final: Message = field(default_factory=lambda: Message("État final du héros :",
                                                           "Hero's final state:"))
    rounds: Message = field(default_factory=lambda: Message("tours", "rounds"))
    states: Mapping[str, Message] = field(default_factory=dict)
    outcomes: Mapping[str, Message] = field(default_factory=dict)


def with_bonus(total: int, base: int) -> Message:
    """A number the fight uses beside the sheet's: "12 (11 + 1 de bonus)", so that a
    weapon's, a surprise's or a modifier's bonus reads as one and not as the stat itself
    (a penalty: "10 (11 − 1 de malus)"); the bare number when they agree."""
    if total == base:
        return Message(str(total), str(total))
    gap = abs(total - base)
    if total > base:
        return Message(f"{total} ({base} + {gap} de bonus)", f"{total} ({base} + {gap} bonus)")
    return Message(f"{total} ({base} − {gap} de malus)", f"{total} ({base} − {gap} penalty)")
