"""Issue 13.1: what `int()` accepts is what a number is; any unexpected error autosaves.

`²`, `³`, `¹` (AZERTY keys next to 1), `①` and a 5,000-digit number are typed at the
choice prompt, at an amount prompt and after a choice number; none is a traceback.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine.repl import shell
from tests.repl.helpers import session

ODD = ["²", "³", "¹", "①", "٣", "9" * 5000, "-" + "9" * 5000, "1 ²", "1 " + "9" * 5000]


@pytest.mark.parametrize("line", ODD)
def test_odd_digits_are_refused_not_a_crash(tmp_path, line):
    s = session(tmp_path)
    before = s.game.state.paragraph
    text = str(s.handle_line(line))
    assert not s.failed and "Error" not in text
    assert s.game.state.paragraph == before or line.startswith("1 ")


def test_a_long_number_is_named_shortly(tmp_path):
    s = session(tmp_path, lang="en")
    text = str(s.handle_line("9" * 5000))
    assert "There is no choice 999999999…" in text and len(text) < 200


def test_through_the_real_repl(tmp_path):
    s = session(tmp_path)
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("²\r³\r¹\r①\r" + "9" * 5000 + "\r1\rquit\r")
        assert shell.run(s, input=inp, output=DummyOutput()) == 0
    assert not s.failed and s.game.state.paragraph != 1


def test_plain_mode_from_a_pipe(tmp_path):
    env = {"GAMEBOOK_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "-m", "engine", "play", "--seed", "1"], input="²\n³\n¹\n",
                         capture_output=True, text=True, env=env, timeout=60)
    assert "Traceback" not in run.stdout + run.stderr
    assert "« ² »" in run.stdout and run.returncode == 1   # not at an ending: 1, as before


def test_an_unexpected_error_autosaves_and_says_one_line(tmp_path, monkeypatch):
    s = session(tmp_path, lang="en")
    s.handle_line("1")
    where = s.game.state.paragraph

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(s.game, "answer", broken)
    lines = str(s.handle_line("1")).strip().splitlines()
    assert s.failed and s.finished
    assert len(" ".join(lines)) < 300 and "ZeroDivisionError: a bug" in lines[0]
    saved = json.loads((s.store.dir / "autosave.json").read_text(encoding="utf-8"))
    assert saved["paragraph"] == where and "autosave.json" in " ".join(lines).replace("\n", "")


def test_an_unexpected_error_exits_non_zero(tmp_path, monkeypatch):
    import io
    from engine.repl import plain
    s = session(tmp_path)
    monkeypatch.setattr(s, "_handle", lambda line: 1 / 0)
    assert plain.run(s, io.StringIO("1\n2\n"), io.StringIO()) == 3

