"""An English book is proposed the English names of the stats (issue 32 item 5):
in `add:`/`set:` and in expressions, `skill`, `stamina`, `luck`, `gold`, `skill_max`."""
from __future__ import annotations

import pytest
from lsprotocol import types as T

from tests.authors.mistakes import BOOK
from tests.lsp.conftest import change_book, open_book, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")
URI = "file:///tmp/the-heron-gate.yaml"


async def labels(client, text, needle, offset):
    result = await client.text_document_completion_async(
        T.CompletionParams(T.TextDocumentIdentifier(uri=URI), position_of(text, needle, offset)))
    return {i.label for i in result.items}


async def test_stats_and_expression_names_in_english(client):
    assert list(await open_book(client, URI, BOOK)) == []
    text = BOOK.replace("effects: [{add: {luck: 2}}]", "effects: [{add: {}}]")   # being typed
    await change_book(client, URI, text, 2)
    stats = await labels(client, text, "{add: {}}", 7)
    assert {"skill", "stamina", "luck", "gold", "provisions", "days"} <= stats
    assert not stats & {"habilete", "endurance", "chance", "or"}
    names = await labels(client, text, "if: 'gold >= 3'", 5)
    assert {"skill", "luck", "gold", "skill_max", "luck_max", "has", "flag"} <= names
    assert not names & {"habilete", "chance", "habilete_max"}   # ("or" is the operator)
