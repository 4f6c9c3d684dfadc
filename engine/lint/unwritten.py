"""Format 1.1: a note or a counter read before anything can have written it.

Reading a note (the function `note` on its name) gives 0 while nothing is noted,
and a counter declared without a `start:` reads 0 until an `add:` or `set:` writes
it.  Either is usually a slip:
the book reads what the player cannot have written yet on some way from the start.
The check is static, on the graph the linter draws (engine/lint/checks.py `graph`): it
walks from the start without crossing a writer, and warns at each read found in a
paragraph it reaches so.  A writer is an effect of the paragraph (or of one of its
module outcomes) for what it reads, or an effect of the choice, random outcome or
automatic jump that the way out takes.  Ways the graph cannot follow (a target that
depends on play) are not walked: the check never warns for them.

Counters with an explicit `start:` are written from the first paragraph on.
"""
from __future__ import annotations

from collections import deque
from typing import Iterable

from engine.book.effect_lists import carrier, effect_lists
from engine.diagnostics import Diagnostic, warning


def _writes(effects, kind: str, name: str) -> bool:
    for e in effects:
        if kind == "note" and e.kind == "note" and e.value == name:
            return True
        if kind == "counter" and e.kind in ("counter-add", "counter-set") and name in e.value:
            return True
    return False


def _node_writes(p, kind: str, name: str) -> bool:
    """The paragraph writes it when it is entered (its effects, its module outcomes)."""
    return any(_writes(effects, kind, name) for path, effects in effect_lists(p) if carrier(path) is None)


def _carriers(p) -> dict:
    """path of a way out's owner (choice, random outcome, auto jump) -> its effects."""
    return {carrier(path): effects for path, effects in effect_lists(p) if carrier(path) is not None}


def unwritten_walk(book, edges, kind: str, name: str) -> dict:
    """Paragraph -> the one it was reached from (None: the start), on ways from the
    start where nothing has written `name`; a paragraph that writes it on entry is
    reached but not walked through."""
    came: dict = {book.start: None}
    todo = deque([book.start])
    while todo:
        n = todo.popleft()
        p = book.paragraphs.get(n)
        if p is None or _node_writes(p, kind, name):
            continue
        carriers = _carriers(p)
        for e, t in edges.get(n, ()):
            if t is None or t in came or t not in book.paragraphs:
                continue
            if _writes(carriers.get(tuple(e.path[:-1]), ()), kind, name):
                continue
            came[t] = n
            todo.append(t)
    return came


def _way(came: dict, n: int) -> str:
    steps = [n]
    while came.get(steps[-1]) is not None and len(steps) < 12:
        steps.append(came[steps[-1]])
    return " → ".join(map(str, reversed(steps))) + (" …" if came.get(steps[-1]) is not None else "")


def check(book, doc, edges, references) -> Iterable[Diagnostic]:
    """`read-before-written` at each read of a note or a start-less counter that some
    way from the start reaches with nothing written."""
    from engine.book.counters import note_writers
    counters = book.meta.get("counters") or {}
    owner = {tuple(p.path[:2]): n for n, p in book.paragraphs.items()}
    # a write of an undeclared note (`unknown-note`): which note it meant is not known
    lost = set(note_writers(book)) - set(book.meta.get("notes") or {})
    walks: dict = {}
    for kind, name, path, offset, _negated in references:
        if kind not in ("note", "counter") or path[:1] != ("paragraphs",) or (kind == "note" and lost):
            continue
        if kind == "counter" and "start" in (counters.get(name) or {}):
            continue
        n = owner.get(tuple(path[:2]))
        came = walks.get((kind, name))
        if came is None:
            came = walks[(kind, name)] = unwritten_walk(book, edges, kind, name)
        if n is None or n not in came or _node_writes(book.paragraphs[n], kind, name):
            continue
        yield _warn(doc, kind, name, path, offset, _way(came, n))


def _warn(doc, kind, name, path, offset, way) -> Diagnostic:
    if kind == "note":
        fr = (f"la note « {name} » est lue ici (0) avant que rien ait pu l'écrire, par le chemin {way} : "
              f"écrivez-la plus tôt (`{{note: {name}}}`)")
        en = (f"note '{name}' is read here (0) before anything can have written it, on the way {way}: "
              f"write it earlier (`{{note: {name}}}`)")
    else:
        fr = (f"le compteur « {name} » est lu ici avant que rien ait pu l'écrire, par le chemin {way} : "
              "donnez-lui un `start:` ou écrivez-le plus tôt")
        en = (f"counter '{name}' is read here before anything can have written it, on the way {way}: "
              "give it a `start:` or write it earlier")
    return warning("read-before-written", doc.inner_span(path, offset), fr, en)
