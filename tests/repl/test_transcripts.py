"""Issue 13, the French (and English) pass: whole games of each bundled book, played
through the REPL session by taking the first (or the last) open choice (Enter where the prompt
has a default), read line by line: no line printed twice in a row, no "−0", no "(s)"."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.saves import store as saves
from engine.game.dice import SeededDice
from engine.game import Game
from engine.game.prompts import numbered
from engine.lint.loader import load_book
from engine.repl.session import Session

BOOKS = Path(__file__).resolve().parents[2] / "books"
WRONG = [("−0", re.compile(r"[−-]0(?![\d,])")), ("(s)", re.compile(r"\w\(s\)")),
         ("assaut(s)", re.compile(r"assaut\(s\)"))]


def transcript(tmp_path, book: str, lang: str, seed: int, pick: int = 0, steps: int = 250) -> list[str]:
    """The game's lines, taking the `pick`-th open choice (0 the first, -1 the last)."""
    loaded = load_book(BOOKS / book, use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(seed), lang=lang)
    s = Session(game, saves.SaveStore(loaded.book.id, tmp_path), lang, width=100)
    lines = [row[1] for row in s.start().rows]
    for _ in range(steps):
        if game.state.ended:
            break
        question = game.prompt()
        opened = [n for n, o in numbered(question) if o.enabled]   # (the numbers shown)
        if not opened:
            break
        line = "" if question.default else str(opened[pick])
        lines += [row[1] for row in s.handle_line(line).rows]
    return lines


def repeats(lines: list[str]) -> list[str]:
    return [b for a, b in zip(lines, lines[1:]) if a == b and b.strip()]


@pytest.mark.parametrize("book", ["la-cloche-de-brumesel.yaml", "le-taureau-d-airain.yaml"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_game_reads_right(tmp_path, book, lang):
    for seed, pick in ((1, 0), (2, 0), (3, -1), (4, -1)):
        lines = transcript(tmp_path / str(seed), book, lang, seed, pick)
        assert len(lines) > 40   # a game, not a banner
        assert repeats(lines) == []
        for name, pattern in WRONG:
            assert [x for x in lines if pattern.search(x)] == [], name
        if lang == "en":   # no French left in the engine's own messages (the book's text is French)
            assert not [x for x in lines if x.startswith(("Refusé", "Dés ", "Combat contre", "Honneur à"))]


def test_the_checks_can_fail():
    assert repeats(["a", "b", "b", "", ""]) == ["b"]
    assert WRONG[0][1].search("Endurance −0") and not WRONG[0][1].search("−0,5")
    assert WRONG[1][1].search("point(s)")
