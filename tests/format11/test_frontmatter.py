"""Front matter: description and prologue shown at the start, stat aliases in `hero:`,
and the format-1.1 examples of docs/book-format.md linted as written."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
BOOK = """gamebook: {version}
title: T
rules: defis-fantastiques
start: 1
description: Une courte description.
{extra}hero: {hero}
paragraphs:
  1: {{text: Au bord du puits., choices: [{{text: Descendre, to: 2}}]}}
  2: {{text: Au fond., choices: [{{text: Boire, to: 3}}]}}
  3: {{text: Fin., end: victory}}
"""


def write(tmp_path, version="1", extra="", hero="{skill: 10, stamina: 20, luck: 9, gold: 5, equipment: []}"):
    path = tmp_path / "b.yaml"
    path.write_text(BOOK.format(version=version, extra=extra, hero=hero), encoding="utf-8")
    return str(path)


def run(monkeypatch, capsys, argv, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_english_aliases_in_hero_give_the_sheet(monkeypatch, capsys, tmp_path):
    book = write(tmp_path)
    assert run(monkeypatch, capsys, ["lint", "--strict", book])[0] == 0
    _, out, _ = run(monkeypatch, capsys, ["play", book, "--seed", "1"], "fiche\n")
    assert "Habileté     10/10" in out and "Endurance    20/20" in out and "Pièces d'Or  5" in out


def test_a_stat_and_its_alias_together_are_located(monkeypatch, capsys, tmp_path):
    book = write(tmp_path, hero="{habilete: 10, skill: 9}")
    code, out, _ = run(monkeypatch, capsys, ["lint", book])
    assert code == 1 and re.search(r"b\.yaml:6:\d+: duplicate-hero-stat", out)


def test_description_and_prologue_open_a_new_game_not_a_resumed_one(monkeypatch, capsys, tmp_path):
    book = write(tmp_path, "1.1", "prologue: Il était une fois.\n")
    _, out, _ = run(monkeypatch, capsys, ["play", book, "--seed", "1"], "")
    assert out.index("Une courte description.") < out.index("Il était une fois.") < out.index("— 1 —")
    _, out, _ = run(monkeypatch, capsys, ["play", book, "--seed", "1"], "1\n")   # autosaved at 2
    _, out, _ = run(monkeypatch, capsys, ["play", book, "--continue"], "")
    assert "Partie reprise" in out and "— 2 —" in out
    assert "Une courte description." not in out and "Il était une fois." not in out


def test_the_prologue_keeps_its_paragraphs_apart(monkeypatch, capsys, tmp_path):
    book = write(tmp_path, "1.1", "prologue: |\n  Il était une fois\n  un puits.\n\n  Un soir, il parla.\n")
    _, out, _ = run(monkeypatch, capsys, ["play", book, "--seed", "1"], "")
    assert "\nIl était une fois un puits.\n\nUn soir, il parla.\n" in out


def test_a_prologue_in_a_format_1_book_is_located(monkeypatch, capsys, tmp_path):
    book = write(tmp_path, "1", "prologue: Il était une fois.\n")
    code, out, _ = run(monkeypatch, capsys, ["lint", book])
    assert code == 1 and "b.yaml:6:1: format-1-1" in out


PART = re.compile(r"# ([\w./-]+\.yaml)\b")   # a block that is one file of a book in several


def format_11_blocks() -> list[str]:
    text = (ROOT / "docs" / "book-format.md").read_text(encoding="utf-8")
    part = text.split("## Format 1.1", 1)[1].split("## What the loader refuses", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", part, re.S)


def format_11_examples() -> list[str]:
    """The whole books (a part of a book in several files is written beside them)."""
    return [b for b in format_11_blocks() if "\ngamebook:" in "\n" + b]


@pytest.mark.parametrize("example", format_11_examples())
def test_format_11_examples_lint_clean(monkeypatch, capsys, tmp_path, example):
    for block in format_11_blocks():
        named = PART.match(block)
        if named and block not in format_11_examples():
            (tmp_path / named.group(1)).write_text(block, encoding="utf-8")
    path = tmp_path / "example.yaml"
    path.write_text(example, encoding="utf-8")
    code, out, _ = run(monkeypatch, capsys, ["lint", "--strict", "--no-cache", str(path)])
    assert code == 0, out


def test_the_split_book_example_is_linted_with_its_part(monkeypatch, capsys, tmp_path):
    """The `include:` example really includes: without its part, paragraph 2 is missing."""
    book = next(b for b in format_11_examples() if "include:" in b)
    path = tmp_path / "example.yaml"
    path.write_text(book, encoding="utf-8")
    code, out, _ = run(monkeypatch, capsys, ["lint", "--no-cache", str(path)])
    assert code == 1 and "include-not-found" in out


def test_the_format_11_part_has_examples():
    assert len(format_11_examples()) >= 1
