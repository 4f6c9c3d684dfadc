"""Format 1.1: a choice whose condition fails is hidden, or shown greyed with what it
asks for, as the author says per choice (`show:`) or for the book (`unmet_choices:`)."""
from __future__ import annotations

from .f11_helpers import codes, game, load, where

DOOR = """\
paragraphs:
  1:
    text: Une porte de bronze, un marchand.
    choices:
      - {text: Ouvrir la porte, to: 2, if: 'has("cle")'%s}
      - {text: Acheter la carte, to: 2, if: 'or >= 30'%s}
      - {text: "Passer (sans l'orbe)", to: 2, if: 'not possède("orbe") and nombre("fleche") > 2'%s}
      - {text: Partir, to: 2}
  2: {text: Fin., end: victory}
"""


def door(*shows: str, head: str = "") -> str:
    return head + DOOR % tuple(f", show: {s}" if s else "" for s in shows)


def labels(g, lang="fr"):
    return [(o.label.get(lang), o.enabled, o.reason.get(lang) if o.reason else None)
            for o in g.prompt().options]


def test_by_default_a_locked_choice_says_what_it_needs(tmp_path):
    g = game(tmp_path, door("", "", ""))   # (engine/game/needs.py, the player issue)
    reasons = [r for _, _, r in labels(g)]
    assert reasons[0] == "il faut l'objet « Clé de bronze »" and reasons[3] is None
    assert "condition non remplie" not in reasons[:3]


def test_greyed_says_no_more_than_that(tmp_path):
    g = game(tmp_path, door("greyed", "greyed", "greyed"))
    assert [r for _, _, r in labels(g)] == ["condition non remplie"] * 3 + [None]


def test_hidden_choices_are_not_listed_and_numbers_follow(tmp_path):
    g = game(tmp_path, door("hidden", "hidden", ""))
    assert [t for t, _, _ in labels(g)] == ["Passer (sans l'orbe)", "Partir"]
    g.answer("4")   # the key stays the choice's own: answers and saves do not shift
    assert g.state.ended == "victory"


def test_the_reason_says_what_the_condition_asks_for(tmp_path):
    g = game(tmp_path, door("reason", "reason", "reason"))
    assert [r for _, _, r in labels(g)][:3] == [
        "il vous faut : Clé de bronze", "il vous faut 30 Pièces d'Or", "il vous faut : ne pas avoir Orbe, 3 Flèche"]
    assert labels(g, "en")[1][2] == "you need 30 Gold Pieces"


def test_a_book_wide_default_and_a_choice_that_overrides_it(tmp_path):
    text = door("greyed", "", "", head="unmet_choices: hidden\n")
    g = game(tmp_path, text)
    assert [t for t, _, _ in labels(g)] == ["Ouvrir la porte", "Partir"]


def test_show_in_a_format_1_book_and_a_wrong_value(tmp_path):
    old = load(tmp_path, door("hidden", "", ""), version="1")
    assert "format-1-1" in codes(old) and where(old, "format-1-1")[0] == 17
    assert "schema" in codes(load(tmp_path, door("cachee", "", "")))


def test_the_graph_marks_hidden_and_once_only_choices(tmp_path, capsys):
    from engine.cli import main
    load(tmp_path, door("hidden", "", "").replace("{text: Partir, to: 2}", "{text: Partir, to: 2, once: true}"))
    assert main(["graph", "--lang", "en", str(tmp_path / "livre.yaml")]) == 0
    dot = capsys.readouterr().out
    # the four ways to 2 are one edge, a label a line (engine/analysis/graph.py, merged)
    assert '[if has(\\"cle\\")] (hidden)\\n' in dot and '\\nPartir (once)"' in dot
