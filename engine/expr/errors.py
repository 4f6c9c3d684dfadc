"""Exceptions of the expression language (no heavy imports)."""

from __future__ import annotations


class ExprError(Exception):
    """A syntax or bounds error in an expression.

    ``code`` is a stable kebab-case identifier (``expr-syntax``,
    ``expr-too-long``, ``expr-too-deep``); ``start``/``end`` are 0-based
    offsets of the offending text (end exclusive, ``end > start``).
    """

    def __init__(self, code: str, start: int, end: int, message_fr: str, message_en: str):
        super().__init__(message_en)
        self.code = code
        self.start = start
        self.end = max(end, start + 1)
        self.message_fr = message_fr
        self.message_en = message_en

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.start}, {self.end}, {self.message_en!r})"


class EvalError(ExprError):
    """An error while evaluating an expression (code ``expr-runtime``)."""

    def __init__(self, start: int, end: int, message_fr: str, message_en: str):
        super().__init__("expr-runtime", start, end, message_fr, message_en)
