"""Fault injection: `gamebook renumber --in-place` of the three-part showcase killed at
many points (SIGKILL and SIGTERM), and every time the four files are wholly the old
book or wholly the new one (their hashes compared as a set), once the next run has
finished or undone what a SIGKILL cut (its journal); until then, a set cut after its
commit point is refused by every command that loads it (`renumber-interrupted`).

60 kills come after a random delay within one run's duration (a fixed seed: anywhere in
loading, renumbering or writing); then, for every file operation the engine makes
(open, fchmod, fsync, rename, unlink: reading the book and every step of the write),
a run is killed exactly before it, once by SIGKILL and once by SIGTERM, in an order
shuffled by the same seed, so that every step of the journal protocol is hit.  Each run is a child
forked from this process (the engine already imported, so a run takes a fraction of a
second) under a memory limit; SIGTERM is sent by the parent or, at a file operation,
by the child to itself.
"""
from __future__ import annotations

import os
import random
import resource
import signal
import sys
import time

import pytest

from tests.hostile._books_support import hashes, showcase, showcase_files

pytestmark = pytest.mark.slow
SEED, TIMED = 30, 60
ARGS = ["--shuffle", "--seed", "3", "--in-place"]
CALLS = ("open", "fchmod", "fsync", "replace", "unlink")
JOURNAL_PREFIX = ".la-couronne-de-sel.yaml.renumber-journal"


def _address_space() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[0]) * resource.getpagesize()


def _child(book, kill_at: int, sig: int, count_to=None) -> None:
    """In the forked child: run the command (killing itself before file operation
    `kill_at` of the engine when > 0; writing how many there were to `count_to`)
    and exit with its status."""
    code, count = 99, [0]
    try:
        limit = _address_space() + (1 << 30)   # what the test process holds, plus 1 GiB
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        sys.stdout = sys.stderr = open(os.devnull, "w")   # not the test's captured streams
        _count_calls(count, kill_at, sig)
        from engine.cli import main
        code = main(["renumber", str(book), *ARGS])
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    finally:
        if count_to is not None:
            count_to.write_text(str(count[0]))
        os._exit(code)


def _count_calls(count: list, kill_at: int, sig: int) -> None:
    def wrap(name):
        real = getattr(os, name)

        def call(*args, **kwargs):
            if sys._getframe(1).f_globals.get("__name__", "").startswith("engine."):
                count[0] += 1
                if count[0] == kill_at:
                    os.kill(os.getpid(), sig)
            return real(*args, **kwargs)
        return call
    for name in CALLS:
        setattr(os, name, wrap(name))


def _run(book, kill_at: int = 0, sig: int = signal.SIGKILL, delay: float | None = None,
         count_to=None) -> int:
    pid = os.fork()
    if pid == 0:
        _child(book, kill_at, sig, count_to)
    if delay is not None:
        time.sleep(delay)
        os.kill(pid, sig)
    return os.waitpid(pid, 0)[1]


def _strays(folder) -> list:
    return sorted(p.name for p in folder.rglob(".*"))


def test_renumber_in_place_killed_anywhere_leaves_all_old_or_all_new(tmp_path):
    from engine.commands import renumber  # noqa: F401 - imported once here, not in each child
    from engine.lint.loader import load_book
    book = showcase(tmp_path)
    files = showcase_files(book)
    original = [f.read_bytes() for f in files]
    load_book(book, use_cache=False)
    start = time.monotonic()
    assert os.waitstatus_to_exitcode(_run(book, count_to=tmp_path / "calls")) == 0
    duration = time.monotonic() - start
    calls = int((tmp_path / "calls").read_text())
    new = hashes(files)
    old = _restore(files, original, tmp_path)
    assert new != old
    rng = random.Random(SEED)
    points = [(k, sig) for k in range(1, calls + 1) for sig in (signal.SIGKILL, signal.SIGTERM)]
    rng.shuffle(points)
    trials = [(0, (signal.SIGKILL, signal.SIGTERM)[t % 2], rng.uniform(0, duration * 1.2))
              for t in range(TIMED)] + [(k, sig, None) for k, sig in points]
    seen = {"old": 0, "new": 0, "completed": 0, "undone": 0}
    for trial, (kill_at, sig, delay) in enumerate(trials):
        _run(book, kill_at, sig, delay)
        state = hashes(files)
        journal = tmp_path / JOURNAL_PREFIX
        if journal.exists():   # a SIGKILL cut the write: the next run finishes or undoes it
            committed = '"commit"' in journal.read_text(encoding="utf-8")
            assert committed or state == old, f"trial {trial}: files changed before the commit point"
            if committed:   # part old, part new until then: no command loads it as a book
                codes = [d.code for d in load_book(book, use_cache=False).diagnostics]
                assert codes == ["renumber-interrupted"], f"trial {trial}: {codes}"
            assert os.waitstatus_to_exitcode(_run(book)) == 0
            assert hashes(files) == new, f"trial {trial}"
            seen["completed" if committed else "undone"] += 1
            assert _strays(tmp_path) == []
        else:
            assert state in (old, new), f"trial {trial}: a half-renumbered book"
            seen["old" if state == old else "new"] += 1
            assert set(_strays(tmp_path)) <= {JOURNAL_PREFIX + ".new"}
        _restore(files, original, tmp_path)
    # the kills fell everywhere: before, during and after the write
    assert len(trials) >= 100 and all(seen.values()), seen


def _restore(files, original, folder) -> tuple:
    for f, data in zip(files, original):
        f.write_bytes(data)
    for stray in folder.rglob(".*"):
        stray.unlink()
    (folder / "calls").unlink(missing_ok=True)
    return hashes(files)
