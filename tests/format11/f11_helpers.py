"""Helpers for the format 1.1 tests: a Défis Fantastiques book from YAML text, played
with seeded or forced dice, and the game a run ends with (to compare a format-1
workaround with its 1.1 form)."""
from __future__ import annotations

import textwrap

from engine.game.dice import ScriptedDice, SeededDice
from engine.game import Game
from engine.lint.loader import load_book

HEADER = """\
gamebook: {version}
title: Essai
rules: defis-fantastiques
start: 1
hero: {{habilete: 10, endurance: 20, chance: 9, or: 15, provisions: 2}}
items:
  epee: {{name: Épée, weapon: {{damage: 2}}}}
  balluchon: {{name: Balluchon}}
  arc: {{name: Arc}}
  orbe: {{name: Orbe}}
  cle: {{name: Clé de bronze}}
  fleche: {{name: Flèche}}
"""


def load(tmp_path, body: str, version="1.1", name="livre.yaml"):
    path = tmp_path / name
    path.write_text(HEADER.format(version=version) + textwrap.dedent(body), encoding="utf-8")
    return load_book(path, use_cache=False)


def codes(loaded) -> list[str]:
    """The codes of the diagnostics loading found (schema, compile and lint)."""
    return [d.code for d in loaded.diagnostics]


def where(loaded, code: str) -> tuple[int, int]:
    """Where the first diagnostic with `code` points: (line, column), from 1."""
    span = next(d.span for d in loaded.diagnostics if d.code == code)
    return span.line + 1, span.col + 1


def game(tmp_path, body: str, version="1.1", faces=None, seed=7, name="livre.yaml") -> Game:
    return played(load(tmp_path, body, version, name), faces, seed)


def played(loaded, faces=None, seed=7) -> Game:
    """A game of a book loaded without errors, with forced `faces` then the seed."""
    errors = [d for d in loaded.diagnostics if d.severity.value == "error"]
    assert not errors, [(d.code, d.message.en, d.span.human()) for d in errors]
    dice = ScriptedDice(list(faces), then=SeededDice(seed)) if faces is not None else SeededDice(seed)
    return Game(loaded.book, loaded.module, dice)


def keys(g: Game) -> list[str]:
    return [o.key for o in g.prompt().options if o.enabled]


def run(g: Game, answers=(), limit: int = 200) -> dict:
    """Give `answers` in order, then always the first enabled option (its
    smallest amount), until the end:
    what the game ended with (the ending, stats and items)."""
    todo = list(answers)
    for _ in range(limit):
        if g.state.ended:
            break
        if todo:
            g.answer(todo.pop(0))
            continue
        option = next(o for o in g.prompt().options if o.enabled)
        g.answer(option.key, option.amount[0] if option.amount else None)
    return {"ended": g.state.ended, "stats": dict(g.state.stats), "items": dict(g.state.items)}
