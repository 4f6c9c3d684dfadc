"""Seeded random walks through every bundled book (and the fixture books) never crash."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.game.dice import SeededDice
from engine.game import Game
from engine.rules.base import Refused
from tests.fixtures.env import BOOKS
from tests.play.helpers import load

ROOT = Path(__file__).parents[2]
ALL_BOOKS = sorted(ROOT.glob("books/*.yaml")) + sorted(BOOKS.glob("*.yaml"))


def walk(game: Game, rng: random.Random, steps: int) -> int:
    """Answer random enabled options (with random amounts); returns the answers given."""
    done = 0
    for _ in range(steps):
        options = [o for o in game.prompt().options if o.enabled]
        assert options or game.over, f"stuck at {game.state.paragraph} with no option"
        if not options:
            break
        option = rng.choice(options)
        amount = rng.randint(*option.amount) if option.amount else None
        try:
            game.answer(option.key, amount)
        except Refused:
            continue   # a module may refuse an answer (state unchanged): try another
        game.drain()
        done += 1
    return done


@pytest.mark.parametrize("path", ALL_BOOKS, ids=lambda p: p.name)
@pytest.mark.parametrize("seed", range(8))
def test_random_walk_never_crashes(path, seed):
    loaded = load(path=path)
    game = Game(loaded.book, loaded.module, SeededDice(seed))
    assert walk(game, random.Random(seed), 300) > 0
    assert game.state.paragraph in loaded.book.paragraphs
