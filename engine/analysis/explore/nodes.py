"""Fights as chance nodes: the rule module's `fight_outcomes` hook as explorer moves.

At a state whose pending activity the module can resolve, the explorer offers the
module's strategies, each ONE chance node over the states where the fight ends (or
reaches a later decision of the same fight), plus the answers the module keeps
(escape, retreat...), instead of every answer of every round.  A strategy is
written "~label" in the state graph; its outcomes are applied through the real
engine (`finish(play)`, then `after_change` as after an answer), so everything that
follows a fight is still the engine's own doing.

The strategies are the module's stated policies: the value the explorer gives a
fight is the best of them, a lower bound of the best play when a policy is not the
best answer to every situation; the report names them.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

MACRO = "~"
TOLERANCE = 1e-9   # probabilities may be floats (rounded) or Fractions (exact)


class Outcome(NamedTuple):
    """One outcome of a strategy, applied like a move."""

    label: str
    finish: Callable

    def apply(self, game) -> None:
        self.finish(game)
        if not game.state.ended:
            game.module.after_change(game)

    def text(self) -> str:
        return MACRO + self.label


class Strategy(NamedTuple):
    """A way to play the fight on: [(probability, Outcome)], probabilities exact."""

    label: str
    outcomes: tuple

    def text(self) -> str:
        return MACRO + self.label


class BadNode(Exception):
    """The module's `fight_outcomes` answer is malformed (a finding, reported as an error)."""


def fight_node(game, cache: dict):
    """([Strategy], keep) for the pending activity, or None to go answer by answer."""
    hook = getattr(game.module, "fight_outcomes", None)
    pending = game.state.pending
    if hook is None or not pending or game.state.ended:
        return None
    found = hook(game, pending, cache)
    if found is None:
        return None
    strategies, keep = found
    out = []
    for label, outcomes in strategies:
        total = sum(p for p, _ in outcomes)
        if abs(total - 1) > TOLERANCE or any(p < 0 for p, _ in outcomes):
            raise BadNode(f"fight_outcomes: the probabilities of {label!r} sum to {total}, not 1")
        out.append(Strategy(str(label), tuple((p, Outcome(str(label), f)) for p, f in outcomes if p)))
    return out, frozenset(keep)
