"""The REPL's input history file, private and never through a symbolic link.

prompt_toolkit's FileHistory opens its path as given: a `history` replaced by a link
to another file (~/.bashrc, a file of another program) would have every line the
player types appended to that file.  Here the file is opened with O_NOFOLLOW and
created with mode 0600 (what the player types is nobody else's business).  A path
that is a link or not a regular file is refused with one warning line, and the game
goes on with a history kept in memory.
"""
from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from engine.repl.messages import text

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class PrivateFileHistory(FileHistory):
    """FileHistory whose file is opened without following links, and kept 0600."""

    def _open(self, flags: int, mode: str):
        fd = os.open(self.filename, flags | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o600)
        with contextlib.suppress(OSError):
            os.fchmod(fd, 0o600)   # a file made by an older version may be 0644
        return os.fdopen(fd, mode)

    def load_history_strings(self):
        try:
            with self._open(os.O_RDONLY, "rb") as fh:
                chunks = [line.decode("utf-8", "replace") for line in fh]
        except OSError:   # absent, or made a link since the check: no history, no crash
            return []
        strings, lines = [], []
        for line in chunks + ["#"]:
            if line.startswith("+"):
                lines.append(line[1:])
            elif lines:
                strings.append("".join(lines)[:-1])
                lines = []
        return list(reversed(strings))

    def store_string(self, string: str) -> None:
        try:
            with self._open(os.O_WRONLY | os.O_APPEND | os.O_CREAT, "ab") as fh:
                fh.write(("\n# -\n" + "".join(f"+{row}\n" for row in string.split("\n")))
                         .encode("utf-8", "replace"))
        except OSError:
            pass   # a history that cannot be written is only a shorter history


def open_history(folder: Path, lang: str) -> tuple[History, str | None]:
    """(the history, a warning line or None) for the file `history` in `folder`."""
    path = folder / "history"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return PrivateFileHistory(str(path)), None
    except OSError:   # a read-only or missing home still lets the player play
        return InMemoryHistory(), None
    if stat.S_ISREG(mode):
        return PrivateFileHistory(str(path)), None
    return InMemoryHistory(), text(lang, "history-refused", path=str(path))
