"""Helpers for the format 1.2 tests of give_up, fights won by rounds, take/sell/use/restore
(the format 1.1 helpers, with `gamebook: 1.2` by default)."""
from __future__ import annotations

import textwrap

from engine.game import Game
from engine.game.dice import ScriptedDice, SeededDice
from engine.lint.loader import load_book
from tests.format11 import f11_helpers as f11

codes, keys, where, run = f11.codes, f11.keys, f11.where, f11.run


def load(tmp_path, body: str, version="1.2", name="livre.yaml", items: str = ""):
    """The format 1.1 tests' book (header, catalogue), `items` lines added to its catalogue."""
    path = tmp_path / name
    path.write_text(f11.HEADER.format(version=version) + items + textwrap.dedent(body), encoding="utf-8")
    return load_book(path, use_cache=False)


def game(tmp_path, body: str, version="1.2", faces=None, seed=7, name="livre.yaml", items: str = "") -> Game:
    loaded = load(tmp_path, body, version, name, items)
    errors = [d for d in loaded.diagnostics if d.severity.value == "error"]
    assert not errors, [(d.code, d.message.en, d.span.human()) for d in errors]
    dice = ScriptedDice(list(faces), then=SeededDice(seed)) if faces is not None else SeededDice(seed)
    return Game(loaded.book, loaded.module, dice)


def printed(tmp_path, body: str, lang: str = "fr") -> str:
    """The book `body` exported as Markdown in `lang`, its no-break spaces as spaces and
    its links to paragraphs as their numbers."""
    import re
    from engine.cli import main
    load(tmp_path, body.replace("paragraphs:", f"language: {lang}\nparagraphs:", 1) if lang != "fr" else body)
    out = tmp_path / f"livre-{lang}.md"
    assert main(["export", "--format", "md", str(tmp_path / "livre.yaml"), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8").replace("\xa0", " ").replace("\u202f", " ")
    return re.sub(r"\[(\d+)\]\(#p\d+\)", r"\1", text)


def refuses(g: Game, keys) -> bool:
    """Every answer of `keys` is refused (and so changes nothing)."""
    from engine.rules.base import Refused
    for key in keys:
        try:
            g.answer(key)
        except Refused:
            continue
        return False
    return True
