"""A rule module keeps nothing outside `GameState` (issue 35): a game rebuilt from its
state alone, without its history (as the exhaustive explorer rebuilds every state),
answers every option as the game itself does, for each built-in module and kai.
And kai's Healing, which once counted paragraph entries by the history's length,
gives the same value in play and in the exact explorer."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.report import exhaustive_report
from engine.analysis.explore.space import canonical
from engine.game import Game
from engine.game.dice import SeededDice
from engine.game.state import GameState
from engine.lint.loader import load_book

ROOT = Path(__file__).resolve().parents[2]
BOOKS = {"defis-fantastiques": ROOT / "books" / "la-cloche-de-brumesel.yaml",
         "chroniques-cretoises": ROOT / "books" / "le-taureau-d-airain.yaml",
         "kai": ROOT / "tests" / "plugins" / "gamebook-rules-kai" / "book" / "la-tour-de-brume.yaml"}


def forgetful(state: GameState) -> GameState:
    """The state as the explorer rebuilds it: the same, with no history."""
    data = state.to_json()
    data["history"] = []
    return GameState.from_json(data)


def same_answer(book, module, state, option, seed) -> None:
    display = tuple(getattr(module, "display_extra", ()))
    after = []
    for st in (state.copy(), forgetful(state)):
        g = Game(book, module, SeededDice(seed), st, undo=False, narrate=False)
        g.answer(option.key, option.amount[0] if option.amount else None)
        after.append(canonical(g.state, display))
    assert after[0] == after[1], (state.paragraph, option.key)


@pytest.mark.parametrize("rules", sorted(BOOKS))
def test_a_module_keeps_no_state_outside_the_game_state(kai_installed, rules):
    loaded = load_book(BOOKS[rules], use_cache=False)
    assert loaded.book is not None and loaded.module.id == rules
    g = Game(loaded.book, loaded.module, SeededDice(3), narrate=False)
    before = dict(vars(loaded.module))
    for step in range(60):
        if g.state.ended:
            break
        options = [o for o in g.prompt().options if o.enabled]
        for k, option in enumerate(options):
            same_answer(loaded.book, loaded.module, g.state, option, seed=step * 31 + k)
        option = options[step % len(options)]
        g.answer(option.key, option.amount[0] if option.amount else None)
    assert step > 10
    assert dict(vars(loaded.module)) == before   # the module object itself holds nothing of a game


HEALING = """gamebook: 1
id: kai-soins
title: Trois haltes
language: fr
rules: kai
start: 1
hero: {maitrise: 14, vigueur: 9, couronnes: 0, repas: 0, disciplines: [soins], equipment: []}
paragraphs:
  1:
    text: Une chute dans les rochers.
    effects: [{add: {vigueur: -4}}]
    choices: [{text: Marcher, to: 2}]
  2:
    text: Un sentier.
    choices: [{text: Marcher, to: 3}]
  3:
    text: Un ruisseau.
    choices: [{text: Marcher, to: 4}]
  4:
    text: Le col.
    choices:
      - {text: Franchir le col, to: 5, if: "vigueur >= 9"}
      - {text: Redescendre, to: 6}
  5: {text: Vous passez le col., end: victory}
  6: {text: Vous mourez de froid., end: death}
"""


def test_kai_healing_gives_the_same_value_in_play_and_in_the_explorer(kai_installed, tmp_path):
    """9 - 4 = 5, healed at §§ 1, 2, 3 and 4: 9 at the col, which only a healed hero
    crosses.  Play wins; the explorer (every state rebuilt without history) says 1."""
    path = tmp_path / "soins.yaml"
    path.write_text(HEALING, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok, loaded.diagnostics
    g = Game(loaded.book, loaded.module, SeededDice(1), narrate=False)
    while not g.state.ended:
        g.answer(next(o for o in g.prompt().options if o.enabled).key)
    assert g.state.ended == "victory" and g.state.stats["vigueur"] == 9
    space = Explorer(loaded.book, loaded.module, sheet=1, focused=False).run()
    assert Fraction(exhaustive_report(loaded.book, loaded.module, space)["exact"]) == 1
