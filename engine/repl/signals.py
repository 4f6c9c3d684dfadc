"""SIGTERM and SIGHUP during play: save the game, then stop.

`kill`, a shutdown, or the terminal window being closed (SIGHUP) would otherwise end
the process on the spot and lose every move since the last save.  `StopGuard` turns
both signals into a `Stopped` exception, raised where the front end waits for input;
a signal that arrives while a line is being played waits until that line is done, so
the autosave never sees a half-played move.  `stop` saves and gives the exit status
128 + the signal's number, as a shell reports a process killed by it.

The handler never trusts its own `raise` alone: Python runs it between any two
bytecodes, a finalizer's or a weakref callback's included (prompt_toolkit's document
cache is a WeakValueDictionary, emptied at every redraw), and an exception raised
there is printed as "Exception ignored" and dropped: the REPL went on waiting and
the game was never saved.  So the signal is first recorded (`pending`); under an
event loop (the REPL) it is raised by a callback of that loop, at a point where
nothing swallows it; without one (plain mode, a blocking read) it is raised at once,
and raised again by `check` before the next line is read, should it have been dropped.
"""
from __future__ import annotations

import contextlib
import signal
import sys
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
        self.raised = False       # Stopped already raised from a safe point: once is enough
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
        self.pending = self.pending or signum
        if self.busy:
            return                    # raised when the move ends (`deferring`)
        loop = _running_loop()
        if loop is not None:          # raised from the loop: here it could land in a finalizer
            loop.call_soon_threadsafe(self.check)
            return
        raise Stopped(signum)

    def check(self) -> None:
        """Raise Stopped if a signal came and has not been raised from a safe point yet."""
        if self.pending is not None and not self.busy and not self.raised:
            self.raised = True
            raise Stopped(self.pending)

    def deferring(self, play_line):
        """`play_line` run with signals held until it returns."""
        def guarded(line: str):
            self.busy = True
            try:
                return play_line(line)
            finally:
                self.busy = False
                self.check()
        return guarded

    def reading(self, lines):
        """`lines` (a file, an iterator), checking before each read that no signal
        came whose exception was dropped on its way."""
        source = iter(lines)
        while True:
            self.check()
            try:
                line = next(source)
            except StopIteration:
                return
            yield line


def _running_loop():
    """The asyncio loop running in this thread (the REPL's), or None.  Never imports
    asyncio: a handler must not import (plain mode does without it)."""
    asyncio = sys.modules.get("asyncio")
    try:
        return asyncio.get_running_loop() if asyncio is not None else None
    except RuntimeError:
        return None


def stop(session, guard: StopGuard, signum: int, write) -> int:
    """Autosave (no signal can interrupt it), say so with `write`, 128 + signum."""
    guard.busy = True
    out = session.autosave()
    with contextlib.suppress(Exception):   # the terminal may be gone (SIGHUP): the save is made
        write(out)
    return 128 + signum
