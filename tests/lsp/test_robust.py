"""Broken and huge documents never crash or block the server."""
from __future__ import annotations

import pytest
from lsprotocol import types as T

from tests.lsp.books import DF
from tests.lsp.conftest import open_book, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

BROKEN = {
    "tab": DF.replace("    text: Une porte", "\ttext: Une porte"),
    "unclosed": DF.replace("{gain: cle}", "{gain: cle"),
    "half-typed": DF.replace("      - {text: Descendre, to: here + 2}", "      - {text: Descendre, to: "),
    "half-expression": DF.replace("if: 'has(\"cle\")'", "if: 'has(\""),
    "empty": "",
    "a list": "- 1\n- 2\n",
    "no rules": "gamebook: 1\nparagraphs:\n  1: {text: a}\n",
    "unknown rules": DF.replace("rules: defis-fantastiques", "rules: nulle-part"),
    "paragraphs as a list": DF.split("paragraphs:")[0] + "paragraphs: [1, 2]\n",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
async def test_every_request_on_a_broken_book_is_answered(client, name):
    uri = f"file:///tmp/broken-{name.replace(' ', '-')}.yaml"
    text = BROKEN[name]
    diags = await open_book(client, uri, text)
    assert bool(diags) == (name not in ("empty", "a list"))  # those two are not books
    doc = T.TextDocumentIdentifier(uri=uri)
    for line in range(0, max(1, text.count("\n")), 3):
        for character in (0, 6, 30):
            pos = T.Position(line=line, character=character)
            await client.text_document_completion_async(T.CompletionParams(doc, pos))
            await client.text_document_hover_async(T.HoverParams(doc, pos))
            await client.text_document_definition_async(T.DefinitionParams(doc, pos))
    symbols = await client.text_document_document_symbol_async(T.DocumentSymbolParams(doc))
    assert isinstance(symbols, list)


async def test_a_huge_book_is_checked_and_the_server_keeps_answering(client):
    huge = DF.replace("    text: La sortie, enfin.\n",
                      "    text: |\n" + "      Un couloir sans fin, encore et encore.\n" * 120_000)
    assert len(huge.encode()) > 5_000_000
    small = "file:///tmp/small.yaml"
    await open_book(client, small, DF)
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri="file:///tmp/huge.yaml", language_id="yaml", version=1, text=huge)))
    items = await client.text_document_completion_async(
        T.CompletionParams(T.TextDocumentIdentifier(uri=small), position_of(DF, "to: 2,", 4)))
    assert {"1", "2", "3", "4"} <= {i.label for i in items.items}
    from tests.lsp.conftest import diagnostics_of
    assert list(await diagnostics_of(client, "file:///tmp/huge.yaml", timeout=60)) == []
    hover = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri="file:///tmp/huge.yaml"), position_of(huge, "win: 3", 5)))
    assert "Un couloir sans fin" in hover.contents.value


async def test_a_yaml_file_that_is_not_a_book_gets_no_diagnostics(client):
    assert list(await open_book(client, "file:///tmp/ci.yaml", "jobs:\n  test: [make, test\n")) == []
