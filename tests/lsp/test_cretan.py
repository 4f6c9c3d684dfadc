"""A Cretan Chronicles book: gods and attitudes completed, Oracle pairs never renumbered."""
from __future__ import annotations

import pytest
import pytest_asyncio
from lsprotocol import types as T
from pygls.exceptions import JsonRpcException

from tests.lsp.conftest import open_book, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")
URI = "file:///tmp/cretan.yaml"
DOC = T.TextDocumentIdentifier(uri=URI)
BOOK = """\
gamebook: 1
title: Le Puits
language: fr
rules: chroniques-cretoises
start: 1
hero: {patron: Athéna}
paragraphs:
  1:
    text: Un vieux puits. Une voix monte des profondeurs.
    oracle: true
    choices:
      - {text: Écouter, to: 2, if: 'god("Athéna") == "favorable"'}
      - {text: Partir, to: 21}
  2: {text: La voix se tait., end: death}
  21: {text: Vous repartez plus sage., end: victory}
"""


@pytest_asyncio.fixture(loop_scope="session", scope="module", autouse=True)
async def opened(client):
    """The book is open before any test of this file (each may also run alone)."""
    await open_book(client, URI, BOOK)


async def test_opened(client):
    assert [d.code for d in await open_book(client, URI, BOOK)] == []


async def complete(client, needle, offset):
    result = await client.text_document_completion_async(
        T.CompletionParams(DOC, position_of(BOOK, needle, offset)))
    return {i.label for i in result.items}


async def test_gods_in_god_calls_and_attitudes_after_a_comparison(client):
    assert "Athéna" in await complete(client, 'god("Athéna")', 5)
    assert {"favorable", "neutre", "défavorable"} <= await complete(client, '== "favorable"', 4)
    assert "Athéna" in await complete(client, "{patron: Athéna}", 9)


async def test_an_oracle_pair_is_never_renumbered(client):
    for key, word in (("  1:", "champ « oracle » du paragraphe 1 mène au 21"),
                      ("  21:", "le paragraphe 1 y mène par son champ « oracle »")):
        with pytest.raises(JsonRpcException, match=word):
            await client.text_document_rename_async(T.RenameParams(
                text_document=DOC, position=position_of(BOOK, key, 2), new_name="50"))


async def test_go_to_the_oracle_answer(client):
    result = await client.text_document_definition_async(
        T.DefinitionParams(DOC, position_of(BOOK, "oracle: true", 9)))
    answer = BOOK.splitlines().index("  21: {text: Vous repartez plus sage., end: victory}")
    assert [r.range.start.line for r in result] == [answer]
