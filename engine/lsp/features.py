"""The LSP requests, each delegated to its module (completion, navigation, hover, actions).

Positions arrive in UTF-16 columns and are converted once, by `_at`.  A position
on a line the document does not have (line 2147483647) is answered at once with
nothing: the request's work walks the lines above it; a column past the end of
its line stands for the end of the line, as the protocol says."""
from __future__ import annotations

from lsprotocol import types as T

from engine.lsp import actions, completion, hover, navigation
from engine.lsp.positions import Lines
from engine.lsp.server import GamebookServer, server

TRIGGERS = [":", " ", "(", '"', "'", ",", "[", "{"]


def _at(snap, position: T.Position, file: str | None = None) -> tuple[int, int] | None:
    lines = snap.lines_of(file)
    return lines.from_lsp(position) if position.line < len(lines.lines) else None


def _book(ls: GamebookServer, uri: str):
    """(snapshot, file): the book `uri` is, or the open book that includes `uri`
    (format 1.1), with that file's name (None: the book's own text)."""
    snap = ls.fresh(uri)
    found = ls.owning(uri) if snap.book is None else None   # an included file is no book alone
    return found if found is not None else (snap, None)


@server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=TRIGGERS))
def on_completion(ls: GamebookServer, params: T.CompletionParams):
    uri = params.text_document.uri
    lines = Lines(ls.text(uri))
    if params.position.line >= len(lines.lines):
        return None
    snap = ls.best(uri)
    line, col = lines.from_lsp(params.position)
    return T.CompletionList(is_incomplete=False, items=completion.complete(snap, lines, line, col))


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def on_definition(ls: GamebookServer, params: T.DefinitionParams):
    snap, file = _book(ls, params.text_document.uri)
    at = _at(snap, params.position, file)
    return navigation.definition(snap, *at, file) if snap.book and at else []


@server.feature(T.TEXT_DOCUMENT_REFERENCES)
def on_references(ls: GamebookServer, params: T.ReferenceParams):
    snap, file = _book(ls, params.text_document.uri)
    at = _at(snap, params.position, file)
    if snap.book is None or at is None:
        return []
    return navigation.references(snap, *at, params.context.include_declaration, file)


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def on_symbols(ls: GamebookServer, params: T.DocumentSymbolParams):
    return navigation.symbols(ls.best(params.text_document.uri))


@server.feature(T.TEXT_DOCUMENT_PREPARE_RENAME)
def on_prepare_rename(ls: GamebookServer, params: T.PrepareRenameParams):
    snap, file = _book(ls, params.text_document.uri)
    at = _at(snap, params.position, file)
    return navigation.prepare_rename(snap, *at, file) if snap.book and at else None


@server.feature(T.TEXT_DOCUMENT_RENAME)
def on_rename(ls: GamebookServer, params: T.RenameParams):
    snap, file = _book(ls, params.text_document.uri)
    if snap.book is None:
        raise navigation.Refused("le livre ne se compile pas : corrigez-le d'abord" if snap.language == "fr"
                                 else "the book does not compile: fix it first")
    at = _at(snap, params.position, file)
    return navigation.rename(snap, *at, params.new_name, file) if at else None


@server.feature(T.TEXT_DOCUMENT_HOVER)
def on_hover(ls: GamebookServer, params: T.HoverParams):
    snap, file = _book(ls, params.text_document.uri)   # an included file: its book's fights
    at = _at(snap, params.position, file)
    if snap.book is None or at is None:
        return None
    return hover.hover(snap, snap.lines_of(file), *at, included=file is not None)


@server.feature(T.TEXT_DOCUMENT_CODE_ACTION,
                T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
def on_code_action(ls: GamebookServer, params: T.CodeActionParams):
    snap = ls.fresh(params.text_document.uri)
    ours = [d for d in params.context.diagnostics if d.source == "gamebook"]
    return actions.actions(snap, snap.lines, ours, snap.language)
