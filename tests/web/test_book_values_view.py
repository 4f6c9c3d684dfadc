"""The web page's `chances` view (the REPL's `odds` command, engine/web/api.py) says the
best move for finishing the book when `explore --exhaustive` kept the book's values.
The figures (75 % against 7/12 = 58.33 %) are worked out in tests/analysis/test_book_values.py."""
from __future__ import annotations

from pathlib import Path

from engine.analysis.explore.report import exhaustive
from engine.lint.loader import load_book
from tests.web.helpers import web

BOOK = Path(__file__).resolve().parents[1] / "analysis" / "books" / "book-values.yaml"


def test_the_odds_button_shows_the_best_move_for_the_book(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    loaded = load_book(BOOK, use_cache=False)
    exhaustive(loaded.book, loaded.module, sheet=1, keep=True)
    w = web(BOOK, seed=1, lang="en")
    w.start()
    view = w.act({"do": "command", "name": "odds"})
    texts = [row["text"] for row in view["lines"]]
    assert "Best for finishing the book: Suivre la piste du loup, 75.00% against 58.33%" in texts
