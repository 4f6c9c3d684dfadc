"""The fast Fighting Fantasy solver equals the generic chain reference exactly."""
import pytest

from engine.rules.defis_fantastiques.odds_solver import ff_fight

CASES = [
    dict(hero=(8, 6), enemies=[(8, 6)], luck=9),
    dict(hero=(10, 7), enemies=[(11, 8)], luck=12, armour=(1, 2)),
    dict(hero=(9, 6), enemies=[(8, 3), (7, 4)], mode="one-by-one", luck=7),
    dict(hero=(9, 6), enemies=[(8, 3), (7, 4)], mode="together", luck=8),
    dict(hero=(9, 5), enemies=[(8, 2), (7, 2), (6, 3)], mode="together", luck=6, armour=(2, 1)),
    dict(hero=(7, 5), enemies=[(9, 5)], luck=10, hero_damage=1, enemy_damage=1),
    dict(hero=(8, 6), enemies=[(8, 5)], luck=9, luck_policy="always"),
    dict(hero=(8, 6), enemies=[(8, 5)], luck=9, pending="after-wound-taken"),
    dict(hero=(8, 6), enemies=[(8, 5)], luck=9, pending="after-wound-dealt"),
    dict(hero=(9, 4), enemies=[(8, 2), (7, 3)], mode="together", pending="after-wound-dealt"),
    dict(hero=(8, 4), enemies=[(8, 5)], unarmed=True, attack_bonus=1),
]


@pytest.mark.parametrize("case", CASES)
def test_fast_equals_chain_reference(case):
    case = dict(case)
    hero, enemies = case.pop("hero"), case.pop("enemies")
    fast = ff_fight(hero, enemies, solver="fast", **case)
    ref = ff_fight(hero, enemies, solver="chain", **case)
    assert fast == ref
    assert fast.win + fast.lose == 1 and sum(fast.hero_final.values()) == 1


def test_default_solver_is_the_fast_one_for_sequential_fights():
    assert ff_fight((8, 6), [(8, 6)], luck=9) == ff_fight((8, 6), [(8, 6)], luck=9, solver="fast")
