"""The engine path: one state expanded by the real `Game`, every move over its dice.

What the compiler does not know (an activity, an effect it has no program for, a
module without vector rules, a plugin) is expanded here, state by state, exactly
as the engine-driven explorer plays it (explore/expansion.py, without its cache):
the moves of the prompt and the module's commands, the module's fight strategies
(its fight chains, explore/nodes.py) where its hook answers, each move replayed
once per outcome of its dice (a forced prefix that raises `NeedRoll`).  A move
refused before any roll is no move; refused after one, it leaves the state as it
was; an engine error is the ERROR pseudo successor.
"""
from __future__ import annotations

from engine.rules.base import Refused
from engine.game.core import Game
from engine.game.dice import SeededDice
from engine.analysis.explore.moves import Move, all_moves
from engine.analysis.explore.nodes import fight_node
from engine.analysis.explore.runs import light_copy
from engine.analysis.explore.space import ForcedDice, NeedRoll, roll_outcomes

SELF, ERROR = "self", "error"


class EnginePath:
    def __init__(self, book, module, with_commands: bool = True, fight_nodes: bool = True):
        self.book, self.module = book, module
        self.game = Game(book, module, SeededDice(0), undo=False, narrate=False)
        self.with_commands, self.fight_nodes = with_commands, fight_nodes
        self.by_sum = bool(getattr(module, "dice_by_sum", False))
        self.cache: dict = {}      # the module's fight chains, shared by every state
        self._outcomes: dict = {}
        self.strategies: set = set()
        self.errors: list = []

    def outcomes(self, need: NeedRoll) -> list:
        key = (need.count, need.sides)
        if key not in self._outcomes:
            self._outcomes[key] = roll_outcomes(need.count, need.sides, self.by_sum)
        return self._outcomes[key]

    def starts(self, sheet: int | None) -> list:
        """[(probability, game state)] of the start: one sheet, or every creation."""
        game = self.game
        if sheet is not None:
            game.reset(SeededDice(sheet))
            return [(1, light_copy(game.state))]
        out, todo = [], [((), 1)]
        while todo:
            prefix, p = todo.pop()
            try:
                game.reset(ForcedDice(prefix))
            except NeedRoll as need:
                todo += [(prefix + (faces,), p * q) for faces, q in reversed(self.outcomes(need))]
                continue
            out.append((p, light_copy(game.state)))
        return out

    def expand(self, state) -> list:
        """[(move text, [(probability, game state | SELF | ERROR)])] of a state."""
        game = self.game
        game.state = light_copy(state)
        moves = all_moves(game, self.with_commands)
        strategies = []
        if self.fight_nodes:
            node = fight_node(game, self.cache)
            if node is not None:
                strategies, keep = node
                moves = [m for m in moves if m.command or m.key in keep]
        acts = []
        for move in moves:
            found = self._results(state, move)
            if found:
                acts.append((move.text(), found))
        for st in strategies:
            found = []
            for p, outcome in st.outcomes:
                found += [(p if q == 1 else p * q, o) for q, o in self._results(state, outcome)]
            self.strategies.add(st.label)
            acts.append((st.text(), found))
        return acts

    def _results(self, state, move) -> list:
        played = play_out(self.game, state, move, self.outcomes)
        if played is None:
            return []
        out = []
        for _faces, p, result in played:
            if isinstance(result, Exception):   # an engine or module failure is a finding
                self.errors.append({"paragraph": state.paragraph, "type": type(result).__name__,
                                    "message": str(result)})
                result = ERROR
            out.append((p, result))
        return out


def play_out(game, state, move, outcomes) -> list | None:
    """Every way `move` plays out from `state` under forced dice, each roll it asks for
    answered by each of `outcomes(need)`: [(the faces thrown, probability, the game
    state after it, SELF where a roll's outcome refuses it, or the exception raised)],
    or None when the move itself is refused."""
    out, todo = [], [((), 1)]
    while todo:
        prefix, p = todo.pop()
        game.state = light_copy(state)
        game.state.history = []
        game.dice = ForcedDice(prefix)
        try:
            if type(move) is Move and not move.command:
                game.answer_enabled(move.key, move.amount)
            else:
                move.apply(game)
        except NeedRoll as need:
            todo += [(prefix + (faces,), p * q) for faces, q in reversed(outcomes(need))]
            continue
        except Refused:
            if not prefix and type(move) is Move:
                return None
            out.append((prefix, p, SELF))
            continue
        except Exception as exc:  # (the caller says what it is: a finding, a replay's error)
            out.append((prefix, p, exc))
            continue
        out.append((prefix, p, game.state))
    return out
