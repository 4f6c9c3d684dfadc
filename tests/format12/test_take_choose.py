"""Format 1.2 taking up to N of a list (`take: {choose: 2, from: [...]}`) and the
restore points of the equipment (`store: name`, `restore: name`), issue 31 item 7."""
from __future__ import annotations

import json

from engine.cli import main

from .f12b_helpers import codes, game, load, printed, refuses, run, where

RACK = """\
paragraphs:
  1:
    text: Un râtelier d'armes.
    effects: [{take: {choose: 2, from: [arc, orbe, cle]}}, {add: {or: -1}}]
    choices: [{text: Partir, to: 2}]
  2:
    text: Les gardes vous jettent en cellule.
    effects: [{store: cellule}]
    choices: [{text: S'évader, to: 3}]
  3:
    text: Vous retrouvez vos affaires dans la salle des gardes.
    effects: [{restore: cellule}]
    choices: [{text: Sortir, to: 4}]
  4: {text: Dehors., end: victory}
"""


def test_the_player_takes_up_to_n_then_the_paragraph_goes_on(tmp_path):
    g = game(tmp_path, RACK)
    prompt = g.prompt()
    assert prompt.kind == "take" and prompt.title.en == "Take what you want (2 at most)"
    assert [o.label.fr for o in prompt.options] == ["Arc", "Orbe", "Clé de bronze", "Ne rien prendre de plus"]
    assert g.state.stats["or"] == 15   # the effects after the take wait for it
    g.answer("take:orbe")
    assert [o.key for o in g.prompt().options] == ["take:arc", "take:cle", "take-done"]
    g.answer("take:cle")
    assert g.prompt().kind == "choice" and g.state.items["orbe"] == 1 and g.state.items["cle"] == 1
    assert g.state.stats["or"] == 14


def test_taking_nothing_more_ends_the_taking(tmp_path):
    g = game(tmp_path, RACK)
    g.answer("take:arc")
    g.answer("take-done")
    assert g.prompt().kind == "choice" and "orbe" not in g.state.items and g.state.items["arc"] == 1


def test_a_take_on_a_choice_moves_once_done(tmp_path):
    body = RACK.replace("    effects: [{take: {choose: 2, from: [arc, orbe, cle]}}, {add: {or: -1}}]\n"
                        "    choices: [{text: Partir, to: 2}]",
                        "    choices: [{text: Se servir, to: 2, effects: [{take: {choose: 1, from: [arc]}}]}]")
    g = game(tmp_path, body)
    g.answer("1")
    assert g.state.paragraph == 1 and g.prompt().kind == "take"
    g.answer("take:arc")
    assert g.state.paragraph == 2 and "arc" not in g.state.items   # stored with the rest
    assert g.state.extra["stored"]["cellule"]["arc"] == 1


def test_store_takes_everything_away_and_restore_gives_it_back(tmp_path):
    g = game(tmp_path, RACK)
    g.answer("take:orbe")
    g.answer("take-done")
    held = dict(g.state.items)
    g.answer("1")
    assert g.state.items == {} and g.state.extra["stored"] == {"cellule": held}
    assert any(e.get("say", {}).get("en") == "Your equipment is taken from you." for e in g.drain())
    g.answer("1")
    assert dict(g.state.items) == held and "stored" not in g.state.extra
    assert g.state.extra["weapon"] == "epee"   # the sword is in hand again (the module's after_change)


def test_a_game_saved_while_taking_or_with_stored_equipment_resumes(tmp_path):
    from engine.saves.store import check, restore, snapshot
    g = game(tmp_path, RACK)
    obj = snapshot(g)
    assert obj["pending"]["activity"] == "take" and check(g.book, g.module, obj) == []
    g.answer("take-done")
    g.answer("1")
    again, warnings = restore(g.book, g.module, json.loads(json.dumps(snapshot(g))))
    assert warnings == []
    again.answer("1")
    assert again.state.items["epee"] == 1


def test_the_1_1_workaround_gives_the_same_games(tmp_path):
    """Format 1.1 wrote "take two of three" as a paragraph per pick and the prison
    as lose/gain of every item the hero may hold there."""
    old = """\
    paragraphs:
      1:
        text: Un râtelier d'armes.
        choices:
          - {text: Prendre l'orbe, to: 1000, effects: [{gain: orbe}]}
          - {text: Ne rien prendre, to: 1001}
      1000:
        text: Encore un ?
        choices:
          - {text: Prendre la clé, to: 1001, effects: [{gain: cle}]}
          - {text: Ne rien prendre de plus, to: 1001}
      1001:
        text: Vous partez.
        effects: [{add: {or: -1}}]
        choices: [{text: Partir, to: 2}]
      2:
        text: Les gardes vous jettent en cellule.
        effects: [{flag: epee-gardee}, {lose: [epee, balluchon, orbe, cle]}]
        choices: [{text: S'évader, to: 3}]
      3:
        text: Vous retrouvez vos affaires dans la salle des gardes.
        effects: [{gain: [epee, balluchon]}]
        choices: [{text: Sortir, to: 4}]
      4: {text: Dehors., end: victory}
    """
    was = run(game(tmp_path, old, version="1.1", name="old.yaml"), ["1", "1"])
    now = run(game(tmp_path, RACK, name="new.yaml"), ["take:orbe", "take:cle"])
    assert was["ended"] == now["ended"] == "victory" and was["stats"] == now["stats"]
    assert {k: v for k, v in was["items"].items()} == {"epee": 1, "balluchon": 1}
    assert now["items"] == {"epee": 1, "balluchon": 1, "orbe": 1, "cle": 1}   # 1.1 lost what it could not list


def test_bad_takes_and_restores_are_located(tmp_path):
    old = load(tmp_path, RACK, version="1.1")
    assert where(old, "format-1-2") == (16, 16) and codes(old).count("format-1-2") == 3
    assert where(load(tmp_path, RACK.replace("from: [arc, orbe, cle]", "from: [arc, orb, cle]")),
                 "unknown-item") == (16, 46)
    assert where(load(tmp_path, RACK.replace("{restore: cellule}", "{restore: celule}")), "restore-unknown") == (24, 25)
    assert "schema" in codes(load(tmp_path, RACK.replace("choose: 2", "choose: 0")))
    assert "schema" in codes(load(tmp_path, RACK.replace("{store: cellule}", "{store: Cellule 1}")))
    outcome = RACK.replace("    choices: [{text: Partir, to: 2}]\n",
                           "    random: {dice: 1d6, outcomes: [{range: [1, 6], to: 2, effects: "
                           "[{take: {choose: 1, from: [arc]}}]}]}\n")
    assert "take-here" in codes(load(tmp_path, outcome))
    assert "never-granted" not in codes(load(tmp_path, RACK.replace("choices: [{text: Sortir, to: 4}]",
                                                                    "choices: [{text: Sortir, to: 4, if: 'has(\"arc\")'}]")))


def test_the_export_words_them(tmp_path):
    text = printed(tmp_path, RACK)
    assert "Prenez au plus 2 objets parmi les objets « Arc », « Orbe » et « Clé de bronze »" in text
    assert "Rayez tout votre équipement et recopiez-le dans la case « cellule »." in text
    assert "Reprenez l'équipement recopié dans la case « cellule »." in text
    text = printed(tmp_path, RACK, "en")
    assert "Take up to 2 of the items 'Arc', 'Orbe' and 'Clé de bronze'" in text
    assert "Cross off all your equipment and copy it into the box 'cellule'." in text
    assert "Take back the equipment copied into the box 'cellule'." in text


ODDS = """\
paragraphs:
  1:
    text: Un râtelier.
    effects: [{take: {choose: 1, from: [arc, orbe]}}]
    choices: [{text: Partir, to: 2}]
  2:
    text: La cellule.
    effects: [{store: cellule}]
    choices:
      - {text: Briser les barreaux avec l'orbe, to: 6, if: 'has("orbe")'}
      - {text: Attendre, to: 3}
  3:
    text: La salle des gardes.
    effects: [{restore: cellule}]
    auto: [{if: 'has("orbe")', to: 4}, {to: 5}]
  4:
    text: Le pont.
    random: {dice: 1d6, outcomes: [{range: [1, 4], to: 6}, {range: [5, 6], to: 7}]}
  5:
    text: Le gué.
    random: {dice: 1d6, outcomes: [{range: [1, 2], to: 6}, {range: [3, 6], to: 7}]}
  6: {text: Libre., end: victory}
  7: {text: Noyé., end: death}
"""


def test_the_explorer_takes_stores_and_restores_exactly(tmp_path, capsys):
    """Taking the orb: in the cell it is stored away (the bars stay whole: the way to 6
    is closed), it comes back in the guard room and leads to the bridge, won on 1-4 of
    a die (2/3); the bow or nothing lead to the ford, 1-2 (1/3).  Best play: 2/3 (1.0
    if `store` left the orb, 1/3 if `restore` lost it)."""
    load(tmp_path, ODDS)
    assert main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", str(tmp_path / "livre.yaml")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["complete"] and report["errors"] == []
    assert abs(report["victory"]["low"] - 2 / 3) < 1e-12 and report["victory"]["high"] == report["victory"]["low"]


def test_the_language_server_completes_takes_sales_and_restores():
    from engine.lsp.state import analyse
    from tests.lsp.books import DF
    from tests.lsp.test_units import labels
    book = DF.replace("gamebook: 1\n", "gamebook: 1.2\n").replace(
        "    effects: [{gain: cle}]", "    effects: [{gain: cle}, {store: coffre}]")
    snap = analyse("x", book)
    text = book.replace("{store: coffre}]", "{store: coffre}, {take: {choose: 1, from: []}}, {restore: }, {sell: {}}]")
    assert labels(snap, text, "from: [", 7) == {"epee", "cle"}
    assert labels(snap, text, "{restore: ", 10) == {"coffre"}
    assert labels(snap, text, "{sell: {", 8) == {"epee", "cle"}


def test_a_take_refuses_what_is_not_offered(tmp_path):
    g = game(tmp_path, RACK)
    assert refuses(g, ("take:fleche", "sell:arc", "take"))
    assert "fleche" not in g.state.items and g.prompt().kind == "take"
