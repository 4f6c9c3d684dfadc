"""The intermediate representation every export format renders: blocks of runs.

A run is a plain string, a `Ref` (a paragraph number the reader turns to), an `Em`
(italic) or a `Strong` (bold).  Renderers escape strings themselves: nothing in
this model is markup, so a book's text can never inject HTML, Markdown or Typst.
"""
from __future__ import annotations

from typing import Union

from engine.support.records import field, record


@record(frozen=True, slots=True)
class Ref:
    """"turn to N": a link in HTML and Markdown, a plain number in print."""

    number: int


@record(frozen=True, slots=True)
class Em:
    text: str


@record(frozen=True, slots=True)
class Strong:
    text: str


Run = Union[str, Ref, Em, Strong]


@record(frozen=True, slots=True)
class Heading:
    level: int                 # 1: a part of the book (rules, sheet...), 2: a subsection
    text: str
    anchor: str = ""


@record(frozen=True, slots=True)
class Para:
    runs: tuple
    style: str = ""            # "" prose, "way" a way out, "note" an effect, "center"


@record(frozen=True, slots=True)
class Stats:
    """Opponents as printed books show them: one line each, `marker` such as "(*)"."""

    rows: tuple                # (marker, name, ((label, value), ...))


@record(frozen=True, slots=True)
class Boxes:
    """Boxes of the Adventure Sheet to write in: (label, lines of room)."""

    boxes: tuple


@record(frozen=True, slots=True)
class Table:
    header: tuple              # strings
    rows: tuple                # tuples of strings


@record(frozen=True, slots=True)
class Section:
    """One paragraph of the book: its number (italic for the Oracle) and blocks."""

    number: int
    italic: bool
    blocks: tuple


@record(frozen=True)
class Document:
    lang: str
    title: str
    author: str
    description: str
    front: tuple = ()          # rules summary, Adventure Sheet: (title, blocks) parts
    sections: tuple = ()
    back: tuple = ()           # appendices: (title, blocks) parts
    labels: dict = field(default_factory=dict)   # fixed words: "paragraphs", "by"...


def anchor(number: int) -> str:
    """The id of a paragraph in HTML and Markdown (and the Typst label)."""
    return f"p{number}"


def render_runs(runs, text, ref, em, strong) -> str:
    """Runs through a format's four functions (each renderer gives its own)."""
    out = []
    for r in runs:
        if isinstance(r, Ref):
            out.append(ref(r.number))
        elif isinstance(r, Em):
            out.append(em(r.text))
        elif isinstance(r, Strong):
            out.append(strong(r.text))
        else:
            out.append(text(r))
    return "".join(out)


def runs_text(runs) -> str:
    """The plain text of some runs (tests, Markdown tables)."""
    out = []
    for r in runs:
        out.append(str(r.number) if isinstance(r, Ref) else r if isinstance(r, str) else r.text)
    return "".join(out)
