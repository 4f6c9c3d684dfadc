"""The command line's standard streams, made safe to write to whatever they are.

`guarded()` puts a `SafeStream` in front of sys.stdout and sys.stderr for the length
of a command.  Every write goes through `safe_text.clean`: no string from a book, a
save or a plugin can send a control sequence to the terminal or a CI log, whichever
command prints it.  A stream that cannot be written (closed, `/dev/full`, a terminal
gone) stops the writing, not the command: a game still reaches its autosave, and the
command ends with one line saying what happened (`failure()`).  A reader that went
away (`| head`) is not a failure.  Characters the stream's encoding lacks
(PYTHONIOENCODING=ascii) are shown as `\\xe9` escapes instead of crashing.

The REPL writes its own escape codes: it takes the real stream with `raw()`.
"""
from __future__ import annotations

import contextlib
import errno
import os
import sys

from engine.support.safe_text import clean


class SafeStream:
    """A text stream that cleans what it writes and never raises on a write."""

    def __init__(self, stream, name: str):
        self.raw, self.name = stream, name
        self.error: str | None = None
        self.broken_pipe = False

    def write(self, text: str) -> int:
        if self.error is None and not self.broken_pipe:
            self._call(getattr(self.raw, "write", None), clean(text))
        return len(text)

    def flush(self) -> None:
        if self.raw is not None and self.error is None and not self.broken_pipe:
            self._call(getattr(self.raw, "flush", None))

    def _call(self, method, *args) -> None:
        if self.raw is None:   # Python found the descriptor closed at start-up
            self.error = os.strerror(errno.EBADF)
            return
        try:
            method(*args)
        except BrokenPipeError:
            self.broken_pipe = True
            self._silence()
        except (OSError, ValueError) as exc:   # ValueError: a closed file object
            self.error = getattr(exc, "strerror", None) or str(exc)
            self._silence()

    def _silence(self) -> None:
        """Point the file descriptor at /dev/null, so that what is still buffered in
        the real stream is not retried (and reported again) when Python exits."""
        with contextlib.suppress(OSError, ValueError, AttributeError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.raw.fileno())
            os.close(null)

    def isatty(self) -> bool:
        try:
            return self.raw.isatty()
        except (AttributeError, OSError, ValueError):
            return False

    def fileno(self) -> int:
        if self.raw is None:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        return self.raw.fileno()

    @property
    def encoding(self) -> str:
        return getattr(self.raw, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return getattr(self.raw, "errors", None) or "strict"

    def writable(self) -> bool:
        return True


def raw(stream):
    """The real stream behind a SafeStream (the stream itself otherwise)."""
    return stream.raw if isinstance(stream, SafeStream) else stream


def reopen_closed_descriptors() -> None:
    """Give a closed fd 0, 1 or 2 to /dev/null: otherwise the next file the program
    opens (a save, the cache) would get that number, and whatever writes to "stdout"
    (a worker process, a C library) would write into the file."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                got = os.open(os.devnull, os.O_RDWR)
                if got != fd:   # a lower one was free too: it is reopened in its turn
                    os.dup2(got, fd)
                    os.close(got)


def _lenient(stream, errors: str) -> None:
    """An encoding error becomes an escape, never an exception."""
    if stream is not None and getattr(stream, "errors", "") == "strict":
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors=errors)


@contextlib.contextmanager
def guarded():
    """sys.stdout and sys.stderr behind SafeStreams for the block; yields them."""
    old = sys.stdout, sys.stderr
    _lenient(sys.stdout, "backslashreplace")
    _lenient(sys.stderr, "backslashreplace")
    _lenient(sys.stdin, "replace")
    out, err = SafeStream(raw(sys.stdout), "stdout"), SafeStream(raw(sys.stderr), "stderr")
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        out.flush()
        err.flush()
        sys.stdout, sys.stderr = old


def failure(out: SafeStream, lang: str) -> str | None:
    """The one line saying the output could not be written, or None."""
    if out.error is None:
        return None
    if lang == "fr":
        return f"gamebook : impossible d'écrire la sortie ({out.error})"
    return f"gamebook: cannot write the output ({out.error})"
