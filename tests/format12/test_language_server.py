"""Format 1.2 in the editor: the language server completes and explains the new keys
(`stay:` on a choice, `unique:` on an item, `tries:` on a puzzle, `end:` on an outcome),
in the book's language, from the schema (engine/lsp/fields.py)."""
from __future__ import annotations

from engine.lsp.hover import hover
from engine.lsp.positions import Lines
from engine.lsp.state import analyse
from tests.lsp.books import DF
from tests.lsp.test_units import at, labels

BOOK = DF.replace("gamebook: 1\n", "gamebook: 1.2\n").replace(
    "  cle: {name: Clé de fer}\n", "  cle: {name: Clé de fer, unique: true}\n").replace(
    "      - {text: Descendre, to: here + 2}\n",
    "      - {text: Descendre, to: here + 2}\n      - {text: Tirer le levier, stay: true}\n")


def test_the_new_keys_are_completed():
    snap = analyse("x", BOOK)
    assert not [d for d in snap.diagnostics if d.severity.value == "error"]
    choice = BOOK.replace("{text: Tirer le levier, stay: true}", "{text: Tirer le levier, }")
    assert "stay" in labels(snap, choice, "{text: Tirer le levier, ", 24)
    item = BOOK.replace("{name: Clé de fer, unique: true}", "{name: Clé de fer, }")
    assert "unique" in labels(snap, item, "{name: Clé de fer, ", 19)
    test = BOOK.replace("      win: 3\n", "      win: {}\n")
    assert {"to", "end", "effects"} <= labels(snap, test, "win: {", 6)


def test_the_new_keys_are_explained_in_the_books_language():
    snap = analyse("x", BOOK)
    shown = hover(snap, Lines(BOOK), *at(BOOK, "stay: true", 1))
    assert shown is not None and "sans y revenir" in shown.contents.value
    shown = hover(snap, Lines(BOOK), *at(BOOK, "unique: true", 1))
    assert shown is not None and "jamais qu'un" in shown.contents.value
