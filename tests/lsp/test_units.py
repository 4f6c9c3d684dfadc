"""The server's parts without the protocol: positions, completion places, fixes."""
from __future__ import annotations

from lsprotocol import types as T

from engine.lsp.actions import actions
from engine.lsp.completion import complete
from engine.lsp.positions import Lines
from engine.lsp.report import to_lsp
from engine.lsp.state import analyse
from tests.lsp.books import DF


def at(text: str, needle: str, offset: int) -> tuple[int, int]:
    i = text.index(needle) + offset
    return text.count("\n", 0, i), i - (text.rfind("\n", 0, i) + 1)


def labels(snap, text, needle, offset):
    return {i.label for i in complete(snap, Lines(text), *at(text, needle, offset))}


def test_utf16_columns_after_an_emoji():
    lines = Lines("text: 🐉 dragon\n")
    assert lines.to_lsp(0, 8).character == 9          # the emoji is two UTF-16 units
    assert lines.from_lsp(T.Position(0, 9)) == (0, 8)


def test_stats_inside_add_and_the_module_options():
    snap = analyse("x", DF)
    text = DF.replace("    effects: [{gain: cle}]", "    effects: [{gain: cle}, {add: {}}]")
    assert {"chance", "habilete", "endurance"} <= labels(snap, text, "{add: {", 7)
    head = DF.replace("hero: {equipment: [epee]}", "options:\n  \nhero: {equipment: [epee]}")
    assert "unarmed" in labels(snap, head, "options:\n  ", 11)


def test_the_quick_fix_of_an_unknown_field_renames_the_key_only():
    text = DF.replace("      win: 3", "      wni: 3")
    snap = analyse("x", text)
    d = next(d for d in snap.diagnostics if d.code == "unknown-field")
    assert d.fix == "win"
    lsp = to_lsp(d, snap.lines, "fr", "x", "defis-fantastiques")
    (action,) = actions(snap, snap.lines, [lsp], "en")
    (edit,) = action.edit.changes["x"]
    line = text.splitlines().index("      wni: 3")
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character,
            edit.new_text) == (line, 6, 9, "win")


def test_counters_and_notes_of_a_format_1_1_book_are_completed():
    book = DF.replace("gamebook: 1\n", "gamebook: 1.1\n").replace(
        "items:\n", "counters: {jours: {start: 0}}\nnotes: {retour: {}}\nitems:\n")
    snap = analyse("x", book)
    added = book.replace("    effects: [{gain: cle}]", "    effects: [{gain: cle}, {add: {}}, {note: }]")
    assert "jours" in labels(snap, added, "{add: {", 7)
    assert labels(snap, added, "{note: ", 7) == {"retour"}
    called = added.replace("if: 'has(\"cle\")'", "if: 'note(\"\") > 0'")
    assert labels(snap, called, 'note("', 6) == {"retour"}


def test_a_paragraph_name_is_renamed_where_defined_and_written_and_checked():
    from engine.lsp.navigation import Refused, rename
    book = ("gamebook: 1.1\ntitle: N\nrules: defis-fantastiques\nstart: 1\nhero: {equipment: []}\n"
            "paragraphs:\n  1:\n    text: Un couloir.\n    choices: [{text: Avancer, to: sortie}]\n"
            "  sortie: {number: 2, text: Victoire !, end: victory}\n")
    snap = analyse("file:///n.yaml", book)
    line, col = at(book, "to: sortie", 4)
    edits = rename(snap, line, col, "dehors").changes["file:///n.yaml"]
    assert sorted((e.range.start.line, e.range.start.character) for e in edits) == [(8, 34), (9, 2)]
    try:
        rename(snap, *at(book, "to: sortie", 4), "3x")
    except Refused as refused:
        assert "not a paragraph name" in str(refused) or "n'est pas un nom" in str(refused)
    else:
        raise AssertionError("a bad name was accepted")
