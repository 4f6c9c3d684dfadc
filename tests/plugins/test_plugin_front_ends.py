"""Proof that a third-party rule module needs no change to engine/: the kai book is
linted, played in the REPL (scripted, as `gamebook play` reads a pipe) and explored
through the same commands as the built-in systems."""
from __future__ import annotations

import json
import subprocess
import sys

from tests.plugins.test_plugin_kai import HERO

# causeway, ambush, forest, hound, climb, guardian (see test_plugin_kai's victory)
VICTORY_DICE = HERO + [10, 5, 10, 10, 5, 10, 10]
VICTORY_MOVES = ["lame", "chasse", "2", "2", "1", "1", "1", "2", "1", "1", "1", "1", "1", "1"]


def _play(book, tmp_path, lines, *args):
    env = {"GAMEBOOK_NO_CACHE": "1", "GAMEBOOK_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin",
           "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "engine", "play", str(book), *args],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, env=env)


def test_the_kai_book_lints_clean_through_the_cli(cli, book, kai_installed):
    result = cli("lint", str(book))
    assert (result.returncode, result.stdout) == (0, "")


def test_the_kai_book_plays_in_the_repl_to_its_victory(book, kai_installed, tmp_path):
    dice = ",".join(map(str, VICTORY_DICE))
    result = _play(book, tmp_path, VICTORY_MOVES, "--dice", dice, "--lang", "en")
    assert result.returncode == 0, result.stdout + result.stderr    # 0: an ending was reached
    assert "Traceback" not in result.stderr
    assert "Victory!" in result.stdout.split("— 17 —")[1], result.stdout[-2000:]


def test_the_kai_repl_offers_its_own_commands_in_help(book, kai_installed, tmp_path):
    result = _play(book, tmp_path, ["aide"], "--seed", "1", "--lang", "fr")
    assert "repas / meal" in result.stdout and "disciplines" in result.stdout, result.stdout


def test_the_kai_book_is_explored_without_errors(cli, book, kai_installed):
    result = cli("explore", str(book), "--runs", "300", "--seed", "4", "--jobs", "1",
                 "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["runs"] == 300 and report["never_reached"] == []
    assert report["problems"] == []          # no engine error, no soft-lock
    assert report["endings"].get("victory@17", 0) > 0


def test_the_kai_fight_has_both_sides_in_the_full_screen_panel(book, kai_installed, tmp_path):
    from engine.saves import store as saves
    from engine.game.dice import ScriptedDice, SeededDice
    from engine.game import Game
    from engine.lint.loader import load_book
    from engine.repl import panels
    from engine.repl.session import Session
    loaded = load_book(book, use_cache=False)
    game = Game(loaded.book, loaded.module, ScriptedDice(VICTORY_DICE, then=SeededDice(1)), lang="en")
    s = Session(game, saves.SaveStore(loaded.book.id, tmp_path), "en")
    s.start()
    for move in VICTORY_MOVES:
        if panels.fighters(game, "en"):
            break
        s.handle_line(move)
    hero, foes = panels.fighters(game, "en")
    assert [label for label, _ in hero] == ["Combat Skill", "Endurance"]
    assert [label for label, _ in foes[0][1]] == ["Combat Skill", "Endurance"]
