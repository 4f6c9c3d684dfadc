"""Engine positions <-> LSP positions, in one place.

The engine counts 0-based lines and columns in characters (code points); LSP
counts columns in UTF-16 code units (the default position encoding).  They differ
only on lines with characters outside the Basic Multilingual Plane (emoji), but
that is exactly where an editor would underline the wrong word.  An engine span
usually has only a start: its range is the word (name, number or the content of
a quoted string) that starts there.
"""
from __future__ import annotations

import re

from lsprotocol import types as T

_WORD = re.compile(r"[\w\-.+]*[\w]|[\w]")   # a name, an item id (pont-vu), a number
_QUOTES = "\"'"


class Lines:
    """The lines of a text, for converting positions both ways."""

    def __init__(self, text: str):
        self.text = text
        self.lines = text.split("\n")

    def line(self, n: int) -> str:
        return self.lines[n].rstrip("\r") if 0 <= n < len(self.lines) else ""

    def to_lsp(self, line: int, col: int) -> T.Position:
        """An engine (line, character column) as an LSP position (UTF-16 column)."""
        line = max(line, 0)
        prefix = self.line(line)[:max(col, 0)]
        return T.Position(line=line, character=len(prefix.encode("utf-16-le")) // 2)

    def from_lsp(self, pos: T.Position) -> tuple[int, int]:
        """An LSP position as an engine (line, character column)."""
        text, units, col = self.line(pos.line), 0, 0
        while col < len(text) and units < pos.character:
            units += 2 if ord(text[col]) > 0xFFFF else 1
            col += 1
        return pos.line, col

    def range(self, line: int, col: int, end_col: int, end_line: int | None = None) -> T.Range:
        end_line = line if end_line is None else end_line
        return T.Range(self.to_lsp(line, col), self.to_lsp(end_line, end_col))

    def word_at(self, line: int, col: int) -> tuple[int, int]:
        """The (start, end) columns of the word starting at `col`: a quoted string's
        content when `col` is on its opening quote, else a name or number; one
        character when there is no word (a `:` or a bracket the error points at)."""
        text = self.line(line)
        if col < len(text) and text[col] in _QUOTES:
            close = text.find(text[col], col + 1)
            return (col + 1, close) if close > col else (col, len(text))
        m = _WORD.match(text, col)
        if m and m.end() > col:
            return col, m.end()
        return col, min(col + 1, max(len(text), col))

    def word_around(self, line: int, col: int) -> tuple[int, int, str]:
        """The word under the cursor (which may be just after it): (start, end, word)."""
        text = self.line(line)
        start = col = min(max(col, 0), len(text))   # past the end of the line: at its end (LSP)
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-"):
            start -= 1
        end = col
        while end < len(text) and (text[end].isalnum() or text[end] in "_-"):
            end += 1
        return start, end, text[start:end]

    def span_range(self, span) -> T.Range:
        """The LSP range of an engine Span (its end, or the word at its start)."""
        if span.line < 0:
            return self.range(0, 0, 0)
        if span.end_line >= 0:
            return self.range(span.line, span.col, span.end_col, span.end_line)
        start, end = self.word_at(span.line, span.col)
        quoted = start > span.col  # the range also covers the closing quote
        return self.range(span.line, span.col, end + 1 if quoted else end)

    def fix_range(self, span) -> T.Range:
        """The range a diagnostic's `fix` replaces: the word at its start."""
        start, end = self.word_at(span.line, span.col)
        return self.range(span.line, start, end)
