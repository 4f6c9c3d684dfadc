"""The interpreter: a loop with no I/O, shaped like ink's.

    game = Game(book, module, SeededDice(7))
    while not game.over:
        prompt = game.prompt()          # what the game waits for
        game.answer(prompt.options[0].key)
        for event in game.drain(): ...  # what happened, as data

Rule modules receive this object: they roll dice, change stats, move and kill the
hero only through its methods, so that every change becomes an event.

- core.py: `Game`, what rule modules call (rolls, changes, moves, events);
- answers.py: what front ends call (answers, commands);
- prompts.py: the prompts (choices, rolls, endings), made once when they can be;
- history.py: new game, restart, undo snapshots, save and load;
- context.py: what expressions read from the game.
"""
from __future__ import annotations

from engine.game.core import Game
from engine.game.history import UNDO_DEPTH

__all__ = ["Game", "UNDO_DEPTH"]
