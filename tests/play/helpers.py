"""Helpers for the engine tests: load a fixture book, start a game."""
from __future__ import annotations

from engine.game.dice import ScriptedDice, SeededDice
from engine.game import Game
from engine.lint.loader import load_book

from tests.fixtures.env import BOOKS


def load(name: str = "mini.yaml", path=None):
    loaded = load_book(path or BOOKS / name, use_cache=False)
    assert loaded.ok, [d.message.en for d in loaded.diagnostics]
    return loaded


def new_game(name: str = "mini.yaml", seed: int = 1, faces=None) -> Game:
    loaded = load(name)
    dice = ScriptedDice(faces, then=SeededDice(seed)) if faces is not None else SeededDice(seed)
    return Game(loaded.book, loaded.module, dice)


def keys(game) -> list[str]:
    return [o.key for o in game.prompt().options]
