"""The pygls wiring: open books, debounced checks, and one handler per LSP request.

Checks run in a worker thread, one at a time per book, so that a slow one never
stops the server from answering; a newer edit supersedes an older check.  Requests
answer from the newest snapshot that matches the editor's text (checked on the spot
when the debounced check has not run yet), or, for completion while the text does
not parse, from the last snapshot that compiled.  A book too large for live
checking (`state.too_large`) is checked when opened and when saved, never on the
spot: requests answer from its last check, at once; the author is told so once.
"""
from __future__ import annotations

import asyncio
import logging
import os
import re

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer

from engine import __version__
from engine.lsp import hover, report
from engine.lsp.incremental import Parser
from engine.lsp.protocol import GamebookProtocol
from engine.lsp.positions import Lines
from engine.lsp.state import Book, Snapshot, analyse, too_large

# seconds of quiet typing before a check (tools/bench_lsp.py sets 0 to time the check alone)
DEBOUNCE = float(os.environ.get("GAMEBOOK_LSP_DEBOUNCE") or 0.15)
_BOOK = re.compile(r"^(?:gamebook|rules)\s*:", re.M)  # a book names its format or rules

log = logging.getLogger(__name__)


class GamebookServer(LanguageServer):
    def __init__(self):
        super().__init__(name="gamebook", version=__version__, protocol_cls=GamebookProtocol)
        self.books: dict[str, Book] = {}
        self.pending: dict[str, asyncio.Task] = {}
        self.running: dict[str, asyncio.Future] = {}   # the check of a book under way
        self.parts: dict[str, dict] = {}   # book uri -> {included file's uri: its diagnostics}
        self.noticed: set[str] = set()     # books told they are too large for live checking
        self.lang = "en"   # the editor's language: `gamebook lsp`'s, then initialize's locale
        hover.announce = self.announce   # a fight's odds solved in the background: logged

    def announce(self, fr: str, en: str) -> None:
        self.window_log_message(T.LogMessageParams(T.MessageType.Info, self.say(fr, en)))

    def say(self, fr: str, en: str) -> str:
        """A message in the editor's language (a book's own messages follow the book's)."""
        return fr if self.lang == "fr" else en

    # --- documents ---------------------------------------------------------
    def text(self, uri: str) -> str:
        """The editor's text; "" for a document it never opened (nothing to answer from)."""
        try:
            return self.workspace.get_text_document(uri).source
        except OSError:  # pygls reads an unopened document from the disk
            return ""

    def check(self, uri: str, text: str) -> Snapshot:
        book = self.books.get(uri)
        large = too_large(text) or (book is not None and book.large)
        parser = None if large else (book.parser if book and book.parser else Parser())
        snap = analyse(uri, text, _display(uri), parser)
        if too_large(text, snap):   # before requests can see it: seconds no request should wait for
            _ = snap.index
        if book is None:
            self.books[uri] = book = Book(snap, parser)
        else:
            book.update(snap)
        book.parser = None if book.large else (parser or Parser())
        return snap

    def fresh(self, uri: str) -> Snapshot:
        """The snapshot of the editor's current text (checked now if need be); for a
        book too large for live checking, its last check (or nothing yet), at once."""
        text, book = self.text(uri), self.books.get(uri)
        if book is not None and (book.current.text == text or book.large or too_large(text)):
            return book.current
        if book is None and (too_large(text) or uri in self.running):
            return Snapshot(uri, text, Lines(""), [])   # its first check is under way
        return self.check(uri, text)

    def best(self, uri: str) -> Snapshot:
        """The fresh snapshot if it compiled, else the last one that did."""
        snap = self.fresh(uri)
        book = self.books.get(uri)
        return snap if snap.book is not None or book is None else (book.last_good or snap)

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
        while uri in self.running:   # one check of a book at a time: wait for the last one
            await asyncio.wait([self.running[uri]])
        try:
            text = self.text(uri)
        except Exception:  # closed meanwhile
            return
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(None, self.check, uri, text)
        self.running[uri] = future
        future.add_done_callback(lambda done: self.running.pop(uri) if self.running.get(uri) is done else None)
        try:
            # shielded: a newer edit cancels this task, not the check its thread is running
            snap = await asyncio.shield(future)
        except Exception as exc:  # an engine bug: say so in the editor's log, keep serving
            log.exception("check failed")
            self.window_log_message(T.LogMessageParams(
                T.MessageType.Error, f"gamebook: the check of {uri} failed: {exc!r}"))
            return
        if self.pending.get(uri) is asyncio.current_task():
            self.pending.pop(uri, None)
        if snap.text == self.text(uri) or uri in self.books and self.books[uri].large:
            self.publish(snap)   # (else a newer edit will publish its own)
        self.notice(uri, snap)

    def notice(self, uri: str, snap: Snapshot) -> None:
        """Tell the author once that a book is checked on save only (again if it shrank
        and grew): in the book's language, or the editor's when the book names none."""
        book = self.books.get(uri)
        if book is None or not book.large:
            self.noticed.discard(uri)
            return
        if uri in self.noticed:
            return
        self.noticed.add(uri)
        from engine.support.limits import MAX_LIVE_BYTES, MAX_LIVE_PARAGRAPHS
        data = snap.doc.data if snap.doc is not None and isinstance(snap.doc.data, dict) else {}
        fr = snap.language == "fr" if "language" in data else self.lang == "fr"
        name = os.path.basename(_display(uri))
        self.window_show_message(T.ShowMessageParams(T.MessageType.Warning, (
            f"gamebook : « {name} » est trop gros pour être vérifié pendant la frappe (plus de "
            f"{MAX_LIVE_PARAGRAPHS} paragraphes ou de {MAX_LIVE_BYTES // 1024 ** 2} Mio) : il est "
            "vérifié à l'ouverture et à chaque enregistrement" if fr else
            f"gamebook: '{name}' is too large for live checking (over {MAX_LIVE_PARAGRAPHS} "
            f"paragraphs or {MAX_LIVE_BYTES // 1024 ** 2} MiB): it is checked when opened and "
            "each time it is saved")))


def _display(uri: str) -> str:
    from pygls.uris import to_fs_path
    return to_fs_path(uri) or uri


server = GamebookServer()


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: GamebookServer, params: T.DidOpenTextDocumentParams):
    ls.schedule(params.text_document.uri, 0)


@server.feature(T.INITIALIZE)
def initialize(ls: GamebookServer, params: T.InitializeParams):
    if params.locale:   # the editor's own language wins over the environment's
        ls.lang = "fr" if params.locale.lower().startswith("fr") else "en"


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: GamebookServer, params: T.DidChangeTextDocumentParams):
    uri = params.text_document.uri
    hover.forget(uri)   # its fights waiting for the odds' thread: dropped (a hover asks again)
    book = ls.books.get(uri)
    if (book is None or not book.large) and not too_large(ls.text(uri)):
        ls.schedule(uri, DEBOUNCE)   # a large book waits for its save


@server.feature(T.TEXT_DOCUMENT_DID_SAVE, T.SaveOptions(include_text=False))
def did_save(ls: GamebookServer, params: T.DidSaveTextDocumentParams):
    uri = params.text_document.uri
    book = ls.books.get(uri)
    if book is None or book.large or too_large(ls.text(uri)):
        ls.schedule(uri, 0)   # a book checked live is already checked


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: GamebookServer, params: T.DidCloseTextDocumentParams):
    uri = params.text_document.uri
    task = ls.pending.pop(uri, None)
    if task:
        task.cancel()
    ls.books.pop(uri, None)   # and all that is kept for it: nothing grows per document closed
    ls.parts.pop(uri, None)
    ls.noticed.discard(uri)
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
