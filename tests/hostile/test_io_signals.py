"""SIGTERM, SIGHUP and a closed terminal during play: the moves are autosaved first,
then the exit status is 128 + the signal's number (REPL and plain mode)."""
from __future__ import annotations

import os
import signal

import pytest

from tests.hostile._io_support import Terminal, autosave, hostile_book, signal_in_a_finalizer


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


def test_a_signal_landing_in_a_finalizer_under_the_event_loop_still_stops():
    import asyncio
    from engine.repl.signals import StopGuard, Stopped
    loop = asyncio.new_event_loop()
    try:
        with StopGuard():
            loop.call_soon(signal_in_a_finalizer)
            loop.call_later(30, loop.stop)   # a safety net: a dropped signal lets the loop run on
            with pytest.raises(Stopped) as stop:
                loop.run_forever()
    finally:
        loop.close()
    assert stop.value.code == 128 + signal.SIGTERM


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")   # the dropped one
def test_a_signal_dropped_in_a_finalizer_in_plain_mode_stops_before_the_next_read():
    from engine.repl.signals import StopGuard, Stopped
    read = []
    with StopGuard() as guard:
        lines = guard.reading(["1\n", "2\n"])
        with pytest.raises(Stopped):
            for line in lines:
                read.append(line)
                signal_in_a_finalizer()     # between two reads, not during a move
    assert read == ["1\n"]
