"""The HTML export's layout, as looked at in a browser (docs/export.md): the sheet's
boxes in a grid, wide tables scrollable on a phone instead of widening the page,
the paragraph a link leads to marked, and a print style sheet."""
from __future__ import annotations

import re

import pytest

from engine.export import build, html
from engine.export.model import Boxes, Table

from .conftest import BOOKS, load


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
def test_boxes_and_tables_are_wrapped_for_the_layout(path):
    loaded = load(path)
    doc = build.document(loaded.book, loaded.module)
    blocks = [b for _t, bs in doc.front + doc.back for b in bs]
    out = html.render(doc)
    assert out.count('<div class="boxes">') == sum(isinstance(b, Boxes) for b in blocks) > 0
    assert out.count('<div class="table"><table>') == sum(isinstance(b, Table) for b in blocks)


def test_the_style_sheet_marks_the_jump_target_and_prints():
    css = html.CSS
    assert "section.paragraph:target" in css and "scroll-margin-top" in css
    printed = css[css.index("@media print"):]
    assert "@page" in printed and re.search(r"h2, h3 \{ break-after: avoid; \}", printed)
    narrow = css[css.index("@media (max-width"):css.index("@media print")]
    assert "text-align: left" in narrow and "overflow-x: auto" in narrow
