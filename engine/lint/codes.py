"""The table of every diagnostic code the engine emits, by name.

Each code is stable (kebab-case), has a severity, the stage that emits it, a one-line
summary in French and English, and two examples: a book that produces it and the
corrected book, which lints clean (`tools/gen_docs.py` renders the table as
docs/lint-codes.md).  The codes of the core format and the expression language are in
engine/lint/codes_core.py, those of the flow and inventory constructs in
engine/lint/codes_constructs.py, those issue 32 added in engine/lint/codes_authors.py; a rule
module documents its own.
"""
from __future__ import annotations

from engine.lint.codes_authors import CODES_AUTHORS
from engine.lint.codes_constructs import CODES_11
from engine.lint.codes_actions import CODES_ACTIONS   # format 1.2, part A
from engine.lint.codes_real_books import CODES_REAL_BOOKS   # format 1.2, part B
from engine.lint.codes_core import CODES as CORE, Code  # noqa: F401 - Code is part of the table's interface

CODES = CORE + CODES_11 + CODES_AUTHORS + CODES_ACTIONS + CODES_REAL_BOOKS
BY_NAME = {c.name: c for c in CODES}
