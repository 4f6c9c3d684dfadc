"""The hover on a paragraph's number with the book's values kept by `gamebook explore
--exhaustive` (engine/lsp/hover.py `kept_values`): its best-play chance, and "doomed"
where no way leads to a victory any more; nothing new when no values are kept.
The figures of tests/analysis/books/book-values.yaml are worked out in
tests/analysis/test_book_values.py (§ 2, the wolf: 3/4; § 6, the marsh: doomed)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.analysis.explore.report import exhaustive
from engine.lint.loader import load_book
from engine.lsp import hover
from engine.lsp.state import analyse

BOOK = Path(__file__).resolve().parents[1] / "analysis" / "books" / "book-values.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    hover._VALUES.clear()
    yield
    hover._VALUES.clear()


def _hover(text: str, number: int) -> str | None:
    snap = analyse("file:///book.yaml", text, "/somewhere/else/book.yaml")
    line = next(i for i, x in enumerate(text.splitlines()) if x.startswith(f"  {number}:"))
    found = hover.hover(snap, snap.lines, line, 2)
    return None if found is None else found.contents.value


def test_a_paragraph_says_its_chance_and_a_doomed_one_says_so(cache):
    loaded = load_book(BOOK, use_cache=False)
    exhaustive(loaded.book, loaded.module, sheet=1, keep=True)
    text = BOOK.read_text(encoding="utf-8")
    two = _hover(text, 2)
    assert "Chances de finir le livre en jouant au mieux (personnage de la graine 1) : jusqu'à 75,00 %" in two
    assert "Sur la meilleure route : 75,00 %" in two and "Condamné" not in two
    six = _hover(text, 6)
    assert "jusqu'à 0,00 %" in six
    assert "**Condamné** : plus aucun chemin vers la victoire d'ici en jouant au mieux" in six


def test_english_book_english_words(cache, tmp_path):
    english = tmp_path / "book.yaml"
    english.write_text(BOOK.read_text(encoding="utf-8").replace("language: fr", "language: en"), encoding="utf-8")
    loaded = load_book(english, use_cache=False)
    exhaustive(loaded.book, loaded.module, sheet=1, keep=True)
    six = _hover(english.read_text(encoding="utf-8"), 6)
    assert "Best-play chance of finishing the book (character of seed 1): up to 0.00%" in six
    assert "**Doomed**: no way to victory from here under best play" in six


def test_no_values_no_new_hover(cache):
    text = BOOK.read_text(encoding="utf-8")
    assert _hover(text, 6) is None
    edited = text.replace("habilete: 7, endurance: 2", "habilete: 8, endurance: 2")
    loaded = load_book(BOOK, use_cache=False)
    exhaustive(loaded.book, loaded.module, sheet=1, keep=True)
    assert _hover(edited, 6) is None   # the values of the book before the edit are not its own


def test_the_values_kept_by_the_compiled_path_give_the_same_hover(cache):
    from engine.analysis.compiled.report import compiled_report
    loaded = load_book(BOOK, use_cache=False)
    assert compiled_report(loaded.book, loaded.module, 10_000, sheet=1, keep=True)["values"]
    text = BOOK.read_text(encoding="utf-8")
    two = _hover(text, 2)
    assert "Chances de finir le livre en jouant au mieux (personnage de la graine 1) : jusqu'à 75,00 %" in two
    assert "Sur la meilleure route : 75,00 %" in two and "Condamné" not in two
    assert "**Condamné** : plus aucun chemin vers la victoire d'ici en jouant au mieux" in _hover(text, 6)


def test_the_default_command_keeps_the_values_the_hover_reads(cache, capsys):
    from engine.cli import main
    assert main(["explore", str(BOOK), "--exhaustive", "--sheet", "1", "--format", "json"]) == 0
    import json
    assert json.loads(capsys.readouterr().out)["path"] == "compiled"
    assert "Sur la meilleure route : 75,00 %" in _hover(BOOK.read_text(encoding="utf-8"), 2)
