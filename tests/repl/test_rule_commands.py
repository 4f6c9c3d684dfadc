"""Issue 13.2 and 13.4: Zeus helps once whatever is typed; after a rule command the
choices are shown again."""
from __future__ import annotations

from engine.saves import store as saves
from engine.game.dice import ScriptedDice, SeededDice
from engine.game import Game
from engine.lint.loader import load_book
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


def test_the_paragraph_says_where_zeus_may_be_called(tmp_path):
    s = at(tmp_path, 21)
    text = str(s.handle_line("1"))   # down to the cellar, paragraph 22
    assert "Ici, vous pouvez invoquer Zeus" in text
    s.handle_line("zeus 4")
    assert "Ici, vous pouvez invoquer Zeus" not in str(s.handle_line("relire"))   # once only


def test_italic_numbers_marked_only_when_asked(tmp_path):
    oracle = next(n for n, p in load_book(TAUREAU, use_cache=False).book.paragraphs.items()
                  if p.fields.get("oracle"))
    s = at(tmp_path, oracle)
    assert f"— {oracle} —" in str(s.handle_line("relire"))
    s.mark_italics = True
    assert f"— *{oracle}* —" in str(s.handle_line("relire"))
    s = at(tmp_path, 22)
    s.mark_italics = True
    assert "— 22 —" in str(s.handle_line("relire"))


def test_a_wrong_oracle_costs_nothing(tmp_path):
    s = at(tmp_path, 22)
    before = dict(s.game.state.stats)
    assert "il reste muet" in str(s.handle_line("oracle"))
    assert s.game.state.stats == before and s.game.state.paragraph == 22
