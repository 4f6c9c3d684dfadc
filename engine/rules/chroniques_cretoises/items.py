"""What a weapon or a piece of armour adds under these rules (RuleModule.item_summary),
read from the item's own data as sheet.refresh reads it."""
from __future__ import annotations

from engine.diagnostics import Message as M
from engine.rules.chroniques_cretoises.sheet import props


def item_summary(book, item_id: str) -> M | None:
    data = props(book, item_id)
    weapon, armour = data.get("weapon"), data.get("armour")
    if isinstance(weapon, dict):
        force, protection = int(weapon.get("force", 0)), int(weapon.get("protection", 0))
        extra = (f", +{protection} en Protection", f", +{protection} Protection") if protection else ("", "")
        dagger = (", une dague", ", a dagger") if data.get("dagger") else ("", "")
        return M(f"arme, +{force} en Force{extra[0]}{dagger[0]}", f"weapon, +{force} Strength{extra[1]}{dagger[1]}")
    if isinstance(armour, dict):
        slot, protection = str(armour.get("slot", "")), int(armour.get("protection", 0))
        return M(f"pièce d'armure ({slot}), +{protection} en Protection",
                 f"piece of armour ({slot}), +{protection} Protection")
    return None
