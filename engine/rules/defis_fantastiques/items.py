"""What a weapon or an armour does under these rules (RuleModule.item_summary), read
from the item's own data with the defaults the fight uses (equipment.STANDARD_DAMAGE)."""
from __future__ import annotations

from engine.rules.defis_fantastiques import equipment
from engine.rules.defis_fantastiques.messages import M, count


def signed(n: int) -> str:
    """"+1" / "−1" (a true minus sign, as the rest of the game writes it)."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def item_summary(book, item_id: str) -> M | None:
    weapon, armour = equipment.weapon_props(book, item_id), equipment.armour_props(book, item_id)
    if weapon is not None:
        damage = count(int(weapon.get("damage", equipment.STANDARD_DAMAGE)),
                       ("point de blessure", "points de blessure"), ("point of damage", "points of damage"))
        attack = int(weapon.get("attack", 0))
        bonus = (f", {signed(attack)} à la Force d'Attaque", f", {signed(attack)} to Attack Strength") if attack else ("", "")
        return M(f"arme, {damage.fr}{bonus[0]}", f"weapon, {damage.en}{bonus[1]}")
    if armour is not None:
        absorbs = count(int(armour.get("absorbs", 0)), ("point", "points"), ("point", "points"))
        hits = count(int(armour.get("hits", 1)), ("blessure", "blessures"), ("wound", "wounds"))
        penalty = int(armour.get("skill_test_penalty", equipment.ARMOUR_TEST_PENALTY))
        worn = (f", {signed(penalty)} aux jets des tests d'Habileté", f", {signed(penalty)} to Skill test rolls") if penalty else ("", "")
        return M(f"armure, absorbe {absorbs.fr} de chaque blessure, tombe en ruine après {hits.fr}{worn[0]}",
                 f"armour, absorbs {absorbs.en} of each wound, falls apart after {hits.en}{worn[1]}")
    return None


def sheet_bonuses(play) -> tuple[tuple[M, M], ...]:
    """The carried weapon's `attack` bonus or penalty (RuleModule.sheet_bonuses): the
    fight adds it to Habileté (combat.hero_skill), the sheet's Habileté leaves it out."""
    weapon = equipment.weapon(play)
    attack = int((equipment.weapon_props(play.book, weapon) or {}).get("attack", 0))
    if not attack:
        return ()
    name = play.book.item_name(weapon)
    label = M("Bonus d'arme", "Weapon bonus") if attack > 0 else M("Malus d'arme", "Weapon penalty")
    return ((label, M(f"{signed(attack)} à la Force d'Attaque ({name})",
                      f"{signed(attack)} to Attack Strength ({name})")),)
