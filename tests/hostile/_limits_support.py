"""Shared helpers of the tests/hostile/test_limits_*.py files: write a small book, run
`gamebook` in a subprocess under a memory limit and a timeout, check the one-line answer.

Each hostile case runs in its own process with RLIMIT_AS (MEMORY) so that a regression
to unbounded memory fails the test with MemoryError instead of swapping the machine,
and with a timeout (TIMEOUT) so that a hang fails instead of blocking the suite.  The
data and cache directories are the test's own.
"""
from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

MEMORY = 1024 ** 3          # bytes of address space a hostile case may use
TIMEOUT = 60                # seconds before a hostile case counts as a hang

HEAD = ("gamebook: 1\ntitle: Hostile\nrules: chroniques-cretoises\nstart: 1\n"
        "hero: {patron: Athéna}\n")


def df_head(title: str, version: str = "1.1", start: str | int = 1) -> str:
    """The head of a Défis Fantastiques book whose hero carries nothing (no `items:`)."""
    return (f"gamebook: {version}\ntitle: {title}\nrules: defis-fantastiques\nstart: {start}\n"
            "hero: {equipment: []}\n")


def book_text(paragraphs: str, head: str = HEAD, extra: str = "") -> str:
    """A book: the header, `extra` top-level lines, then `paragraphs:` (2-space indented)."""
    return head + extra + "paragraphs:\n" + paragraphs


def choice_book(choice: str, extra_paragraph: str = "") -> str:
    """Paragraph 1 offers `choice` (a flow mapping) and a plain way to victory."""
    return book_text("  1:\n    text: Départ.\n    choices:\n"
                     f"      - {choice}\n      - {{text: Fin, to: 2}}\n"
                     "  2: {text: Victoire, end: victory}\n" + extra_paragraph)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(args: list[str], tmp_path: Path, stdin: str = "", cache: bool = False,
        timeout: float = TIMEOUT) -> subprocess.CompletedProcess:
    """`gamebook ARGS` with stdin, in a bounded subprocess; fails the test on a hang."""
    env = dict(os.environ, GAMEBOOK_DATA_DIR=str(tmp_path / "data"), PYTHONIOENCODING="utf-8")
    env.pop("GAMEBOOK_NO_CACHE", None)
    if cache:
        env["GAMEBOOK_CACHE_DIR"] = str(tmp_path / "cache")
    else:
        env["GAMEBOOK_NO_CACHE"] = "1"
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, text=True,
                          capture_output=True, env=env, timeout=timeout,
                          preexec_fn=_limit_memory, cwd=tmp_path)


def no_traceback(result: subprocess.CompletedProcess) -> None:
    both = result.stdout + result.stderr
    assert "Traceback" not in both and "MemoryError" not in both, both[-2000:]


def one_line(result: subprocess.CompletedProcess, *needles: str) -> str:
    """The one line of output (stdout or stderr) containing every one of `needles`."""
    no_traceback(result)
    lines = (result.stdout + "\n" + result.stderr).splitlines()
    found = [line for line in lines if all(n in line for n in needles)]
    assert len(found) == 1, result.stdout[-1500:] + result.stderr[-1500:]
    return found[0]
