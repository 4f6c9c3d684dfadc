"""Ctrl-C in plain mode loses nothing: the game is autosaved whether the player presses it
while the game waits for a line or during a move."""
from __future__ import annotations

import io
import json

from engine.repl import plain
from tests.repl.helpers import session


def test_ctrl_c_while_waiting_for_a_line_autosaves(tmp_path):
    def lines():
        yield "1\n"
        raise KeyboardInterrupt   # the player presses Ctrl-C at the next read
    s = session(tmp_path)
    out = io.StringIO()
    assert plain.run(s, lines(), out) == 130
    saved = json.loads((s.store.dir / f"{s.autosave_slot}.json").read_text(encoding="utf-8"))
    assert saved["paragraph"] == s.game.state.paragraph != 1
