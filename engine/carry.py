"""Carrying limits a rule module states (`RuleModule.carry_limits`): play and lint.

Play: when what the hero carries goes over a limit (a backpack of 8 items), the
player picks what to drop, the new item included, through the core "give-up"
activity (engine/game/inventory.py), with `full` naming the limit in the prompt.
It is checked where the game can wait for the player: after each effect of a
paragraph, after a choice's effects, and on entering a paragraph (for an item an
outcome or a module's fight gave just before the move).

Lint: `carry-limit` where the book's pickups can exceed a limit: the starting
equipment alone, or the first `gain` at which the copies the book gives, counted
along the paragraphs in the order the start reaches them, pass the capacity (an
upper bound: every gain once, losses ignored).  Any way can only pick up less.
"""
from __future__ import annotations

from typing import Iterable

from engine.diagnostics import Diagnostic, Message, warning


def held(book, items: dict, limit) -> int:
    return sum(n for item, n in items.items() if n > 0 and limit.holds(book, item))


def start_full(game) -> bool:
    """Over a limit and nothing else asked: ask the player to drop; True when asked."""
    st, book = game.state, game.book
    if st.pending is not None or st.ended:
        return False
    for i, limit in enumerate(game.module.carry_limits(book)):
        over = held(book, st.items, limit) - limit.capacity
        if over > 0:
            keep = sorted(item for item in st.items if not limit.holds(book, item))
            st.pending = {"activity": "give-up", "left": over, "keep": keep, "full": i}
            return True
    return False


def title(game, pending) -> Message:
    limit = game.module.carry_limits(game.book)[pending["full"]]
    return Message(f"{limit.name.fr} : {limit.capacity} au plus, abandonnez un objet",
                   f"{limit.name.en}: {limit.capacity} at most, give up one item")


# --- lint -------------------------------------------------------------------------
def check(book, module, doc, edges) -> Iterable[Diagnostic]:
    from engine.frontmatter import equipment
    kit = equipment(book.hero)
    for limit in module.carry_limits(book):
        start = sum(n for item, n, _path in kit if limit.holds(book, item))
        if start > limit.capacity:
            yield _warn(doc, ("hero", "equipment"), limit, start, True)
            continue
        total = start
        for eff in _gains(book, edges):
            total += sum(_copies(eff.value, item) for item in eff.value if limit.holds(book, item))
            if total > limit.capacity:
                yield _warn(doc, eff.path, limit, total, False)
                break


def _copies(value, item) -> int:
    return value[item] if isinstance(value, dict) else 1


def _gains(book, edges):
    """Every `gain` effect, paragraph by paragraph in the order the start reaches them."""
    from engine.lint import reach_order
    for n in reach_order(book, edges):
        p = book.paragraphs[n]
        effects = (*p.effects, *(e for c in p.choices for e in c.effects),
                   *(e for es in p.outcome_effects.values() for e in es),
                   *(e for a in p.auto for e in a.effects),
                   *(e for o in (p.random.outcomes if p.random else ()) for e in o.effects))
        yield from (e for e in effects if e.kind == "gain")


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
