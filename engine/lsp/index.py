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

from engine.lint.checks import exits, static_target
from engine.support.records import record


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
    name: str | None = None        # format 1.1: the paragraph written by its name (`to: sortie`)
    file: str | None = None        # format 1.1: the included file it is in (None: the book's own)


@record
class Index:
    occs: list
    dynamic: list    # (paragraph, Occ of the whole expression) for jumps that depend on play

    def at(self, line: int, col: int, file: str | None = None) -> Occ | None:
        """The occurrence under the cursor (the shortest one, for `has("x")` in a target),
        in the book's own text or in the included `file`."""
        hits = [o for o in self.occs if o.line == line and o.col <= col <= o.end and o.file == file]
        return min(hits, key=lambda o: o.end - o.col) if hits else None

    def of(self, kind: str, value, roles=None) -> list[Occ]:
        return [o for o in self.occs if o.kind == kind and o.value == value
                and (roles is None or o.role in roles)]


def build(snap) -> Index:
    doc, book, lines = snap.doc, snap.book, snap.lines
    out: list[Occ] = []
    dynamic: list = []

    def word(kind, value, pos, role, n=None, name=None, src=None):
        if pos is None:
            return
        file = src.file if src is not None and src is not doc else None
        start, end = snap.lines_of(file).word_at(pos[0], pos[1])
        out.append(Occ(kind, value, pos[0], start, end, role, n, name=name, file=file))

    names = getattr(snap.compiled, "names", None) or {}   # format 1.1 paragraph names
    for key in (doc.data.get("paragraphs") or {}):
        src = owner(doc, ("paragraphs", key))
        pos = src.key_where.get(("paragraphs", key))
        if str(key).isdigit():
            word("paragraph", int(key), pos, "def", int(key), src=src)
        elif key in names:
            word("paragraph", names[key], pos, "def", names[key], key, src)
    for key in (doc.data.get("items") or {}):
        word("item", str(key), doc.key_where.get(("items", key)), "def")
    start = doc.data.get("start")
    if isinstance(start, int) or start in names:
        word("paragraph", names.get(start, start), doc.where.get(("start",)), "ref",
             name=start if start in names else None)
    from engine.book.effect_lists import all_effects
    from engine.book.frontmatter import equipment
    for item, _copies, path in equipment(book.hero):   # `{torche: 3}`: the key names the item
        word("item", item, (doc.key_where if len(path) == 4 else doc.where).get(path), "ref")
    for n, p in book.paragraphs.items():
        _targets(snap, n, out, dynamic, word, names)
        for eff in all_effects(p):
            _effect(owner(doc, p.path), eff, n, word)
    _expression_refs(snap, out)
    return Index(out, dynamic)


def owner(doc, path):
    """The Document `path` was read from: an included file's (format 1.1) or the book's."""
    find = getattr(doc, "_owner", None)
    return (find(path) if find is not None else None) or doc


def _targets(snap, n, out, dynamic, word, names) -> None:
    """Core and module targets alike: a number, or a name (`to: sortie`, `win: sortie`)."""
    doc = snap.doc
    for e in exits(snap.book, snap.module, n):
        src = owner(doc, e.path)
        pos = src.where.get(tuple(e.path))
        if pos is None:
            continue
        written = _value(doc.data, e.path)
        if isinstance(e.target, int) and written == e.target and not isinstance(written, bool):
            word("paragraph", e.target, pos, "ref", n, src=src)
            continue
        if isinstance(written, str) and written in names and names[written] == e.target:
            word("paragraph", e.target, pos, "ref", n, written, src)
            continue
        file = src.file if src is not doc else None
        target = static_target(e.target, n)
        end = _scalar_end(snap, e.path, pos, snap.lines_of(file))
        role = "implicit" if isinstance(e.target, int) else "computed"
        occ = Occ("paragraph", target, pos[0], pos[1], end, role, n, str(e.path[-1]), file=file)
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


def _scalar_end(snap, path, pos, lines) -> int:
    """End column of the scalar at `path` when it fits on its line."""
    value = _value(snap.doc.data, path)
    if value is None:
        return pos[1] + 1
    span = snap.doc.inner_span(tuple(path), len(str(value)))
    return span.col if span.line == pos[0] else len(lines.line(pos[0]))


def _effect(doc, eff, n, word) -> None:
    if eff.kind not in ("gain", "lose", "flag", "unflag"):
        return
    kind = "item" if eff.kind in ("gain", "lose") else "flag"
    role = "set" if eff.kind == "flag" else "ref"
    path = tuple(eff.path)
    if isinstance(eff.value, dict):   # `{gain: {fleche: 3}}`: the key names the item
        for value in eff.value:
            word(kind, str(value), doc.key_where.get(path + (value,)), role, n, src=doc)
        return
    raw = doc.where.get(path)
    if raw is not None and raw[3] == "" and len(eff.value) == 1 and doc.where.get(path + (0,)) is None:
        word(kind, str(eff.value[0]), raw, role, n, src=doc)  # `gain: cle`
        return
    for i, value in enumerate(eff.value):
        word(kind, str(value), doc.where.get(path + (i,)), role, n, src=doc)


def _expression_refs(snap, out) -> None:
    """`has("cle")`, `flag("x")`, `visited(12)`: the literal inside the expression."""
    kinds = {"item": "item", "flag": "flag", "paragraph": "paragraph"}
    for kind, value, path, offset, _negated in snap.compiled.out.references:
        if kind not in kinds:
            continue
        span = snap.doc.inner_span(path, offset)
        file = span.file if span.file in snap.parts else None
        start, end = snap.lines_of(file).word_at(span.line, span.col)
        n = path[1] if len(path) > 1 and isinstance(path[1], int) else None
        out.append(Occ(kinds[kind], value, span.line, start, end, "expr", n, file=file))
