"""Build a Session over a fixture book with a private save store."""
from __future__ import annotations

from engine.saves import store as saves
from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book
from engine.repl.session import Session
from tests.fixtures.env import BOOKS


def session(tmp_path, book="mini.yaml", seed=1, lang=None, width=60) -> Session:
    loaded = load_book(BOOKS / book, use_cache=False)
    lang = lang or loaded.book.language
    game = Game(loaded.book, loaded.module, SeededDice(seed), lang=lang)
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path), lang, width=width)


def written(tmp_path, text: str, lang: str = "fr", seed: int = 1, name: str = "book.yaml") -> Session:
    """A Session over a book the test writes (`text`), checked to load."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.book is not None, loaded.diagnostics
    game = Game(loaded.book, loaded.module, SeededDice(seed), lang=lang)
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path / "saves"), lang)
