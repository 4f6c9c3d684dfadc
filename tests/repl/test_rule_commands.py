"""Issue 13.2 and 13.4: Zeus helps once whatever is typed; after a rule command the
choices are shown again."""
from __future__ import annotations

from engine import saves
from engine.dice import ScriptedDice, SeededDice
from engine.game import Game
from engine.loader import load_book
from engine.repl.session import Session
from pathlib import Path

TAUREAU = Path(__file__).resolve().parents[2] / "books" / "le-taureau-d-airain.yaml"


def at(tmp_path, number: int, faces=(), lang="fr") -> Session:
    loaded = load_book(TAUREAU, use_cache=False)
    game = Game(loaded.book, loaded.module, ScriptedDice(list(faces), then=SeededDice(1)), lang=lang)
    game.goto(number)
    game.drain()
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path), lang, width=200)


def honour(s) -> int:
    return s.game.state.stats["honneur"]


def test_bare_zeus_shows_his_menu_numbered_as_the_rules(tmp_path):
    s = at(tmp_path, 22)
    text = str(s.handle_line("zeus"))
    assert "Invoquer Zeus" in text
    assert "1. Zeus vous ressuscite (impossible : seulement à votre mort)" in text
    assert "2. Zeus vous accorde" in text and "5. Renoncer" in text


def test_zeus_twice_through_menu_and_command_is_refused(tmp_path):
    s = at(tmp_path, 22, faces=[5, 1])
    start = honour(s)
    s.handle_line("zeus")
    s.handle_line("zeus 2")
    assert honour(s) == start + 5
    for line in ("zeus 2", "zeus", "zeus 4", "zeus 3"):
        s.handle_line(line)
        assert honour(s) == start + 5, line
    assert s.game.state.pending is None and s.game.state.paragraph == 22


def test_zeus_menu_then_answer_then_command_is_refused(tmp_path):
    s = at(tmp_path, 22, faces=[3, 6])
    start = honour(s)
    s.handle_line("zeus")
    s.handle_line("2")
    assert honour(s) == start + 3
    assert "une seule fois" in str(s.handle_line("zeus 2"))
    assert honour(s) == start + 3


def test_choices_shown_again_after_a_rule_command(tmp_path):
    s = at(tmp_path, 22, faces=[3])
    text = str(s.handle_line("zeus 2"))
    assert "Honneur" in text and "1. Descendre l'escalier" in text
