"""Golden transcripts: book + dice + inputs -> the exact text shown and the final state.

The goldens are files in tests/play/golden/, reviewed by hand.  After an intended
change of output, regenerate them with `GAMEBOOK_REGEN_GOLDEN=1 pytest tests/play`
and read the diff before committing.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.saves import store as saves
from engine.game.dice import ScriptedDice, SeededDice
from engine.game import Game
from engine.repl.session import Session
from tests.play.helpers import load

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    # name: (book, seed, forced faces, language override, inputs)
    "mini-bribe-fr": ("mini.yaml", 3, None, None,
                      ["1", "manger", "2", "1", "2 3", "feuille", "1", "2", "1"]),
    "mini-test-roll": ("mini.yaml", 1, [6, 6, 2], None,
                       ["1", "1", "annuler", "1", "historique", "3", "1", "1"]),
    "mini-death-rescue": ("mini.yaml", 7, [1], None,
                          ["3", "1", "1", "feuille", "inventaire", "recommencer", "quitter"]),
    "tiny-en-to-fr": ("tiny-en.yaml", 2, None, "fr", ["help", "xyz", "0", "2", "1", "1", "1"]),
    "tiny-en-death": ("tiny-en.yaml", 2, None, None, ["2", "restart", "1"]),
}


def transcript(tmp_path, book, seed, faces, lang, inputs) -> str:
    loaded = load(book)
    dice = ScriptedDice(faces, then=SeededDice(seed)) if faces else SeededDice(seed)
    lang = lang or loaded.book.language
    game = Game(loaded.book, loaded.module, dice, lang=lang)
    session = Session(game, saves.SaveStore("golden", tmp_path), lang, width=72, book_ref=book)
    parts = [str(session.start())]
    for line in inputs:
        parts.append(f"> {line}\n{session.handle_line(line)}")
        if session.finished:
            break
    state = json.dumps(session.game.save(), ensure_ascii=False, indent=1, sort_keys=True)
    return "".join(parts) + "=== final state ===\n" + state + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name, tmp_path):
    got = transcript(tmp_path, *CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GAMEBOOK_REGEN_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert path.exists(), f"no golden {path}: run with GAMEBOOK_REGEN_GOLDEN=1 and review it"
    assert got == path.read_text(encoding="utf-8")
