"""`chances` with the book's values kept (engine/analysis/book_values.py): the best move
for finishing the book beside the fight-only advice, in French and English; without
values, one line saying how to get them, once a session.

The figures of tests/analysis/books/book-values.yaml are worked out by hand in
tests/analysis/test_book_values.py: § 1, the wolf's track 75 %, the ford 7/12 =
58.33 %; at the wolf, fighting 75 %, escaping 0 % for the book (though it leaves the
fight alive for sure, which the fight-only advice prefers).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.analysis.explore.report import exhaustive
from engine.game import Game
from engine.game.dice import SeededDice
from engine.lint.loader import load_book
from engine.repl.session import Session
from engine.saves import store as saves

BOOK = Path(__file__).resolve().parents[1] / "analysis" / "books" / "book-values.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))


def _compiled(book, module, sheet, keep):
    """The values kept by `explore --exhaustive --compiled` (compiled/keep.py)."""
    from engine.analysis.compiled.report import compiled_report
    return compiled_report(book, module, 10_000, sheet=sheet, keep=keep)


def _session(tmp_path, lang, explored=True, explorer=exhaustive) -> Session:
    loaded = load_book(BOOK, use_cache=False)
    if explored:
        assert explorer(loaded.book, loaded.module, sheet=1, keep=True)["values"]
    game = Game(loaded.book, loaded.module, SeededDice(1), lang=lang)
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path / "saves"), lang, width=200,
                   book_ref="book-values.yaml")


def test_english_the_best_move_for_the_book_at_a_choice_and_in_a_fight(cache, tmp_path):
    s = _session(tmp_path, "en")
    text = str(s.handle_line("odds"))
    assert "No fight in progress" not in text
    assert "  Suivre la piste du loup: 75.00%" in text and "  Passer le gué: 58.33%" in text
    assert "Best for finishing the book: Suivre la piste du loup, 75.00% against 58.33%" in text
    s.handle_line("1")
    text = str(s.handle_line("odds"))
    assert "Best decision: Escape" in text   # this fight only: escaping survives it for sure
    assert "Best for finishing the book: fight without testing your Luck, 75.00% against 0.00%" in text
    assert "  Escape: 0.00%" in text


def test_the_values_kept_by_the_compiled_path_give_the_same_advice(cache, tmp_path):
    s = _session(tmp_path, "en", explorer=_compiled)
    text = str(s.handle_line("odds"))
    assert "  from here: 75.00%" in text
    assert "Best for finishing the book: Suivre la piste du loup, 75.00% against 58.33%" in text
    s.handle_line("1")
    text = str(s.handle_line("odds"))
    assert "Best for finishing the book: fight without testing your Luck, 75.00% against 0.00%" in text


def test_french_the_same_advice_in_french_words(cache, tmp_path):
    s = _session(tmp_path, "fr")
    text = str(s.handle_line("chances"))
    assert "Meilleur pour finir le livre : Suivre la piste du loup, 75,00 % contre 58,33 %" in text
    s.handle_line("1")
    text = str(s.handle_line("chances"))
    assert "Meilleure décision : Fuyez" in text   # ce combat seulement
    assert ("Meilleur pour finir le livre : combattre sans tenter votre Chance, 75,00 % contre 0,00 %"
            in text)


def test_without_values_one_line_says_how_to_get_them_once(cache, tmp_path):
    s = _session(tmp_path, "en", explored=False)
    hint = "To know which move is best for finishing the book: gamebook explore book-values.yaml --exhaustive --sheet 1 --max-states 10000000 --timeout 3600"
    assert hint in str(s.handle_line("odds"))
    s.handle_line("1")
    text = str(s.handle_line("odds"))
    assert "Win:" in text and hint not in text and "finishing the book" not in text


def test_asking_changes_nothing(cache, tmp_path):
    s = _session(tmp_path, "en")
    s.handle_line("1")
    before = s.game.state.to_json()
    s.handle_line("odds")
    assert s.game.state.to_json() == before


def test_a_cretan_fight_keeps_honour_for_the_book(cache, tmp_path):
    """cc-duels: two wolves, then a soldier.  For this fight only, spending Honour now
    is best; for the book, keeping some for the soldier is: the advice names the
    strategy the exhaustive report's best route takes, with its exact value."""
    from engine.analysis.render import share
    path = Path(__file__).resolve().parents[1] / "analysis_fixtures" / "books" / "cc-duels.yaml"
    loaded = load_book(path, use_cache=False)
    report = exhaustive(loaded.book, loaded.module, sheet=1, keep=True)
    first = report["best_route"][0]
    assert first["paragraph"] == 1 and first["move"].startswith("~honour-keep-")
    kept = first["move"].rsplit("-", 1)[1]
    game = Game(loaded.book, loaded.module, SeededDice(1), lang="en")
    s = Session(game, saves.SaveStore(loaded.book.id, tmp_path / "saves"), "en", width=200)
    text = str(s.handle_line("odds"))
    best = share(first["odds"]["value"], "en").strip()
    assert f"Best for finishing the book: fight keeping {kept} Honour points, {best} against" in text
    assert f"  from here: {best}" in text
    assert "These odds are for this fight only" in text   # the fight-only figures stay


def test_the_default_command_keeps_the_values_chances_reads(cache, tmp_path, capsys):
    """`gamebook explore --exhaustive --sheet 1`, with no option: the compiled path keeps the
    values, and play's advice reads them."""
    from engine.cli import main
    assert main(["explore", str(BOOK), "--exhaustive", "--sheet", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert ": compiled path" in out and "Values kept for 'odds' in play and the editor's hover: " in out
    s = _session(tmp_path, "en", explored=False)
    text = str(s.handle_line("odds"))
    assert "Best for finishing the book: Suivre la piste du loup, 75.00% against 58.33%" in text
