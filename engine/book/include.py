"""Books too big for one file (format 1.1): `include: [part1.yaml, part2.yaml]`.

Each included file holds `paragraphs:` (and may include further files).  Paths are
relative to the file that names them.  The parts are read with the same limits and
refusals as a book, then their paragraphs join the book's; every diagnostic about an
included paragraph names its own file:line:col (`Composite.span` asks the document
the paragraph came from).  An include cycle (`include-cycle`), a missing file
(`include-not-found`) and anything but `paragraphs:`/`include:` in a part
(`unknown-field`) are located at the `include:` entry or in the part.

A book reads only its own folder tree (part_paths.locate): an absolute path, a `../`
or a symbolic link leading out of the main book's folder is `include-outside-book`,
refused before anything is opened, so that nothing of the target is shown and the
answer is the same whether it exists or not.  Each distinct file is read once, however
often it is included, and the parts together are bounded (MAX_PARTS files, the book's
own byte, node and character limits for the whole): `include-too-many`,
`include-too-large`.  The bytes read are hashed as they are read (`Composite.parts`),
so that the compiled-book cache keys on exactly what was compiled.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from engine.book.part_paths import locate
from engine.book.source import Document
from engine.diagnostics import error
from engine.support import limits

KEY = "include"
PART_KEYS = ("paragraphs", KEY)
MAX_PARTS = limits.MAX_PARTS   # distinct files included in one book


class Composite(Document):
    """The book's document with its parts' paragraphs: positions from their own files.
    `parts` lists (path relative to the book's folder, SHA-256 of the bytes read) for
    every part read; `complete` is False when an entry could not be read or was refused."""

    def __init__(self, main: Document, data: dict, owners: dict, parts: list, complete: bool):
        super().__init__(main.file, main.text, data, main.where, main.key_where)
        self.owners = owners   # paragraph key -> the part's Document
        self.parts, self.complete = parts, complete

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


def names(data) -> list:
    """The file names an `include:` list gives (anything but a string is the schema's)."""
    raw = data.get(KEY) if isinstance(data, dict) else None
    return [str(x) for x in raw if isinstance(x, str)] if isinstance(raw, list) else []


def part_display(main_file: str, rel: str) -> str:
    """How a part is named in diagnostics: beside the main file as the user named it."""
    return os.path.join(os.path.dirname(main_file), rel) if main_file else rel


class _Reading:
    """One expansion: the parts read so far and what is left of the book's budget."""

    def __init__(self, doc: Document, root: str, main_real: str | None):
        self.top, self.root = doc, root
        self.paragraphs = dict(doc.data.get("paragraphs") or {}) \
            if isinstance(doc.data.get("paragraphs"), dict) else {}
        self.owners: dict = {}
        self.diags: list = []
        self.read: set = {main_real} if main_real else set()   # real paths, each read once
        self.parts: list = []
        self.by_text = {str(k): k for k in self.paragraphs}   # 1: and "1": the same paragraph
        self.complete, self.full, self.count = True, False, 0
        nodes, chars = getattr(doc, "weight", (0, len(doc.text)))
        self.left = {"bytes": limits.MAX_PARTS_BYTES - len(doc.text.encode("utf-8", "surrogatepass")),
                     "nodes": limits.MAX_YAML_NODES - nodes, "chars": limits.MAX_YAML_CHARS - chars}

    def report(self, code: str, where, fr: str, en: str) -> None:
        self.diags.append(error(code, where, fr, en))
        self.complete = False


def expand(doc: Document, base: Path, main_path: Path | None = None):
    """(the document with every part's paragraphs, diagnostics about the parts).
    `base` is the main book's folder; only files inside it (links followed) are read."""
    data = doc.data
    if not isinstance(data, dict) or KEY not in data:
        return doc, []
    reading = _Reading(doc, os.path.realpath(base), os.path.realpath(main_path) if main_path else None)
    if data.get("gamebook") == 1:
        reading.diags.append(error("format-1-1", doc.span((KEY,), key=True),
                                   "« include » demande « gamebook: 1.1 »", "'include' needs 'gamebook: 1.1'"))
    stack = [os.path.realpath(main_path)] if main_path is not None else []
    _include(doc, "", stack, reading)
    merged = dict(data)
    merged["paragraphs"] = reading.paragraphs
    return Composite(doc, merged, reading.owners, reading.parts, reading.complete), reading.diags


def _include(doc: Document, here: str, stack: list, reading: _Reading) -> None:
    """Read the parts `doc` names (`here`: its folder, relative to the book's), depth first."""
    for i, name in enumerate(names(doc.data)):
        if reading.full:
            return
        where = doc.span((KEY, i))
        found = locate(reading.root, here, name)
        if not isinstance(found, tuple):   # outside the book's folder, or not a part's name
            reading.report(found.code, where, found.fr, found.en)
            continue
        real, rel = found
        if real in stack:
            reading.report("include-cycle", where,
                           f"inclusion circulaire : « {name} » s'inclut lui-même (par {doc.file})",
                           f"include cycle: '{name}' includes itself (through {doc.file})")
            continue
        if real in reading.read:   # included already: once per distinct file
            continue
        part = _read(reading, real, rel, name, where)
        if part is not None:
            _part(part, reading)
            _include(part, os.path.relpath(os.path.dirname(real), reading.root), stack + [real], reading)


def _read(reading: _Reading, real: str, rel: str, name: str, where) -> Document | None:
    """The part at `real`, parsed, within what is left of the budget; None when refused."""
    from engine.book.bookfile import read_bytes
    from engine.book.source import parse_bytes
    if reading.count >= MAX_PARTS:
        reading.full = True
        reading.report("include-too-many", where,
                       f"plus de {MAX_PARTS} fichiers inclus : « {name} » n'est pas lu",
                       f"more than {MAX_PARTS} included files: '{name}' is not read")
        return None
    reading.read.add(real)
    reading.count += 1
    display = part_display(reading.top.file, rel)
    raw, diag = read_bytes(Path(real), display, limit=max(reading.left["bytes"], 0))
    if diag is not None and diag.code == "file-too-large":
        _too_large(reading, name, where)
        return None
    if diag is not None:
        reading.report("include-not-found", where,
                       f"fichier inclus introuvable ou illisible : « {name} » ({diag.message.fr})",
                       f"included file not found or unreadable: '{name}' ({diag.message.en})")
        return None
    reading.left["bytes"] -= len(raw)
    reading.parts.append((rel, hashlib.sha256(raw).hexdigest()))
    part, more = parse_bytes(raw, display)
    reading.diags += more
    if part is None:
        reading.complete = False
        return None
    nodes, chars = getattr(part, "weight", (0, len(part.text)))
    reading.left["nodes"] -= nodes
    reading.left["chars"] -= chars
    if reading.left["nodes"] < 0 or reading.left["chars"] < 0:
        _too_large(reading, name, where)
        return None
    return part


def _too_large(reading: _Reading, name: str, where) -> None:
    reading.full = True
    mib = limits.MAX_PARTS_BYTES // (1024 * 1024)
    reading.report("include-too-large", where,
                   f"le livre et ses fichiers inclus dépassent ensemble les limites d'un livre "
                   f"({mib} Mio, {limits.MAX_YAML_NODES} nœuds, alias compris) : « {name} » n'est pas lu",
                   f"the book and its included files together exceed a book's limits "
                   f"({mib} MiB, {limits.MAX_YAML_NODES} nodes, aliases included): '{name}' is not read")


def _part(part: Document, reading: _Reading) -> None:
    paragraphs, owners, diags, top = reading.paragraphs, reading.owners, reading.diags, reading.top
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
        match = reading.by_text.get(str(key))
        if match is not None:
            first = owners.get(match, top).span(("paragraphs", match), key=True)
            diags.append(error("duplicate-paragraph", part.span(("paragraphs", key), key=True),
                               f"paragraphe {key} déjà écrit ({first.file}:{first.line + 1})",
                               f"paragraph {key} is already written ({first.file}:{first.line + 1})",
                               related=(first,)))
            continue
        paragraphs[key] = value
        owners[key] = part
        reading.by_text[str(key)] = key
