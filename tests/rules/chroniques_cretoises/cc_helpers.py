"""Helpers for the Chroniques Crétoises tests: small books from YAML text, a game
with forced dice, and short ways to read the events."""
from __future__ import annotations

import textwrap

from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.lint.loader import load_book

HEADER = """\
gamebook: 1
title: Essai
rules: chroniques-cretoises
start: 1
"""
ITEMS = """\
items:
  massue: {name: Massue, weapon: {force: 1, protection: 0}}
  lance: {name: Lance, weapon: {force: 3, protection: 1}}
  epee: {name: Épée, weapon: {force: 4, protection: 0}}
  dague: {name: Dague, weapon: {force: 1}, dagger: true}
  casque: {name: Casque, armour: {slot: tête, protection: 4}}
  casque2: {name: Vieux casque, armour: {slot: tête, protection: 1}}
  jambieres: {name: Jambières, armour: {slot: jambes, protection: 1}}
  bouclier: {name: Bouclier, armour: {slot: bouclier, protection: 2}}
  amulette: {name: Amulette}
"""


def load(tmp_path, body: str, header: str = HEADER, items: str = ITEMS, name="essai.yaml"):
    path = tmp_path / name
    path.write_text(header + items + textwrap.dedent(body), encoding="utf-8")
    return load_book(path, use_cache=False)


def game(tmp_path, body: str, dice=(), **kw) -> Game:
    loaded = load(tmp_path, body, **kw)
    errors = [d for d in loaded.diagnostics if d.severity.value == "error"]
    assert not errors, [(d.code, d.message.en, d.span.human()) for d in errors]
    return Game(loaded.book, loaded.module, ScriptedDice(list(dice)))


def codes(loaded) -> list[str]:
    return [d.code for d in loaded.diagnostics]


def keys(g: Game) -> list[str]:
    return [o.key for o in g.prompt().options]


def of(events, type_):
    return [e for e in events if e["type"] == type_]


def strikes(events):
    return [(e["attacker"], e["total"], e["needed"], e["hit"]) for e in of(events, "strike")]


def conditions(events):
    return [(e["name"], e["new"]) for e in of(events, "condition")]
