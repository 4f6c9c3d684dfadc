"""`gamebook odds BOOK` and live_odds with a tiny fixture rule module."""
import json
from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.book_odds import book_rows
from engine.analysis.live import live_odds, live_text
from engine.rules.defis_fantastiques.odds_solver import ff_fight
from engine.cli import main
from engine.game.dice import ScriptedDice, SeededDice
from engine.game import Game
from engine.lint.loader import load_book

BOOK = Path(__file__).parent / "fixtures" / "odds-book.yaml"


@pytest.fixture(autouse=True)
def _odds_rules(monkeypatch):
    from engine.rules import registry
    monkeypatch.setitem(registry.BUILTINS, "odds-fixture", "tests.analysis.fixtures.odds_rules:MODULE")
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")


def loaded():
    result = load_book(BOOK, use_cache=False)
    assert result.ok, result.diagnostics
    return result


def test_rows_cover_combats_only_with_exact_average():
    book = loaded()
    rows = book_rows(book.book, book.module)
    assert [(r.paragraph, r.opponents) for r in rows] == [(1, "Gobelin"), (2, "Orque, Grand orque")]
    first = rows[0].win
    assert first["typical"] == ff_fight((10, 20), [(8, 8)]).win
    assert first["weakest"] == ff_fight((7, 14), [(8, 8)]).win
    assert first["strongest"] == ff_fight((12, 24), [(8, 8)]).win
    mean = sum(ff_fight((k, s), [(8, 8)]).win for k in range(7, 13) for s in (14, 24)) / 12
    assert first["average"] == mean
    assert rows[1].win["typical"] == ff_fight((10, 20), [(7, 6), (9, 5)], mode="one-by-one").win


def test_book_command_text_and_json(capsys):
    assert main(["odds", str(BOOK), "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "typical" in text and "weakest" in text and "average" in text and "Gobelin" in text
    assert main(["odds", str(BOOK), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["paragraph"] == 1
    assert Fraction(rows[0]["win_exact"]["typical"]) == ff_fight((10, 20), [(8, 8)]).win


def test_book_with_errors_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(BOOK.read_text(encoding="utf-8").replace("win: 2}", "win: 99}"), encoding="utf-8")
    assert main(["odds", str(bad), "--lang", "en"]) == 1
    assert "99" in capsys.readouterr().err


def test_live_odds_follow_the_fight():
    book = loaded()
    game = Game(book.book, book.module, ScriptedDice([6, 6, 1, 1]), lang="en")
    assert live_odds(game) == ff_fight((10, 20), [(8, 8)])
    game.answer("attack")  # 12 + 10 against 2 + 8: the goblin loses 2
    assert live_odds(game) == ff_fight((10, 20), [(8, 6)])
    assert "Win:" in live_text(game, "en") and "Victoire" in live_text(game, "fr")


def test_live_odds_none_without_a_fight():
    book = loaded()
    game = Game(book.book, book.module, SeededDice(3), lang="fr")
    while game.state.pending:
        game.answer("attack")
    assert live_odds(game) is None
    assert "Pas de combat" in live_text(game, "fr")
