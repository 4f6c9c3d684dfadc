"""The endings tracker (engine/saves/endings.py) under hostile conditions: games ending
at once lose no record (the read-add-write is locked), and an endings file that holds
`Infinity`, is a FIFO or a link to /dev/zero is reported at once, in bounded memory,
never a traceback or a hang (the game goes on: the REPL shows the warning)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.hostile._books_support import ROOT, python
from tests.hostile._limits_support import TIMEOUT, _limit_memory, no_traceback

GAMES, ENDINGS_EACH = 3, 150

RECORD = """
    import sys
    from pathlib import Path
    from engine.saves.endings import EndingStore
    from engine.saves.store import SaveError
    store = EndingStore("livre", Path(sys.argv[1]))
    try:
        for _ in range(int(sys.argv[2])):
            store.record(int(sys.argv[3]), "victory")
    except SaveError as refused:
        print("refused:", refused.message.en)
"""


def _games(tmp_path, count: int, paragraph: int = 7) -> list[subprocess.Popen]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return [subprocess.Popen([sys.executable, "-c", RECORD.replace("\n    ", "\n"), str(tmp_path), str(count),
                              str(paragraph)], env=env, preexec_fn=_limit_memory, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(GAMES)]


def test_games_ending_at_once_lose_no_record(tmp_path):
    games = _games(tmp_path, ENDINGS_EACH)
    for game in games:
        out, err = game.communicate(timeout=TIMEOUT)
        assert game.returncode == 0 and "Traceback" not in err and not out, err
    record = python(f"""
        from pathlib import Path
        from engine.saves.endings import EndingStore
        print(EndingStore("livre", Path({str(tmp_path)!r})).read()[7]["times"])
        """, tmp_path)
    assert record.stdout.strip() == str(GAMES * ENDINGS_EACH)


def _endings(tmp_path):
    path = tmp_path / "endings" / "livre.json"
    path.parent.mkdir(parents=True)
    return path


@pytest.mark.parametrize("content", ['{"version": 1, "endings": {"7": {"kind": "victory", "times": Infinity,'
                                     ' "first": "x"}}}',
                                     '{"version": 1, "endings": {"7": {"kind": "victory", "times": 1e999,'
                                     ' "first": "x"}}}',
                                     "[" * 100_000])
def test_an_endings_file_with_absurd_numbers_is_reported_and_kept(tmp_path, content):
    path = _endings(tmp_path)
    path.write_text(content, encoding="utf-8")
    result = _record_once(tmp_path)
    no_traceback(result)
    assert "refused:" in result.stdout and "unreadable" in result.stdout
    assert path.read_text(encoding="utf-8") == content   # left as it is


def _record_once(tmp_path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", RECORD.replace("\n    ", "\n"), str(tmp_path), "1", "7"],
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), preexec_fn=_limit_memory,
                          capture_output=True, text=True, timeout=TIMEOUT)


def test_an_endings_file_that_is_a_fifo_is_not_waited_on(tmp_path):
    os.mkfifo(_endings(tmp_path))
    result = _record_once(tmp_path)
    no_traceback(result)
    assert "refused:" in result.stdout and "not a regular file" in result.stdout


def test_an_endings_file_linked_to_dev_zero_is_not_read(tmp_path):
    _endings(tmp_path).symlink_to("/dev/zero")
    result = _record_once(tmp_path)
    no_traceback(result)
    assert "refused:" in result.stdout and "not a regular file" in result.stdout
