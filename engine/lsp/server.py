"""The pygls wiring: open books, debounced checks, and one handler per LSP request.

Checks run in a worker thread, so that a slow one (a 5 MB book) never stops the
server from answering; a newer edit supersedes an older check.  Requests answer
from the newest snapshot that matches the editor's text (checked on the spot
when the debounced check has not run yet), or, for completion while the text does
not parse, from the last snapshot that compiled.
"""
from __future__ import annotations

import asyncio
import logging
import os
import re

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer

from engine import __version__
from engine.lsp import report
from engine.lsp.incremental import Parser
from engine.lsp.state import Book, Snapshot, analyse

# seconds of quiet typing before a check (tools/bench_lsp.py sets 0 to time the check alone)
DEBOUNCE = float(os.environ.get("GAMEBOOK_LSP_DEBOUNCE") or 0.15)
_BOOK = re.compile(r"^(?:gamebook|rules)\s*:", re.M)  # a book names its format or rules

log = logging.getLogger(__name__)


class GamebookServer(LanguageServer):
    def __init__(self):
        super().__init__(name="gamebook", version=__version__)
        self.books: dict[str, Book] = {}
        self.pending: dict[str, asyncio.Task] = {}
        self.parts: dict[str, dict] = {}   # book uri -> {included file's uri: its diagnostics}

    # --- documents ---------------------------------------------------------
    def text(self, uri: str) -> str:
        """The editor's text; "" for a document it never opened (nothing to answer from)."""
        try:
            return self.workspace.get_text_document(uri).source
        except OSError:  # pygls reads an unopened document from the disk
            return ""

    def check(self, uri: str, text: str) -> Snapshot:
        book = self.books.get(uri)
        parser = book.parser if book else Parser()
        snap = analyse(uri, text, _display(uri), parser)
        if book is None:
            self.books[uri] = Book(snap, parser)
        else:
            book.update(snap)
        return snap

    def fresh(self, uri: str) -> Snapshot:
        """The snapshot of the editor's current text (checked now if need be)."""
        text, book = self.text(uri), self.books.get(uri)
        if book is not None and book.current.text == text:
            return book.current
        return self.check(uri, text)

    def best(self, uri: str) -> Snapshot:
        """The fresh snapshot if it compiled, else the last one that did."""
        snap = self.fresh(uri)
        book = self.books[uri]
        return snap if snap.book is not None else (book.last_good or snap)

    def owning(self, uri: str):
        """(the snapshot of an open book that includes `uri`, that file), or None."""
        path = _display(uri)
        for book in self.books.values():
            if path in book.best.parts:
                return book.best, path
        return None

    def publish(self, snap: Snapshot) -> None:
        if not _BOOK.search(snap.text):  # another YAML file: not ours, unless a book includes it
            mine = next((parts[snap.uri] for parts in self.parts.values() if snap.uri in parts), [])
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=snap.uri, diagnostics=mine))
            return
        good = self.books[snap.uri].last_good if snap.uri in self.books else None
        lang = snap.language if snap.doc is not None or good is None else good.language
        rules = (snap.module or (good.module if good else None))
        by_uri: dict = {snap.uri: [], **{u: [] for u in self.parts.get(snap.uri, {})},
                        **{snap.uri_of(f): [] for f in snap.parts}}
        for d in snap.diagnostics:   # format 1.1: an included file's at its own file:line:col
            file = d.span.file if d.span.file in snap.parts else None
            uri = snap.uri_of(file)
            by_uri[uri].append(report.to_lsp(d, snap.lines_of(file), lang, uri, rules.id if rules else None))
        self.parts[snap.uri] = {u: diags for u, diags in by_uri.items() if u != snap.uri}
        for uri, diags in by_uri.items():
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=diags))

    def schedule(self, uri: str, delay: float) -> None:
        old = self.pending.pop(uri, None)
        if old is not None:
            old.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self._later(uri, delay))

    async def _later(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            text = self.text(uri)
        except Exception:  # closed meanwhile
            return
        loop = asyncio.get_running_loop()
        try:
            snap = await loop.run_in_executor(None, self.check, uri, text)
        except Exception as exc:  # an engine bug: say so in the editor's log, keep serving
            log.exception("check failed")
            self.window_log_message(T.LogMessageParams(
                T.MessageType.Error, f"gamebook: the check of {uri} failed: {exc!r}"))
            return
        if self.pending.get(uri) is asyncio.current_task():
            self.pending.pop(uri, None)
        if snap.text == self.text(uri):  # a newer edit will publish its own
            self.publish(snap)


def _display(uri: str) -> str:
    from pygls.uris import to_fs_path
    return to_fs_path(uri) or uri


server = GamebookServer()


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: GamebookServer, params: T.DidOpenTextDocumentParams):
    ls.schedule(params.text_document.uri, 0)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: GamebookServer, params: T.DidChangeTextDocumentParams):
    ls.schedule(params.text_document.uri, DEBOUNCE)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: GamebookServer, params: T.DidCloseTextDocumentParams):
    uri = params.text_document.uri
    task = ls.pending.pop(uri, None)
    if task:
        task.cancel()
    ls.books.pop(uri, None)
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
