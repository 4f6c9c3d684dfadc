"""The incremental re-check finds exactly what a whole-file check finds."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.lsp.incremental import Parser
from engine.lsp.state import analyse
from engine.book.source import parse_text

BOOKS = Path(__file__).resolve().parents[2] / "books"


def edits(text: str, rng: random.Random):
    """A sequence of versions: typos, a wrong target, a deleted line, a duplicate
    paragraph, a tab, a half-typed line, and back to the original."""
    lines = text.split("\n")
    for _ in range(12):
        i = rng.randrange(len(lines))
        kind = rng.choice(["word", "target", "delete", "tab", "half", "duplicate"])
        new = list(lines)
        if kind == "word":
            new[i] = new[i].replace("e", "é", 1)
        elif kind == "target":
            new[i] = new[i].replace("to: ", "to: 9", 1)
        elif kind == "delete":
            del new[i]
        elif kind == "tab":
            new[i] = "\t" + new[i].lstrip()
        elif kind == "half":
            new[i] = new[i][: len(new[i]) // 2]
        else:
            new.insert(i, "  1: {text: double, end: death}")
        yield "\n".join(new)
    yield text


@pytest.mark.parametrize("name", ["le-taureau-d-airain.yaml", "la-cloche-de-brumesel.yaml"])
def test_every_edit_gives_the_diagnostics_of_a_full_check(name):
    text = (BOOKS / name).read_text(encoding="utf-8")
    parser = Parser()
    for version in [text, *edits(text, random.Random(name))]:
        incremental = analyse("file:///b.yaml", version, "b.yaml", parser)
        full = analyse("file:///b.yaml", version, "b.yaml")
        assert incremental.diagnostics == full.diagnostics


def test_positions_are_those_of_a_full_parse():
    text = (BOOKS / "le-taureau-d-airain.yaml").read_text(encoding="utf-8")
    parser = Parser()
    parser.parse(text, "b.yaml")
    edited = text.replace("  3:\n", "  3:\n    # une note\n", 1).replace("mouettes", "goélands", 1)
    doc, _ = parser.parse(edited, "b.yaml")
    full, _ = parse_text(edited, "b.yaml")
    assert doc.data == full.data
    assert all(doc.where.get(path) == pos for path, pos in full.where.items())
    assert all(doc.key_where.get(path) == pos for path, pos in full.key_where.items())
    assert parser.blocks and len(parser.blocks) == len(full.data["paragraphs"])


def test_a_paragraph_is_checked_again_when_the_names_of_the_book_change():
    from tests.lsp.books import DF
    parser = Parser()
    unknown = DF.replace("{gain: cle}", "{gain: lampe}")
    first = analyse("x", unknown, "x", parser)
    assert "unknown-item" in [d.code for d in first.diagnostics]
    declared = unknown.replace("  cle: {name: Clé de fer}", "  cle: {name: Clé de fer}\n  lampe: {name: Lampe}")
    again = analyse("x", declared, "x", parser)
    assert again.diagnostics == analyse("x", declared, "x").diagnostics
    assert "unknown-item" not in [d.code for d in again.diagnostics]
    moved = "# une ligne de plus\n" + unknown
    assert analyse("x", moved, "x", parser).diagnostics == analyse("x", moved, "x").diagnostics
