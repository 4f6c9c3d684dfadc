"""A book split with `include:` (format 1.1) and paragraph names, over a real LSP
connection: diagnostics of an included file at its own file:line:col, definition and
references of a paragraph across files, and names in module fields (a combat's
`win:`, a test's `success:`) followed and renamed like core `to:` targets."""
from __future__ import annotations

import pytest
from lsprotocol import types as T

from tests.lsp.conftest import diagnostics_of, hover_settled, open_book, position_of

MAIN = """\
gamebook: 1.1
title: Deux fichiers
rules: defis-fantastiques
start: entree
hero: {equipment: [epee]}
items:
  epee: {name: Épée, weapon: {damage: 2}}
include: [partie.yaml]
paragraphs:
  entree:
    number: 1
    text: Une porte.
    choices:
      - {text: Entrer, to: 10}
      - {text: Sauter, to: saut}
  fin: {number: 2, text: Victoire !, end: victory}
"""
PART = """\
paragraphs:
  10:
    text: Un garde.
    combat:
      enemies: [{name: Garde, habilete: 6, endurance: 6}]
      win: saut
  saut:
    number: 11
    text: Un gouffre.
    test: {type: chance, success: fin, failure: 12}
  12: {text: Un cul-de-sac., choices: [{text: Revenir, to: 99}]}
"""


@pytest.fixture
def files(tmp_path):
    main, part = tmp_path / "livre.yaml", tmp_path / "partie.yaml"
    main.write_text(MAIN, encoding="utf-8")
    part.write_text(PART, encoding="utf-8")
    return main.as_uri(), part.as_uri()


def spot(loc) -> tuple[str, int, int]:
    return loc.uri.rsplit("/", 1)[-1], loc.range.start.line, loc.range.start.character


@pytest.mark.asyncio(loop_scope="session")
async def test_an_included_file_gets_its_diagnostics_at_its_own_place(client, files):
    main, part = files
    assert list(await open_book(client, main, MAIN)) == []
    found = await diagnostics_of(client, part)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in found] == \
        [("unknown-target", 10, 59)]   # `to: 99` in partie.yaml


@pytest.mark.asyncio(loop_scope="session")
async def test_definition_and_references_of_a_paragraph_across_files(client, files):
    main, part = files
    await open_book(client, main, MAIN)
    where = await client.text_document_definition_async(T.DefinitionParams(
        T.TextDocumentIdentifier(main), position_of(MAIN, "to: 10", 4)))
    assert [spot(x) for x in where] == [("partie.yaml", 1, 2)]
    refs = await client.text_document_references_async(T.ReferenceParams(
        text_document=T.TextDocumentIdentifier(main), position=position_of(MAIN, "to: saut", 4),
        context=T.ReferenceContext(include_declaration=True)))
    assert sorted(spot(x) for x in refs) == [("livre.yaml", 14, 27), ("partie.yaml", 5, 11), ("partie.yaml", 6, 2)]


@pytest.mark.asyncio(loop_scope="session")
async def test_a_name_in_a_module_field_is_followed_and_renamed(client, files):
    main, part = files
    await open_book(client, main, MAIN)
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=part, language_id="yaml", version=1, text=PART)))
    where = await client.text_document_definition_async(T.DefinitionParams(
        T.TextDocumentIdentifier(part), position_of(PART, "success: fin", 9)))
    assert [spot(x) for x in where] == [("livre.yaml", 15, 2)]   # from the included file to the book
    edit = await client.text_document_rename_async(T.RenameParams(
        text_document=T.TextDocumentIdentifier(part), position=position_of(PART, "win: saut", 5),
        new_name="gouffre"))
    assert {uri.rsplit("/", 1)[-1]: sorted((e.range.start.line, e.range.start.character) for e in edits)
            for uri, edits in edit.changes.items()} == {"livre.yaml": [(14, 27)], "partie.yaml": [(5, 11), (6, 2)]}
    assert all(e.new_text == "gouffre" for edits in edit.changes.values() for e in edits)


@pytest.mark.asyncio(loop_scope="session")
async def test_a_fight_in_an_included_file_shows_its_odds(client, files):
    main, part = files
    await open_book(client, main, MAIN)
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=part, language_id="yaml", version=1, text=PART)))
    shown = await hover_settled(client, T.HoverParams(T.TextDocumentIdentifier(part), position_of(PART, "combat:", 1)))
    assert "Chances de ne pas perdre (exactes)" in shown.contents.value and "%" in shown.contents.value
