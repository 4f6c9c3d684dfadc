"""The web front end's game API (engine/web/api.py): the REPL's session as JSON views."""
from __future__ import annotations

import json

import pytest

from engine.game.prompts import numbered
from engine.repl.messages import text
from engine.saves import store as saves
from engine.game.dice import parse_faces
from tests.web.helpers import CLOCHE, ROOT, pick, play_out, web
from tests.web.routes import couronne, replay, taureau, vennick


def test_a_whole_game_to_victory_in_both_languages(tmp_path):
    for lang in ("fr", "en"):
        w = web(lang=lang, root=tmp_path / lang)
        view = play_out(w, w.start())
        assert view["ended"] == "victory" and view["over"]
        assert text(lang, "end-victory", n=view["paragraph"]) in [row["text"] for row in view["lines"]]
        assert view["labels"]["save"] == ("Sauver" if lang == "fr" else "Save")
        json.dumps(view)   # every view is plain JSON


def test_the_options_are_the_prompts_numbered_options():
    w = web()
    view = w.start()
    shown = [(o["n"], o["label"], o["enabled"]) for o in view["prompt"]["options"]]
    assert shown == [(n, o.label.get("fr"), o.enabled) for n, o in numbered(w.game.prompt())]
    assert view["paragraph"] == w.game.state.paragraph == 1
    texts = [row["text"] for row in view["lines"]]
    assert text("fr", "hint") not in texts and "La Cloche de Brumesel" in texts   # (no "type 'aide'")


def test_a_fight_shows_both_camps_and_its_dice():
    w = web()
    view = w.start()
    for _ in range(60):
        if view["fight"]:
            break
        view = w.act({"do": "choose", "n": pick(view)["n"]})
    assert view["fight"]["you"] and view["fight"]["foes"]
    assert view["fight"]["foes"][0]["name"]
    view = w.act({"do": "choose", "n": pick(view)["n"]})
    assert any(row["style"] == "dice" for row in view["lines"])


def test_bad_actions_are_refused_with_the_repls_message():
    w = web(lang="en")
    w.start()
    for bad in ({}, {"do": "rm"}, {"do": "choose", "n": "1"}, {"do": "choose", "n": 10**12},
                {"do": "command", "name": "quit"}, {"do": "command", "name": "save", "arg": 5}, "x"):
        view = w.act(bad)
        assert view["lines"][0]["style"] == "error", bad
        assert view["lines"][0]["text"].startswith("Unknown command")
    assert w.game.state.paragraph == 1 and not w.session.finished
    view = w.act({"do": "choose", "n": 9})
    assert view["lines"][0]["style"] == "error" and "9" in view["lines"][0]["text"]


def test_switching_the_language_redraws_in_the_other_table():
    w = web()
    w.start()
    view = w.act({"do": "lang", "lang": "en"})
    assert view["lang"] == "en" and view["labels"]["undo"] == "Undo"
    assert w.game.lang == "en"
    assert view["prompt"]["options"]


def test_undo_history_and_a_jump_back_through_the_yes_no_question():
    w = web()
    view = w.start()
    for _ in range(3):
        view = w.act({"do": "choose", "n": pick(view)["n"]})
    here = view["paragraph"]
    assert len(view["history"]) >= 2
    view = w.act({"do": "command", "name": "history", "arg": "1"})
    assert view["question"] is True
    view = w.act({"do": "yes"})
    assert view["question"] is None and view["paragraph"] != here
    view = w.act({"do": "command", "name": "undo"})
    assert view["paragraph"] == here


def test_a_slot_saved_in_the_page_loads_in_the_terminal_and_back(tmp_path):
    from engine.lint.loader import load_book
    from engine.game import Game
    from engine.game.dice import SeededDice
    from engine.repl.session import Session
    w = web(root=tmp_path)
    view = w.start()
    for _ in range(3):
        view = w.act({"do": "choose", "n": pick(view)["n"]})
    view = w.act({"do": "command", "name": "save", "arg": "mine"})
    path = saves.SaveStore("la-cloche-de-brumesel", tmp_path).path("mine")
    assert view["lines"][0]["text"] == text("fr", "saved", slot="mine", path=path)
    assert "mine" in view["slots"]
    loaded = load_book(CLOCHE, use_cache=False)
    store = saves.SaveStore(loaded.book.id, tmp_path)
    repl = Session(Game(loaded.book, loaded.module, SeededDice(1)), store, "fr")
    repl.handle_line("charger mine")
    assert repl.game.state.paragraph == view["paragraph"]
    mine, theirs = w.game.state.to_json(), repl.game.state.to_json()
    for key in ("stats", "items", "flags", "visits", "pending", "dice"):
        assert theirs[key] == mine[key], key
    repl.handle_line("1")
    repl.handle_line("sauver term")
    other = web(root=tmp_path)
    assert other.start()["question"] is True   # the page's autosave offered back: a new game
    other.act({"do": "no"})
    view = other.act({"do": "command", "name": "load", "arg": "term"})
    assert view["paragraph"] == repl.game.state.paragraph


def test_the_game_is_autosaved_after_each_action_and_offered_back(tmp_path):
    w = web(root=tmp_path)
    view = w.start()
    view = w.act({"do": "choose", "n": pick(view)["n"]})
    again = web(root=tmp_path, seed=9)
    view2 = again.start()
    assert view2["question"] is True   # the REPL's "resume the game at §N?"
    view2 = again.act({"do": "yes"})
    assert view2["paragraph"] == view["paragraph"]


def test_notes_go_to_the_sheet():
    w = web()
    w.start()
    view = w.act({"do": "command", "name": "notes", "arg": "le   gué  est  profond"})
    assert view["notes"] == ["le gué est profond"]
    assert any("le gué est profond" in row["text"] for row in view["sheet"])


def test_a_puzzle_asks_for_its_number_in_the_amount_field():
    from engine.commands.serve import web_game
    from engine.game.dice import SeededDice
    from engine.game.presets import build
    from engine.lint.loader import load_book
    from tests.web.helpers import ROOT
    loaded = load_book(ROOT / "books" / "la-couronne-de-sel.yaml", use_cache=False)
    preset = build(loaded.book, loaded.module, "125", (), ())
    w = web_game(loaded, SeededDice(1), ("seed", {"seed": 1}), preset, "en", None, "couronne", offer=False)
    view = w.start()
    typed = [o for o in view["prompt"]["options"] if o["typed"]]
    assert len(typed) == 1 and view["paragraph"] == 125
    view = w.act({"do": "choose", "n": typed[0]["n"]})
    assert view["awaiting"]["n"] == typed[0]["n"] and view["awaiting"]["prompt"]
    view = w.act({"do": "amount", "value": 147})
    assert view["awaiting"] is None and view["paragraph"] == 147


@pytest.mark.parametrize("route", [taureau, couronne, vennick], ids=["taureau", "couronne", "vennick"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rule_tests_victories_through_the_pages_actions(tmp_path, route, lang):
    """le-taureau-d-airain and la-couronne-de-sel won with the rule tests' forced dice,
    by the page's actions (numbered options, the amount field, the rules' commands)."""
    won = route()
    w = web(won.book, faces=parse_faces(won.dice), lang=lang, root=tmp_path)
    view = replay(w, won, w.start())
    assert (view["ended"], view["over"], view["commands"]) == ("victory", True, [])
    assert text(lang, "end-victory", n=view["paragraph"]) in [row["text"] for row in view["lines"]]


def test_the_rules_commands_are_offered_and_taken_by_their_names():
    w = web(ROOT / "books" / "le-taureau-d-airain.yaml", lang="en")
    view = w.start()
    # the Oracle, sent by its English name; Zeus only where the text allows it
    assert view["commands"] == [{"name": "oracle", "label": "oracle", "help":
                                 "consult the Oracle (go to this paragraph + 20, when its number is in italics)"}]
    view = w.act({"do": "command", "name": "oracle", "arg": ""})
    assert view["paragraph"] == 1
    assert view["lines"] == [{"style": "error", "text": "Refused: you consult the Oracle, but it stays silent"}]
    refused = w.act({"do": "command", "name": "manger", "arg": ""})   # no command of this module
    assert refused["lines"][0]["style"] == "error" and "Unknown command" in refused["lines"][0]["text"]
    assert web().start()["commands"] == []   # la-cloche-de-brumesel's rules add none
