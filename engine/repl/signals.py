"""SIGTERM and SIGHUP during play: save the game, then stop.

`kill`, a shutdown, or the terminal window being closed (SIGHUP) would otherwise end
the process on the spot and lose every move since the last save.  `StopGuard` turns
both signals into a `Stopped` exception, raised where the front end waits for input;
a signal that arrives while a line is being played waits until that line is done, so
the autosave never sees a half-played move.  `stop` saves and gives the exit status
128 + the signal's number, as a shell reports a process killed by it.
"""
from __future__ import annotations

import contextlib
import signal
import threading

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Stopped(SystemExit):
    """SIGTERM or SIGHUP arrived (`signum`).

    A SystemExit, because the signal can land anywhere: asyncio (under prompt_toolkit)
    logs and drops any other exception raised in one of its callbacks, and a plugin's
    `except Exception` would swallow it too.  Its code is the exit status, should it
    ever reach the top."""

    def __init__(self, signum: int):
        super().__init__(128 + signum)
        self.signum = signum


class StopGuard:
    """Within `with`, SIGTERM and SIGHUP raise Stopped (deferred while `busy`)."""

    def __init__(self):
        self.busy = False
        self.pending: int | None = None
        self._old: dict = {}

    def __enter__(self) -> "StopGuard":
        if threading.current_thread() is threading.main_thread():   # signal's own rule
            for signum in SIGNALS:
                self._old[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        for signum, old in self._old.items():
            signal.signal(signum, old)

    def _handle(self, signum: int, frame) -> None:
        if self.busy:
            self.pending = self.pending or signum
            return
        raise Stopped(signum)

    def deferring(self, play_line):
        """`play_line` run with signals held until it returns."""
        def guarded(line: str):
            self.busy = True
            try:
                return play_line(line)
            finally:
                self.busy = False
                if self.pending is not None:
                    raise Stopped(self.pending)
        return guarded


def stop(session, guard: StopGuard, signum: int, write) -> int:
    """Autosave (no signal can interrupt it), say so with `write`, 128 + signum."""
    guard.busy = True
    out = session.autosave()
    with contextlib.suppress(Exception):   # the terminal may be gone (SIGHUP): the save is made
        write(out)
    return 128 + signum
