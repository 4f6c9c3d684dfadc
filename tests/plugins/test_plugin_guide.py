"""The guide's example module and book work as printed in docs/writing-a-rule-module.md."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.lint.loader import load_book
from engine.rules import registry
from engine.rules.conformance import check_module

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "writing-a-rule-module.md"


def block(language: str) -> str:
    """The first fenced block of that language in the guide."""
    return re.search(rf"```{language}\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S).group(1)


class _EntryPoint:
    def __init__(self, name, value):
        self.name, self.value = name, value

    def load(self):
        module, _, attr = self.value.partition(":")
        return getattr(importlib.import_module(module), attr)


def test_the_guide_example_conforms_lints_and_plays(tmp_path, monkeypatch):
    package = tmp_path / "gamebook_rules_mini"
    package.mkdir()
    (package / "__init__.py").write_text(block("python"), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("gamebook_rules_mini").MODULE
    assert check_module(module) == []
    real = registry._entry_points()
    monkeypatch.setattr(registry, "_entry_points",
                        lambda: {**real, "mini": _EntryPoint("mini", "gamebook_rules_mini:MODULE")})
    book = tmp_path / "le-gue.yaml"
    book.write_text(block("yaml"), encoding="utf-8")
    loaded = load_book(book, use_cache=False)
    assert loaded.ok and loaded.diagnostics == []
    game = Game(loaded.book, loaded.module, ScriptedDice([6, 6, 10]))
    game.answer("fight")
    assert game.state.ended == "victory"
    assert "mini" in registry.names()
