"""Shared result types for the exact fight-odds solvers and `gamebook odds`.

A :class:`FightOdds` holds exact probabilities (``fractions.Fraction``) of
how a fight ends, the distribution of the hero's final state, the expected
length of the fight and, when the hero has a choice to make, the advice for
the decision that is pending right now.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

from engine.diagnostics import Message
from engine.rules.labels import OddsLabels  # noqa: F401 - re-exported: the rule interface owns it


def exact(value: Fraction) -> str:
    """Render a fraction as ``"p/q"`` (always with a denominator)."""
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True)
class FightOdds:
    """Exact outcome probabilities of one fight.

    ``outcomes`` always contains ``"win"`` and ``"lose"``; together with
    ``"all-badly-wounded"`` (Cretan Chronicles groups) they sum to exactly 1.
    ``"shame"``, when present, is the part of ``"lose"`` due to Shame.  ``hero_final`` maps each final hero state
    (Endurance for Fighting Fantasy, condition for Cretan Chronicles) to the
    unconditional probability of ending the fight in it; death is ``0`` /
    ``"mort"``.  ``expected_rounds`` counts attack rounds (parries included)
    for Fighting Fantasy and single strikes for Cretan Chronicles.
    """

    win: Fraction
    lose: Fraction
    outcomes: Mapping[str, Fraction]
    hero_final: Mapping[int | str, Fraction]
    expected_rounds: Fraction
    policy: str
    advice: str | None = None

    def to_json(self) -> dict:
        """Plain-JSON view: floats for reading, ``"p/q"`` strings for exactness."""
        return {
            "win": float(self.win),
            "lose": float(self.lose),
            "win_exact": exact(self.win),
            "lose_exact": exact(self.lose),
            "outcomes": {k: float(v) for k, v in self.outcomes.items()},
            "outcomes_exact": {k: exact(v) for k, v in self.outcomes.items()},
            "hero_final": {str(k): float(v) for k, v in self.hero_final.items()},
            "hero_final_exact": {str(k): exact(v) for k, v in self.hero_final.items()},
            "expected_rounds": float(self.expected_rounds),
            "expected_rounds_exact": exact(self.expected_rounds),
            "policy": self.policy,
            "advice": self.advice,
        }




@dataclass(frozen=True)
class OddsReport:
    """One fight asked on the command line and solved (the `odds_from_arguments` hook).

    ``header`` are the lines above the outcomes (the fight as understood);
    ``facts`` the JSON keys written after ``"rules"`` (the sheets as given);
    ``without`` the same fight when the hero spends no resource (Luck, a
    currency...), when he has one; ``first`` the advice for the first decisions
    of the fight, as ``(decision key, "If ...: " words, advice)``."""

    odds: FightOdds
    header: tuple[Message, ...] = ()
    facts: Mapping[str, object] = field(default_factory=dict)
    without: FightOdds | None = None
    first: tuple[tuple[str, Message, str | None], ...] = ()
