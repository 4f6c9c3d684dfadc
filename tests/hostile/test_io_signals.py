"""SIGTERM, SIGHUP and a closed terminal during play: the moves are autosaved first,
then the exit status is 128 + the signal's number (REPL and plain mode)."""
from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import subprocess
import termios

import pytest

from tests.hostile._io_support import autosave, hostile_book, popen


def _controlling_tty() -> None:
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """`gamebook play` on a pseudo-terminal; stdin can be a pipe instead (plain mode)."""

    def __init__(self, tmp_path, book, plain: bool = False):
        self.master, slave = pty.openpty()
        stdin = subprocess.PIPE if plain else slave
        self.proc = popen(tmp_path, "play", book, "--seed", "1", stdin=stdin, stdout=slave,
                          stderr=slave, preexec_fn=None if plain else _controlling_tty,
                          start_new_session=plain)
        os.close(slave)
        self.seen = b""

    def send(self, text: str) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.write(text.replace("\r", "\n").encode())
            self.proc.stdin.flush()
        else:
            os.write(self.master, text.encode())

    def wait_for(self, text: str) -> None:
        """Read the terminal until `text` shows (a safety net of 30 s, not a measure)."""
        while text.encode() not in self.seen:
            ready, _, _ = select.select([self.master], [], [], 30)
            assert ready, f"{text!r} never shown; seen: {self.seen[-300:]!r}"
            try:
                self.seen += os.read(self.master, 65536)
            except OSError:
                raise AssertionError(f"{text!r} never shown; seen: {self.seen[-300:]!r}")

    def finish(self) -> int:
        code = self.proc.wait(timeout=30)
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        os.close(self.master)
        return code


@pytest.mark.parametrize("plain", [False, True], ids=["repl", "plain"])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_signal_autosaves_the_moves_then_exits(tmp_path, plain, signum):
    book = hostile_book(tmp_path, "")
    term = Terminal(tmp_path, book, plain)
    term.wait_for("Walk away")
    term.send("1\r")
    term.wait_for("A corridor")
    term.proc.send_signal(signum)
    assert term.finish() == 128 + signum
    saved = autosave(tmp_path)
    assert saved["paragraph"] == 2 and {"choice": "Open "} in saved["history"]
    assert b"Traceback" not in term.seen


def test_closing_the_terminal_autosaves(tmp_path):
    book = hostile_book(tmp_path, "")
    term = Terminal(tmp_path, book)
    term.wait_for("Walk away")
    term.send("1\r")
    term.wait_for("A corridor")
    os.close(term.master)                  # the window is closed: the kernel sends SIGHUP
    assert term.proc.wait(timeout=30) == 128 + signal.SIGHUP
    assert autosave(tmp_path)["paragraph"] == 2


def test_a_signal_landing_in_an_event_loop_callback_still_stops():
    """The REPL runs in asyncio, which drops an Exception raised in a callback."""
    import asyncio
    from engine.repl.signals import Stopped

    def callback():
        raise Stopped(signal.SIGTERM)
    loop = asyncio.new_event_loop()
    try:
        loop.call_soon(callback)
        loop.call_soon(loop.stop)          # a dropped Stopped ends here: RuntimeError
        with pytest.raises(Stopped) as stop:
            loop.run_until_complete(loop.create_future())
    finally:
        loop.close()
    assert stop.value.code == 128 + signal.SIGTERM


def test_a_signal_during_a_move_waits_for_its_end():
    from engine.repl.signals import StopGuard, Stopped
    played = []
    with StopGuard() as guard:
        def move(line):
            os.kill(os.getpid(), signal.SIGTERM)    # arrives in the middle of the move
            played.append(line)
            return "done"
        with pytest.raises(Stopped):
            guard.deferring(move)("1")
    assert played == ["1"]
