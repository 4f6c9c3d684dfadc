"""Carrying limits a rule module states (`RuleModule.carry_limits`), in play (the lint
check is engine/lint/carry.py).

Play: when what the hero carries goes over a limit (a backpack of 8 items), the
player picks what to drop, the new item included, through the core "give-up"
activity (engine/game/inventory.py), with `full` naming the limit in the prompt.
It is checked where the game can wait for the player: after each effect of a
paragraph, after a choice's effects, and on entering a paragraph (for an item an
outcome or a module's fight gave just before the move).
"""
from __future__ import annotations

from engine.diagnostics import Message


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
