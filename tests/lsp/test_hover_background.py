"""Issue 32: a hover on a fight answers at once.  Odds not solved before give a
placeholder and are solved in the server's background thread; the next hover shows
them; a fight is solved once, an edit elsewhere keeps its odds, a changed fight is
solved again.  (No timing here: tools/bench_lsp.py measures the hover's latency.)"""
from __future__ import annotations

import pytest
from lsprotocol import types as T

from tests.lsp.books import DF
from tests.lsp.conftest import change_book, hover_settled, open_book, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

# two enemies (numbers no other test of the session uses: the server's odds are fresh)
TWO = "[{name: Garde, habilete: 8, endurance: 9}, {name: Chien, habilete: 6, endurance: 7}]"
BOOK = DF.replace("[{name: Garde, habilete: 6, endurance: 6}]", TWO)


def started(client, label: str, name: str = "hover-two.yaml") -> int:
    """How many times the server said it began solving the fight `label` of the file `name`."""
    return sum(f"{label} ({name})" in m.message for m in client.log_messages)


async def test_a_first_hover_shows_a_placeholder_then_the_odds(client):
    uri = "file:///tmp/hover-two.yaml"
    doc = T.TextDocumentIdentifier(uri)
    await open_book(client, uri, BOOK)
    at = T.HoverParams(doc, position_of(BOOK, "combat:", 1))
    first = await client.text_document_hover_async(at)
    assert "Calcul des chances en cours… survolez de nouveau dans un instant" in first.contents.value
    assert "%" not in first.contents.value
    second = await client.text_document_hover_async(at)   # asked again before or after it is solved
    odds = await hover_settled(client, at)
    assert "Chances de ne pas perdre (exactes)" in odds.contents.value and "%" in odds.contents.value
    assert started(client, "§2 (combat)") == 1, (second.contents.value, client.log_messages)

    # an edit elsewhere in the book: the fight is the same, its odds are shown at once
    edited = BOOK.replace("La sortie, enfin.", "La sortie, enfin, sous la pluie.")
    await change_book(client, uri, edited, 2)
    again = await client.text_document_hover_async(T.HoverParams(doc, position_of(edited, "combat:", 1)))
    assert again.contents.value == odds.contents.value
    assert started(client, "§2 (combat)") == 1

    # the fight itself changed: solved again, with other odds
    stronger = edited.replace("habilete: 6, endurance: 7}", "habilete: 11, endurance: 7}")
    await change_book(client, uri, stronger, 3)
    at = T.HoverParams(doc, position_of(stronger, "combat:", 1))
    first = await client.text_document_hover_async(at)
    assert "Calcul des chances en cours" in first.contents.value
    new = await hover_settled(client, at)
    assert "Chances de ne pas perdre (exactes)" in new.contents.value
    assert new.contents.value != odds.contents.value
    assert started(client, "§2 (combat)") == 2


async def test_the_placeholder_is_in_the_books_language(client):
    uri = "file:///tmp/hover-two-en.yaml"
    book = BOOK.replace("language: fr\n", "language: en\n").replace("endurance: 9}", "endurance: 8}")
    await open_book(client, uri, book)
    at = T.HoverParams(T.TextDocumentIdentifier(uri), position_of(book, "combat:", 1))
    first = await client.text_document_hover_async(at)
    assert "Computing the odds… hover again in a moment" in first.contents.value
    assert "Exact odds of not losing" in (await hover_settled(client, at)).contents.value


async def test_a_fight_in_a_named_paragraph_is_hovered_too(client):
    """Format 1.1 paragraph names (`garde:` with `number: 2`): the hover finds the
    paragraph by its name, as by its number, and titles it by its number."""
    uri = "file:///tmp/hover-named.yaml"
    book = (BOOK.replace("gamebook: 1\n", "gamebook: 1.1\n").replace("to: 2, if:", "to: garde, if:")
            .replace("  2:\n    text: |\n      Un garde", "  garde:\n    number: 2\n    text: |\n      Un garde")
            .replace("endurance: 9}", "endurance: 10}"))
    assert "  garde:\n" in book
    await open_book(client, uri, book)
    at = T.HoverParams(T.TextDocumentIdentifier(uri), position_of(book, "combat:", 1))
    first = await client.text_document_hover_async(at)
    assert first is not None and "Calcul des chances en cours" in first.contents.value
    odds = await hover_settled(client, at)
    assert "Chances de ne pas perdre (exactes)" in odds.contents.value and "%" in odds.contents.value
    assert started(client, "§2 (combat)", "hover-named.yaml") == 1
