"""The fast Fighting Fantasy solvers equal the generic chain reference exactly."""
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
    fast = ff_fight(hero, enemies, **case)
    ref = ff_fight(hero, enemies, solver="chain", **case)
    assert fast == ref
    assert fast.win + fast.lose == 1 and sum(fast.hero_final.values()) == 1


def test_default_solver_is_the_layered_one_for_sequential_fights():
    assert ff_fight((8, 6), [(8, 6)], luck=9) == ff_fight((8, 6), [(8, 6)], luck=9, solver="layered")


@pytest.mark.parametrize("reading", ["exact", "relative"])
@pytest.mark.parametrize("case", [dict(hero=(9, 7), enemies=[(8, 6)], luck=8, hero_damage=3, enemy_damage=3),
                                  dict(hero=(9, 7), enemies=[(8, 9)], luck=8, hero_damage=8, enemy_damage=1),
                                  dict(hero=(9, 6), enemies=[(8, 3), (7, 4)], mode="together", luck=5,
                                       hero_damage=3, enemy_damage=3, armour=(1, 2))])
def test_fast_solvers_read_the_luck_reading_like_the_chain(case, reading):
    """A non-standard wound with Luck: the fast paths read the model's amounts too."""
    case = dict(case)
    hero, enemies = case.pop("hero"), case.pop("enemies")
    assert ff_fight(hero, enemies, luck_reading=reading, **case) == \
        ff_fight(hero, enemies, solver="chain", luck_reading=reading, **case)


NO_LUCK_CASES = [
    dict(hero=(8, 6), enemies=[(8, 6)]),
    dict(hero=(10, 7), enemies=[(11, 8)], armour=(1, 2)),
    dict(hero=(9, 6), enemies=[(8, 3), (7, 4)], mode="one-by-one"),
    dict(hero=(9, 6), enemies=[(8, 3), (7, 4)], mode="together"),
    dict(hero=(9, 7), enemies=[(8, 3), (8, 3)], mode="together"),
    dict(hero=(9, 5), enemies=[(8, 2), (7, 2), (6, 3)], mode="together", armour=(2, 1)),
    dict(hero=(10, 9), enemies=[(8, 4), (7, 5), (9, 3)], mode="together"),
    dict(hero=(7, 5), enemies=[(9, 5), (6, 4)], mode="together", hero_damage=1, enemy_damage=3),
    dict(hero=(9, 4), enemies=[(8, 2), (7, 3)], mode="together", pending="after-wound-dealt"),
    dict(hero=(9, 3), enemies=[(8, 2), (7, 3)], mode="together", pending="after-wound-taken"),
    dict(hero=(9, 2), enemies=[(8, 2)], pending="after-wound-taken"),
    dict(hero=(8, 4), enemies=[(8, 5)], unarmed=True, attack_bonus=1),
    dict(hero=(8, 4), enemies=[(8, 0), (7, 3)], mode="together"),
]


@pytest.mark.parametrize("case", NO_LUCK_CASES)
def test_no_luck_solver_equals_chain_reference(case):
    case = dict(case)
    hero, enemies = case.pop("hero"), case.pop("enemies")
    fast = ff_fight(hero, enemies, solver="noluck", **case)
    ref = ff_fight(hero, enemies, solver="chain", **case)
    assert fast == ref
    assert fast.win + fast.lose == 1 and sum(fast.hero_final.values()) == 1


def test_no_luck_family_reads_every_stamina_from_one_table():
    from engine.rules.defis_fantastiques.ff_noluck import NoLuckFight
    from engine.rules.defis_fantastiques.odds_solver import _Fight
    fight = _Fight(9, (8, 7), "together", False, "never", 2, 2, 0)
    table = NoLuckFight(fight, (4, 3), 0, 12)
    for he in range(1, 13):
        ref = ff_fight((9, he), [(8, 4), (7, 3)], mode="together", solver="chain")
        assert table.win(he) == ref.win
        assert table.odds(he) == ref


def test_fight_wins_equals_fight_odds_for_every_variant():
    from engine.lint.loader import load_book
    loaded = load_book("books/la-cloche-de-brumesel.yaml")
    book, module = loaded.book, loaded.module
    states = [s for _n, s in module.hero_variants(book)]
    specs = [p.fields["combat"] for p in book.paragraphs.values() if "combat" in p.fields]
    together = [s for s in specs if s.get("mode") == "together"]
    assert together
    for spec in together + specs[:2]:
        wins = module.fight_wins(book, states, spec, policy="never")
        assert wins == [1 - module.fight_odds(book, s, spec, policy="never").lose for s in states]
