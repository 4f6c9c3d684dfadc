"""Exact odds against a large seeded simulation of the REAL rule modules' combat.

The hero's decisions are fixed (never test Luck, never spend Honour), so the
module's fight_odds with policy "never" must match the observed frequency
within 4 standard errors.
"""
import math

import pytest

from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book

FIGHTS = 6_000  # 20,000 also passes; 6,000 keeps the suite quick (SE about 0.0065)

FF_BOOK = """gamebook: 1
title: Simulation
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 9, endurance: 8, chance: 9, equipment: []}
paragraphs:
  1:
    text: Deux gobelins.
    combat:
      enemies: [{name: Gobelin, habilete: 7, endurance: 4}, {name: Chef, habilete: 8, endurance: 5}]
      mode: one-by-one
      win: 2
  2: {text: Victoire., end: victory}
"""

CC_BOOK = """gamebook: 1
title: Simulation
language: fr
rules: chroniques-cretoises
start: 1
hero: {force: 4, protection: 10, honneur: 0, honte: 0, equipment: []}
paragraphs:
  1:
    text: Un loup.
    combat:
      enemies: [{name: Loup, force: 3, protection: 11, beast: true}]
      win: 2
  2: {text: Victoire., end: victory}
"""


def _load(tmp_path, text):
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok, [d.message.en for d in loaded.diagnostics]
    return loaded


def _simulate(loaded, answer) -> float:
    wins = 0
    for seed in range(FIGHTS):
        game = Game(loaded.book, loaded.module, SeededDice(seed))
        while game.state.pending and not game.state.ended:
            game.answer(*answer(game.prompt()))
        wins += game.state.paragraph == 2 and game.state.ended != "death"
    return wins / FIGHTS


def _ff_answer(prompt):
    return ("pass",) if prompt.kind == "combat-luck" else (prompt.options[0].key,)


def _cc_answer(prompt):
    keys = [o.key for o in prompt.options]
    return ("strike", 0) if "strike" in keys else ("defend", 0)


@pytest.mark.parametrize("text,answer", [(FF_BOOK, _ff_answer), (CC_BOOK, _cc_answer)],
                         ids=["defis-fantastiques", "chroniques-cretoises"])
def test_simulation_matches_exact_odds(tmp_path, text, answer):
    loaded = _load(tmp_path, text)
    game = Game(loaded.book, loaded.module, SeededDice(0))
    spec = loaded.book.paragraphs[1].fields["combat"]
    exact = float(loaded.module.fight_odds(loaded.book, game.state, spec, policy="never").win)
    assert 0.1 < exact < 0.9  # a fight where the comparison can fail
    observed = _simulate(loaded, answer)
    error = math.sqrt(exact * (1 - exact) / FIGHTS)
    assert abs(observed - exact) < 4 * error, (observed, exact)
