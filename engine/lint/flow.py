"""Linter checks of the format 1.1 constructs: automatic jumps, hidden choices.

Kept apart from engine/lint/checks.py, which lists them in `CHECKS`; the codes are
documented in engine/lint/codes.py.
"""
from __future__ import annotations

from typing import Iterable

from engine.diagnostics import Diagnostic, error, warning
from engine.rules.base import Exit


def auto_exits(p) -> list[Exit]:
    """The `auto:` ways out that lead to a paragraph (an `end:` leads nowhere)."""
    return [Exit("auto", a.target, a.path + ("to",), _label(a)) for a in p.auto if a.target is not None]


def _label(a) -> str:
    """The condition as written (any language reads it); the default has none."""
    from engine import expr as X
    return X.describe(a.condition) if a.condition is not None else ""


def check_choices(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    """`show:` says how a choice whose condition fails is shown: without `if:` it says nothing."""
    for p in book.paragraphs.values():
        for c in p.choices:
            if c.show is not None and c.condition is None:
                yield warning("show-without-condition", doc.span(c.path + ("show",), key=True),
                              "« show: » sur un choix sans « if: » : il est toujours proposé",
                              "'show:' on a choice without 'if:': it is always offered")


def check_auto(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    """An `auto:` with no default in a paragraph with no other way out can block the
    game; a way listed after the default can never be taken."""
    for n, p in book.paragraphs.items():
        if not p.auto:
            continue
        default = next((i for i, a in enumerate(p.auto) if a.condition is None), None)
        others = [e for e, _ in edges.get(n, ()) if e.kind != "auto"]
        if default is None and p.end is None and not others:
            yield error("auto-no-default", doc.span(p.path + ("auto",), key=True),
                        f"paragraphe {n} : aucun saut automatique ne s'applique si aucune condition ne tient ; "
                        "ajoutez un dernier saut sans « if: », des choix ou « end: »",
                        f"paragraph {n}: no automatic jump applies when no condition holds; "
                        "add a last jump without 'if:', choices or 'end:'")
        if default is not None and default + 1 < len(p.auto):
            yield warning("auto-after-default", doc.span(p.auto[default + 1].path),
                          f"paragraphe {n} : ce saut suit le saut par défaut et ne sera jamais pris",
                          f"paragraph {n}: this jump follows the default and is never taken")
        if default is not None and (p.choices or p.random is not None):
            yield warning("auto-hides-choices", doc.span(p.path + ("auto",), key=True),
                          f"paragraphe {n} : le saut par défaut part toujours, ses choix ne sont jamais proposés",
                          f"paragraph {n}: the default jump always leaves, its choices are never offered")
