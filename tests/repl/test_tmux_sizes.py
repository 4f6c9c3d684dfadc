"""The full-screen layout never leaves the player blind (issue 33): each bundled book
played to an ending in tmux at 80x24 and 60x20, every screen captured and checked,
and a fight whose window goes from 160x40 down to 45x15 (line mode) and back.

The route is found in-process first: a Session over the same book and seed answers
random choice numbers (seeded) until the game ends; tmux then types the same lines
into `gamebook play --seed`, which plays the same game.
"""
from __future__ import annotations

import random
import time

import pytest

from engine.repl import panels
from engine.repl.session import Session
from engine.saves import store as saves
from engine.game import Game
from engine.game.dice import SeededDice
from engine.game.prompts import numbered
from engine.lint.loader import load_book
from tests.repl.test_tmux import ROOT, WAIT, tmux  # noqa: F401 - the fixture

BOOKS = sorted((ROOT / "books").glob("*.yaml"))
BLIND = ("Window too small", "Terminal trop petit")


def _session(book, seed, tmp_path) -> Session:
    loaded = load_book(book, use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(seed), lang=loaded.book.language)
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path), loaded.book.language, width=80)


def route(book, tmp_path, steps: int = 120) -> tuple[int, list[str]]:
    """(seed, lines) that take the book's game to an ending: random options, seeded."""
    for seed in range(1, 40):
        s = _session(book, seed, tmp_path / f"route{seed}")
        s.start()
        pick, lines = random.Random(seed), []
        for _ in range(steps):
            if s.game.over:
                return seed, lines
            numbers = [n for n, o in numbered(s.game.prompt()) if o.enabled] or [1]
            line = str(pick.choice(numbers))
            lines.append(line)
            s.handle_line(line)
            if s.awaiting:   # an amount asked: Enter, the default
                lines.append("")
                s.handle_line("")
    raise AssertionError(f"no seed takes {book.name} to an ending in {steps} moves")


def _seen(screen: str) -> None:
    assert screen.strip(), "a blank screen"
    assert not any(word in screen for word in BLIND), screen


def _typed(term, line: str, before: str) -> str:
    """Type a line; the screen once it has changed and settled."""
    term.tmux("send-keys", "-t", "play", "-l", line) if line else None
    term.tmux("send-keys", "-t", "play", "Enter")
    end, last = time.monotonic() + WAIT, None
    while True:
        screen = term.screen()
        if screen == last and screen != before:
            return screen
        if time.monotonic() > end:   # (an answer may leave the screen as it was)
            return screen
        last = screen
        time.sleep(0.1)


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.stem)
@pytest.mark.parametrize("columns, rows", [(80, 24), (60, 20)])
def test_each_book_to_an_ending_without_a_blank_screen(tmux, tmp_path, book, columns, rows):  # noqa: F811
    seed, lines = route(book, tmp_path)
    tmux.start(book, columns, rows, "--seed", str(seed))
    screen = tmux.wait_for(">")
    _seen(screen)
    for line in lines:
        screen = _typed(tmux, line, screen)
        _seen(screen)
        assert all(len(row.rstrip()) <= columns for row in screen.splitlines())
    assert "— Fin :" in screen or "— The end:" in screen, screen


def test_a_fight_resized_from_160x40_to_45x15_and_back(tmux, tmp_path):  # noqa: F811
    book = ROOT / "books" / "le-taureau-d-airain.yaml"
    s = _session(book, 3, tmp_path / "probe")
    s.start()
    lines = ["1", "2"]   # Arès, then the olive grove: the wolves (the screen of issue 33)
    for line in lines:
        s.handle_line(line)
    assert panels.fighters(s.game, "fr") is not None
    tmux.start(book, 160, 40, "--seed", "3")
    screen = tmux.wait_for(">")
    for line in lines:
        screen = _typed(tmux, line, screen)
    assert "│Feuille d'aventure" in screen or "Feuille d'aventure" in screen
    assert "▶ Loup gris" in screen
    tmux.resize(45, 15)   # line mode, saying so, the paragraph and the fight's choices again
    screen = tmux.wait_for("§4 ")   # the line shell's toolbar
    said = " ".join(tmux.screen(history=True).split())
    assert "la partie continue en mode ligne" in said and "1. Frapper" in said
    screen = _typed(tmux, "1", screen)   # a strike in line mode: how much Honour?
    screen = _typed(tmux, "", screen)
    history = " ".join(tmux.screen(history=True).split())
    assert "Althéos tire" in history, history   # the strike, played in line mode
    tmux.resize(160, 40)
    screen = tmux.wait_for("retour à l'affichage plein écran")
    _seen(screen)
    assert "▶ Loup gris" in screen or "Fin du combat" in screen
    assert "Ctrl-D" in screen.rstrip().splitlines()[-1]   # the keys line: the layout is back
