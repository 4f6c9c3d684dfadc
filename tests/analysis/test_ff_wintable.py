"""The P(win) table of `gamebook odds` (ff_wintable) equals the chain reference exactly."""
import pytest

from engine.rules.defis_fantastiques.odds_solver import ff_fight, no_luck_table

TABLE_CASES = [
    dict(hero=(9, 8), enemies=[(8, 3)]),
    dict(hero=(10, 7), enemies=[(11, 4)], armour=(1, 2)),
    dict(hero=(9, 7), enemies=[(8, 3), (7, 4)], mode="one-by-one"),
    dict(hero=(9, 7), enemies=[(8, 3), (8, 3)], mode="together"),
    dict(hero=(9, 6), enemies=[(8, 2), (8, 4), (8, 3)], mode="together"),
    dict(hero=(9, 6), enemies=[(8, 4), (7, 2), (8, 3)], mode="together", armour=(2, 1)),
    dict(hero=(8, 6), enemies=[(7, 3), (9, 2)], mode="together", hero_damage=1, enemy_damage=3),
    dict(hero=(8, 5), enemies=[(8, 0), (7, 3)], mode="together"),
]


@pytest.mark.parametrize("case", TABLE_CASES)
def test_win_table_equals_chain_reference_for_every_stamina(case):
    case = dict(case)
    (skill, top), enemies = case.pop("hero"), case.pop("enemies")
    table = no_luck_table((skill, top), enemies, **case)
    for he in range(1, top + 1):
        ref = ff_fight((skill, he), enemies, solver="chain", **case)
        assert table(he) == ref.win


def test_states_count_wounds_and_identical_enemies_are_sorted():
    from engine.rules.defis_fantastiques.ff_wintable import WinTable
    from engine.rules.defis_fantastiques.odds_solver import _Fight
    fight = _Fight(9, (8, 8, 7), "together", False, "never", 2, 2, 0)
    table = WinTable(fight, (3, 4, 2), 0, 6)
    # Endurance 3, 4, 2 with damage 2: 2, 2, 1 wounds to take, the Skill-8 pair sorted
    assert table.es0 == (2, 2, 1)
    # Skill-8 pairs a >= b, a <= 2: 6; c <= 1: 2; minus (0, 0, 0)
    assert len(table.plan) == 6 * 2 - 1
    assert table.rows[(0, 5)] is table.rows[(0, 6)] and table.rows[(0, 4)] is not table.rows[(0, 5)]
    ref = ff_fight((9, 6), [(8, 3), (8, 4), (7, 2)], mode="together", solver="chain")
    assert table.win(6) == ref.win
