"""Helpers: build a small Défis Fantastiques book from YAML text and play it with forced dice."""
from __future__ import annotations

import textwrap

from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.lint.loader import load_book

HEADER = """\
gamebook: 1
title: Essai
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, or: 15, provisions: 2}
items:
  epee: {name: Épée, weapon: {damage: 2}}
  balluchon: {name: Balluchon}
  hache: {name: Hache, weapon: {damage: 3, attack: -1}}
  lance: {name: Lance, weapon: {attack: 1}}
  cuir: {name: Cuirasse de cuir, armour: {absorbs: 1, hits: 2, skill_test_penalty: 1}}
  mailles: {name: Cotte de mailles, armour: {absorbs: 2, hits: 5, skill_test_penalty: 2}}
  corde: {name: Corde}
"""


def load(tmp_path, body: str, header: str = HEADER):
    path = tmp_path / "livre.yaml"
    path.write_text(header + textwrap.dedent(body), encoding="utf-8")
    return load_book(path, use_cache=False)


def play(tmp_path, body: str, faces=(), header: str = HEADER) -> Game:
    loaded = load(tmp_path, body, header)
    errors = [d for d in loaded.diagnostics if d.severity.value == "error"]
    assert not errors, [d.message.en for d in errors]
    return Game(loaded.book, loaded.module, ScriptedDice(list(faces)))


def codes(loaded) -> list[str]:
    return [d.code for d in loaded.diagnostics]


def events(game, type_=None) -> list[dict]:
    out = game.drain()
    return [e for e in out if type_ is None or e["type"] == type_]


def keys(game) -> list[str]:
    return [o.key for o in game.prompt().options if o.enabled]


WIN_ROUND = (1, 1, 6, 6)     # the opponent rolls 2, the hero 12


def act(game, key, *faces, amount=None):
    """Answer `key`, the dice then giving `faces`."""
    game.dice.faces.extend(faces)
    game.answer(key, amount)


def win_fight(game):
    """Win every round (the opponents roll 2, the hero 12), never testing Luck."""
    while game.prompt().kind in ("combat", "combat-luck"):
        if game.prompt().kind == "combat-luck":
            game.answer("pass")
            continue
        pending = game.state.pending
        rolling = sum(e["endurance"] > 0 for e in pending["enemies"]) \
            if pending["mode"] == "together" else 1
        keys = [o.key for o in game.prompt().options if o.enabled]
        act(game, "attack" if "attack" in keys else keys[0], *((1, 1) * (rolling - 1) + WIN_ROUND))


def clean(path):
    """A bundled book, loaded afresh, that lints without a word."""
    out = load_book(path, use_cache=False)
    assert out.ok and out.diagnostics == []
    return out


def choosing(lang: str):
    """choose(game, text): pick the enabled choice whose label in `lang` starts with `text`."""
    def choose(game, text):
        option = next(o for o in game.prompt().options if o.label.get(lang).startswith(text))
        assert option.enabled, text
        game.answer(option.key)
    return choose
