"""The `gamebook` command's fast exit (engine.cli.entry): nothing printed is lost.

`lint` and the other read-only commands end with `os._exit` once their output is
flushed; these tests run the real command in a subprocess, with outputs larger
than a pipe's buffer, a reader that stops early, and the in-process `main`.
"""
import os
import subprocess
import sys
from pathlib import Path

from engine import cli
from engine.commands import graph, lint, odds, play

ROOT = Path(__file__).resolve().parents[2]
HEAD = "gamebook: 1\ntitle: T\nrules: defis-fantastiques\nstart: 1\nparagraphs:\n"


def _book(tmp_path, broken: int) -> Path:
    """A book whose paragraph 1 leads to `broken` missing paragraphs (one error each)."""
    choices = "".join(f"      - {{text: Aller, to: {1000 + i}}}\n" for i in range(broken))
    path = tmp_path / "b.yaml"
    path.write_text(HEAD + "  1:\n    text: Départ\n    choices:\n" + choices, encoding="utf-8")
    return path


def _env() -> dict:
    """Outputs block-buffered, as for a user's pipe (this CI may set PYTHONUNBUFFERED)."""
    env = dict(os.environ, GAMEBOOK_NO_CACHE="1", GAMEBOOK_LANG="en")
    env.pop("PYTHONUNBUFFERED", None)
    return env


def _gamebook(*args, **kwargs):
    env = _env()
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, **kwargs)


def test_every_line_of_a_long_report_arrives_and_the_status_is_kept(tmp_path):
    book = _book(tmp_path, 2000)  # about 200 KB of output: several pipe buffers
    proc = _gamebook("lint", str(book))
    assert proc.returncode == 1
    lines = [line for line in proc.stdout.splitlines() if "unknown-target" in line]
    assert len(lines) == 2000
    assert proc.stdout.endswith("(from 1)\n")  # the last line, whole
    assert proc.stderr.split()[1] == "errors," and int(proc.stderr.split()[0]) >= 2000


def test_a_short_report_is_not_left_in_a_buffer(tmp_path):
    proc = _gamebook("lint", str(_book(tmp_path, 1)))
    assert proc.returncode == 1
    assert proc.stdout.endswith("(from 1)\n") and "unknown-target" in proc.stdout


def test_json_report_is_complete(tmp_path):
    import json
    proc = _gamebook("lint", "--format", "json", str(_book(tmp_path, 500)))
    assert proc.returncode == 1
    assert len([d for d in json.loads(proc.stdout) if d["code"] == "unknown-target"]) == 500


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path):
    book = _book(tmp_path, 3000)
    env = _env()
    proc = subprocess.Popen([sys.executable, "-m", "engine", "lint", str(book)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()
    proc.stdout.close()  # like `gamebook lint book.yaml | head -1`
    err = proc.stderr.read()
    assert proc.wait(timeout=60) in (0, 1)
    assert first.startswith(str(book) + ":")
    assert "Traceback" not in err and "Exception ignored" not in err


def test_main_returns_instead_of_exiting(tmp_path, capsys):
    """In-process (these tests register only the fixture rules): `main` returns."""
    head = HEAD.replace("defis-fantastiques", "fixture")
    bad, clean = tmp_path / "bad.yaml", tmp_path / "clean.yaml"
    bad.write_text(head + "  1: {text: Départ, choices: [{text: Aller, to: 9}]}\n", encoding="utf-8")
    clean.write_text(head + "  1: {text: Fin, end: victory}\n", encoding="utf-8")
    assert cli.main(["lint", "--no-cache", str(bad)]) == 1
    assert "unknown-target" in capsys.readouterr().out
    assert cli.main(["lint", "--no-cache", str(clean)]) == 0


def test_only_commands_with_nothing_to_clean_up_exit_fast():
    assert lint.FAST_EXIT and graph.FAST_EXIT and odds.FAST_EXIT
    assert not getattr(play, "FAST_EXIT", False)  # history, saves and the terminal


def test_a_missing_book_is_a_usage_error_for_lint_and_play(tmp_path, capsys):
    """README and docs/play.md: exit 2 for a usage error, a missing book file included."""
    from engine.cli import main
    missing = str(tmp_path / "absent.yaml")
    assert main(["lint", missing]) == 2
    assert main(["play", missing]) == 2
    assert "file-not-found" in capsys.readouterr().out
