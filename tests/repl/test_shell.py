"""The prompt_toolkit shell, driven through a pipe input and a dummy output."""
from __future__ import annotations

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine.repl import shell
from tests.repl.helpers import session


def run(s, keys: str) -> int:
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text(keys)
        return shell.run(s, input=inp, output=DummyOutput())


def test_choices_then_ctrl_d_autosaves(tmp_path):
    s = session(tmp_path)
    assert run(s, "1\r2\r3\r\x04") == 0
    assert s.game.state.paragraph == 5
    assert "autosave" in s.store.slots()


def test_ctrl_c_cancels_the_input_only(tmp_path):
    s = session(tmp_path)
    run(s, "1\x03quit\r")
    assert s.game.state.paragraph == 1 and s.finished


def test_history_file_is_written_in_the_data_dir(tmp_path):
    s = session(tmp_path)
    run(s, "sheet\rquit\r")
    history = (tmp_path / "data" / "history").read_text(encoding="utf-8")
    assert "+sheet" in history and "+quit" in history
