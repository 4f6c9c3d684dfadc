"""`gamebook play` in a real terminal: tmux runs it at 60 columns, the window is
resized to 140 in the middle of a fight and back to 60 at the end, and each screen
(capture-pane) must show the sheet, the fight panel, the choices and the prompt.

tmux is needed: .ci/run installs it where it is missing.  Outside CI a machine
without tmux skips this test and says why; in CI (`CI` set) it fails instead.
"""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.fixtures.env import BOOKS

ROOT = Path(__file__).parents[2]
WAIT = 30.0   # seconds a screen may take to appear (a slow, shared machine): a bound, not a measure


@pytest.fixture
def tmux(tmp_path):
    if shutil.which("tmux") is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is not installed: .ci/run installs it (apt-get install tmux)")
        pytest.skip("tmux is not installed (CI installs it through .ci/run)")
    socket = f"gamebook-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"   # one server a test
    term = Terminal(socket, tmp_path)
    yield term
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


class Terminal:
    """One tmux server of our own (its own socket), one window playing the book."""

    def __init__(self, socket: str, tmp_path: Path):
        self.socket, self.data = socket, tmp_path / "data"

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-u", "-L", self.socket, *args], capture_output=True,
                              text=True, encoding="utf-8", env={**os.environ, "LANG": "C.UTF-8"})
        assert done.returncode == 0, done.stderr
        return done.stdout

    def start(self, book: Path, columns: int, rows: int, *args: str) -> None:
        env = f"GAMEBOOK_DATA_DIR={shlex.quote(str(self.data))} GAMEBOOK_NO_CACHE=1 TERM=xterm-256color"
        cmd = (f"cd {shlex.quote(str(ROOT))} && exec env {env} {shlex.quote(sys.executable)} -m engine "
               f"play {shlex.quote(str(book))} " + " ".join(args))
        self.tmux("new-session", "-d", "-s", "play", "-x", str(columns), "-y", str(rows), cmd)

    def close(self) -> None:
        """The window gone: killed if the game still shows it, else it went with the game
        (which exits once it has saved: then the server is gone too, and that is no error)."""
        subprocess.run(["tmux", "-L", self.socket, "kill-session", "-t", "play"], capture_output=True)

    def screen(self, history: bool = False) -> str:
        """The visible screen, or with `history` the lines scrolled off it too."""
        return self.tmux("capture-pane", "-p", "-t", "play", *(("-S", "-200") if history else ()))

    def wait_for(self, text: str, before: str | None = None) -> str:
        """The screen once it shows `text`, differs from `before` and has settled (the
        same in two captures: a capture can fall in the middle of a redraw)."""
        end, last = time.monotonic() + WAIT, None
        while True:
            screen = self.screen()
            if screen == last and text in screen and screen != before:
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"never shown: {text!r}; the screen:\n{screen}")
            last = screen
            time.sleep(0.15)

    def answer(self, line: str, screen: str) -> str:
        """Type a line and wait for its answer: a new screen with the input line empty."""
        self.type(line)
        end = time.monotonic() + WAIT
        while True:
            screen_now = self.wait_for("", before=screen)
            if _bottom(screen_now)[0] == ">":
                return screen_now
            assert time.monotonic() < end, screen_now

    def type(self, line: str) -> None:
        self.tmux("send-keys", "-t", "play", "-l", line)
        self.tmux("send-keys", "-t", "play", "Enter")

    def resize(self, columns: int, rows: int) -> None:
        self.tmux("resize-window", "-t", "play", "-x", str(columns), "-y", str(rows))


def _line_with(screen: str, *parts: str) -> str:
    for line in screen.splitlines():
        if all(p in line for p in parts):
            return line
    raise AssertionError(f"no line with {parts}:\n{screen}")


def _bottom(screen: str) -> list[str]:
    return [line.rstrip() for line in screen.rstrip("\n").splitlines()][-2:]


def test_full_screen_at_60_and_140_columns_with_resizes(tmux):
    tmux.start(BOOKS / "arene.yaml", 60, 30, "--seed", "1")
    screen = tmux.wait_for("2. Sauter par-dessus la barrière")
    assert all(len(line.rstrip()) <= 60 for line in screen.splitlines())
    assert "Habileté 12/12 · Endurance 20/20" in screen            # the sheet, above
    assert _bottom(screen)[0] == ">" and "Ctrl-D" in _bottom(screen)[1]   # prompt, keys

    tmux.type("1")
    screen = tmux.wait_for("1. Lancer l'assaut")
    fight = _line_with(screen, "Vous", "│", "Garde au bouclier")   # side by side
    assert fight.index("│") < 40
    assert "Endurance 20/20" in _line_with(screen, "Endurance 20/20", "│", "Endurance 4")
    assert _bottom(screen)[0] == ">"

    tmux.resize(140, 30)   # mid-fight
    screen = tmux.wait_for("Feuille d'aventure")
    assert "│Habileté : 12/12" in screen                              # the sheet, beside
    assert _line_with(screen, "Vous", "│", "Garde au bouclier").index("│") > 60
    assert max(len(line.rstrip()) for line in screen.splitlines()) > 100
    assert _line_with(screen, "Le sable de l'arène", "les pêcheurs du port")   # reflowed wide
    assert "1. Lancer l'assaut" in screen and _bottom(screen)[0] == ">"

    for _ in range(20):   # fight on (seeded dice) until the end pane shows
        if "— Fin :" in screen:
            break
        screen = tmux.answer("1", screen)
    assert "— Fin : victoire au paragraphe 3 —" in screen
    assert "Fins découvertes dans ce livre : 1 (sur 2 fins écrites)" in screen

    tmux.resize(60, 30)
    screen = tmux.wait_for("Habileté 12/12 ·")
    assert "— Fin : victoire au paragraphe 3 —" in screen and "1. Recommencer" in screen
    assert all(len(line.rstrip()) <= 60 for line in screen.splitlines())

    tmux.tmux("set-option", "-t", "play", "remain-on-exit", "on")   # to read the goodbye
    tmux.tmux("send-keys", "-t", "play", "C-d")
    screen = tmux.wait_for("Pour une nouvelle aventure : gamebook play")   # (a game won: nothing to resume)
    assert "Feuille" not in screen   # the layout is gone; its goodbye stays (maybe scrolled up)
    assert "Partie gagnée, sauvegardée automatiquement." in tmux.screen(history=True)
    autosave = tmux.data / "saves" / "arene" / "autosave.json"
    end = time.monotonic() + WAIT
    while not autosave.exists():
        assert time.monotonic() < end, "no autosave after Ctrl-D"
        time.sleep(0.1)


def test_line_mode_by_flag_and_on_a_small_terminal(tmux):
    tmux.start(BOOKS / "arene.yaml", 40, 12, "--seed", "1")
    screen = tmux.wait_for("2. Sauter par-dessus")
    assert _bottom(screen)[1].startswith(" §1 ") and "Ctrl-D : sauver" not in screen   # line shell
    assert "Terminal trop petit pour l'affichage plein écran : mode ligne." in \
        tmux.screen(history=True).replace("\n", " ")
    tmux.type("quitter")
    autosave = tmux.data / "saves" / "arene" / "autosave.json"
    end = time.monotonic() + WAIT
    while not autosave.exists():   # the goodbye's save, before the window goes
        assert time.monotonic() < end, "no autosave after quitter"
        time.sleep(0.1)
    tmux.close()
    tmux.start(BOOKS / "arene.yaml", 140, 30, "--seed", "1", "--ligne")
    tmux.wait_for("Une partie de ce livre est en cours (paragraphe 1). La reprendre ?")
    tmux.type("n")   # (the game quit above is kept aside, a new one starts)
    screen = tmux.wait_for("2. Sauter par-dessus la barrière")
    assert "Feuille d'aventure" not in screen and "│" not in screen
