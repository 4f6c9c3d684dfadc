"""The Document as Markdown (CommonMark + tables): `{#p12}`-free anchors, written as
`<a id="p12"></a>` so that every renderer (GitHub, pandoc) links `[12](#p12)`."""
from __future__ import annotations

import re

from engine.export.model import Boxes, Heading, Para, Stats, Table, anchor, render_runs

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&$])")   # inline syntax (and math in some renderers)
_LINE_START = re.compile(r"^([#>=+-]|\d+[.)])")  # headings, quotes, lists at a line's start


def escape(text: str) -> str:
    """Book text as literal Markdown: what Markdown could read as syntax is escaped."""
    text = _SPECIAL.sub(r"\\\1", text.replace("\n", " "))
    return _LINE_START.sub(lambda m: m.group(1)[:-1] + "\\" + m.group(1)[-1]
                           if len(m.group(1)) > 1 else "\\" + m.group(1), text)


def runs(rs) -> str:
    return render_runs(rs, escape, lambda n: f"[{n}](#{anchor(n)})",
                       lambda x: f"*{escape(x)}*", lambda x: f"**{escape(x)}**")


def block(b, lang: str = "fr") -> str:
    if isinstance(b, Heading):
        return "#" * (b.level + 1) + " " + escape(b.text)
    if isinstance(b, Para):
        text = runs(b.runs)
        return f"> {text}" if b.style == "way" else text
    if isinstance(b, Stats):
        lines = []
        for marker, name, values in b.rows:
            stats = " &nbsp; ".join(f"{escape(label)} {escape(value)}" for label, value in values)
            lead = f"{escape(marker)} " if marker else ""
            lines.append(f"{lead}**{escape(name)}** &nbsp; {stats}  ")
        return "\n".join(lines)
    if isinstance(b, Boxes):
        colon = " :" if lang == "fr" else ":"   # "Provisions :" in French, "Provisions:" in English
        return "\n".join(f"- **{escape(label)}**{colon} " + "\\_" * 30 for label, _n in b.boxes)
    if isinstance(b, Table):
        head = "| " + " | ".join(escape(h) for h in b.header) + " |"
        rule = "|" + "---|" * len(b.header)
        body = ["| " + " | ".join(escape(c) for c in row) + " |" for row in b.rows]
        return "\n".join([head, rule] + body)
    raise TypeError(b)


def render(doc) -> str:
    out = [f"# {escape(doc.title)}", ""]
    if doc.author:
        out += [f"*{escape(doc.author)}*", ""]
    if doc.description:
        out += [escape(doc.description), ""]
    for title, blocks in doc.front + ((doc.labels["paragraphs"], ()),):
        out += [f"## {escape(title)}", ""]
        out += [x for b in blocks for x in (block(b, doc.lang), "")]
    for s in doc.sections:
        number = f"*{s.number}*" if s.italic else str(s.number)
        out += [f'<a id="{anchor(s.number)}"></a>', "", f"### {number}", ""]
        out += [x for b in s.blocks for x in (block(b, doc.lang), "")]
    for title, blocks in doc.back:
        out += [f"## {escape(title)}", ""]
        out += [x for b in blocks for x in (block(b, doc.lang), "")]
    return "\n".join(out).rstrip() + "\n"
