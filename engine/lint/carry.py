"""The carrying limits a rule module states (`RuleModule.carry_limits`), checked over a
book (in play: engine/game/carry.py).

Lint: `carry-limit` where the book's pickups can exceed a limit: the starting
equipment alone, or the first `gain` at which the copies the book gives, counted
along the paragraphs in the order the start reaches them, pass the capacity (an
upper bound: every gain once, losses ignored).  Any way can only pick up less.
"""
from __future__ import annotations

from typing import Iterable

from engine.diagnostics import Diagnostic, warning
from engine.book.effect_lists import all_effects
from engine.book.frontmatter import equipment


def check(book, module, doc, order) -> Iterable[Diagnostic]:
    """`order`: the paragraphs in the order the start reaches them (checks.reach_order)."""
    kit = equipment(book.hero)
    for limit in module.carry_limits(book):
        start = sum(n for item, n, _path in kit if limit.holds(book, item))
        if start > limit.capacity:
            yield _warn(doc, ("hero", "equipment"), limit, start, True)
            continue
        total = start
        for eff in _gains(book, order):
            total += sum(_copies(eff.value, item) for item in eff.value if limit.holds(book, item))
            if total > limit.capacity:
                yield _warn(doc, eff.path, limit, total, False)
                break


def _copies(value, item) -> int:
    return value[item] if isinstance(value, dict) else 1


def _gains(book, order):
    """Every `gain` effect, paragraph by paragraph in `order`."""
    for n in order:
        p = book.paragraphs[n]
        yield from (e for e in all_effects(p) if e.kind == "gain")


def _warn(doc, path, limit, count, at_start) -> Diagnostic:
    name = limit.name
    if at_start:
        return warning("carry-limit", doc.span(path, key=True),
                       f"l'équipement de départ dépasse {name.fr} ({count} pour {limit.capacity} au plus) : "
                       "le joueur devra abandonner des objets",
                       f"the starting equipment exceeds {name.en} ({count} for {limit.capacity} at most): "
                       "the player will have to give items up")
    return warning("carry-limit", doc.span(path),
                   f"à partir d'ici, les objets ramassés peuvent dépasser {name.fr} ({count} pour "
                   f"{limit.capacity} au plus) : le joueur devra en abandonner",
                   f"from here on, the items picked up can exceed {name.en} ({count} for "
                   f"{limit.capacity} at most): the player will have to give some up")
