"""The moves of a fight the odds model does not weigh, weighed by playing them.

A paragraph in a fight may offer more than the model's strikes, spends, retreat and
surrender: a god to invoke, an item to use (le-taureau-d-airain § 29: Héphaïstos,
the amulet).  `weigh(game, option)` plays the option on copies of the game, once for
every way the dice can fall (each face of each die drawn, as long as the draws stay
few), and reads where each copy stands: dead (lost), the fight won or left alive (a
way out of this fight), or a fight again (this one or the next: its exact odds from
there).  The figures are for this fight only, as the model's are.
"""
from __future__ import annotations

from fractions import Fraction

from engine.game import Game
from engine.rules.base import Refused

MAX_LEAVES = 216   # three dice: a god's price and answer; more is not weighed


class _Path:
    """Dice that follow a path of faces, then draw 1s, noting each die's sides: the
    depth-first walk over every way the dice of one move can fall."""

    def __init__(self, faces: list[int]):
        self.faces, self.sides, self.exhausted = faces, [], True

    def face(self, sides: int) -> int:
        i = len(self.sides)
        self.sides.append(sides)
        return self.faces[i] if i < len(self.faces) else 1

    def to_json(self) -> dict:
        return {"kind": "lookahead"}


def _next(faces: list[int], sides: list[int]) -> list[int] | None:
    """The next path after one that drew `sides`, or None when all were walked."""
    faces = (faces + [1] * len(sides))[:len(sides)]
    while faces:
        if faces[-1] < sides[len(faces) - 1]:
            return faces[:-1] + [faces[-1] + 1]
        faces = faces[:-1]
    return None


def weigh(game, option, amount: int | None, odds_of, lasting: str | None = None):
    """(P(survive this fight), P(win it or leave it alive), the least of the `lasting`
    stat left after it) for answering `option`, or None when it cannot be weighed
    (refused, too many dice, odds unknown after it).  `odds_of(game)` gives a
    FightOdds for the fight a copy stands in, or None."""
    survive = win = Fraction(0)
    left = None
    faces: list[int] | None = []
    leaves = 0
    while faces is not None:
        leaves += 1
        if leaves > MAX_LEAVES:
            return None
        dice = _Path(faces)
        copy = Game(game.book, game.module, dice, state=game.state.copy(), lang=game.lang, undo=False)
        try:
            copy.answer(option.key, amount)
        except Refused:
            return None
        p = Fraction(1)
        for n in dice.sides:
            p /= n
        value = _value(copy, odds_of)
        if value is None:
            return None
        survive, win = survive + p * value[0], win + p * value[1]
        if lasting is not None:
            after = copy.state.stats.get(lasting, 0)
            left = after if left is None else min(left, after)
        faces = _next(faces, dice.sides)
    return survive, win, left


def _value(copy, odds_of) -> tuple[Fraction, Fraction] | None:
    st = copy.state
    if st.ended == "death":
        return Fraction(0), Fraction(0)
    if st.ended == "victory":
        return Fraction(1), Fraction(1)
    pending = st.pending
    if pending and pending.get("activity") in copy.module.activity_fields:
        odds = odds_of(copy)
        return None if odds is None else (1 - odds.lose, odds.win)
    return Fraction(1), Fraction(1)   # out of the fight, alive
