"""Diagnostics over a real LSP connection: codes, exact ranges, language, links."""
from __future__ import annotations

import pytest
from lsprotocol import types as T

from tests.lsp.books import DF
from tests.lsp.conftest import change_book, open_book

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_clean_book_has_no_diagnostics(client):
    assert list(await open_book(client, "file:///tmp/clean.yaml", DF)) == []


async def test_unknown_target_at_the_number_in_french(client):
    text = DF.replace("win: 3", "win: 99")
    diags = await open_book(client, "file:///tmp/target.yaml", text)
    d = next(d for d in diags if d.code == "unknown-target")
    line = text.splitlines().index("      win: 99")
    assert d.range == T.Range(T.Position(line, 11), T.Position(line, 13))
    assert d.severity == T.DiagnosticSeverity.Error
    assert "n'existe pas" in d.message
    assert d.code_description.href.endswith("lint-codes.md#unknown-target")


async def test_english_book_gets_english_and_a_change_is_rechecked(client):
    uri = "file:///tmp/english.yaml"
    text = DF.replace("language: fr", "language: en")
    assert list(await open_book(client, uri, text)) == []
    bad = text.replace("{gain: cle}", "{gain: clef}")
    diags = await change_book(client, uri, bad, 2)
    d = next(d for d in diags if d.code == "unknown-item")
    line = bad.splitlines().index("    effects: [{gain: clef}]")
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (line, 21, 25)
    assert "did you mean 'cle'" in d.message
    assert d.data == {"fix": "cle"}


async def test_expression_error_points_inside_the_quoted_scalar(client):
    text = DF.replace("has(\"cle\")", "has(\"clef\")")
    diags = await open_book(client, "file:///tmp/expr.yaml", text)
    d = next(d for d in diags if d.code == "unknown-reference")
    line = text.splitlines().index("      - {text: Ouvrir la porte, to: 2, if: 'has(\"clef\")'}")
    col = text.splitlines()[line].index('"clef"')
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (line, col, col + 6)
