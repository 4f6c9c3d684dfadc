"""`gamebook play` end to end, in process: scripted stdin, exit codes, files, bad input."""
from __future__ import annotations

import io
import json

import pytest

from engine.cli import main
from tests.fixtures.env import BOOKS

MINI, TINY = str(BOOKS / "mini.yaml"), str(BOOKS / "tiny-en.yaml")


def play(monkeypatch, capsys, argv, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_scripted_game_to_an_ending_exits_0(monkeypatch, capsys):
    code, out, _ = play(monkeypatch, capsys, [TINY, "--seed", "1"], "1\n")
    assert code == 0 and "Victory!" in out and "\x1b" not in out


def test_scripted_game_not_finished_exits_1_and_autosaves(monkeypatch, capsys, tmp_path):
    code, out, _ = play(monkeypatch, capsys, [MINI, "--seed", "1"], "1\n")
    assert code == 1 and "Graine des dés : 1" in out
    # a script saves in its own slot, never in the player's autosave
    assert (tmp_path / "data" / "saves" / "mini" / "script.json").exists()
    assert not (tmp_path / "data" / "saves" / "mini" / "autosave.json").exists()
    code, out, _ = play(monkeypatch, capsys, [MINI, "--continue"], "sheet\n")
    assert "Partie reprise" in out and "— 2 —" in out


def test_continue_without_autosave_starts_a_new_game(monkeypatch, capsys):
    code, out, _ = play(monkeypatch, capsys, [TINY, "--continue"], "")
    assert "No game to resume" in out and "— 1 —" in out


def test_lang_overrides_the_book(monkeypatch, capsys):
    _, out, _ = play(monkeypatch, capsys, [TINY, "--lang", "fr"], "aide\n")
    assert "Tapez le numéro" in out


def test_forced_dice_then_seed_and_log(monkeypatch, capsys, tmp_path):
    log = tmp_path / "events.jsonl"
    code, out, _ = play(monkeypatch, capsys, [MINI, "--dice", "4", "--seed", "5", "--log", str(log)],
                        "3\n1\n")
    assert "Dés imposés : 4 ; ensuite graine 5." in out and "— 5 —" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert {"type": "dice", "faces": [4], "sides": 6, "total": 4, "purpose": "expression"} in events
    assert {"type": "stat", "stat": "or", "old": 3, "new": 4, "reason": "effect"} in events


@pytest.mark.parametrize("argv, code, text", [
    (["nope.yaml"], 2, "nope.yaml:1:1: file-not-found"),
    ([MINI, "--dice", "1,x"], 2, "--dice"),
    ([MINI, "--log", "/nonexistent/dir/x.jsonl"], 2, "--log"),
])
def test_usage_errors_exit_2(monkeypatch, capsys, argv, code, text):
    got, _, err = play(monkeypatch, capsys, argv)
    assert got == code and text in err


def test_invalid_book_prints_diagnostics_and_exits_1(monkeypatch, capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("gamebook: 1\ntitle: X\nrules: mini\nstart: 1\nparagraphs:\n  1: {text: a, choices: [{text: b, to: 9}]}\n")
    code, _, err = play(monkeypatch, capsys, [str(bad)])
    assert code == 1 and f"{bad}:6:" in err


def test_default_book_is_named_or_first_alphabetically(monkeypatch, capsys, tmp_path):
    books = tmp_path / "books"
    books.mkdir()
    (books / "b.yaml").write_text((BOOKS / "tiny-en.yaml").read_text())
    (books / "a.yaml").write_text((BOOKS / "mini.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv("GAMEBOOK_BOOKS_DIR", str(books))
    _, out, _ = play(monkeypatch, capsys, [], "")
    assert "Livre par défaut : a.yaml" in out
    (books / "default.txt").write_text("b.yaml\n")
    _, out, _ = play(monkeypatch, capsys, [], "")
    assert "Default book: b.yaml" in out and "The Door" in out


def test_no_bundled_book_is_a_usage_error(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("GAMEBOOK_BOOKS_DIR", str(tmp_path))
    code, _, err = play(monkeypatch, capsys, [])
    assert code == 2 and "BOOK" in err
