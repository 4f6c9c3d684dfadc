"""Format 1.1 inventory: copies (`{gain: {fleche: 3}}`, `{lose: {fleche: 1}}`),
once-only paragraphs (a find or a fight that does not repeat) and once-only choices."""
from __future__ import annotations

import json

from engine.cli import main

from .f11_helpers import codes, game, load, where

QUIVER_11 = """\
paragraphs:
  1:
    text: Un carquois. Vous tirez une flèche sur la corde.
    effects: [{gain: {fleche: 3}}, {lose: {fleche: 1}}]
    choices: [{text: Continuer, to: 2}]
  2: {text: Fin., end: victory}
"""


def test_copies_are_gained_and_lost_one_by_one(tmp_path):
    g = game(tmp_path, QUIVER_11)
    assert g.state.items == {"epee": 1, "balluchon": 1, "fleche": 2}
    said = [e["say"]["fr"] for e in g.drain() if e["type"] == "item" and e["item"] == "fleche"]
    assert said == ["Vous obtenez : Flèche ×3.", "Vous perdez : Flèche."]


def test_a_count_below_one_or_in_a_format_1_book_is_located(tmp_path):
    zero = load(tmp_path, QUIVER_11.replace("fleche: 3", "fleche: 0"))
    assert "schema" in codes(zero) and where(zero, "schema")[0] == 16
    old = load(tmp_path, QUIVER_11, version="1")
    assert "format-1-1" in codes(old) and where(old, "format-1-1")[0] == 16
    assert "unknown-item" in codes(load(tmp_path, QUIVER_11.replace("{fleche: 1}", "{flech: 1}")))


CAMP_11 = """\
paragraphs:
  1:
    text: Un campement. Une bourse traîne près du feu.
    once: [effects]
    effects: [{add: {or: 5}}]
    choices:
      - {text: Fouiller la tente, to: 1, once: true, effects: [{gain: arc}]}
      - {text: Repartir, to: 2}
  2: {text: Fin., end: victory}
"""


def test_once_only_find_and_choice_do_not_repeat(tmp_path):
    g = game(tmp_path, CAMP_11)
    assert g.state.stats["or"] == 20
    g.answer("1")   # back to 1: no gold again, and the tent is no longer offered
    assert g.state.stats["or"] == 20 and g.state.items["arc"] == 1
    assert [o.label.fr for o in g.prompt().options] == ["Repartir"]


def test_once_only_fight_does_not_repeat(tmp_path):
    body = """\
    paragraphs:
      1:
        text: Un rat.
        once: true
        combat: {enemies: [{name: Rat, habilete: 1, endurance: 1}]}
        choices: [{text: Tourner en rond, to: 1}, {text: Sortir, to: 2}]
      2: {text: Fin., end: victory}
    """
    g = game(tmp_path, body, seed=2)
    while g.state.pending:   # the fight, the first time
        option = next(o for o in g.prompt().options if o.enabled)
        g.answer(option.key)
    g.answer("1")
    assert g.state.pending is None and g.state.paragraph == 1


def test_once_names_a_part_the_paragraph_may_have(tmp_path):
    loaded = load(tmp_path, CAMP_11.replace("once: [effects]", "once: [effets]"))
    assert "once-unknown" in codes(loaded) and where(loaded, "once-unknown")[0] == 16


def test_the_explorer_keys_on_once_only_state(tmp_path, capsys):
    """If the find repeated (or the explorer forgot the visit), 25 gold would be in reach."""
    body = CAMP_11.replace("      - {text: Repartir, to: 2}\n", "      - {text: Repartir, to: 2}\n"
                           "      - {text: Revenir, to: 1}\n")
    body = body.replace("  2: {text: Fin., end: victory}\n",
                        "  2:\n    text: Le passeur veut 25 pièces.\n"
                        "    auto: [{if: 'or >= 25', end: victory}, {end: death}]\n")
    load(tmp_path, body)
    main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", str(tmp_path / "livre.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert report["complete"] and report["victory"]["high"] == 0.0
    assert report["soft_locks"] == [] and report["errors"] == []


def test_copies_obey_a_rule_module_carrying_limit(tmp_path):
    """Chroniques Crétoises: no more than two spare pieces of one kind of armour
    besides the one worn; copies gained at once count one by one."""
    from tests.rules.chroniques_cretoises.cc_helpers import HEADER, game as cc_game
    body = """\
    paragraphs:
      1:
        text: Un râtelier de casques.
        effects: [{gain: {casque: 4}}]
        choices: [{text: Partir, to: 2}]
      2: {text: Fin., end: victory}
    """
    g = cc_game(tmp_path, body, header=HEADER.replace("gamebook: 1\n", "gamebook: 1.1\n"))
    assert g.state.items.get("casque") == 3
    assert [e["type"] for e in g.drain()].count("armour-limit") == 1


def test_the_explorer_forgets_once_only_choices_behind_the_player(tmp_path):
    """A tale heard once in a town left for good changes nothing after it: the lens
    drops its mark there (fewer states, the same odds), and keeps it in the town."""
    from engine.analysis.explore.compact import parts_of
    from engine.analysis.explore.explorer import Explorer
    from engine.analysis.explore.solve import victory_odds
    loaded = load(tmp_path, """\
    paragraphs:
      1:
        text: La place du marché.
        choices:
          - {text: Écouter le conteur, to: 1, once: true}
          - {text: Acheter un arc, to: 1, once: true, effects: [{gain: arc}]}
          - {text: Partir, to: 2}
      2:
        text: La route.
        random: {dice: 1d6, outcomes: [{range: [1, 3], to: 3}, {range: [4, 6], to: 4}]}
      3:
        text: Le pont.
        choices: [{text: Tirer sur le troll, to: 4, if: 'has("arc")'}, {text: Sauter, to: 5}]
      4: {text: Fin., end: victory}
      5: {text: Chute., end: death}
    """)
    lensed = Explorer(loaded.book, loaded.module).run()
    full = Explorer(loaded.book, loaded.module, lens=False).run()
    assert victory_odds(lensed)["low"] == victory_odds(full)["low"] == 1.0
    assert len(lensed.states) < len(full.states)
    marked = {p for t, p in zip(lensed.states, lensed.paragraph) if "once:1:1" in parts_of(t).flags}
    assert marked == {1}
