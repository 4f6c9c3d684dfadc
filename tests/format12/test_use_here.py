"""Format 1.2 items used where they lie (`use_here: true` + `effects:` in the catalogue,
issue 31 item 7): gaining one, or taking it from a `take:` list, applies its effects,
and the hero never carries it."""
from __future__ import annotations

import json

from engine.cli import main

from . import f12b_helpers
from .f12b_helpers import codes, where

ITEMS = ("  source: {name: Source, use_here: true, effects: [{add: {endurance: 2}}]}\n"
         "  potion: {name: Potion, use_here: true, effects: [{add: {endurance: 4}}]}\n")
SPRING = """\
paragraphs:
  1:
    text: Une source, et une potion sur une pierre.
    effects: [{add: {endurance: -6}}, {gain: source}, {take: {choose: 1, from: [potion, arc]}}]
    choices: [{text: Partir, to: 2}]
  2: {text: Fin., end: victory}
"""


def load(tmp_path, body, **kw):
    return f12b_helpers.load(tmp_path, body, items=ITEMS, **kw)


def game(tmp_path, body, **kw):
    return f12b_helpers.game(tmp_path, body, items=ITEMS, **kw)


def test_a_gained_item_used_here_applies_its_effects_and_is_not_carried(tmp_path):
    g = game(tmp_path, SPRING)
    assert g.state.stats["endurance"] == 16 and "source" not in g.state.items
    assert any(e.get("say", {}).get("en") == "You use it here: Source." for e in g.drain())


def test_a_take_list_offers_to_use_it_here(tmp_path):
    g = game(tmp_path, SPRING)
    assert [o.label.en for o in g.prompt().options] == ["Use here: Potion", "Arc", "Take nothing more"]
    g.answer("take:potion")
    assert g.state.stats["endurance"] == 20 and "potion" not in g.state.items and g.prompt().kind == "choice"


def test_the_1_1_workaround_gives_the_same_game(tmp_path):
    """Format 1.1 wrote the spring as its effects, and the potion as a choice."""
    old = """\
    paragraphs:
      1:
        text: Une source, et une potion sur une pierre.
        effects: [{add: {endurance: -6}}, {add: {endurance: 2}}]
        choices:
          - {text: Boire la potion, to: 1000, effects: [{add: {endurance: 4}}]}
          - {text: Prendre l'arc, to: 1000, effects: [{gain: arc}]}
          - {text: Rien, to: 1000}
      1000:
        text: Vous repartez.
        choices: [{text: Partir, to: 2}]
      2: {text: Fin., end: victory}
    """
    was = f12b_helpers.run(f12b_helpers.game(tmp_path, old, version="1.1", name="old.yaml"), ["1"])
    now = f12b_helpers.run(game(tmp_path, SPRING, name="new.yaml"), ["take:potion"])
    assert was == now


def test_bad_items_used_here_are_located(tmp_path):
    old = load(tmp_path, SPRING, version="1.1")
    assert where(old, "format-1-2") == (13, 26)   # the first: `source`'s use_here
    empty = f12b_helpers.load(tmp_path, SPRING, items=ITEMS + "  vide: {name: Vide, use_here: true}\n")
    assert where(empty, "use-here-shape") == (15, 3)
    assert "take-here" not in codes(load(tmp_path, SPRING))


def test_the_export_words_them(tmp_path):
    load(tmp_path, SPRING.replace("paragraphs:", "language: en\nparagraphs:", 1))
    out = tmp_path / "book.md"
    assert main(["export", "--format", "md", str(tmp_path / "livre.yaml"), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8").replace("\xa0", " ")
    assert ("use the item 'Source' here (gain 2 Stamina points); take up to 1 of the items 'Potion' and "
            "'Arc'; the item 'Potion' is used here (gain 4 Stamina points).") in text


ODDS = """\
paragraphs:
  1:
    text: Une potion sur une pierre, un arc contre un arbre.
    effects: [{add: {endurance: -6}}, {take: {choose: 1, from: [potion, arc]}}]
    choices: [{text: Partir, to: 2}]
  2:
    text: Le pont.
    auto: [{if: 'endurance >= 18', to: 3}, {to: 4}]
  3:
    text: Vous traversez à la nage.
    random: {dice: 1d6, outcomes: [{range: [1, 4], to: 5}, {range: [5, 6], to: 6}]}
  4:
    text: Vous traversez sur le pont branlant.
    random: {dice: 1d6, outcomes: [{range: [1, 2], to: 5}, {range: [3, 6], to: 6}]}
  5: {text: Sur l'autre rive., end: victory}
  6: {text: Perdu., end: death}
"""


def test_the_explorer_uses_it_here_exactly(tmp_path, capsys):
    """Stamina 20, 14 after the climb; the potion drunk where it lies gives 4: 18 swims across, won on 1-4
    of a die (2/3); the bow or nothing: the bridge, 1-2 (1/3).  Best play: 2/3."""
    load(tmp_path, ODDS)
    path = tmp_path / "livre.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("endurance: 20, chance: 9",
                                                             "endurance: 20, chance: 9, equipment: []"),
                    encoding="utf-8")
    assert main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["complete"] and report["errors"] == []
    assert abs(report["victory"]["low"] - 2 / 3) < 1e-12
