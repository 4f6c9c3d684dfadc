"""A PDF a printer takes (issue 32, item 7), for each bundled book at A5 and A4:
every font embedded, no heading ending a page, no hyphenated title, the page size asked."""
from __future__ import annotations

import io
import random

import pypdf
import pytest

from engine.export import build, typeset
from engine.export.model import Boxes, Document, Heading, Para, Section
from engine.export.pdf import compile_pdf
from .conftest import BOOKS, load

# points (1/72 inch): A5 148 x 210 mm, A4 210 x 297 mm
SIZES = {"a5": (419.5, 595.3), "a4": (595.3, 841.9)}


@pytest.fixture(scope="module", params=[(b, p) for b in BOOKS for p in typeset.PAPERS],
                ids=lambda bp: f"{bp[0].stem}-{bp[1]}")
def printed(request):
    path, paper = request.param
    loaded = load(path)
    doc = build.document(loaded.book, loaded.module)
    return doc, paper, pypdf.PdfReader(io.BytesIO(compile_pdf(typeset.render(doc, paper))))


def _fonts(reader):
    """Every font of every page, descendant fonts of a composite font included."""
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        fonts = resources.get_object().get("/Font") or {}
        for ref in fonts.get_object().values():
            font = ref.get_object()
            yield font
            for child in font.get("/DescendantFonts") or ():
                yield child.get_object()


def test_every_font_is_embedded(printed):
    _doc, _paper, reader = printed
    fonts = list(_fonts(reader))
    assert fonts
    for font in fonts:
        if font.get("/Subtype") == "/Type0":
            continue   # a composite font: its descendant carries the descriptor (checked itself)
        descriptor = font["/FontDescriptor"].get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font.get("/BaseFont")


def test_the_pages_have_the_paper_asked(printed):
    _doc, paper, reader = printed
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width), round(height)) == tuple(round(x) for x in SIZES[paper])


def _lines(reader):
    """Each page's lines of text, without the page number of its footer."""
    out = []
    for i, page in enumerate(reader.pages, 1):
        lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
        if lines and lines[-1] == str(i):
            lines.pop()
        out.append(lines)
    return out


def _headings(doc):
    """The text of every heading a page could end with: the paragraph numbers and the
    Adventure Sheet's own headings (a part's heading always starts a page)."""
    numbers = {str(s.number) for s in doc.sections}
    named = {b.text for _title, blocks in doc.front + doc.back for b in blocks if isinstance(b, Heading)}
    return numbers, named


def _heading_endings(doc, reader) -> list:
    """The pages (1-based) that end with a heading whose text is over the page."""
    numbers, named = _headings(doc)
    pages, found = _lines(reader), []
    for i, lines in enumerate(pages[:-1], 1):
        if lines and (lines[-1] in named or lines[-1] in numbers):
            found.append(i)
    return found


def _stress_document(seed: int) -> Document:
    """Paragraphs of every length (seeded), so that page breaks fall everywhere."""
    rng = random.Random(seed)
    words = "le sentier monte entre les pierres et le vent souffle sur la lande grise".split()
    sections = tuple(
        Section(n, False, tuple(Para((" ".join(rng.choice(words) for _ in range(rng.randint(4, 70))) + ".",))
                                for _ in range(rng.randint(1, 3))))
        for n in range(1, 121))
    return Document("fr", "Essai", "", "", (), sections, (), {"paragraphs": "Les paragraphes"})


@pytest.mark.parametrize("paper", typeset.PAPERS)
def test_the_heading_check_finds_a_heading_left_at_a_page_foot(paper):
    """Without sticky headings, some of 120 paragraphs leave their number at a page's
    foot, and the check sees it; with them (the real layout), none does."""
    doc = _stress_document(7)
    markup = typeset.render(doc, paper)
    loose = markup.replace("sticky: true", "sticky: false")
    assert _heading_endings(doc, pypdf.PdfReader(io.BytesIO(compile_pdf(loose))))
    assert _heading_endings(doc, pypdf.PdfReader(io.BytesIO(compile_pdf(markup)))) == []


def test_each_sheet_subsection_is_on_one_page(printed):
    """A sheet heading and the boxes under it ("Equipment": the kit, the Equipment and
    Notes boxes) are printed on the same page."""
    doc, _paper, reader = printed
    pages = _lines(reader)
    for _title, blocks in doc.front:
        heading = None
        for b in blocks:
            if isinstance(b, Heading):
                heading = b.text
            elif isinstance(b, Boxes) and heading:
                where = next(i for i, lines in enumerate(pages) if heading in lines)
                for label, _n in b.boxes:
                    assert label in " ".join(pages[where]), (heading, label, where + 1)


def test_no_page_ends_with_a_heading(printed):
    doc, _paper, reader = printed
    numbers, named = _headings(doc)
    pages = _lines(reader)
    assert len(pages) > 3
    for i, lines in enumerate(pages[:-1], 1):
        assert lines, f"page {i} is empty"
        last = lines[-1]
        assert last not in named, f"page {i} ends with the heading {last!r}"
        if last in numbers:
            # a bare number closing a page is a paragraph's heading only if its text is over the page
            following = pages[i]
            section = next(s for s in doc.sections if str(s.number) == last)
            assert not following or section.blocks == (), f"page {i} ends with the heading of paragraph {last}"


def test_a_section_heading_is_on_the_page_of_its_first_line(printed):
    """Every paragraph number's line is followed on the same page by more text."""
    doc, _paper, reader = printed
    numbers, _named = _headings(doc)
    pages = _lines(reader)
    seen = [line for lines in pages for line in lines if line in numbers]
    assert len(set(seen)) >= len(numbers) * 0.9     # headings are found as lines of their own
    for i, lines in enumerate(pages[:-1], 1):
        assert lines[-1] not in numbers, f"page {i} ends with the heading {lines[-1]}"


def test_a_long_title_is_neither_hyphenated_nor_justified(tmp_path):
    loaded = load(BOOKS[0])
    doc = build.document(loaded.book, loaded.module)
    title = "Les Chroniques extraordinairement interminables de Vellmoor et de Brumesel"
    doc = Document(doc.lang, title, doc.author, doc.description, doc.front, doc.sections, doc.back, doc.labels)
    for paper in typeset.PAPERS:
        reader = pypdf.PdfReader(io.BytesIO(compile_pdf(typeset.render(doc, paper))))
        first = [line.strip() for line in reader.pages[0].extract_text().splitlines() if line.strip()]
        assert not any(line.endswith("-") or "\xad" in line for line in first), first
        assert " ".join(title.split()) in " ".join(" ".join(first).split())


def test_headings_are_never_hyphenated():
    markup = typeset.preamble("a4")
    assert "#show heading: set text(hyphenate: false)" in markup
    assert "sticky: true" in markup.split("level: 2")[1].split("\n")[0]


def test_the_paper_option_makes_a4_pages(tmp_path):
    from engine.cli import main
    book = BOOKS[0]
    for paper, size in SIZES.items():
        out = tmp_path / f"book-{paper}.pdf"
        assert main(["export", str(book), "--format", "pdf", "--paper", paper, "-o", str(out)]) == 0
        page = pypdf.PdfReader(str(out)).pages[0]
        assert round(float(page.mediabox.width)) == round(size[0])
    default = tmp_path / "default.pdf"
    assert main(["export", str(book), "-o", str(default)]) == 0
    assert round(float(pypdf.PdfReader(str(default)).pages[0].mediabox.width)) == round(SIZES["a5"][0])


def test_an_unknown_paper_is_refused_with_the_choices(tmp_path, capsys):
    from engine.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(["export", str(BOOKS[0]), "--paper", "letter", "-o", str(tmp_path / "x.pdf")])
    assert exit_.value.code == 2
    assert "a5" in capsys.readouterr().err
