"""The Document as Typst markup, for the PDF.

Every string of the book goes in as a Typst string literal (`#"..."`), never as
markup: a book cannot inject Typst code, whatever it contains.  Layout: A5 or A4 pages
(`PAPERS`: margins and type size fitted to each), justified Libertinus Serif (embedded
in the typst wheel), headings never hyphenated, paragraph numbers and sheet headings
as sticky headings so that a page break never separates a heading from what it names,
and the sheet's boxes kept together.
"""
from __future__ import annotations

from engine.export.model import Boxes, Heading, Para, Stats, Table, anchor, render_runs

BOX = "☐"   # a tick box in the model; drawn as a square in the PDF

PAPERS = ("a5", "a4")
# Each paper's page: margins and type size fitted to it.  A4 keeps one column, with
# wider margins and larger type so that a line stays about as long to read as on A5
# (some 75 characters); the footer's page number grows with the text.
_PAGE = {
    "a5": 'paper: "a5", margin: (x: 16mm, top: 16mm, bottom: 18mm)',
    "a4": 'paper: "a4", margin: (x: 30mm, top: 24mm, bottom: 26mm)',
}
_SIZE = {"a5": ("10pt", "8pt"), "a4": ("11.5pt", "9pt")}

_LAYOUT = """#set document(title: {title})
#set page({page},
  footer: context [#set align(center); #set text(size: {footer}); #counter(page).display()])
#set text(font: "Libertinus Serif", size: {size}, lang: "{lang}", hyphenate: true)
#set par(justify: true, leading: 0.6em, spacing: 0.75em)
#show heading: set text(hyphenate: false)
#show heading: set par(justify: false)
#show heading.where(level: 1): it => [#pagebreak(weak: true) #set align(center); #set text(size: 16pt); #v(1em) #it #v(0.8em)]
#show heading.where(level: 2): it => block(width: 100%, above: 1.1em, below: 0.7em, sticky: true)[#set text(size: 11pt, weight: "bold"); #it.body]
#show heading.where(level: 3): it => block(width: 100%, above: 1.4em, below: 0.7em, sticky: true)[#set align(center); #set text(size: 13pt, weight: "bold"); #it.body]
#show link: it => it
"""


def preamble(paper: str = "a5") -> str:
    """The page set-up for `paper` ("a5" or "a4"), with `{title}` and `{lang}` still to fill."""
    size, footer = _SIZE[paper]
    return (_LAYOUT.replace("{page}", _PAGE[paper]).replace("{size}", size)
            .replace("{footer}", footer))


PREAMBLE = preamble("a5")


def lit(text: str) -> str:
    """A Typst string literal: the only way book text enters the markup."""
    body = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "")
    return f'"{body}"'


def t(text: str) -> str:
    # "rendez-vous" in a box: Typst breaks it neither at its hyphen nor by hyphenating "ren-dez"
    parts = str(text).split("rendez-vous")
    return '#box("rendez-vous")'.join("#" + lit(part) for part in parts)


def runs(rs) -> str:
    return render_runs(rs, t, lambda n: f"#link(label({lit(anchor(n))}))[{t(str(n))}]",
                       lambda x: f"#emph[{t(x)}]", lambda x: f"#strong[{t(x)}]")


def _cell(text: str) -> str:
    if text == BOX:
        return "box(width: 0.9em, height: 0.9em, stroke: 0.6pt)"
    return f"[{t(text)}]"


def _widths(table) -> list:
    """Short columns (numbers, tick boxes) as narrow as they are; a column of names wider."""
    out, wide = [], False
    for i, head in enumerate(table.header):
        cells = [head] + [row[i] for row in table.rows]
        if max(len(c) for c in cells) <= 6:
            out.append("auto")
        else:
            named = not wide and any(row[i] not in (BOX, "") for row in table.rows)
            out.append("2fr" if named else "1fr")
            wide = wide or named
    return out


def block(b) -> str:
    if isinstance(b, Heading):
        return f"#heading(level: {b.level + 1}, outlined: false)[{t(b.text)}]"
    if isinstance(b, Para):
        if b.style == "center":
            return f"#align(center)[{runs(b.runs)}]"
        if b.style == "note":
            return f"#emph[{runs(b.runs)}]"
        if b.style == "way":
            return (f"#block(inset: (left: 1.2em), above: 0.55em, below: 0.55em)"
                    f"[#set par(hanging-indent: 0.8em); {runs(b.runs)}]")   # a way out wraps under itself
        return runs(b.runs)
    if isinstance(b, Stats):
        if not b.rows:
            return ""
        cells = []
        for marker, name, values in b.rows:
            cells += [_cell(marker), f"smallcaps[{t(name)}]"] + [f"[{t(f'{k} {v}')}]" for k, v in values]
        width = 2 + max(len(v) for _m, _n, v in b.rows)
        return (f"#align(center)[#block(above: 0.9em, below: 0.9em)[#grid(columns: {width}, "
                f"column-gutter: 1.2em, row-gutter: 0.5em, align: (right, left) + (left,) * {width - 2}, "
                f"{', '.join(cells)})]]")
    if isinstance(b, Boxes):
        items = [f"block(width: 100%, height: {1.2 * n + 1.1:.1f}em, stroke: 0.6pt, inset: 4pt, breakable: false)"
                 f"[#text(size: 7.5pt)[{t(label)}]]" for label, n in b.boxes]
        grid = f"grid(columns: (1fr, 1fr), gutter: 6pt, {', '.join(items)})"
        # a few boxes stay together (never one alone at the top of a page); a long list may break
        return f"#block(breakable: false, width: 100%)[#{grid}]" if len(items) <= 12 else f"#{grid}"
    if isinstance(b, Table):
        cells = [f"strong[{t(h)}]" for h in b.header] + [_cell(c) for row in b.rows for c in row]
        widths = ", ".join(_widths(b))
        aligns = ", ".join("center + horizon" if all(row[i] in (BOX, "") for row in b.rows) and b.rows
                           else "left + horizon" for i in range(len(b.header)))
        return (f"#[#set text(hyphenate: false)\n#set par(justify: false)\n#table(columns: ({widths},), inset: 3.5pt, stroke: 0.5pt, "
                f"align: ({aligns},), {', '.join(cells)})]")   # tick boxes centred, headings whole
    raise TypeError(b)


KEEP_ROWS = 12   # a subsection longer than this may break across pages (it could not fit one)


def _kept_together(blocks) -> list:
    """The blocks, each subsection (a heading and what follows it up to the next
    heading: "Equipment", what the hero starts with, its boxes) in one unbreakable block
    when it is short, so that no heading nor box stands alone at the foot or the top of
    a page."""
    groups, current = [], []
    for b in list(blocks) + [None]:
        if b is None or isinstance(b, Heading):
            if current and isinstance(current[0], Heading) and _rows(current) <= KEEP_ROWS:
                groups.append("#block(breakable: false, width: 100%)[\n" + "\n".join(map(block, current)) + "\n]")
            else:
                groups += [block(x) for x in current]
            current = []
        if b is not None:
            current.append(b)
    return groups


def _rows(blocks) -> int:
    n = 0
    for b in blocks:
        n += len(b.rows) if isinstance(b, (Table, Stats)) else (len(b.boxes) + 1) // 2 * 2 if isinstance(b, Boxes) else 1
    return n


def render(doc, paper: str = "a5") -> str:
    out = [preamble(paper).replace("{title}", lit(doc.title)).replace("{lang}", "fr" if doc.lang == "fr" else "en")]
    out.append("#align(center + horizon)[")
    # the title is set whole: never justified, never hyphenated ("Vell-moor")
    out.append(f"#block[#set par(justify: false); #text(size: 24pt, weight: \"bold\", hyphenate: false)[{t(doc.title)}]]")
    if doc.author:
        out.append(f"\n\n#v(0.5em)#emph[{t(doc.author)}]")
    if doc.description:
        out.append(f"\n\n#v(2em)#block(width: 85%)[#set par(justify: true); {t(doc.description)}]")
    out.append("]")
    for title, blocks in doc.front + ((doc.labels["paragraphs"], ()),):
        out.append(f"\n#heading(level: 1, outlined: false)[{t(title)}]\n")
        out += [group + "\n" for group in _kept_together(blocks)]
    for s in doc.sections:
        number = f"#emph[{t(str(s.number))}]" if s.italic else t(str(s.number))
        out.append(f"\n#heading(level: 3, outlined: false)[{number}] <{anchor(s.number)}>\n")
        out += [block(b) + "\n" for b in s.blocks]
    for title, blocks in doc.back:
        out.append(f"\n#heading(level: 1, outlined: false)[{t(title)}]\n")
        out += [block(b) + "\n" for b in blocks]
    return "\n".join(out)
