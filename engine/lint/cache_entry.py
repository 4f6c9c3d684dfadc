"""What a compiled-book cache entry says about a book in several files (format 1.1).

An entry is found by the SHA-256 of the main file's bytes (loader.py).  A split book
is compiled from its parts too, so the entry lists each part read, by its path
relative to the book's folder and the SHA-256 of the very bytes that were compiled
(engine/book/include.py hashes a part as it reads it, once).  The entry is used only
if every part, read again now, has those bytes (`same_parts`): a part edited while
`lint` ran, or after, makes the next load compile again, never show the old text.

Each stored diagnostic names its file relative to the book (`portable`): "" for the
main file, a part's relative path otherwise; `named` gives it back the name it has
under the name the book is opened with now, so that a part's diagnostics keep their
part's name on a cache hit.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from engine.diagnostics import Diagnostic, Span
from engine.support.records import replace

MAIN = ""   # the file name a stored diagnostic about the main file carries


def portable(diags: list, name: str, parts: list) -> list | None:
    """The diagnostics as cached, each file relative to the book; None when one names
    a file that is neither the book nor one of its parts (not worth caching)."""
    from engine.book.include import part_display
    files = {name: MAIN, **{part_display(name, rel): rel for rel, _digest in parts}}
    out = []
    for d in diags:
        spans = (d.span, *d.related)
        if any(s.file not in files for s in spans):
            return None
        entry = d.to_cache()
        entry["span"][0] = files[d.span.file]
        for stored, span in zip(entry["related"], d.related):
            stored[0] = files[span.file]
        out.append(entry)
    return out


def named(entry: dict, name: str) -> Diagnostic:
    """A stored diagnostic, its files named as the book opened as `name` names them."""
    from engine.book.include import part_display
    d = Diagnostic.from_json(entry)

    def file_of(span: Span) -> Span:
        return replace(span, file=name if span.file == MAIN else part_display(name, span.file))
    return replace(d, span=file_of(d.span), related=tuple(file_of(r) for r in d.related))


def same_parts(folder: Path, parts: list) -> bool:
    """True when every part the entry was compiled from has, now, the bytes it had;
    each is found as include.py found it (inside the book's folder only)."""
    from engine.book.bookfile import read_bytes
    from engine.book.part_paths import locate
    root = os.path.realpath(folder)
    for rel, digest in parts:
        found = locate(root, "", rel)
        if not isinstance(found, tuple):
            return False
        raw, diag = read_bytes(Path(found[0]), rel)
        if diag is not None or hashlib.sha256(raw).hexdigest() != digest:
            return False
    return True
