"""Every bundled book exported in the three formats: each paragraph once, every way
out an existing number, the Adventure Sheet with the module's stats, the HTML
valid with every link resolving, the PDF readable with each paragraph number."""
from __future__ import annotations

import io
import re

import html5lib
import pypdf
import pytest

from engine.book.model import OUTCOME_ENDS
from engine.export import build, html, markdown, typeset
from engine.export.model import Ref, Section
from engine.export.pdf import compile_pdf

from .conftest import BOOKS, load


def refs(doc) -> list[int]:
    """Every number the document tells the reader to turn to."""
    found = []

    def walk(blocks):
        for b in blocks:
            if isinstance(b, Section):
                walk(b.blocks)
            for r in getattr(b, "runs", ()):
                if isinstance(r, Ref):
                    found.append(r.number)
    walk(doc.sections)
    for _title, blocks in doc.front + doc.back:
        walk(blocks)
    return found


@pytest.fixture(scope="module", params=BOOKS, ids=lambda p: p.stem)
def exported(request):
    loaded = load(request.param)
    doc = build.document(loaded.book, loaded.module)
    markup = typeset.render(doc)
    return loaded, doc, html.render(doc), markdown.render(doc), markup, compile_pdf(markup)


def test_the_model_has_each_paragraph_once_and_every_way_out_exists(exported):
    loaded, doc, *_ = exported
    assert [s.number for s in doc.sections] == sorted(loaded.book.paragraphs)
    assert refs(doc) and set(refs(doc)) <= set(loaded.book.paragraphs)


def test_html_is_valid_and_every_link_resolves(exported):
    loaded, _doc, text, *_ = exported
    html5lib.HTMLParser(strict=True).parse(text)       # raises on any parse error
    ids = re.findall(r'\sid="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    for n in loaded.book.paragraphs:
        assert ids.count(f"p{n}") == 1
    links = re.findall(r'href="#([^"]+)"', text)
    assert links and set(links) <= set(ids)
    assert "<script" not in text and "http" not in text.split("</style>")[0]  # self-contained


def test_markdown_has_one_anchor_a_paragraph_and_links_resolve(exported):
    loaded, _doc, _html, text, *_ = exported
    anchors = re.findall(r'<a id="(p\d+)"></a>', text)
    assert sorted(anchors) == sorted(f"p{n}" for n in loaded.book.paragraphs)
    links = re.findall(r"\]\(#(p\d+)\)", text)
    assert links and set(links) <= set(anchors)


def test_the_adventure_sheet_has_the_module_stats(exported):
    loaded, doc, text, md, *_ = exported
    sheet = dict(doc.front)[next(t for t, _b in doc.front if "Aventure" in t or "Adventure" in t)]
    rendered = "".join(html.block(b) for b in sheet)
    for stat in loaded.module.stats:
        assert stat.label.get(doc.lang) in rendered
    if loaded.module.id == "chroniques-cretoises":
        for word in ("Indemne", "Blessé", "Grièvement Blessé", "Mort", "Athéna", "Favorable"):
            assert word in rendered


def test_the_pdf_opens_with_every_paragraph_number(exported):
    loaded, _doc, _html, _md, markup, data = exported
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 4
    text = "\n".join(page.extract_text() for page in reader.pages)
    lines = {line.strip() for line in text.splitlines()}
    for n in loaded.book.paragraphs:
        assert str(n) in lines, n                    # the number, alone on its heading line
        assert markup.count(f"<p{n}>") == 1


def test_oracle_numbers_are_italic_and_their_plus_20_never_printed(exported):
    loaded, doc, text, md, *_ = exported
    visible = {r for r in refs(doc)}
    for p in loaded.book.paragraphs.values():
        section = next(s for s in doc.sections if s.number == p.number)
        assert section.italic == bool(p.fields.get("oracle"))
        if p.fields.get("oracle"):
            assert f"<h3><em>{p.number}</em></h3>" in text
    hidden = {e.target for p in loaded.book.paragraphs.values() for e in loaded.module.exits(p)
              if e.kind == "oracle"}
    written = {c.target for p in loaded.book.paragraphs.values() for c in p.choices} | \
              {e.target for p in loaded.book.paragraphs.values() for e in loaded.module.exits(p)
               if e.kind != "oracle"}
    for target in hidden - written:
        assert target not in visible
        assert f'href="#p{target}"' not in text and f"(#p{target})" not in md


def test_each_paragraph_prints_all_its_visible_ways_out(exported):
    loaded, doc, *_ = exported
    for p in loaded.book.paragraphs.values():
        section = next(s for s in doc.sections if s.number == p.number)
        printed = {r.number for b in section.blocks for r in getattr(b, "runs", ()) if isinstance(r, Ref)}
        visible = {c.target for c in p.choices if c.target is not None}
        visible |= {o.target for o in (p.random.outcomes if p.random else ())}
        visible |= {e.target for e in loaded.module.exits(p) if e.kind != "oracle" and isinstance(e.target, int)}
        visible -= set(OUTCOME_ENDS)   # format 1.2: an outcome that ends the game names no paragraph
        assert visible <= printed, p.number
        assert printed <= set(loaded.book.paragraphs)
