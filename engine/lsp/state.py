"""The analysed text of an open book: parse, validate, compile and lint it with the
very code `gamebook lint` runs (`engine.lint.loader.check_document`), in memory.

While the author types, the text is often not valid YAML: a `Snapshot` of such a
text has no document, and completion, navigation and hover use the last snapshot
that compiled (`Book.last_good`) together with the text around the cursor.
Expressions are parsed once per distinct text (`engine.expr.parse` memoises), so
re-checking after an edit redoes mostly the YAML parse, the schema and the lint.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from engine.diagnostics import Diagnostic
from engine.support.records import field, record
from engine.lsp.positions import Lines

_LANGUAGE = re.compile(r"^language:[ \t]*['\"]?(\w+)", re.M)


@record
class Snapshot:
    """One version of a book's text and all that is known about it."""

    uri: str
    text: str
    lines: Lines
    diagnostics: list[Diagnostic]
    doc: object = None        # engine.book.source.Document, None when the YAML does not parse
    book: object = None       # engine.book.model.Book, None when it could not be compiled
    module: object = None     # the rule module
    compiled: object = None   # engine.book.compiler.Compiler (its env, references, grants)
    parts: dict = field(default_factory=dict)   # format 1.1 `include:`: file -> its Document
    _index: object = field(default=None)
    _lines: dict = field(default_factory=dict)

    def lines_of(self, file: str | None) -> Lines:
        """The lines of the book's own text (`None`) or of one of its included files."""
        if file is None or file not in self.parts:
            return self.lines
        if file not in self._lines:
            self._lines[file] = Lines(self.parts[file].text)
        return self._lines[file]

    def uri_of(self, file: str | None) -> str:
        if file is None or file not in self.parts:
            return self.uri
        from pygls.uris import from_fs_path
        return from_fs_path(file) or file

    def file_of(self, uri: str) -> str | None:
        """The included file `uri` is (None: the book's own text)."""
        return next((f for f in self.parts if self.uri_of(f) == uri), None)

    @property
    def language(self) -> str:
        """The book's language for messages: `language: en` books get English."""
        data = self.doc.data if self.doc is not None and isinstance(self.doc.data, dict) else {}
        if self.doc is None:   # a YAML mistake: the line that says it, as lint reads it
            found = _LANGUAGE.search(self.text)
            data = {"language": found.group(1)} if found else {}
        lang = str(data.get("language") or "fr")
        return "en" if lang.startswith("en") else "fr"

    @property
    def index(self):
        """Where every paragraph, item and flag is defined and used (built on demand)."""
        if self._index is None and self.book is not None:
            from engine.lsp.index import build
            self._index = build(self)
        return self._index


def analyse(uri: str, text: str, name: str | None = None, parser=None) -> Snapshot:
    """Everything `gamebook lint` finds in `text`; never raises on bad input.
    `parser` (an `incremental.Parser`) reuses the paragraphs of the previous text,
    and its `validator` the paragraphs already found valid."""
    from engine.diagnostics import error, Span
    from engine.lint.loader import check_document
    from engine.support.limits import MAX_BOOK_BYTES as MAX_BYTES
    from engine.book.source import parse_text
    name = name or uri
    lines = Lines(text)
    if len(text) > MAX_BYTES:
        return Snapshot(uri, text, lines, [error(
            "file-too-large", Span(name, 0, 0),
            f"texte trop gros (limite {MAX_BYTES // 1_000_000} Mo) : découpez le livre",
            f"text too large (limit {MAX_BYTES // 1_000_000} MB): split the book")])
    text = text[1:] if text.startswith("\ufeff") else text
    doc, diags = parser.parse(text, name) if parser is not None else parse_text(text, name)
    if doc is None:
        return Snapshot(uri, text, lines, diags)
    validator = getattr(parser, "validator", None)
    compiler = parser.paragraphs.compiler if parser is not None else None
    parts = {}
    if isinstance(doc.data, dict) and "include" in doc.data and os.path.isabs(name):
        # format 1.1: the included files' paragraphs join the book, as `gamebook lint`
        # reads them (from the disk); checked whole, not paragraph by paragraph
        from engine.book.include import expand
        doc, more = expand(doc, Path(name).parent, Path(name))
        diags, validator, compiler = diags + more, None, None
        parts = {part.file: part for part in getattr(doc, "owners", {}).values()}
    loaded, comp, _broken = check_document(doc, diags, name, validator=validator, compiler=compiler)
    return Snapshot(uri, text, lines, loaded.diagnostics, doc, loaded.book, loaded.module, comp, parts)


def too_large(text: str, snap: Snapshot | None = None) -> bool:
    """Whether a book is too large to check after each keystroke (engine/support/limits.py):
    judged on its size, and on its paragraphs once a check has counted them."""
    from engine.support.limits import MAX_LIVE_BYTES, MAX_LIVE_PARAGRAPHS
    if len(text) > MAX_LIVE_BYTES:
        return True
    data = snap.doc.data if snap is not None and snap.doc is not None else None
    paragraphs = data.get("paragraphs") if isinstance(data, dict) else None
    return isinstance(paragraphs, dict) and len(paragraphs) > MAX_LIVE_PARAGRAPHS


class Book:
    """An open book: its newest snapshot and the newest one that compiled (no other:
    an older snapshot is released as soon as a newer one replaces it).  A book
    `too_large` for live checking keeps no incremental parser: its caches would
    double what its snapshot holds, and it is checked whole, on save only."""

    def __init__(self, snapshot: Snapshot, parser=None):
        self.parser = parser
        self.current = snapshot
        self.last_good = snapshot if snapshot.book is not None else None
        self.large = too_large(snapshot.text, snapshot)

    def update(self, snapshot: Snapshot) -> None:
        self.current = snapshot
        if snapshot.book is not None:
            self.last_good = snapshot
        self.large = too_large(snapshot.text, snapshot)

    @property
    def best(self) -> Snapshot:
        """The snapshot to answer from: the current one when it compiled."""
        return self.current if self.current.book is not None else (self.last_good or self.current)
