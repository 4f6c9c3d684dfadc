"""Engine diagnostics as LSP diagnostics: range, severity, code, link to its documentation.

The link goes to the code's entry in docs/lint-codes.md (the core's codes) or to
the rule module's page (docs/rules-<id>.md), in the checkout the server runs
from; `GAMEBOOK_DOCS_URL` (a base URL whose `lint-codes.md` and `rules-*.md` are
the same files, e.g. on the project's web site) overrides it.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from lsprotocol import types as T

from engine.diagnostics import Severity

SEVERITY = {Severity.ERROR: T.DiagnosticSeverity.Error, Severity.WARNING: T.DiagnosticSeverity.Warning,
            Severity.NOTE: T.DiagnosticSeverity.Information}
DOCS = Path(__file__).resolve().parents[2] / "docs"


@lru_cache(maxsize=None)
def _core_codes() -> frozenset:
    from engine.lint.codes import CODES
    return frozenset(c.name for c in CODES)


def _base() -> str | None:
    url = os.environ.get("GAMEBOOK_DOCS_URL")
    if url:
        return url.rstrip("/") + "/"
    return DOCS.as_uri() + "/" if (DOCS / "lint-codes.md").is_file() else None


def doc_href(code: str, rules: str | None) -> str | None:
    """Where `code` is documented, or None when no documentation is at hand."""
    base = _base()
    if base is None:
        return None
    if code in _core_codes() or not rules:
        return f"{base}lint-codes.md#{code}"
    page = f"rules-{rules}.md"
    if not os.environ.get("GAMEBOOK_DOCS_URL") and not (DOCS / page).is_file():
        return None  # a third-party module documents its codes elsewhere
    return base + page


def to_lsp(d, lines, lang: str, uri: str, rules: str | None) -> T.Diagnostic:
    """One engine Diagnostic for the editor; its `fix` travels in `data` for code actions."""
    href = doc_href(d.code, rules)
    related = [T.DiagnosticRelatedInformation(
        T.Location(uri, lines.span_range(r)), "voir aussi" if lang == "fr" else "see also")
        for r in d.related]
    return T.Diagnostic(
        range=lines.span_range(d.span), message=d.message.get(lang), severity=SEVERITY[d.severity],
        code=d.code, source="gamebook",
        code_description=T.CodeDescription(href=href) if href else None,
        related_information=related or None,
        data={"fix": d.fix} if d.fix is not None else None)
