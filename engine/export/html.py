"""The Document as one self-contained HTML file: inline CSS, no script, no external
resource, a link `<a href="#p12">` for every number the reader turns to."""
from __future__ import annotations

from html import escape as _escape

from engine.export.model import Boxes, Heading, Para, Stats, Table, anchor, render_runs

CSS = """
body { font-family: Georgia, 'Libertinus Serif', serif; max-width: 40em; margin: 2em auto;
       padding: 0 1em; line-height: 1.5; color: #222; overflow-wrap: break-word; }
p { text-align: justify; hyphens: auto; margin: 0.4em 0; orphans: 2; widows: 2; }
p.way { margin-left: 1.5em; text-indent: -0.5em; }
p.note { font-style: italic; }
p.center { text-align: center; }
header.title { text-align: center; margin: 4em 0; page-break-after: always; }
header.title h1 { font-size: 2.4em; margin-bottom: 0.2em; }
header.title p { text-align: center; }
section.part { page-break-after: always; }
section.paragraph { margin: 1.5em -0.6em; padding: 0.2em 0.6em; break-inside: avoid-page;
                    scroll-margin-top: 1em; border-left: 3px solid transparent; }
section.paragraph:target { border-left-color: #8a6d3b; background: #fbf6ea; }
section.paragraph > h3 { text-align: center; font-size: 1.3em; margin: 0 0 0.3em; break-after: avoid; }
h3 em { font-weight: bold; }
table { border-collapse: collapse; margin: 0.6em 0; max-width: 100%; }
td, th { border: 1px solid #555; padding: 0.2em 0.8em; }
table.stats td { border: none; padding: 0 1em 0 0; white-space: nowrap; }
table.stats { margin: 0.6em auto; font-variant: small-caps; }
div.boxes { display: grid; grid-template-columns: repeat(auto-fill, minmax(14em, 1fr)); gap: 0.5em;
              margin: 0.5em 0; }
div.box { border: 1px solid #333; border-radius: 3px; padding: 0.2em 0.5em; break-inside: avoid; }
div.box span { font-size: 0.8em; color: #555; font-variant: small-caps; letter-spacing: 0.03em; }
a { color: #5a3e1b; text-decoration-thickness: 1px; text-underline-offset: 0.15em; font-weight: bold; }
@media (max-width: 32em) {
  body { margin: 1em auto; }
  p { text-align: left; }                 /* a narrow justified line leaves holes */
  p.way { margin-left: 1em; }
  header.title { margin: 2em 0; }
  div.table { overflow-x: auto; }
  table.stats td { padding-right: 0.5em; }
  td, th { padding: 0.2em 0.4em; }
  section.paragraph { margin: 1.5em 0; padding: 0.2em 0.3em; }
}
@media print {
  @page { margin: 2cm 1.8cm; }
  body { max-width: none; margin: 0; padding: 0; font-size: 11pt; color: #000; }
  a { color: inherit; text-decoration: none; }
  section.paragraph { border: none; background: none; padding: 0; margin: 1.2em 0; }
  div.box { border-color: #000; }
  div.box span { color: #000; }
  td, th { border-color: #000; }
  h2, h3 { break-after: avoid; }                      /* a heading stays with what it names */
  div.boxes, div.table, table.stats { break-inside: avoid; }
}
"""


def esc(text: str) -> str:
    """Text content (attributes hold only the renderer's own values, quoted with `attr`)."""
    return _escape(str(text), quote=False)


def attr(text: str) -> str:
    return _escape(str(text), quote=True)


def runs(rs) -> str:
    return render_runs(rs, esc, lambda n: f'<a href="#{anchor(n)}">{n}</a>',
                       lambda x: f"<em>{esc(x)}</em>", lambda x: f"<strong>{esc(x)}</strong>")


def block(b) -> str:
    if isinstance(b, Heading):
        return f"<h{b.level + 1}>{esc(b.text)}</h{b.level + 1}>"
    if isinstance(b, Para):
        cls = f' class="{b.style}"' if b.style else ""
        return f"<p{cls}>{runs(b.runs)}</p>"
    if isinstance(b, Stats):
        rows = []
        for marker, name, values in b.rows:
            cells = "".join(f"<td>{esc(label)} {esc(value)}</td>" for label, value in values)
            rows.append(f"<tr><td>{esc(marker)}</td><td><strong>{esc(name)}</strong></td>{cells}</tr>")
        return f'<table class="stats">{"".join(rows)}</table>'
    if isinstance(b, Boxes):
        return '<div class="boxes">' + "".join(
            f'<div class="box" style="min-height: {1.6 * n + 1:.1f}em"><span>{esc(label)}</span></div>'
            for label, n in b.boxes) + "</div>"
    if isinstance(b, Table):
        head = "".join(f"<th>{esc(h)}</th>" for h in b.header)
        body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in b.rows)
        return f'<div class="table"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    raise TypeError(b)


def _part(title: str, blocks) -> str:
    return f'<section class="part"><h2>{esc(title)}</h2>{"".join(block(b) for b in blocks)}</section>'


def render(doc) -> str:
    head = (f'<!DOCTYPE html>\n<html lang="{attr(doc.lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(doc.title)}</title><style>{CSS}</style></head><body>")
    title = f'<header class="title"><h1>{esc(doc.title)}</h1>'
    if doc.author:
        title += f"<p class=\"center\"><em>{esc(doc.author)}</em></p>"
    if doc.description:
        title += f"<p>{esc(doc.description)}</p>"
    parts = [head, title + "</header>"] + [_part(t, bs) for t, bs in doc.front]
    parts.append(f'<h2>{esc(doc.labels["paragraphs"])}</h2>')
    for s in doc.sections:
        number = f"<em>{s.number}</em>" if s.italic else str(s.number)
        parts.append(f'<section class="paragraph" id="{anchor(s.number)}"><h3>{number}</h3>'
                     + "".join(block(b) for b in s.blocks) + "</section>")
    parts += [_part(t, bs) for t, bs in doc.back]
    return "\n".join(parts) + "\n</body></html>\n"
