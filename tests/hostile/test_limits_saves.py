"""Hand-edited saves: `play --continue` and the REPL's `load` say in one line what is
wrong, exit or go on cleanly, and leave the file byte for byte as it was."""
from __future__ import annotations

import json
import os

import pytest

from engine.support import limits

from engine.saves import store as saves
from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book
from tests.hostile._limits_support import choice_book, no_traceback, one_line, run


def _saved(tmp_path) -> dict:
    """A fresh save of hostile.yaml, at paragraph 1 (its book id is the file's stem)."""
    path = tmp_path / "hostile.yaml"
    path.write_text(choice_book("{text: A, to: 2}"), encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    return saves.snapshot(Game(loaded.book, loaded.module, SeededDice(1)))


def _write(tmp_path, slot: str, content) -> bytes:
    folder = tmp_path / "data" / "saves" / "hostile"
    folder.mkdir(parents=True, exist_ok=True)
    raw = content if isinstance(content, bytes) else json.dumps(content).encode()
    (folder / f"{slot}.json").write_bytes(raw)
    return raw


def _nested(depth: int) -> bytes:
    return b'{"x": ' * depth + b"1" + b"}" * depth


EDITS = {
    "paragraph 999": (lambda o: o.update(paragraph=999), "saved paragraph 999 does not exist"),
    "unknown pending": (lambda o: o.update(pending={"activity": "duel"}), "pending activity “duel”"),
    "bad extra": (lambda o: o["extra"].update(gods=7, equipment="x"), "inconsistent save"),
    "huge stat": (lambda o: o["stats"].update(honneur=10 ** 15), "“stats”: 1000000000000000 outside"),
    "draws": (lambda o: o["dice"].update(draws=10 ** 12), "1000000000000 dice drawn"),
}
RAW = {
    "5,000 digits": (lambda raw: raw.replace(b'"honneur": 7', b'"honneur": ' + b"7" * 5000),
                     "a number of 5000 digits"),
    "nested 100,000 deep": (lambda raw: raw.replace(b'"extra": {', b'"extra": {"deep": '
                                                    + _nested(100_000) + b", ", 1),
                            "nesting deeper than 24 levels"),
}


def _cases(tmp_path, name):
    obj = _saved(tmp_path)
    if name in EDITS:
        edit, expected = EDITS[name]
        edit(obj)
        return json.dumps(obj).encode(), expected
    edit, expected = RAW[name]
    return edit(json.dumps(obj).encode()), expected


@pytest.mark.parametrize("name", [*EDITS, *RAW])
def test_continue_refuses_a_hand_edited_autosave_and_keeps_it(tmp_path, name):
    raw, expected = _cases(tmp_path, name)
    _write(tmp_path, "script", raw)
    result = run(["play", "--lang", "en", "--continue", "hostile.yaml"], tmp_path, stdin="1\n")
    assert result.returncode == 1
    assert one_line(result, expected) in result.stderr
    assert (tmp_path / "data" / "saves" / "hostile" / "script.json").read_bytes() == raw


@pytest.mark.parametrize("name", [*EDITS, *RAW])
def test_load_refuses_a_hand_edited_save_and_the_game_goes_on(tmp_path, name):
    raw, expected = _cases(tmp_path, name)
    _write(tmp_path, "manuel", raw)
    result = run(["play", "--lang", "en", "hostile.yaml"], tmp_path, stdin="load manuel\n2\n")
    no_traceback(result)
    said = " ".join(result.stdout.split())   # the REPL wraps its lines to 80 columns
    assert f"Refused: {tmp_path}" in said or "Refused: inconsistent save" in said
    assert expected in said and said.count("Refused:") == 1
    assert result.returncode == 0 and "Victory!" in result.stdout
    assert (tmp_path / "data" / "saves" / "hostile" / "manuel.json").read_bytes() == raw


def test_a_save_within_the_limits_still_resumes(tmp_path):
    obj = _saved(tmp_path)
    obj["dice"]["draws"] = 1000
    _write(tmp_path, "script", obj)
    result = run(["play", "--lang", "en", "--continue", "hostile.yaml"], tmp_path, stdin="2\n")
    assert result.returncode == 0 and "Game resumed" in result.stdout


def test_a_fifo_in_place_of_the_autosave_is_not_waited_on(tmp_path):
    _saved(tmp_path)
    folder = tmp_path / "data" / "saves" / "hostile"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "script.json")   # (a script resumes the slot `script`)
    result = run(["play", "--lang", "en", "--continue", "hostile.yaml"], tmp_path, timeout=30)
    assert result.returncode == 1 and one_line(result, "script.json is not a regular file")


def test_a_save_over_the_size_limit_is_refused_unread(tmp_path):
    _saved(tmp_path)
    raw = _write(tmp_path, "script", b"{" + b" " * limits.MAX_SAVE_BYTES + b"}")
    result = run(["play", "--lang", "en", "--continue", "hostile.yaml"], tmp_path)
    assert result.returncode == 1 and one_line(result, "file too large")
    assert (tmp_path / "data" / "saves" / "hostile" / "script.json").read_bytes() == raw
