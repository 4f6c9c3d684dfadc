"""Helpers shared by the analysis commands (graph, explore): load a book or explain why not."""
from __future__ import annotations

import sys


def load_or_report(path: str, lang: str):
    """The Loaded book, or None after printing its errors on stderr."""
    from engine.diagnostics import Severity, render_text
    from engine.lint.loader import load_book
    loaded = load_book(path)
    if loaded.book is None or not loaded.ok:
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        print(render_text(errors, lang), file=sys.stderr)
        print("le livre a des erreurs : corrigez-les d'abord (gamebook lint)" if lang == "fr"
              else "the book has errors: fix them first (gamebook lint)", file=sys.stderr)
        return None
    return loaded


def write_output(text: str, path: str | None) -> None:
    """Write to a file, or to stdout when no file is given."""
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
