"""Format 1.1: "give up one item of your choice" (`give_up:`): the player picks from
what they carry, then the paragraph or the choice goes on; bad uses are located."""
from __future__ import annotations

import json

from engine.cli import main

from .f11_helpers import codes, game, load, where

TOLL_11 = """\
paragraphs:
  1:
    text: Le péage. Le garde exige un objet de votre choix, puis vous fouille.
    effects: [{gain: arc}, {give_up: {count: 1, except: [epee]}}, {add: {or: -1}}]
    choices: [{text: Passer, to: 2}]
  2: {text: Fin., end: victory}
"""


def test_the_player_picks_what_to_give_up_then_the_paragraph_goes_on(tmp_path):
    g = game(tmp_path, TOLL_11)
    prompt = g.prompt()
    assert prompt.kind == "give-up" and prompt.title.fr == "Abandonnez un objet de votre choix"
    assert [o.label.fr for o in prompt.options] == ["Balluchon", "Arc"]   # not the sword
    assert g.state.stats["or"] == 15   # the effects after the give-up wait for it
    g.answer("give:arc")
    assert "arc" not in g.state.items and g.state.stats["or"] == 14
    assert [o.label.fr for o in g.prompt().options] == ["Passer"]


def test_a_give_up_on_a_choice_moves_once_done(tmp_path):
    body = """\
    paragraphs:
      1:
        text: Le passeur.
        choices: [{text: Payer d'un objet, to: 2, effects: [{give_up: 1}]}]
      2: {text: Fin., end: victory}
    """
    g = game(tmp_path, body)
    g.answer("1")
    assert g.state.paragraph == 1 and g.prompt().kind == "give-up"
    g.answer("give:epee")
    assert g.state.ended == "victory" and "epee" not in g.state.items


def test_nothing_to_give_is_said_and_the_game_goes_on(tmp_path):
    body = TOLL_11.replace("{gain: arc}, ", "{lose: [epee, balluchon]}, ")
    g = game(tmp_path, body)
    assert g.prompt().kind == "choice"
    assert any(e["type"] == "give-up" and e["say"]["en"] == "You have nothing to give up." for e in g.drain())


def test_bad_give_ups_are_located(tmp_path):
    every = load(tmp_path, TOLL_11.replace("except: [epee]", "except: [epee, balluchon, arc, orbe, cle, fleche]"))
    assert "give-up-nothing" in codes(every) and where(every, "give-up-nothing")[0] == 16
    assert "unknown-item" in codes(load(tmp_path, TOLL_11.replace("except: [epee]", "except: [epe]")))
    assert "schema" in codes(load(tmp_path, TOLL_11.replace("count: 1", "count: 0")))
    assert "format-1-1" in codes(load(tmp_path, TOLL_11, version="1"))
    outcome = TOLL_11.replace("    choices: [{text: Passer, to: 2}]\n",
                              "    random: {dice: 1d6, outcomes: [{range: [1, 6], to: 2, effects: [{give_up: 1}]}]}\n")
    assert "give-up-here" in codes(load(tmp_path, outcome))


def test_the_explorer_gives_up_each_item(tmp_path, capsys):
    load(tmp_path, TOLL_11)
    assert main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", str(tmp_path / "livre.yaml")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["complete"] and report["errors"] == [] and report["victory"]["low"] == 1.0


def test_a_game_saved_while_giving_up_resumes(tmp_path):
    from engine.saves.store import check, snapshot
    g = game(tmp_path, TOLL_11)
    obj = snapshot(g)
    assert obj["pending"]["activity"] == "give-up"
    assert check(g.book, g.module, obj) == []   # accepted, no warning
