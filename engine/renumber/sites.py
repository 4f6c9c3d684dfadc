"""The text edits of `gamebook renumber`: every place a paragraph number or name is
written in a book's YAML, and the same text with new numbers there and nowhere else
(comments, quotes, layout and key order are untouched)."""
from __future__ import annotations

import re

from engine.book.model import OUTCOME_ENDS
from engine.expr.ast import Call, Int, walk

_TOKEN = re.compile(r"[A-Za-z0-9_-]+")
VISITED = ("visited", "visite", "visité")


def data_at(data, path):
    """The YAML data at `path`, or None."""
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def sites(book, module, doc, by_key: dict) -> list:
    """[(file, index in its text, old number)]: where each paragraph reference is
    written; `file` is the `Document.file` of the book or of the part (format 1.1,
    `include:`) the paragraph is written in."""
    where = _Where(doc)
    out = [(*where.key(("paragraphs", key)), n) for key, n in by_key.items()]

    def value(path, n) -> None:
        at = where.value(path)
        if at is not None:
            out.append((*at, n))
    start = data_at(doc.data, ("start",))
    if isinstance(start, (int, str)) and not isinstance(start, bool):
        value(("start",), book.start)
    for name in _paragraph_options(module):
        if isinstance(book.options.get(name), int) and data_at(doc.data, ("options", name)) is not None:
            value(("options", name), book.options[name])
    for n, p in book.paragraphs.items():
        for c in p.choices:
            raw = data_at(doc.data, c.path + ("to",))
            if c.target is not None and (isinstance(raw, int) or raw in by_key):
                value(c.path + ("to",), c.target)
            elif c.target_expr is not None and isinstance(c.target_expr.root, Int):
                out.append((*where.inner(c.path + ("to",), c.target_expr.root.start), c.target_expr.root.value))
            _visited(where, c.path + ("if",), c.condition, out)
            _visited(where, c.path + ("to",), c.target_expr, out)
        for o in (p.random.outcomes if p.random else ()):
            if o.target not in OUTCOME_ENDS:   # (format 1.2: `end:` or `to: continue` has no number)
                value(o.path + ("to",), o.target)
        for a in p.auto:   # format 1.1
            if a.target is not None:
                value(a.path + ("to",), a.target)
            _visited(where, a.path + ("if",), a.condition, out)
        for ex in module.exits(p):
            raw = data_at(doc.data, ex.path)
            if isinstance(raw, dict) and (isinstance(raw.get("to"), int) or _named(raw.get("to"), by_key)):
                value(ex.path + ("to",), ex.target)
            elif (isinstance(raw, int) and not isinstance(raw, bool) or _named(raw, by_key)) \
                    and isinstance(ex.target, int):          # a number, or a name (format 1.1)
                value(ex.path, ex.target)
        _puzzle(p, doc, by_key, value)
        for i, cond in p.puzzle_if.items():   # format 1.2: an answer's `if:` may test `visited(N)`
            _visited(where, p.path + ("puzzle", "answers", i, "if"), cond, out)
    return sorted(set(out))


def _puzzle(p, doc, by_key, value) -> None:
    """A typed number's answers and its wrong-answer paragraph (format 1.1), a
    give-up's `none:` paragraph (format 1.2)."""
    from engine.book.typed import exits
    from engine.book.giving import exits as give_up_exits
    for ex in exits(p) + give_up_exits(p):
        raw = data_at(doc.data, ex.path)
        if isinstance(ex.target, int) and (isinstance(raw, int) and not isinstance(raw, bool)
                                           or _named(raw, by_key)):
            value(ex.path, ex.target)


def _named(raw, by_key) -> bool:
    """`raw` is a paragraph's name (format 1.1), not a number nor `true` (which is 1 as a key)."""
    return isinstance(raw, str) and raw in by_key


def _paragraph_options(module) -> list:
    """The module options holding a paragraph number (schema-shaped like one)."""
    props = (module.schema_defs().get("options") or {}).get("properties") or {}
    return [k for k, v in props.items() if isinstance(v, dict) and v.get("type") == "integer"
            and v.get("minimum") == 1 and v.get("maximum") == 1_000_000]


def _visited(where, path, expr, out) -> None:
    if expr is None:
        return
    for node in walk(expr.root):
        if isinstance(node, Call) and node.name in VISITED and node.args and isinstance(node.args[0], Int):
            out.append((*where.inner(path, node.args[0].start), node.args[0].value))


class _Where:
    """(file, character index in its text) from the documents' (line, column)
    positions: the book's, or the part's a paragraph is written in."""

    def __init__(self, doc):
        self.doc, self.starts = doc, {}

    def _doc(self, path):
        owner = getattr(self.doc, "_owner", None)
        return (owner(path) if owner is not None else None) or self.doc

    def _index(self, doc, line: int, col: int) -> tuple:
        if doc.file not in self.starts:
            self.starts[doc.file] = [0] + [i + 1 for i, ch in enumerate(doc.text) if ch == "\n"]
        return doc.file, self.starts[doc.file][line] + col

    def key(self, path) -> tuple:
        doc = self._doc(path)
        return self._index(doc, *doc.key_where[tuple(path)][:2])

    def value(self, path):
        doc = self._doc(path)
        pos = doc.where.get(tuple(path))
        return None if pos is None else (doc.file, pos[2])

    def inner(self, path, offset: int) -> tuple:
        doc = self._doc(path)
        span = doc.inner_span(path, offset)
        return self._index(doc, span.line, span.col)


def rewrite(text: str, edits: list, new: dict) -> str:
    """`text` with the token at each (index, old) replaced by `new[old]` (the edits
    of one file)."""
    out, last = [], len(text)
    for index, old in sorted(set(edits), reverse=True):
        end = _token_end(text, index)
        if end > last:
            continue   # the same place seen twice (a key and its value never overlap)
        out.append(text[end:last])
        out.append(str(new[old]))
        last = index
    out.append(text[:last])
    return "".join(reversed(out))


def _token_end(text: str, index: int) -> int:
    if text[index] in "'\"":
        close = text.index(text[index], index + 1)
        return close + 1
    m = _TOKEN.match(text, index)
    return m.end() if m else index


def with_id(text: str, book_id: str) -> str:
    """`text` with a top-level `id: book_id` line after the `gamebook:` line (or first)."""
    line = f"id: {book_id}   # the book's id, once its file name: saves know the book by it\n"
    m = re.search(r"^gamebook:[^\n]*\n", text, re.M)
    at = m.end() if m else 0
    return text[:at] + line + text[at:]
