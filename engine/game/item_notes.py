"""What an item does, told before the player takes it and in `inventaire`.

The numbers come from the rule module (`RuleModule.item_summary`: a weapon's
damage, an armour's protection...), read from the item's own data; the book's
optional `description` adds what numbers cannot say (a potion, a key).  A choice
that gives items (a market's "Acheter ...") shows each one's note after its text.
"""
from __future__ import annotations

from engine.diagnostics import Message as M

GIVING = ("gain", "weapon", "armour")   # effect kinds whose value names the items given


def item_note(game, item_id: str) -> M | None:
    """"arme : 3 points de blessure ; Lourde…" for `item_id`, or None when nothing is known."""
    item = game.book.items.get(item_id)
    if item is None:
        return None
    hook = getattr(game.module, "item_summary", None)   # optional: a plugin may lack it
    summary = hook(game.book, item_id) if hook is not None else None
    text = item.props.get("description")
    text = text.strip() if isinstance(text, str) and text.strip() else None
    if summary is None and text is None:
        return None
    if summary is None:
        return M(text, text)
    if text is None:
        return summary
    return M(f"{summary.fr} ; {text}", f"{summary.en}; {text}")


def given_items(choice) -> list[str]:
    """The item ids a choice's effects give, in order, once each."""
    ids: list[str] = []
    for effect in choice.effects:
        if effect.kind in GIVING:
            values = effect.value if isinstance(effect.value, (list, tuple)) else [effect.value]
            ids += [v for v in values if isinstance(v, str) and v not in ids]
    return ids


def choice_items_note(game, choice) -> M | None:
    """"— Épée : arme, 2 points de blessure" for each item the choice gives, or None."""
    notes = [(game.book.item_name(i), n) for i in given_items(choice) if (n := item_note(game, i))]
    if not notes:
        return None
    return M(" — " + " — ".join(f"{name} : {n.fr}" for name, n in notes),
             " — " + " — ".join(f"{name}: {n.en}" for name, n in notes))
