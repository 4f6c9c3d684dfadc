"""Books with mistakes the server once answered with a traceback (issues 30 and 32):
each now gets its located diagnostic or a clean message, through a real client."""
from __future__ import annotations

import pytest
from lsprotocol import types as T

from tests.lsp.books import DF
from tests.lsp.conftest import hover_settled, open_book, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

PASTED = DF.replace("  4: {text: Victoire !, end: victory}\n",
                    "  4:\n    text: |\n      Victoire !\n    end: victory\n"
                    "  4:\n    text: |\n      Victoire, collée deux fois !\n    end: victory\n")


async def test_a_paragraph_pasted_twice_with_a_block_text_is_a_duplicate_key(client):
    uri = "file:///tmp/pasted.yaml"
    diags = await open_book(client, uri, PASTED)
    lines = PASTED.split("\n")
    first, second = lines.index("  4:"), len(lines) - 1 - lines[::-1].index("  4:")
    assert [(d.code, d.range.start.line, d.range.start.character) for d in diags] == \
        [("duplicate-key", second, 2)]
    assert f"ligne {first + 1}" in diags[0].message and f"ligne {second + 1}" in diags[0].message
    assert [(r.location.uri, r.location.range.start.line) for r in diags[0].related_information] == \
        [(uri, first)]
    symbols = await client.text_document_document_symbol_async(T.DocumentSymbolParams(T.TextDocumentIdentifier(uri)))
    assert [s.name for s in symbols] == ["§1", "§2", "§3", "§4"]   # the book is still there


async def test_hover_on_a_fight_whose_modifier_divides_by_zero_is_a_clean_message(client):
    uri = "file:///tmp/divide.yaml"
    text = DF.replace("gamebook: 1\n", "gamebook: 1.1\n").replace(
        "      win: 3\n", "      modifiers: [{if: \"1 / (chance - chance) > 0\", attack: 2}]\n      win: 3\n")
    assert list(await open_book(client, uri, text)) == []   # lint checks no value: a clean book
    hover = await hover_settled(client, T.HoverParams(
        T.TextDocumentIdentifier(uri), position_of(text, "combat:", 1)))
    value = hover.contents.value
    assert "Traceback" not in value and "BookFault" not in value
    assert "incalculables" in value and "division par zéro dans « 1 / (chance - chance) > 0 »" in value, value


async def test_hover_on_a_fight_too_large_to_price_says_why_at_once(client):
    """An enemy of Endurance 100,000: the hover shares `gamebook odds`' bound (issue 30)."""
    uri = "file:///tmp/giant.yaml"
    text = DF.replace("endurance: 6", "endurance: 100000", 1)
    assert "100000" in text
    await open_book(client, uri, text)
    hover = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), position_of(text, "combat:", 1)))
    value = hover.contents.value
    assert "incalculables" in value and "100000" in value and "au plus 999" in value, value
