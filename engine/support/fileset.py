"""Writing several files as one: afterwards they all hold the new contents, or all the
old ones (`gamebook renumber` of a book in several files).

One file is replaced atomically by a rename (atomic.py); several renames are not one.
So the set is written with a journal, `.<main file>.renumber-journal` beside the main
file, itself always written atomically:

1. the journal is written in state `prepare`, naming each temporary file and the file
   it will replace; then every temporary file is written and flushed (atomic.prepare);
2. the journal is rewritten in state `commit`: the commit point;
3. each temporary file is renamed over its file; then the journal is removed.

A failure (a full disk) before the commit point removes the temporary files: nothing
changed.  SIGTERM, SIGHUP and SIGINT are held while the set is written: one that
arrives before the commit point undoes the write, after it lets the write finish; then
`Interrupted` says which.  A SIGKILL or a power cut cannot be held: the next run finds
the journal and `recover` finishes the renames (state `commit`) or removes the
temporary files (state `prepare`).  Either way the set is wholly old or wholly new.

`recover` trusts a journal only so far: each file it names must be in the main file's
folder tree (or be the main file's own target), each temporary file beside its file,
with this module's name pattern, a regular file; so a journal shipped inside someone
else's book can only move that book's own files among themselves.
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import threading
from pathlib import Path

from engine.support.atomic import destination, prepare, sync_folder, temporary
from engine.support.paths import real, within

TAG = "renumber"
HELD = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name))
MAX_JOURNAL = 1 << 20   # bytes: a journal names a few hundred files at most


class Interrupted(Exception):
    """A held signal: `signum`, and whether the set was written (`done`) or left as it was."""

    def __init__(self, signum: int, done: bool):
        super().__init__(signum)
        self.signum, self.done = signum, done


def journal_of(main: Path) -> Path:
    return Path(main).with_name(f".{Path(main).name}.{TAG}-journal")


def replace_all(files: dict, main: Path) -> None:
    """Write {path: bytes} as one (see the module's docstring); `main` names the journal.
    OSError when it cannot be written (nothing changed); Interrupted on a held signal."""
    journal = journal_of(main)
    plan = [(temporary(target, TAG), target) for target in (destination(p) for p in files)]
    contents = [files[p] for p in files]
    with _holding() as held:
        committed = False
        try:
            _journal(journal, "prepare", plan)
            for (tmp, target), data in zip(plan, contents):
                prepare(target, data, tmp)
                if held:
                    break
            if not held:   # the commit point (a journal that fails to say so still says "prepare")
                _journal(journal, "commit", plan)
                committed = True
        except BaseException:
            _undo(journal, plan)
            raise
        if not committed:
            _undo(journal, plan)
            raise Interrupted(held[0], done=False)
        _finish(journal, plan)
        if held:
            raise Interrupted(held[0], done=True)


def cut_after_commit(main: Path) -> bool:
    """True when a write of `main`'s set was cut after its commit point: the files are
    then part new, part old, until `recover` finishes it (one stat when there is none)."""
    journal = journal_of(main)
    if not os.path.lexists(journal):
        return False
    entry = _read_journal(journal)
    return entry is not None and entry.get("state") == "commit"


def recover(main: Path) -> str | None:
    """Finish or undo a write of the set that was cut (a kill, a power cut): "completed",
    "undone", or None when there was nothing to do (or the journal is not believed)."""
    journal = journal_of(main)
    if not os.path.lexists(journal):   # at most the first journal, half written (nothing else was)
        with contextlib.suppress(OSError):
            os.unlink(_journal_tmp(journal))
        return None
    entry = _read_journal(journal)
    try:
        state = entry["state"]
        plan = [(journal.parent / tmp, journal.parent / target) for tmp, target in entry["files"]]
    except (KeyError, TypeError, ValueError):
        return None
    if state not in ("prepare", "commit") or not all(_believed(journal, main, t, f) for t, f in plan):
        return None
    if state == "commit":
        _finish(journal, plan)
        return "completed"
    _undo(journal, plan)
    return "undone"


def _read_journal(journal: Path) -> dict | None:
    """The journal's content; None when it is not a small regular file of JSON."""
    try:
        fd = os.open(journal, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        raw = fh.read(MAX_JOURNAL + 1)
    try:
        entry = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    return entry if isinstance(entry, dict) else None


def _believed(journal: Path, main: Path, tmp: Path, target: Path) -> bool:
    if not (within(journal.parent, target) or real(target) == real(main)):
        return False
    if tmp.parent != target.parent or not tmp.name.startswith(f".{target.name}.{TAG}-"):
        return False
    try:
        return stat.S_ISREG(os.lstat(tmp).st_mode)
    except FileNotFoundError:
        return True   # renamed already
    except OSError:
        return False


def _journal(journal: Path, state: str, plan: list) -> None:
    """Write the journal atomically, through a temporary name `recover` knows."""
    names = [[os.path.relpath(tmp, journal.parent), os.path.relpath(target, journal.parent)]
             for tmp, target in plan]
    tmp = _journal_tmp(journal)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)   # left by a kill: the journal it was to become was never written
    prepare(journal, json.dumps({"state": state, "files": names}).encode("utf-8"), tmp, new_mode=0o600)
    os.replace(tmp, journal)
    sync_folder(journal.parent)


def _journal_tmp(journal: Path) -> Path:
    return journal.with_name(journal.name + ".new")


def _finish(journal: Path, plan: list) -> None:
    """Rename every temporary file still there over its file, then drop the journal."""
    for tmp, target in plan:
        if os.path.lexists(tmp):
            os.replace(tmp, target)
    for folder in {target.parent for _tmp, target in plan}:
        sync_folder(folder)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(journal)


def _undo(journal: Path, plan: list) -> None:
    """Remove the temporary files, then the journal: the old files were never touched."""
    for tmp, _target in plan:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    for path in (journal, _journal_tmp(journal)):
        with contextlib.suppress(OSError):
            os.unlink(path)


@contextlib.contextmanager
def _holding():
    """Hold SIGTERM, SIGHUP and SIGINT (main thread only): the list of those that came."""
    held: list = []
    if threading.current_thread() is not threading.main_thread():
        yield held
        return
    before = {s: signal.signal(s, lambda signum, _frame: held.append(signum)) for s in HELD}
    try:
        yield held
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
