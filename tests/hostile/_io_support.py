"""Shared by the tests/hostile/test_io_*.py files: hostile books, and `gamebook` run as
a real process (streams, signals and terminals are only real in a real process).

The process registers the tests' `mini` rule module before running the command line,
so the books stay tiny, and gets private data and cache directories.
"""
from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import subprocess
import sys
import struct
import termios
from pathlib import Path

from tests.hostile._limits_support import _limit_memory

ROOT = Path(__file__).resolve().parents[2]

BOOT = ("import sys; from engine.rules import registry; "
        "registry.BUILTINS['mini'] = 'tests.fixtures.mini_rules:MODULE'; "
        "sys.argv[0] = 'gamebook'; from engine.cli import entry; entry()")

# Every kind of control sequence a book could try to send to a terminal.
ATTACKS = {
    "title": "\x1b]0;PWNED\x07\x1b[2J",            # window title, then clear the screen
    "osc52": "\x1b]52;c;ZWNobyBwd25lZA==\x07",    # write the clipboard
    "csi8": "\x9b2J",                            # 8-bit CSI: clear the screen
    "dcs": "\x1bP+q544e\x1b\\",                  # device control string
    "bel": "ring\x07",
    "cr": "safe\rFORGED",
    "bidi": "\u202eevil",
    "zero-width": "ép\u200bée\u200d\ufeff",   # looks like "épée"
    "marks": "\u200fabc\u200e\u061c",          # right-to-left and left-to-right marks
    "tags": "flag\U000e0041\U000e007f",          # invisible tag characters
}
FORBIDDEN = ["\x1b", "\x07", "\x9b", "\x9d", "\x90", "\r", "\u202e", "\u200b", "\u200d", "\ufeff",
             "\u200f", "\u200e", "\u061c", "\U000e0041", "\U000e007f"]


def yaml_quote(text: str) -> str:
    """`text` as a YAML double-quoted scalar (\\xNN / \\uNNNN escapes for controls)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or 0x7f <= ord(ch) <= 0x9f:
            out.append("\\x%02x" % ord(ch))
        elif not ch.isprintable():   # (YAML's \\u takes 4 digits, \\U 8)
            out.append("\\u%04x" % ord(ch) if ord(ch) <= 0xFFFF else "\\U%08x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def hostile_book(folder: Path, payload: str, name: str = "evil.yaml") -> Path:
    """A valid `mini` book whose title, author, text and choices all carry `payload`."""
    q = yaml_quote
    path = folder / name
    path.write_text(f"""\
gamebook: 1
id: evil
title: {q("T " + payload)}
author: {q("A " + payload)}
language: en
rules: mini
start: 1
hero: {{vie: 5, or: 0}}
paragraphs:
  1:
    text: {q("Door " + payload)}
    choices:
      - {{text: {q("Open " + payload)}, to: 2}}
      - {{text: Walk away, to: 3}}
  2:
    text: A corridor.
    choices:
      - {{text: On, to: 4}}
  4: {{text: Sunlight. You win., end: victory}}
  3: {{text: {q("Pit " + payload)}, end: death}}
""", encoding="utf-8")
    return path


def environment(tmp_path: Path, **extra: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), GAMEBOOK_DATA_DIR=str(tmp_path / "data"),
               GAMEBOOK_CACHE_DIR=str(tmp_path / "cache"), GAMEBOOK_LANG="en", COLUMNS="100")
    env.pop("PYTHONIOENCODING", None)
    env.update(extra)
    return env


def gamebook(tmp_path: Path, *args, input: bytes | None = b"", stdout=subprocess.PIPE,
             close: tuple[int, ...] = (), **env: str) -> subprocess.CompletedProcess:
    """`gamebook ARGS` in a process; `close` lists descriptors closed in the child."""
    def closing() -> None:
        _limit_memory()   # (every hostile case under a memory limit, as in _limits_support)
        for fd in close:
            os.close(fd)
    return subprocess.run([sys.executable, "-c", BOOT, *map(str, args)], cwd=tmp_path,
                          input=None if 0 in close else input,
                          stdin=subprocess.DEVNULL if 0 in close else None,
                          stdout=stdout, stderr=subprocess.PIPE, env=environment(tmp_path, **env),
                          preexec_fn=closing, timeout=60)


def popen(tmp_path: Path, *args, **kw) -> subprocess.Popen:
    """`gamebook ARGS` started, not waited for (the signal tests)."""
    return subprocess.Popen([sys.executable, "-c", BOOT, *map(str, args)], cwd=tmp_path,
                            env=environment(tmp_path), **kw)


def autosave(tmp_path: Path, book_id: str = "evil") -> dict:
    """The autosave of `book_id`, as JSON: the slot `autosave` of a game on a terminal,
    or `script` of one read from a pipe; exactly one of them."""
    import json
    folder = tmp_path / "data" / "saves" / book_id
    (path,) = [p for p in (folder / "autosave.json", folder / "script.json") if p.exists()]
    return json.loads(path.read_text(encoding="utf-8"))


def _controlling_tty() -> None:
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


_LAYOUT = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|[\r\n]")


def _screen_text(seen: bytes) -> bytes:
    """What was written, without the layout's own cursor moves and line ends (the
    full-screen layout draws a long line in pieces)."""
    return _LAYOUT.sub(b"", seen)


class Terminal:
    """`gamebook play` on a pseudo-terminal; stdin can be a pipe instead (plain mode)."""

    def __init__(self, tmp_path, book, plain: bool = False, args: tuple = ()):
        self.master, slave = pty.openpty()
        # a terminal of 100 x 40, room for the full-screen layout
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        stdin = subprocess.PIPE if plain else slave
        self.proc = popen(tmp_path, "play", book, "--seed", "1", *args, stdin=stdin, stdout=slave,
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
        while text.encode() not in _screen_text(self.seen):
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


def signal_in_a_finalizer():
    """A weakref callback that gets SIGTERM while it runs: Python prints an exception
    raised there as "Exception ignored" and drops it (prompt_toolkit's document cache
    is a WeakValueDictionary, emptied at each redraw: the REPL's signals land there)."""
    import weakref

    class Thing:
        pass

    def finalizer(_ref):
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(100):           # the handler runs here, inside the callback
            pass
    thing = Thing()
    signal_in_a_finalizer.ref = weakref.ref(thing, finalizer)
    del thing
