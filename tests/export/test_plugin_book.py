"""A third-party module's book (tests/plugins: the kai module) exports through the
generic path: its exits in words, its opponents under its own stat labels."""
from __future__ import annotations

from pathlib import Path

from engine.export import build, html, markdown, typeset
from engine.export.pdf import compile_pdf

from .conftest import load

KAI = Path(__file__).resolve().parents[1] / "plugins" / "gamebook-rules-kai" / "book" / "la-tour-de-brume.yaml"


def test_a_plugin_book_exports_in_the_three_formats():
    loaded = load(KAI)
    doc = build.document(loaded.book, loaded.module)
    md = markdown.render(doc)
    assert "Si vous êtes vainqueur, rendez-vous au\u00a0[8](#p8)." in md
    labels = {s.label.get("fr").upper() for s in loaded.module.stats}
    assert any(label in md for label in labels)
    assert compile_pdf(typeset.render(doc)).startswith(b"%PDF")
    assert html.render(doc).count('class="paragraph"') == len(loaded.book.paragraphs)
