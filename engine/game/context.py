"""The expression context of a game: what `if:`, computed targets and formulas read.

Core functions (`has`, `count`, `visited`, `flag`) and `here` are answered from the
state; the rule module answers its stats, variables and functions; dice roll through
the game, so that a formula's dice are events like any other roll.
"""
from __future__ import annotations


class GameContext:
    """Expression evaluation context over the game's current state."""

    __slots__ = ("game",)

    def __init__(self, game):
        self.game = game

    def variable(self, name: str):
        if name == "here":
            return self.game.state.paragraph
        counters = self.game.state.extra.get("counters")   # format 1.1 (engine/book/counters.py)
        if counters is not None and name in counters:
            return counters[name]
        return self.game.module.variable(self.game.state, name)

    def call(self, name: str, args: tuple):
        st = self.game.state
        if name == "has":
            return st.items.get(args[0], 0) > 0
        if name == "count":
            return st.items.get(args[0], 0)
        if name == "visited":
            return st.visits.get(args[0], 0) > 0
        if name == "flag":
            return args[0] in st.flags
        if name == "note":
            return st.extra.get("notes", {}).get(args[0], 0)
        return self.game.module.call(st, name, args)

    def roll(self, count: int, sides: int) -> int:
        return sum(self.game.roll(count, sides, "expression"))
