"""Linter checks of the format 1.1 constructs: automatic jumps, hidden choices.

`auto-cycle`: paragraphs whose automatic jumps send the game round a loop it can
never leave.  Only the sure case is reported: each paragraph of the loop takes, as
its first `auto:`, a jump with no condition and no effects, and has no effects of
its own (an effect could end the game or change what a later condition reads).  A
loop that some condition or effect may end is left to play, which stops a chain
longer than MAX_JUMPS with a located error (engine/game/outcomes.py).

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


def _sure_next(p) -> int | None:
    """The paragraph `p` always jumps to as soon as it is entered, None if not sure."""
    if not p.auto or p.effects:
        return None
    first = p.auto[0]
    if first.condition is not None or first.effects or first.end is not None:
        return None
    return first.target


def check_auto_cycles(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    """Each loop of sure jumps once, at the `auto:` of its first paragraph in the book."""
    nexts = {n: t for n, p in book.paragraphs.items() if (t := _sure_next(p)) in book.paragraphs}
    done: set[int] = set()
    for n in book.paragraphs:
        path: list[int] = []
        at = n
        while at in nexts and at not in done and at not in path:   # each paragraph walked once
            path.append(at)
            at = nexts[at]
        done.update(path)
        if at in path:   # back to a paragraph of this walk: the loop is path[from at]
            loop = path[path.index(at):]
            first = min(loop, key=list(book.paragraphs).index)
            shown = " → ".join(map(str, loop[loop.index(first):] + loop[:loop.index(first)] + [first]))
            yield error("auto-cycle", doc.span(book.paragraphs[first].path + ("auto",), key=True),
                        f"les sauts automatiques {shown} tournent en rond pour toujours ; "
                        "donnez à l'un d'eux une condition qui finit par échouer ou une autre issue",
                        f"the automatic jumps {shown} go round for ever; "
                        "give one of them a condition that ends up false, or another way out")
