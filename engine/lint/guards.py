"""Conditions that close the only way to a victory (issue 32): `victory-unreachable`.

A condition on a flag or item the book never gives can never hold, so the way out it
guards is never taken.  `never-granted` says so as a warning; when those closed ways
are what stands between the start and every victory the graph reaches, the book
cannot be won, and the conditions responsible are errors (`victory-unreachable`),
each at the condition, with the near name the book does give when there is one.
"""
from __future__ import annotations

from collections import deque


def culprits(book, edges, won: set, closed: dict) -> set:
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


def _reaches(book, edges, won: set, shut: set) -> bool:
    seen, todo = set(), deque([book.start])
    while todo:
        n = todo.popleft()
        if n in seen or n not in book.paragraphs:
            continue
        if n in won:
            return True
        seen.add(n)
        todo.extend(t for e, t in edges.get(n, ()) if t is not None and tuple(e.path[:-1]) not in shut)
    return False
