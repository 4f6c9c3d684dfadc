"""Parse a book's YAML paragraph by paragraph, reusing what did not change.

Re-checking after each keystroke must stay well under a tenth of a second on a
400-paragraph book, and the YAML parse is most of a check.  The usual layout of
a book (`docs/book-format.md`) is a header, then `paragraphs:` at column 0, then
one block per paragraph at the same indentation (`  12:`), up to the end of the
file.  Each block is parsed alone (as the indented mapping it is) and cached by
its text; its positions are shifted to where it stands in the file now.  Any
other layout, a block that does not parse alone (a YAML error, an alias to
another block), or a paragraph number written twice falls back to a whole-file
parse with `engine.source.parse_text`, so the diagnostics are always the ones
`gamebook lint` gives.
"""
from __future__ import annotations

import re

from ..diagnostics import Span
from ..records import replace
from ..source import Document, parse_text

_PARAGRAPHS = re.compile(r"^paragraphs:[ \t]*(?:#.*)?\r?$", re.M)
_TOP_LEVEL = re.compile(r"^[^\s#]", re.M)


class Parser:
    """A whole-file parse that remembers the blocks of the previous text."""

    def __init__(self):
        self.blocks: dict[str, tuple] = {}   # block text -> (Document, diagnostics)

    def parse(self, text: str, name: str):
        """(Document or None, diagnostics), as `engine.source.parse_text` returns them."""
        split = _split(text)
        if split is None:
            return parse_text(text, name)
        header_end, starts = split
        head, diags = parse_text(text[:header_end], name)
        if head is None or not isinstance(head.data, dict) or head.data.get("paragraphs") is not None:
            return parse_text(text, name)
        merged = _Merged(head, text, list(diags))
        cache, self.blocks = self.blocks, {}
        line = text.count("\n", 0, starts[0]) if starts else 0
        for start, end in zip(starts, starts[1:] + [len(text)]):
            chunk = text[start:end]
            parsed = cache.get(chunk) or parse_text(chunk, name)
            if parsed[0] is None or not isinstance(parsed[0].data, dict) or \
                    not merged.add(parsed, line, start):
                return parse_text(text, name)
            self.blocks[chunk] = parsed
            line += chunk.count("\n")
        return merged.document(), merged.diags


def _split(text: str):
    """(end of the header, start of each paragraph block), or None for another layout."""
    m = _PARAGRAPHS.search(text)
    if m is None:
        return None
    header_end = text.find("\n", m.end())
    if header_end < 0:
        return None
    header_end += 1
    first = re.compile(r"^( *)[^\s#]", re.M).search(text, header_end)
    if first is None or not first.group(1):
        return None
    starts = []
    for b in re.compile(rf"^(?:{first.group(1)})?[^\s#]", re.M).finditer(text, header_end):
        if text[b.start()] != " ":
            return None  # a top-level key after the paragraphs
        starts.append(b.start())
    return header_end, starts


class _Where:
    """`Document.where` (or `key_where`) of the merged book, computed on lookup:
    a paragraph's entries are its block's, moved down `line` lines and `index`
    characters, so an edit shifts nothing until a position is asked for."""

    def __init__(self, head: dict, blocks: dict, key: bool):
        self.head, self.blocks, self.key = head, blocks, key
        self.first = None

    def get(self, path, default=None):
        if len(path) >= 2 and path[0] == "paragraphs":
            block = self.blocks.get(path[1])
            if block is None:
                return default
            doc, line, index = block
            pos = (doc.key_where if self.key else doc.where).get(path[1:])
            if pos is None:
                return default
            return (pos[0] + line, pos[1]) if self.key else (pos[0] + line, pos[1], pos[2] + index, pos[3])
        if path == ("paragraphs",) and not self.key and self.first:
            return self.first
        return self.head.get(path, default)

    def __getitem__(self, path):
        pos = self.get(path)
        if pos is None:
            raise KeyError(path)
        return pos

    def __contains__(self, path) -> bool:
        return self.get(path) is not None


class _Merged:
    """The header's document with the paragraph blocks added."""

    def __init__(self, head: Document, text: str, diags: list):
        self.head, self.text, self.diags = head, text, diags
        self.paragraphs: dict = {}
        self.blocks: dict = {}   # paragraph key -> (block Document, line, index)
        self.where = _Where(head.where, self.blocks, key=False)
        self.key_where = _Where(head.key_where, self.blocks, key=True)

    def add(self, parsed, line: int, index: int) -> bool:
        """Add one block; False when one of its numbers is already there."""
        doc, diags = parsed
        paragraphs, blocks = self.paragraphs, self.blocks
        for key, value in doc.data.items():
            if key in paragraphs:
                return False
            paragraphs[key] = value
            blocks[key] = (doc, line, index)
        if self.where.first is None and () in doc.where:
            ln, col, i, _style = doc.where[()]
            self.where.first = (ln + line, col, i + index, "")
        if diags:
            self.diags.extend(_shifted(d, line) for d in diags)
        return True

    def document(self) -> Document:
        data = dict(self.head.data)
        data["paragraphs"] = self.paragraphs
        return Document(self.head.file, self.text, data, self.where, self.key_where)


def _shifted(d, line: int):
    def move(s: Span) -> Span:
        return replace(s, line=s.line + line, end_line=s.end_line + line if s.end_line >= 0 else -1)
    return replace(d, span=move(d.span), related=tuple(move(r) for r in d.related))
