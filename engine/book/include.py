"""Books too big for one file (format 1.1): `include: [part1.yaml, part2.yaml]`.

Each included file holds `paragraphs:` (and may include further files).  Paths are
relative to the file that names them.  The parts are read with the same limits and
refusals as a book, then their paragraphs join the book's; every diagnostic about an
included paragraph names its own file:line:col (`Composite.span` asks the document
the paragraph came from).  An include cycle (`include-cycle`), a missing file
(`include-not-found`) and anything but `paragraphs:`/`include:` in a part
(`unknown-field`) are located at the `include:` entry or in the part.
The lint cache keys on the bytes of every file (`digest_parts`).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from engine.diagnostics import error
from engine.book.source import Document

KEY = "include"
PART_KEYS = ("paragraphs", KEY)
MAX_PARTS = 200   # files in one book: a bound, as for everything read


class Composite(Document):
    """The book's document with its parts' paragraphs: positions from their own files."""

    def __init__(self, main: Document, data: dict, owners: dict):
        super().__init__(main.file, main.text, data, main.where, main.key_where)
        self.owners = owners   # paragraph key -> the part's Document

    def _owner(self, path):
        path = tuple(path)
        if len(path) >= 2 and path[0] == "paragraphs":
            return self.owners.get(path[1])
        return None

    def span(self, path, *, key: bool = False):
        owner = self._owner(path)
        return owner.span(path, key=key) if owner is not None else super().span(path, key=key)

    def inner_span(self, path, offset: int):
        owner = self._owner(path)
        return owner.inner_span(path, offset) if owner is not None else super().inner_span(path, offset)


def _names(data) -> list:
    raw = data.get(KEY) if isinstance(data, dict) else None
    return [str(x) for x in raw if isinstance(x, str)] if isinstance(raw, list) else []


def digest_parts(raw: bytes, base: Path, digest) -> bool:
    """Add every included file's bytes to `digest` (nested too); False when the parts
    cannot all be read (then the book is not cached)."""
    if not re.search(rb"(?m)^include\s*:", raw):
        return True
    from engine.book.bookfile import read_bytes
    from engine.book.source import parse_bytes
    todo, seen = [(raw, base)], set()
    while todo:
        text, here = todo.pop()
        doc, _ = parse_bytes(text, "")
        for name in _names(doc.data if doc is not None else None):
            path = (here / name).resolve()
            if path in seen or len(seen) >= MAX_PARTS:
                return False
            seen.add(path)
            part, diag = read_bytes(path, name)
            if diag is not None:
                return False
            digest.update(b"\0" + str(path).encode() + b"\0" + part)
            todo.append((part, path.parent))
    return True


def expand(doc: Document, base: Path, main_path: Path | None = None):
    """(the document with every part's paragraphs, diagnostics about the parts)."""
    data = doc.data
    if not isinstance(data, dict) or KEY not in data:
        return doc, []
    diags, owners = [], {}
    paragraphs = dict(data.get("paragraphs") or {}) if isinstance(data.get("paragraphs"), dict) else {}
    if data.get("gamebook") == 1:
        diags.append(error("format-1-1", doc.span((KEY,), key=True),
                           "« include » demande « gamebook: 1.1 »", "'include' needs 'gamebook: 1.1'"))
    stack = [main_path.resolve()] if main_path is not None else []
    _include(doc, base, stack, paragraphs, owners, diags, doc)
    merged = dict(data)
    merged["paragraphs"] = paragraphs
    return Composite(doc, merged, owners), diags


def _include(doc, base: Path, stack: list, paragraphs: dict, owners: dict, diags: list, top) -> None:
    from engine.book.bookfile import read_bytes
    from engine.book.source import parse_bytes
    for i, name in enumerate(_names(doc.data)):
        path = (base / name).resolve()
        display = os.path.join(os.path.dirname(doc.file), name) if doc.file else name
        where = doc.span((KEY, i))
        if path in stack:
            diags.append(error("include-cycle", where,
                               f"inclusion circulaire : « {name} » s'inclut lui-même (par {doc.file})",
                               f"include cycle: '{name}' includes itself (through {doc.file})"))
            continue
        if len(stack) > MAX_PARTS:   # nested deeper than any real book: stop there
            continue
        raw, diag = read_bytes(path, display)
        if diag is not None:
            diags.append(error("include-not-found", where,
                               f"fichier inclus introuvable ou illisible : « {name} » ({diag.message.fr})",
                               f"included file not found or unreadable: '{name}' ({diag.message.en})"))
            continue
        part, more = parse_bytes(raw, display)
        diags += more
        if part is None:
            continue
        _part(part, paragraphs, owners, diags, top)
        _include(part, path.parent, stack + [path], paragraphs, owners, diags, top)


def _part(part: Document, paragraphs: dict, owners: dict, diags: list, top) -> None:
    data = part.data if isinstance(part.data, dict) else None
    if data is None:
        diags.append(error("schema", part.span(()), "un fichier inclus est un dictionnaire avec « paragraphs: »",
                           "an included file is a mapping with 'paragraphs:'"))
        return
    for key in data:
        if key not in PART_KEYS:
            diags.append(error("unknown-field", part.span((key,), key=True),
                               f"champ « {key} » dans un fichier inclus : seuls « paragraphs » et « include » y vont",
                               f"field '{key}' in an included file: only 'paragraphs' and 'include' go there"))
    for key, value in (data.get("paragraphs") or {}).items() if isinstance(data.get("paragraphs"), dict) else ():
        match = next((k for k in paragraphs if str(k) == str(key)), None)   # 1: and "1":
        if match is not None:
            first = owners.get(match, top).span(("paragraphs", match), key=True)
            diags.append(error("duplicate-paragraph", part.span(("paragraphs", key), key=True),
                               f"paragraphe {key} déjà écrit ({first.file}:{first.line + 1})",
                               f"paragraph {key} is already written ({first.file}:{first.line + 1})",
                               related=(first,)))
            continue
        paragraphs[key] = value
        owners[key] = part
