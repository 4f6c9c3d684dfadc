"""Parse a book's YAML paragraph by paragraph, reusing what did not change.

Re-checking after each keystroke must stay well under a tenth of a second on a
400-paragraph book, and the YAML parse is most of a check.  The usual layout of
a book (`docs/book-format.md`) is a header, then `paragraphs:` at column 0, then
one block per paragraph at the same indentation (`  12:`), up to the end of the
file.  Each block is parsed alone (as the indented mapping it is) and cached by
its text; its positions are shifted to where it stands in the file now.  Any
other layout, a block that does not parse alone (a YAML error, an alias to
another block) or has a problem (a duplicate key), or a paragraph number
written twice falls back to a whole-file
parse with `engine.book.source.parse_text`, so the diagnostics are always the ones
`gamebook lint` gives.
"""
from __future__ import annotations

import re

from engine.book.source import Document, parse_text

_PARAGRAPHS = re.compile(r"^paragraphs:[ \t]*(?:#.*)?\r?$", re.M)
_TOP_LEVEL = re.compile(r"^[^\s#]", re.M)


class Parser:
    """A whole-file parse that remembers the blocks of the previous text."""

    def __init__(self):
        self.blocks: dict[str, tuple] = {}   # block text -> (Document, diagnostics)
        self.validator = Validator()
        from engine.lsp.compile_cache import ParagraphCache
        self.paragraphs = ParagraphCache()  # compiled paragraphs, for engine.lsp.state

    def parse(self, text: str, name: str):
        """(Document or None, diagnostics), as `engine.book.source.parse_text` returns them."""
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
            if parsed[0] is None or not isinstance(parsed[0].data, dict) or parsed[1] or \
                    _dedented(parsed[0].data) or _swallows(parsed[0]) or \
                    not merged.add(parsed, line, start):  # messages may name lines: whole file
                return parse_text(text, name)
            self.blocks[chunk] = parsed
            line += chunk.count("\n")
        return merged.document(), merged.diags


def _dedented(data: dict) -> bool:
    """A block that is a paragraph field written at the level of the paragraph numbers
    (`choices:` dedented): only the whole file tells which paragraph it belongs to."""
    from engine.book.yaml_hints import FIELDS, _a_paragraph
    return any(key in FIELDS and not _a_paragraph(value) for key, value in data.items())


def _swallows(doc) -> bool:
    """A `|` text holding a line shaped like a field: yaml_hints reports it (on the
    whole file, where it knows the paragraph's path)."""
    from engine.book.yaml_hints import _FIELD_LINE
    for path, (_line, _col, _index, style) in doc.where.items():
        if style in ("|", ">") and len(path) == 2 and path[1] == "text":
            value = doc.data.get(path[0], {}).get("text") if isinstance(doc.data.get(path[0]), dict) else None
            if any(_FIELD_LINE.match(line) for line in str(value).split("\n")):
                return True
    return False


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
        return True

    def document(self) -> Document:
        data = dict(self.head.data)
        data["paragraphs"] = self.paragraphs
        return Document(self.head.file, self.text, data, self.where, self.key_where)


class Validator:
    """`engine.book.validate.validate`, skipping the paragraphs already found valid.

    A paragraph's validity depends on nothing else in the book, and an unchanged
    block comes back from the parser as the very same objects: the fast check
    (compiled once per rule module) runs on the header and the new paragraphs
    only.  Any error, or a schema the fast check cannot judge, goes to the full
    validation of the whole document."""

    def __init__(self):
        self.valid: dict[int, object] = {}   # id(paragraph data) -> the data (kept alive)
        self.rules = None                    # the rule module whose schema they satisfy
        self.check = None

    def __call__(self, doc, schema):
        from engine.book.quickschema import Unsupported, compile_schema
        from engine.book.validate import validate
        data = doc.data
        pars = data.get("paragraphs") if isinstance(data, dict) else None
        if not isinstance(pars, dict) or not pars:
            return validate(doc, schema)
        rules = schema.get("properties", {}).get("rules", {}).get("const")
        if rules != self.rules or self.check is None:
            try:
                self.valid, self.rules, self.check = {}, rules, compile_schema(schema)
            except Unsupported:
                return validate(doc, schema)
        fresh = {k: v for k, v in pars.items() if self.valid.get(id(v)) is not v}
        first = next(iter(pars))
        fresh.setdefault(first, pars[first])   # `paragraphs` may not be empty
        if self.check(dict(data, paragraphs=fresh)) is not True:
            return validate(doc, schema)
        self.valid = {id(v): v for v in pars.values()}
        return []
