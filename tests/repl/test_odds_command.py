"""The REPL's `chances` / `odds` command: exact odds during a fight, and only then."""
from __future__ import annotations

from pathlib import Path

from engine.saves import store as saves
from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book
from engine.repl.session import Session

BOOK = Path(__file__).resolve().parents[2] / "books" / "le-taureau-d-airain.yaml"


def _session(tmp_path, lang):
    loaded = load_book(BOOK, use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(3), lang=lang)
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path), lang, width=80)


def _text(out) -> str:
    return str(out)


def test_odds_outside_a_fight_says_there_is_nothing_to_analyse(tmp_path):
    s = _session(tmp_path, "fr")
    assert "Pas de combat en cours" in _text(s.handle_line("chances"))
    s = _session(tmp_path, "en")
    assert "No fight in progress" in _text(s.handle_line("odds"))


def test_odds_during_a_fight_give_exact_chances_and_the_best_decision(tmp_path):
    s = _session(tmp_path, "en")
    for line in ("2", "1", "2", "2", "2"):     # patron, village, help, onwards, mountain path
        s.handle_line(line)
    assert s.game.state.pending and s.game.state.pending["activity"] == "combat"
    before = s.game.state.to_json()
    text = _text(s.handle_line("odds"))
    win = float(text.split("Win:")[1].split("%")[0].strip().replace(",", "."))
    lose = float(text.split("Lose:")[1].split("%")[0].strip().replace(",", "."))
    assert abs(win + lose - 100) < 0.02 and 0 < win < 100
    assert "Best decision: Spend" in text
    assert s.game.state.to_json() == before      # asking costs nothing
