"""Where each paragraph, item and flag of a book is defined and used, with exact ranges.

Built from a compiled snapshot: paragraph keys and `items:` keys are definitions;
targets (choices, random outcomes, the module's exits such as combat `win:`), the
hero's equipment, `gain`/`lose`/`flag`/`unflag` effects and the literal arguments
of `has("...")`, `flag("...")`, `visited(12)` are uses.  A target written as an
expression (`here + 20`) is a *computed* use of the paragraph it reaches; one that
depends on play (`here + chance`) has no paragraph, and makes renumbering unsafe.
An exit of the rule module whose field does not hold its number (a flag that
sends the reader to this paragraph's number + 20) is an *implicit* use.
"""
from __future__ import annotations

from ..lint import exits, static_target
from ..records import record


@record(frozen=True)
class Occ:
    kind: str        # "paragraph" | "item" | "flag"
    value: object    # paragraph number or name
    line: int
    col: int
    end: int         # end column (same line)
    role: str        # "def" | "ref" | "set" (a flag: effect) | "computed" | "implicit" | "expr"
    paragraph: int | None = None   # the paragraph it is written in
    field: str | None = None       # for an "implicit" exit: the module field that makes it


@record
class Index:
    occs: list
    dynamic: list    # (paragraph, Occ of the whole expression) for jumps that depend on play

    def at(self, line: int, col: int) -> Occ | None:
        """The occurrence under the cursor (the shortest one, for `has("x")` in a target)."""
        hits = [o for o in self.occs if o.line == line and o.col <= col <= o.end]
        return min(hits, key=lambda o: o.end - o.col) if hits else None

    def of(self, kind: str, value, roles=None) -> list[Occ]:
        return [o for o in self.occs if o.kind == kind and o.value == value
                and (roles is None or o.role in roles)]


def build(snap) -> Index:
    doc, book, lines = snap.doc, snap.book, snap.lines
    out: list[Occ] = []
    dynamic: list = []

    def word(kind, value, pos, role, n=None):
        if pos is None:
            return
        start, end = lines.word_at(pos[0], pos[1])
        out.append(Occ(kind, value, pos[0], start, end, role, n))

    for key in (doc.data.get("paragraphs") or {}):
        if str(key).isdigit():
            word("paragraph", int(key), doc.key_where.get(("paragraphs", key)), "def", int(key))
    for key in (doc.data.get("items") or {}):
        word("item", str(key), doc.key_where.get(("items", key)), "def")
    if isinstance(doc.data.get("start"), int):
        word("paragraph", doc.data["start"], doc.where.get(("start",)), "ref")
    from ..frontmatter import equipment
    for item, _copies, path in equipment(book.hero):   # `{torche: 3}`: the key names the item
        word("item", item, (doc.key_where if len(path) == 4 else doc.where).get(path), "ref")
    for n, p in book.paragraphs.items():
        _targets(snap, n, out, dynamic, word)
        for eff in p.effects + tuple(e for c in p.choices for e in c.effects):
            _effect(doc, eff, n, word)
    _expression_refs(snap, out)
    return Index(out, dynamic)


def _targets(snap, n, out, dynamic, word) -> None:
    doc, lines = snap.doc, snap.lines
    for e in exits(snap.book, snap.module, n):
        pos = doc.where.get(tuple(e.path))
        if pos is None:
            continue
        written = _value(doc.data, e.path)
        if isinstance(e.target, int) and written == e.target and not isinstance(written, bool):
            word("paragraph", e.target, pos, "ref", n)
            continue
        target = static_target(e.target, n)
        end = _scalar_end(snap, e.path, pos)
        role = "implicit" if isinstance(e.target, int) else "computed"
        occ = Occ("paragraph", target, pos[0], pos[1], end, role, n, str(e.path[-1]))
        if target is None:
            dynamic.append((n, occ))
        else:
            out.append(occ)


def _value(data, path):
    try:
        for p in path:
            data = data[p]
    except (KeyError, IndexError, TypeError):
        return None
    return data


def _scalar_end(snap, path, pos) -> int:
    """End column of the scalar at `path` when it fits on its line."""
    value = _value(snap.doc.data, path)
    if value is None:
        return pos[1] + 1
    span = snap.doc.inner_span(tuple(path), len(str(value)))
    return span.col if span.line == pos[0] else len(snap.lines.line(pos[0]))


def _effect(doc, eff, n, word) -> None:
    if eff.kind not in ("gain", "lose", "flag", "unflag"):
        return
    kind = "item" if eff.kind in ("gain", "lose") else "flag"
    role = "set" if eff.kind == "flag" else "ref"
    path = tuple(eff.path)
    if isinstance(eff.value, dict):   # `{gain: {fleche: 3}}`: the key names the item
        for value in eff.value:
            word(kind, str(value), doc.key_where.get(path + (value,)), role, n)
        return
    raw = doc.where.get(path)
    if raw is not None and raw[3] == "" and len(eff.value) == 1 and doc.where.get(path + (0,)) is None:
        word(kind, str(eff.value[0]), raw, role, n)  # `gain: cle`
        return
    for i, value in enumerate(eff.value):
        word(kind, str(value), doc.where.get(path + (i,)), role, n)


def _expression_refs(snap, out) -> None:
    """`has("cle")`, `flag("x")`, `visited(12)`: the literal inside the expression."""
    kinds = {"item": "item", "flag": "flag", "paragraph": "paragraph"}
    for kind, value, path, offset, _negated in snap.compiled.out.references:
        if kind not in kinds:
            continue
        span = snap.doc.inner_span(path, offset)
        start, end = snap.lines.word_at(span.line, span.col)
        n = path[1] if len(path) > 1 and isinstance(path[1], int) else None
        out.append(Occ(kinds[kind], value, span.line, start, end, "expr", n))
