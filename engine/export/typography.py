"""French typography on every string of a document: a narrow no-break space before
; ! ? and a no-break space before : and inside « », whatever the author typed
(ordinary, no or already no-break spaces)."""
from __future__ import annotations

import re

from engine.support.records import replace
from engine.export.model import Boxes, Em, Heading, Para, Section, Stats, Strong, Table

NBSP, NNBSP = "\u00a0", "\u202f"
_BEFORE_TIGHT = re.compile(r"[ \u00a0\u202f]*([;!?])")
_BEFORE_COLON = re.compile(r"[ \u00a0\u202f]*:(?=\s|$)")
_OPEN = re.compile(r"«[ \u00a0\u202f]*")
_CLOSE = re.compile(r"[ \u00a0\u202f]*»")


def fix(text: str) -> str:
    text = _BEFORE_TIGHT.sub(lambda m: NNBSP + m.group(1), text)
    text = re.sub(r"^\u202f", "", text)      # a line may not begin with the space
    text = re.sub(r"(?<=[;!?])\u202f(?=[;!?])", "", text)   # "?!" stays together
    text = _BEFORE_COLON.sub(NBSP + ":", text)
    text = _OPEN.sub("«" + NBSP, text)
    return _CLOSE.sub(NBSP + "»", text)


def _runs(runs) -> tuple:
    out = []
    for r in runs:
        if isinstance(r, str):
            out.append(fix(r))
        elif isinstance(r, (Em, Strong)):
            out.append(type(r)(fix(r.text)))
        else:
            out.append(r)
    return tuple(out)


def _block(b):
    if isinstance(b, Para):
        return replace(b, runs=_runs(b.runs))
    if isinstance(b, Heading):
        return replace(b, text=fix(b.text))
    if isinstance(b, Stats):
        return Stats(tuple((m, fix(n), vals) for m, n, vals in b.rows))
    if isinstance(b, Boxes):
        return Boxes(tuple((fix(label), n) for label, n in b.boxes))
    if isinstance(b, Table):
        return Table(tuple(map(fix, b.header)), tuple(tuple(map(fix, row)) for row in b.rows))
    if isinstance(b, Section):
        return replace(b, blocks=tuple(_block(x) for x in b.blocks))
    return b


def french(doc):
    parts = lambda ps: tuple((fix(t), tuple(_block(b) for b in bs)) for t, bs in ps)  # noqa: E731
    return replace(doc, title=fix(doc.title), description=fix(doc.description), front=parts(doc.front),
                   sections=tuple(_block(s) for s in doc.sections), back=parts(doc.back))
