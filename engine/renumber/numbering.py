"""`gamebook renumber`: give a book the numbers a printed book has.

`plan(...)` chooses the numbers: the start paragraph is 1, the final victory the
last, pinned numbers (`number:`, format 1.1) stay, relative jumps keep their
distance (the Oracle's +20, `to: "here + 20"`), and, where a free number allows it,
no paragraph sits next to one that leads to it.  `--shuffle --seed N` draws the
order at random, reproducibly; without it the book's own order is kept.

`rewrite(...)` writes the result as text edits of the source: every place a
paragraph number or name is written (keys, `to:`, `start:`, random outcomes, the
module's exits, `visited(N)` in expressions, the module's paragraph options) is
replaced and nothing else moves, so comments and layout survive.
"""
from __future__ import annotations

import random

from engine.expr import Expr
from engine.expr.ast import Name, walk
from engine.support.records import record


class CannotRenumber(Exception):
    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.fr, self.en = fr, en


@record
class Graph:
    """What numbering must respect: every paragraph, edges, relative jumps, fixed numbers."""

    nodes: list                 # old numbers, in the book's order
    edges: set                  # (from, to) pairs of old numbers
    relative: list              # (from, to, offset): new(to) == new(from) + offset
    fixed: dict                 # old -> new number that may not change


def graph(book, module, raw_at, doc=None) -> Graph:
    """The constraints of `book`; `raw_at(path)` reads the YAML data at a path, `doc`
    (when given) locates a refusal."""
    from engine.book.counters import note_writers
    from engine.book.typed import exits as typed_exits
    from engine.book.giving import exits as give_up_exits
    edges, relative, fixed, writers = set(), [], {}, note_writers(book)
    for n, p in book.paragraphs.items():
        for c in p.choices:
            _choice(n, c, doc, writers, edges, relative)
        _notes_compared(book, n, p, doc)
        for o in (p.random.outcomes if p.random else ()):
            edges.add((n, o.target))
        edges.update((n, a.target) for a in p.auto if a.target is not None)   # format 1.1
        edges.update((n, ex.target) for ex in give_up_exits(p))   # format 1.2: a give-up's `none:`
        for ex in typed_exits(p):   # format 1.1: a typed number keeps its paragraph's number
            edges.add((n, ex.target))
            if ex.kind == "puzzle" and ex.target in book.paragraphs:
                fixed[ex.target] = ex.target
        for ex in module.exits(p):
            if isinstance(ex.target, int):
                edges.add((n, ex.target))
                written = raw_at(ex.path)
                if not isinstance(written, (int, dict)) or isinstance(written, bool):
                    # no number written: the module computes it from this paragraph's (the Oracle)
                    relative.append((n, ex.target, ex.target - n))
    known = book.paragraphs
    return Graph(list(known), {e for e in edges if e[1] in known and e[0] != e[1]},
                 [r for r in relative if r[1] in known], fixed)


def _choice(n: int, c, doc, writers: dict, edges: set, relative: list) -> None:
    """The ways out of choice `c` of paragraph `n` into `edges` (and `relative`)."""
    from engine.book.counters import note_read
    from engine.export.phrases import static_number
    if c.stay:   # format 1.2: an action leads nowhere else
        return
    target = c.target
    note = note_read(c.target_expr) if target is None else None
    if note is not None:   # format 1.1: back to the paragraph noted, whichever it is
        edges.update((n, w) for w in writers.get(note, ()))
        return
    if target is None and c.target_expr is not None:
        target = static_number(c.target_expr, n)
        if target is None:
            raise CannotRenumber(
                f"{_at(doc, c.path + ('to',))}le paragraphe {n} a une destination calculée pendant "
                f"la partie (« {c.target_expr.text} ») : renumber ne peut pas la suivre ; écrivez "
                "un numéro, ou « note(...) » pour revenir à un paragraphe noté",
                f"{_at(doc, c.path + ('to',))}paragraph {n} has a target computed during play "
                f"('{c.target_expr.text}'): renumber cannot follow it; write a number, or "
                "'note(...)' to go back to a noted paragraph")
        if _uses_here(c.target_expr):
            relative.append((n, target, target - n))
    edges.add((n, target))


def _at(doc, path) -> str:
    """"file:line:col: " of `path` in `doc`, or "" without a document."""
    if doc is None:
        return ""
    span = doc.span(path)
    return f"{span.file}:{span.line + 1}:{span.col + 1}: "


def _notes_compared(book, n, p, doc) -> None:
    """A condition that compares a note with a paragraph's number (`note(...) == 40`)
    would compare it with the old number: refused, with what to write instead."""
    from engine.expr.ast import Call, Int
    exprs = [*((c.path + ("if",), c.condition) for c in p.choices),
             *((c.path + ("to",), c.target_expr) for c in p.choices),
             *((a.path + ("if",), a.condition) for a in p.auto)]
    for path, expr in exprs:
        nodes = list(walk(expr.root)) if expr is not None else []
        if not any(isinstance(x, Call) and x.name == "note" for x in nodes):
            continue
        for x in nodes:
            if isinstance(x, Int) and x.value in book.paragraphs and x.value != 0:
                raise CannotRenumber(
                    f"{_at(doc, path)}le paragraphe {n} compare une note au numéro {x.value} "
                    f"(« {expr.text} ») : renumber ne peut pas changer ce nombre ; écrivez "
                    f"« visited({x.value}) » ou un drapeau à la place",
                    f"{_at(doc, path)}paragraph {n} compares a note with number {x.value} "
                    f"('{expr.text}'): renumber cannot change that number; write "
                    f"'visited({x.value})' or a flag instead")


def _uses_here(expr: Expr) -> bool:
    return any(isinstance(n, Name) and n.name in ("here", "ici") for n in walk(expr.root))


# --- choosing the numbers ------------------------------------------------------
def plan(g: Graph, start: int, last: int | None, seed: int, attempts: int = 200) -> dict:
    """{old: new} for every paragraph, drawn with `random.Random(seed)`."""
    groups = _groups(g)
    numbers = _numbers(len(g.nodes), g.fixed.values())
    fixed = dict(g.fixed)
    taken = set(fixed.values())
    if start not in fixed and 1 not in taken:
        fixed[start] = 1
    if last is not None and last not in fixed and max(numbers) not in set(fixed.values()):
        fixed[last] = max(numbers)
    rng = random.Random(seed)
    best = None
    for _ in range(attempts):
        result = _attempt(g, groups, numbers, fixed, rng)
        if result is not None and (best is None or result[1] < best[1]):
            best = result
            if best[1] == 0:
                break
    if best is None:
        raise CannotRenumber("aucune numérotation ne respecte les numéros fixés et les écarts (+20)",
                             "no numbering keeps both the fixed numbers and the fixed distances (+20)")
    return best[0]


def _numbers(count: int, pinned) -> list:
    """The numbers used: the pinned ones and the smallest others, `count` in all."""
    chosen = set(pinned)
    n = 1
    while len(chosen) < count:
        chosen.add(n)
        n += 1
    return sorted(chosen)


def _groups(g: Graph) -> list:
    """Paragraphs tied by relative jumps, each as {old: offset from the group's first}."""
    offset, group_of = {}, {}
    for node in g.nodes:
        if node not in group_of:
            group_of[node], offset[node] = node, 0
    changed = True
    while changed:   # a few passes: relative jumps are few and short chains
        changed = False
        for a, b, k in g.relative:
            ga, gb = group_of[a], group_of[b]
            if ga == gb:
                if offset[b] - offset[a] != k:
                    raise CannotRenumber(f"écarts contradictoires entre {a} et {b}",
                                         f"contradictory distances between {a} and {b}")
                continue
            shift = offset[a] + k - offset[b]
            for node, grp in list(group_of.items()):
                if grp == gb:
                    group_of[node], offset[node] = ga, offset[node] + shift
            changed = True
    members: dict = {}
    for node in g.nodes:
        members.setdefault(group_of[node], {})[node] = offset[node]
    return list(members.values())


def _attempt(g, groups, numbers, fixed, rng):
    neighbours: dict = {n: set() for n in g.nodes}
    for a, b in g.edges:
        neighbours[a].add(b)
        neighbours[b].add(a)
    free, new, violations = set(numbers), {}, 0
    order = sorted(groups, key=lambda grp: (not any(n in fixed for n in grp), -len(grp), rng.random()))
    for grp in order:
        bases = _bases(grp, fixed, numbers, rng)
        best = None
        for base in bases:
            placed = {n: base + off for n, off in grp.items()}
            if any(v not in free for v in placed.values()):
                continue
            cost = sum(1 for n, v in placed.items() for m in neighbours[n]
                       if m in new and abs(new[m] - v) == 1)
            if best is None or cost < best[1]:
                best = (placed, cost)
                if cost == 0:
                    break
        if best is None:
            return None
        new.update(best[0])
        free -= set(best[0].values())
        violations += best[1]
    return new, violations


def _bases(grp: dict, fixed: dict, numbers: list, rng) -> list:
    """The numbers the group's first member may take (forced by a fixed member)."""
    for n, off in grp.items():
        if n in fixed:
            return [fixed[n] - off]
    bases = list(numbers)
    rng.shuffle(bases)
    return bases


def adjacent(g: Graph, new: dict) -> list:
    """The (from, to) ways out whose two paragraphs got neighbouring numbers."""
    return sorted((a, b) for a, b in g.edges if abs(new[a] - new[b]) == 1)


# --- the whole command -----------------------------------------------------------
def renumber(path, shuffle: bool, seed: int = 0, loaded=None, notes: list | None = None,
             parts: dict | None = None):
    """(new text, {old: new}, ways out left between neighbours) for the book at `path`
    (`loaded`: the book already loaded); raises CannotRenumber with a message when
    the book cannot be renumbered.  A book without `id:` gets its id (the file name)
    written, so that its saves still know it under another file name: `notes` (a list,
    when given) then receives ("id-added", id); it also receives ("pinned", answer,
    paragraph) for each puzzle answer kept.  A book split with `include:` (format 1.1)
    has its parts rewritten too: `parts` (a dict, when given) receives {path of the
    part: its new text}; without it such a book is refused (its parts would be lost)."""
    from engine.book import naming
    from engine.lint.loader import load_book
    from engine.renumber.sites import data_at, with_id
    loaded = loaded or load_book(path, use_cache=False)
    if not loaded.ok:
        raise CannotRenumber("le livre a des erreurs : corrigez-les d'abord (gamebook lint)",
                             "the book has errors: fix them first (gamebook lint)")
    doc = _document(path, parts)
    book, module = loaded.book, loaded.module
    by_key, _problems = naming.numbering(doc.data["paragraphs"])
    g = graph(book, module, lambda p: data_at(doc.data, p), doc)
    if notes is not None:
        notes += [("pinned", a, n) for n, p in book.paragraphs.items()
                  for a in _puzzle_answers(p) if a in g.fixed]
    g.fixed.update({n: n for key, n in by_key.items() if naming.is_name(key)
                    and isinstance(doc.data["paragraphs"][key], dict) and "number" in doc.data["paragraphs"][key]})
    if shuffle:
        victories = [n for n, p in book.paragraphs.items() if p.end == "victory"]
        new = plan(g, book.start, max(victories) if victories else None, seed)
    else:
        new = {n: n for n in book.paragraphs}
    text = _rewritten(book, module, doc, by_key, new, parts)
    if "id" not in doc.data:
        text = with_id(text, book.id)
        if notes is not None:
            notes.append(("id-added", book.id))
    return text, new, adjacent(g, new)


def _document(path, parts):
    """The book's document with its parts' paragraphs (format 1.1 `include:`); a split
    book is refused when there is no `parts` to receive its parts."""
    from pathlib import Path

    from engine.book import source
    from engine.book.include import expand
    doc, _diags = source.parse_bytes(Path(path).read_bytes(), str(path))
    doc, _diags = expand(doc, Path(path).parent, Path(path))
    if getattr(doc, "owners", None) and parts is None:
        raise split_book()
    return doc


def _rewritten(book, module, doc, by_key: dict, new: dict, parts) -> str:
    """The book's new text; each part's goes into `parts` by its path."""
    from pathlib import Path

    from engine.renumber.sites import rewrite, sites
    edits: dict = {}
    for file, index, old in sites(book, module, doc, by_key):
        edits.setdefault(file, []).append((index, old))
    for part in {id(d): d for d in getattr(doc, "owners", {}).values()}.values():
        parts[Path(part.file)] = rewrite(part.text, edits.get(part.file, []), new)
    return rewrite(doc.text, edits.get(doc.file, []), new)


def split_book() -> CannotRenumber:
    """The refusal to write a book split with `include:` where its parts cannot go."""
    return CannotRenumber("ce livre est écrit en plusieurs fichiers (« include: ») : "
                          "utilisez --in-place, ou -o vers un autre dossier",
                          "this book is written in several files ('include:'): "
                          "use --in-place, or -o into another folder")


def _puzzle_answers(p) -> list:
    from engine.book.typed import answers, spec
    raw = spec(p)
    return answers(raw) if raw is not None else []
