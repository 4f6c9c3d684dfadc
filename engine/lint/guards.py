"""Conditions that close the only way to a victory (issue 32): `victory-unreachable`.

A condition on a flag or item the book never gives can never hold, so the way out it
guards is never taken.  `never-granted` says so as a warning; when those closed ways
are what stands between the start and every victory the graph reaches, the book
cannot be won, and the conditions responsible are errors (`victory-unreachable`),
each at the condition, with the near name the book does give when there is one.
"""
from __future__ import annotations

import re
from collections import deque

from engine.diagnostics import Diagnostic, error, warning


def closing_victory(book, edges, ctx, never) -> set:
    """The indexes, among `never` ((index, kind, value, path, offset) of each condition
    on a name never given), of those that close every way to a victory."""
    if ctx["broken"] or any(e.target is not None and t is None for outs in edges.values() for e, t in outs):
        return set()   # a rejected paragraph or a jump known only in play may open another way
    won = victories(book)
    closing = {i: tuple(path[:-1]) for i, _k, _v, path, _o in never
               if not _ALTERNATIVE.search(str(_written(ctx["doc"].data, path)))}
    return culprits(book, edges, won, closing)


def victories(book) -> dict:
    """paragraph -> the places of the `auto:` jumps that win there (format 1.1:
    `auto: [{if: ..., end: victory}]`), or None for a paragraph that is a victory
    whatever happens (`end: victory`, or an `auto:` victory without a condition)."""
    won = {}
    for n, p in book.paragraphs.items():
        if p.end == "victory":
            won[n] = None
            continue
        places = [("paragraphs", n, "auto", i) for i, a in enumerate(p.auto) if a.end == "victory"]
        if places:
            open_always = any(a.end == "victory" and a.condition is None for a in p.auto)
            won[n] = None if open_always else set(places)
    return won


# `has("x") or flag("y")`: one name never given does not close the way
_ALTERNATIVE = re.compile(r"\b(or|ou)\b")


def _written(data, path):
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return ""
    return data


def never_granted(doc, kind: tuple[str, str], value, where: tuple, given, fatal: bool) -> Diagnostic:
    """`never-granted` (a warning), or `victory-unreachable` when the condition closes the
    only way to a victory; both with the near name the book does give. `kind` is the
    reference kind and its French word, `where` the condition's path and the offset in it."""
    import difflib
    (kind, kind_fr), (path, offset) = kind, where
    near = difflib.get_close_matches(str(value), sorted(map(str, given)), n=1, cutoff=0.75)
    hint = (f" ; vouliez-vous dire « {near[0]} » ?", f"; did you mean '{near[0]}'?") if near else ("", "")
    if fatal:
        return error("victory-unreachable", doc.inner_span(path, offset),
                     f"« {value} » ({kind_fr}) n'est jamais donné par le livre : cette condition ferme "
                     f"le seul chemin vers la victoire{hint[0]}",
                     f"'{value}' ({kind}) is never given by the book: this condition closes the only way "
                     f"to a victory{hint[1]}", fix=near[0] if near else None)
    return warning("never-granted", doc.inner_span(path, offset),
                   f"« {value} » ({kind_fr}) n'est jamais donné par le livre : "
                   f"cette condition ne peut pas être vraie{hint[0]}",
                   f"'{value}' ({kind}) is never given by the book: this condition can never hold{hint[1]}",
                   fix=near[0] if near else None)


def culprits(book, edges, won: dict, closed: dict) -> set:
    """The keys of `closed` (key -> the path of the way out it closes, without its
    last part) whose ways out, closed, leave no victory reachable from the start.
    When reopening one alone brings a victory back, only such ones are named; when no
    single one does, all of them are."""
    if not won or not closed or not _reaches(book, edges, won, set()) or _reaches(
            book, edges, won, set(closed.values())):
        return set()
    every = set(closed.values())
    alone = {key for key, place in closed.items() if _reaches(book, edges, won, every - {place})}
    return alone or set(closed)


def _reaches(book, edges, won: dict, shut: set) -> bool:
    seen, todo = set(), deque([book.start])
    while todo:
        n = todo.popleft()
        if n in seen or n not in book.paragraphs:
            continue
        if n in won and (won[n] is None or won[n] - shut):   # an `auto:` victory its condition leaves open
            return True
        seen.add(n)
        todo.extend(t for e, t in edges.get(n, ()) if t is not None and tuple(e.path[:-1]) not in shut)
    return False
