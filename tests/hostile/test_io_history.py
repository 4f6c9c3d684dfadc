"""The REPL's history file: private (0600), never written through a symbolic link."""
from __future__ import annotations

import os
import stat

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine.repl import shell
from engine.repl.history_file import PrivateFileHistory, open_history
from tests.fixtures.env import _mini_rules  # noqa: F401  (autouse: mini rules, private data dir)
from tests.repl.helpers import session


def _play(s, keys: str) -> int:
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text(keys)
        return shell.run(s, input=inp, output=DummyOutput())


def test_history_is_created_private(tmp_path):
    _play(session(tmp_path), "sheet\rquit\r")
    path = tmp_path / "data" / "history"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and "+sheet" in path.read_text()


def test_a_symlinked_history_is_refused_and_its_target_untouched(tmp_path):
    target = tmp_path / "bashrc"
    target.write_text("export SAFE=1\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "history").symlink_to(target)
    s = session(tmp_path)
    assert _play(s, "1\rquit\r") == 0
    assert target.read_text() == "export SAFE=1\n"          # nothing appended
    assert s.game.state.paragraph != 1 and s.finished          # the game went on
    history, warning = open_history(tmp_path / "data", "fr")
    assert "lien symbolique" in warning and "\n" not in warning


def test_the_warning_is_shown_once_in_the_banner(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "history").symlink_to(tmp_path / "elsewhere")
    s = session(tmp_path)
    shown = []
    original = s.start
    s.start = lambda notes=(): shown.append(list(notes)) or original(notes)
    _play(s, "quit\r")
    assert [n for n in shown[0] if "not a regular file" in n or "fichier ordinaire" in n]
    assert not (tmp_path / "elsewhere").exists()


def test_a_link_made_after_the_check_is_not_followed(tmp_path):
    path = tmp_path / "history"
    history = PrivateFileHistory(str(path))
    target = tmp_path / "target"
    target.write_text("x\n")
    path.symlink_to(target)                 # the race: swapped between check and write
    history.store_string("secret")
    assert target.read_text() == "x\n" and list(history.load_history_strings()) == []


def test_an_older_world_readable_history_becomes_private(tmp_path):
    path = tmp_path / "history"
    path.write_text("\n# old\n+look\n")
    os.chmod(path, 0o644)
    history = PrivateFileHistory(str(path))
    history.store_string("sheet")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert list(history.load_history_strings()) == ["sheet", "look"]
