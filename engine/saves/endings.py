"""The endings a player has discovered in a book, kept across games.

`<data dir>/endings/<book id>.json` (the data dir of the saves): for each ending
paragraph reached, its kind (death or victory), how many times and when first.
Written atomically; a file that cannot be read is reported (SaveError) and never
overwritten, so a player's record is not lost to a bad write or a hand edit.

Several games may end at once (two terminals, a script): each `record` reads, adds
and writes under an exclusive lock on `<book id>.json.lock` (flock), so that no game's
ending is lost to another's write.  The file is read as a save is: a regular file only
(a FIFO or a link to /dev/zero is refused at once, never waited on or read without
end), at most MAX_SAVE_BYTES, bounded nesting and digits, no `Infinity` or `NaN`.
"""
from __future__ import annotations

from engine.diagnostics import os_reason

import contextlib
import json
import os
import time
from datetime import datetime, timezone
from pathlib import Path

from engine.saves.store import SaveError, data_dir, read_bounded, write_atomic
from engine.support.limits import MAX_INT

VERSION = 1
LOCK_WAIT = 10.0   # seconds a game waits for another's record (each holds it a few ms)


class EndingStore:
    """The discovered endings of one book."""

    def __init__(self, book_id: str, root: Path | None = None):
        self.path = (root or data_dir()) / "endings" / f"{book_id}.json"
        self.book_id = book_id

    def read(self) -> dict[int, dict]:
        """paragraph -> {"kind", "times", "first"}; empty when none yet."""
        try:
            raw = read_bounded(self.path)
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise SaveError(f"impossible de lire {self.path} : {os_reason(exc).fr}",
                            f"cannot read {self.path}: {os_reason(exc).en}") from None
        try:
            return _decode(raw)
        except (UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError, OverflowError):
            raise SaveError(f"{self.path} est illisible : vos fins découvertes n'y sont pas "
                            "ajoutées (le fichier est laissé tel quel)",
                            f"{self.path} is unreadable: your discovered endings are not added "
                            "to it (the file is left as it is)") from None

    def record(self, paragraph: int, kind: str) -> tuple[dict[int, dict], bool]:
        """Add one ending reached: (all endings now, whether this one is new)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with _locked(self.path.with_name(self.path.name + ".lock")):
                endings = self.read()
                new = paragraph not in endings
                if new:
                    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M")
                    endings[paragraph] = {"kind": kind, "times": 0, "first": now}
                endings[paragraph]["times"] = min(endings[paragraph]["times"] + 1, MAX_INT)
                obj = {"version": VERSION, "book": self.book_id,
                       "endings": {str(k): v for k, v in sorted(endings.items())}}
                write_atomic(self.path, obj)
        except OSError as exc:
            raise SaveError(f"impossible d'écrire {self.path} : {os_reason(exc).fr}",
                            f"cannot write {self.path}: {os_reason(exc).en}") from None
        return endings, new


def _decode(raw: bytes) -> dict[int, dict]:
    from engine.saves import checks
    if checks.raw_problem(raw) is not None:
        raise ValueError("too large or too deep")
    obj = json.loads(raw.decode("utf-8"), parse_int=checks.bounded_int, parse_constant=_no_constant)
    return {_number(k): _entry(v) for k, v in obj["endings"].items()}


def _no_constant(name: str):
    raise ValueError(name)   # Infinity, -Infinity, NaN: not JSON, not a count


def _number(key: str) -> int:
    from engine.saves.checks import bounded_int
    value = bounded_int(key.strip())
    if not 0 < value <= MAX_INT:
        raise ValueError(key)
    return value


def _entry(value) -> dict:
    kind, times = value["kind"], value["times"]
    if kind not in ("death", "victory"):
        raise ValueError(kind)
    if type(times) is not int or not 0 <= times <= MAX_INT:
        raise ValueError(times)
    return {"kind": kind, "times": times, "first": str(value["first"])[:40]}


@contextlib.contextmanager
def _locked(path: Path):
    """An exclusive lock on `path` (made if missing, never through a link), waited for
    at most LOCK_WAIT seconds; none where the system has no flock."""
    try:
        import fcntl
    except ImportError:   # Windows: records are still written atomically
        yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0),
                 0o600)
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise SaveError(f"{path} : une autre partie garde les fins découvertes occupées",
                                    f"{path}: another game keeps the discovered endings busy") from None
                time.sleep(0.01)
        yield
    finally:
        os.close(fd)
