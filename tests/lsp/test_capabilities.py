"""Every capability the server advertises in its initialize result is tested end to end:
a request (or notification) sent through a real client, a meaningful answer checked.

`test_every_advertised_capability_is_tested` reads the capabilities from the
initialize result and fails on one that `TESTED` does not name, so a capability
added later cannot go untested (issue 32: prepareRename was advertised, never sent,
and failed every time).  Capabilities already exercised in depth elsewhere point to
those tests; the others are tested here.
"""
from __future__ import annotations

import asyncio
import importlib

import pytest
from lsprotocol import types as T
from lsprotocol.converters import get_converter
from pygls.exceptions import JsonRpcException

from engine.support.limits import MAX_LIVE_PARAGRAPHS
from tests.lsp.books import DF
from tests.lsp.conftest import diagnostics_of, open_book, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

HERE = "tests.lsp.test_capabilities"
TESTED = {
    "positionEncoding": f"{HERE}::test_position_encoding_is_utf16_after_an_emoji_and_an_accent",
    "textDocumentSync.openClose": f"{HERE}::test_open_checks_and_close_clears",
    "textDocumentSync.change": f"{HERE}::test_an_incremental_change_is_applied_and_checked",
    "textDocumentSync.save": f"{HERE}::test_a_book_too_large_for_live_checking_is_checked_on_save",
    "completionProvider": "tests.lsp.test_features::test_complete_paragraphs_after_to_with_first_words",
    "hoverProvider": "tests.lsp.test_features::test_hover_a_target_and_a_combat",
    "definitionProvider": "tests.lsp.test_features::test_definition_of_a_target_a_computed_target_an_item_and_a_flag",
    "referencesProvider": "tests.lsp.test_features::test_references_to_a_paragraph_include_computed_jumps",
    "documentSymbolProvider": "tests.lsp.test_features::test_outline_lists_the_paragraphs",
    "codeActionProvider": "tests.lsp.test_features::test_code_actions_fix_a_typo_and_add_a_missing_item",
    "renameProvider": "tests.lsp.test_features::test_rename_an_item_everywhere_keeping_the_layout",
    "renameProvider.prepareProvider": f"{HERE}::test_prepare_rename_gives_the_range_and_the_name",
    "executeCommandProvider": f"{HERE}::test_no_command_is_advertised_and_an_unknown_one_is_an_error",
    "workspace.workspaceFolders": f"{HERE}::test_workspace_folders_change_and_the_server_goes_on",
}
NESTED = ("textDocumentSync", "renameProvider", "workspace")   # advertised field by field


def advertised(capabilities) -> set[str]:
    out = set()
    for key, value in get_converter().unstructure(capabilities).items():
        if key in NESTED and isinstance(value, dict):
            out |= {f"{key}.{k}" for k, v in value.items() if v not in (None, False, {}, [])}
            out |= {key} if key == "renameProvider" else set()
        elif value not in (None, False, {}):
            out.add(key)
    return out


async def test_every_advertised_capability_is_tested(client):
    assert advertised(client.initialize_result.capabilities) == set(TESTED)
    for target in TESTED.values():
        module, name = target.split("::")
        assert callable(getattr(importlib.import_module(module), name)), target


def utf16(text: str, needle: str, offset: int = 0) -> T.Position:
    plain = position_of(text, needle, offset)
    line = text.split("\n")[plain.line]
    return T.Position(plain.line, len(line[:plain.character].encode("utf-16-le")) // 2)


async def test_position_encoding_is_utf16_after_an_emoji_and_an_accent(client):
    assert client.initialize_result.capabilities.position_encoding == T.PositionEncodingKind.Utf16
    uri, text = "file:///tmp/encoding.yaml", DF.replace("Ouvrir la porte", "Ouvrir la porte 🚪 à clé")
    assert list(await open_book(client, uri, text)) == []
    found = await client.text_document_definition_async(T.DefinitionParams(
        T.TextDocumentIdentifier(uri), utf16(text, "to: 2,", 4)))
    assert [(r.range.start.line, r.range.start.character) for r in found] == \
        [(text.split("\n").index("  2:"), 2)]


async def test_open_checks_and_close_clears(client):
    uri = "file:///tmp/open-close.yaml"
    diags = await open_book(client, uri, DF.replace("to: 4,", "to: 9,"))
    assert "unknown-target" in [d.code for d in diags]
    client.diagnostics.pop(uri)
    client.text_document_did_close(T.DidCloseTextDocumentParams(T.TextDocumentIdentifier(uri)))
    assert list(await diagnostics_of(client, uri)) == []


async def test_an_incremental_change_is_applied_and_checked(client):
    assert client.initialize_result.capabilities.text_document_sync.change == T.TextDocumentSyncKind.Incremental
    uri = "file:///tmp/incremental.yaml"
    assert list(await open_book(client, uri, DF)) == []
    at = position_of(DF, "to: 4,", 4)
    client.diagnostics.pop(uri)
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [T.TextDocumentContentChangePartial(range=T.Range(at, T.Position(at.line, at.character + 1)),
                                            text="9")]))
    diags = await diagnostics_of(client, uri)
    assert [(d.range.start.line, d.range.start.character) for d in diags if d.code == "unknown-target"] \
        == [(at.line, at.character)]


def large_book(paragraphs: int) -> str:
    head = DF.split("paragraphs:")[0] + "paragraphs:\n"
    body = "".join(f"  {n}:\n    text: Salle {n}.\n    choices:\n      - {{text: Avancer, to: {n + 1}}}\n"
                   for n in range(1, paragraphs))
    return head + body + f"  {paragraphs}: {{text: Victoire !, end: victory}}\n"


async def test_a_book_too_large_for_live_checking_is_checked_on_save(client):
    uri, text = "file:///tmp/large.yaml", large_book(MAX_LIVE_PARAGRAPHS + 1)
    client.messages.clear()
    assert list(await open_book(client, uri, text, version=1)) == []   # checked when opened
    for _ in range(100):   # the notice follows the diagnostics
        notice = [m.message for m in client.messages if "trop gros" in m.message]   # the book is French
        if notice:
            break
        await asyncio.sleep(0.05)
    assert len(notice) == 1 and "enregistrement" in notice[0], client.messages
    broken = text.replace("to: 4}\n", "to: 4}\n      - {text: Perdu, to: 999999}\n", 1)
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=2), [T.TextDocumentContentChangeWholeDocument(broken)]))
    await asyncio.sleep(1.5)   # far past the debounce: no check while typing
    assert uri not in client.diagnostics
    client.text_document_did_save(T.DidSaveTextDocumentParams(T.TextDocumentIdentifier(uri)))
    diags = await diagnostics_of(client, uri, timeout=60)
    assert [(d.code, d.range.start.line) for d in diags] == [("unknown-target", position_of(broken, "999999").line)]
    assert len([m for m in client.messages if "trop gros" in m.message]) == 1   # told once


async def test_prepare_rename_gives_the_range_and_the_name(client):
    uri = "file:///tmp/prepare.yaml"
    await open_book(client, uri, DF)
    doc = T.TextDocumentIdentifier(uri)

    async def prepare(needle, offset):
        return await client.text_document_prepare_rename_async(
            T.PrepareRenameParams(doc, position_of(DF, needle, offset)))
    item = await prepare("{gain: cle}", 8)
    at = position_of(DF, "{gain: cle}", 7)
    assert item.placeholder == "cle"
    assert (item.range.start, item.range.end) == (at, T.Position(at.line, at.character + 3))
    number = await prepare("  4: {text", 2)
    assert number.placeholder == "4" and number.range.start == position_of(DF, "  4: {text", 2)
    assert await prepare("here + 2", 2) is None        # a computed jump is not renamed
    assert await prepare("Une porte close", 3) is None  # prose is not a name


async def test_no_command_is_advertised_and_an_unknown_one_is_an_error(client):
    assert list(client.initialize_result.capabilities.execute_command_provider.commands) == []
    with pytest.raises(JsonRpcException):
        await asyncio.wait_for(client.workspace_execute_command_async(
            T.ExecuteCommandParams(command="gamebook.nothing")), 20)


async def test_workspace_folders_change_and_the_server_goes_on(client):
    folders = client.initialize_result.capabilities.workspace.workspace_folders
    assert folders.supported and folders.change_notifications
    client.log_messages.clear()
    client.workspace_did_change_workspace_folders(T.DidChangeWorkspaceFoldersParams(
        T.WorkspaceFoldersChangeEvent(added=[T.WorkspaceFolder("file:///tmp/books", "books")], removed=[])))
    uri = "file:///tmp/folders.yaml"
    await open_book(client, uri, DF)
    symbols = await client.text_document_document_symbol_async(T.DocumentSymbolParams(T.TextDocumentIdentifier(uri)))
    assert [s.name for s in symbols] == ["§1", "§2", "§3", "§4"]
    assert not [m for m in client.log_messages if m.type == T.MessageType.Error]
