"""A real LSP client (pytest-lsp) talking to `python -m engine lsp` over stdio."""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = Path(__file__).resolve().parents[2]


@pytest_lsp.fixture(scope="session", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "engine", "lsp"],
    server_env={**os.environ, "PYTHONPATH": str(ROOT), "GAMEBOOK_NO_CACHE": "1"}))
async def client(lsp_client: LanguageClient):
    # kept for tests/lsp/test_capabilities.py, which tests each capability advertised
    lsp_client.initialize_result = await lsp_client.initialize_session(T.InitializeParams(
        capabilities=client_capabilities("neovim"), root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def open_book(client: LanguageClient, uri: str, text: str, version: int = 1):
    """Open `text` as `uri` and wait for its diagnostics."""
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)))
    return await diagnostics_of(client, uri)


async def change_book(client: LanguageClient, uri: str, text: str, version: int):
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [T.TextDocumentContentChangeWholeDocument(text=text)]))
    return await diagnostics_of(client, uri)


async def diagnostics_of(client: LanguageClient, uri: str, timeout: float = 20):
    for _ in range(int(timeout / 0.02)):
        if uri in client.diagnostics:
            return client.diagnostics[uri]
        await asyncio.sleep(0.02)
    raise AssertionError(f"no diagnostics for {uri}")


PLACEHOLDERS = ("Calcul des chances en cours", "Computing the odds")


async def hover_settled(client: LanguageClient, params: T.HoverParams, timeout: float = 60):
    """The hover at `params` once the fight's odds are solved: a first hover on a fight
    not solved before answers a placeholder and solves it in the background."""
    for _ in range(int(timeout / 0.05)):
        answer = await client.text_document_hover_async(params)
        if answer is None or not any(p in answer.contents.value for p in PLACEHOLDERS):
            return answer
        await asyncio.sleep(0.05)
    raise AssertionError(f"the odds at {params.position} never came")


def position_of(text: str, needle: str, offset: int = 0) -> T.Position:
    """The LSP position of the first `needle` in `text`, `offset` characters in."""
    i = text.index(needle) + offset
    line = text.count("\n", 0, i)
    return T.Position(line=line, character=i - (text.rfind("\n", 0, i) + 1))
