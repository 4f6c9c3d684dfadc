"""Format 1.1: outcomes carry effects (a random branch, a test's success or failure,
a fight's win or escape), applied before the move, and checked (the format-1 workaround played the same:
test_conversion.py)."""
from __future__ import annotations

from engine.game.dice import SeededDice

from .conversion_pairs import CC_FIGHT as CC_PAIR
from .f11_helpers import codes, game, load, run, where

ROLL_11 = """\
paragraphs:
  1:
    text: Vous fouillez le coffre.
    random:
      dice: 1d6
      outcomes:
        - {range: [1, 3], to: 2, effects: [{gain: arc}, {add: {or: 3}}]}
        - {range: [4, 6], to: 2, effects: [{add: {endurance: -2}}]}
  2: {text: Vous repartez., end: victory}
"""


def test_a_random_outcome_applies_its_effects_before_moving(tmp_path):
    g = game(tmp_path, ROLL_11, faces=[2])
    g.answer("roll")
    assert g.state.ended == "victory" and g.state.items.get("arc") == 1
    assert g.state.stats["or"] == 18
    g = game(tmp_path, ROLL_11, faces=[5])
    g.answer("roll")
    assert g.state.stats["endurance"] == 18 and "arc" not in g.state.items


def test_outcome_effects_in_a_format_1_book_are_located(tmp_path):
    loaded = load(tmp_path, ROLL_11, version="1")
    assert "format-1-1" in codes(loaded)
    assert where(loaded, "format-1-1")[0] == 19   # the first outcome's `effects`


def test_outcome_effects_are_checked_like_any_effects(tmp_path):
    bad = load(tmp_path, ROLL_11.replace("gain: arc", "gain: arcc"))
    assert "unknown-item" in codes(bad)
    shape = load(tmp_path, ROLL_11.replace("effects: [{gain: arc}, {add: {or: 3}}]", "effects: {gain: arc}"))
    assert "schema" in codes(shape) or "schema-type" in " ".join(codes(shape)), codes(shape)


TEST_11 = """\
paragraphs:
  1:
    text: Vous tentez de saisir l'arc.
    test:
      type: chance
      success: 2
      success_effects: [{gain: arc}]
      failure: 2
      failure_effects: [{add: {endurance: -3}}]
  2: {text: Plus loin., end: victory}
"""


def test_a_test_success_and_failure_carry_effects(tmp_path):
    lucky = game(tmp_path, TEST_11, faces=[1, 2])
    run(lucky)
    assert lucky.state.items.get("arc") == 1 and lucky.state.stats["endurance"] == 20
    unlucky = game(tmp_path, TEST_11, faces=[6, 6])
    run(unlucky)
    assert "arc" not in unlucky.state.items and unlucky.state.stats["endurance"] == 17


FIGHT_11 = """\
paragraphs:
  1:
    text: Un rat géant.
    combat:
      enemies: [{name: Rat, habilete: 1, endurance: 1}]
      win: 2
      win_effects: [{gain: orbe}]
  2: {text: Le rat gardait un orbe., end: victory}
"""


def test_a_fight_win_carries_effects(tmp_path):
    g = game(tmp_path, FIGHT_11, seed=3)
    end = run(g)
    assert end["ended"] == "victory" and end["items"].get("orbe") == 1


def test_a_deadly_outcome_effect_ends_the_game_there(tmp_path):
    body = ROLL_11.replace("{add: {endurance: -2}}", "{add: {endurance: -20}}")
    g = game(tmp_path, body, faces=[6])
    g.answer("roll")
    assert g.state.ended == "death" and g.state.paragraph == 1


CC_FIGHT = CC_PAIR.new   # a win, a retreat and a surrender with effects

def test_chroniques_cretoises_fight_endings_carry_effects(tmp_path):
    from tests.rules.chroniques_cretoises.cc_helpers import HEADER, game as cc_game
    header = HEADER.replace("gamebook: 1\n", "gamebook: 1.1\n")
    won = 0
    for seed in range(12):
        g = cc_game(tmp_path, CC_FIGHT, header=header)
        g.dice = SeededDice(seed)
        end = run(g)
        if g.state.paragraph == 2:
            won += 1
            assert end["items"].get("amulette") == 1
        else:
            assert "amulette" not in end["items"]
    assert won


def test_the_export_words_outcome_effects(tmp_path):
    from engine.cli import main
    load(tmp_path, TEST_11)
    out = tmp_path / "livre.md"
    assert main(["export", "--format", "md", "-o", str(out), str(tmp_path / "livre.yaml")]) == 0
    md = out.read_text(encoding="utf-8").replace("\xa0", " ").replace("\u202f", " ")
    assert "Si vous êtes Chanceux, prenez l'objet « Arc » ; rendez-vous au [2](#p2)." in md
    assert "Si vous êtes Malchanceux, perdez 3 points d'Endurance ; rendez-vous au [2](#p2)." in md
