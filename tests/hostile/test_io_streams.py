"""Every subcommand with stdout closed, stdout on /dev/full, stdin closed or an ASCII-only
encoding: one line saying what happened, or a clean exit; never a traceback, and a game
in progress is still autosaved."""
from __future__ import annotations

import json
import subprocess

import pytest

from tests.hostile._io_support import autosave, gamebook, hostile_book, popen

TEXT = "Épée ✓ « dragon »"   # nothing of it is ASCII but the letters

COMMANDS = {   # name -> the words after `gamebook` ({book}: the book's path)
    "play": ["play", "{book}", "--seed", "1"],
    "lint": ["lint", "--format", "json", "{book}"],
    "graph": ["graph", "{book}"],
    "odds": ["odds", "--rules", "ff", "--hero", "10/20", "--enemy", "8/8"],
    "explore": ["explore", "--runs", "3", "--jobs", "1", "{book}"],
    "rules": ["rules"],
    "schema": ["schema"],
}


def _run(tmp_path, name, **kw):
    book = hostile_book(tmp_path, TEXT)
    words = [str(book) if w == "{book}" else w for w in COMMANDS[name]]
    return gamebook(tmp_path, *words, input=b"1\n", **kw)


def _one_line(err: bytes) -> str:
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text and text.count("\n") == 1, text
    return text


def _game_kept(tmp_path, name) -> None:
    if name == "play":   # the move was played and saved, output or not
        assert autosave(tmp_path)["paragraph"] == 2


@pytest.mark.parametrize("name", COMMANDS)
def test_stdout_on_a_full_disk(tmp_path, name):
    with open("/dev/full", "wb") as full:
        done = _run(tmp_path, name, stdout=full)
    assert done.returncode == 1
    assert _one_line(done.stderr) == "gamebook: cannot write the output (No space left on device)\n"
    _game_kept(tmp_path, name)


@pytest.mark.parametrize("name", COMMANDS)
def test_stdout_closed(tmp_path, name):
    done = _run(tmp_path, name, close=(1,))
    assert done.returncode == 1
    assert _one_line(done.stderr) == "gamebook: cannot write the output (Bad file descriptor)\n"
    _game_kept(tmp_path, name)


@pytest.mark.parametrize("name", COMMANDS)
def test_an_ascii_only_stdout_still_prints(tmp_path, name):
    done = _run(tmp_path, name, PYTHONIOENCODING="ascii")
    assert done.returncode == (1 if name == "play" else 0), done.stderr   # play: game not over
    out = done.stdout.decode("ascii")            # pure ASCII, or this raises
    assert "Traceback" not in done.stderr.decode("ascii")
    if name in ("play", "graph"):
        assert "\\xc9p\\xe9e \\u2713" in out     # the book's text, escaped, not lost
    if name == "lint":
        assert json.loads(out) == []
    _game_kept(tmp_path, name)


@pytest.mark.parametrize("name", ["play", "lint", "rules"])
def test_stdin_closed(tmp_path, name):
    done = _run(tmp_path, name, close=(0,))
    assert done.returncode == (1 if name == "play" else 0)
    assert "Traceback" not in done.stderr.decode() and done.stdout
    if name == "play":   # an empty input: the game starts, is autosaved, not finished
        assert autosave(tmp_path)["paragraph"] == 1


def test_stdout_full_and_stderr_closed(tmp_path):
    with open("/dev/full", "wb") as full:
        done = _run(tmp_path, "play", stdout=full, close=(2,))
    assert done.returncode == 1 and done.stderr == b""
    _game_kept(tmp_path, "play")


def test_a_reader_that_goes_away_is_no_error(tmp_path):
    """`gamebook play BOOK | head -c 10` on a paragraph longer than a pipe holds."""
    book = hostile_book(tmp_path, "")
    book.write_text(book.read_text().replace('"Door "', "Door" + " word" * 40000))
    proc = popen(tmp_path, "play", book, "--seed", "1", stdin=subprocess.PIPE,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()
    _, err = proc.communicate(b"1\n", timeout=30)
    assert proc.returncode == 1 and err == b""      # 1: the game is not over
    _game_kept(tmp_path, "play")
