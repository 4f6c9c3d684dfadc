"""Exact Fighting Fantasy fight odds."""
from fractions import Fraction
from math import ceil, comb

import pytest

from engine.rules.defis_fantastiques.fight_chain import duel
from engine.rules.defis_fantastiques.odds_solver import ff_fight


def closed_form(hero, enemy):
    """Negative-binomial win probability without Luck (damage 2 each way)."""
    w, l, _ = duel(hero[0], enemy[0])
    p, q = Fraction(w, w + l), Fraction(l, w + l)
    n, m = ceil(enemy[1] / 2), ceil(hero[1] / 2)
    return sum(comb(n - 1 + j, j) * p ** n * q ** j for j in range(m))


def test_closed_form_10_20_vs_8_8():
    odds = ff_fight((10, 20), [(8, 8)])
    assert odds.win == closed_form((10, 20), (8, 8))
    assert round(float(odds.win), 5) == 0.99979
    assert odds.win + odds.lose == 1
    assert odds.policy == "none" and odds.advice is None


@pytest.mark.parametrize("hero,enemy", [((9, 13), (8, 11)), ((7, 18), (10, 6)), ((12, 5), (6, 30))])
def test_closed_form_various(hero, enemy):
    assert ff_fight(hero, [enemy]).win == closed_form(hero, enemy)


def test_equal_sheets_are_even():
    assert ff_fight((8, 10), [(8, 10)]).win == Fraction(1, 2)


def test_duel_counts_by_hand():
    # difference of two 2d6: P(D=0)=146, P(D=1)=140, P(D=2)=125 (out of 1296)
    assert duel(10, 8) == (861, 310, 125)
    assert ff_fight((10, 1), [(8, 1)]).win == Fraction(861, 1171)


def test_hero_final_and_rounds():
    odds = ff_fight((8, 2), [(8, 2)])
    assert odds.hero_final == {2: Fraction(1, 2), 0: Fraction(1, 2)}
    # one decisive round; parries make it geometric: 1296 / (1296 - 146)
    assert odds.expected_rounds == Fraction(1296, 1150)
    assert sum(odds.hero_final.values()) == 1


def test_luck_tiny_case_by_hand():
    # Luck 12 is always lucky.  Wounded first: test -> lose 1 (not 2), then a
    # fair duel at 1 vs 2 Endurance, where Luck cannot save the hero.
    odds = ff_fight((8, 2), [(8, 2)], luck=12)
    assert odds.win == Fraction(3, 4)
    pending = ff_fight((8, 2), [(8, 2)], luck=12, pending="after-wound-taken")
    assert pending.advice == "use-luck" and pending.win == Fraction(1, 2)


@pytest.mark.parametrize("hero,enemy,luck", [((10, 14), (9, 12), 9), ((8, 12), (10, 10), 7),
                                             ((11, 20), (11, 20), 11), ((7, 9), (8, 9), 12)])
def test_optimal_luck_dominates(hero, enemy, luck):
    best = ff_fight(hero, [enemy], luck=luck)
    assert best.policy == "optimal"
    assert best.win >= ff_fight(hero, [enemy]).win
    assert best.win >= ff_fight(hero, [enemy], luck=luck, luck_policy="always").win
    assert best.win + best.lose == 1


def test_armour_helps_and_wears_out():
    base = ff_fight((8, 10), [(8, 10)])
    armoured = ff_fight((8, 10), [(8, 10)], armour=(1, 3))
    assert armoured.win > base.win
    # armour absorbing everything for 100 hits: the hero loses only if the
    # enemy wins 102 decisive rounds while the hero wins at most 1 of them
    # (fair rounds): (1 + 102/2) / 2**102 = 13 / 2**100
    assert ff_fight((8, 4), [(8, 4)], armour=(2, 100)).lose == Fraction(13, 2 ** 100)


def test_unarmed_and_bonus_shift_skill():
    assert ff_fight((9, 10), [(8, 10)], unarmed=True).win == Fraction(1, 2)
    assert ff_fight((7, 10), [(8, 10)], attack_bonus=1).win == Fraction(1, 2)


def test_modes():
    one = ff_fight((10, 20), [(8, 6)])
    # "as-one" merges the enemies as play does (combat.begin, model.as_one): the best
    # Skill, the Endurances summed, the worst wound (issue 12: it kept the first only)
    assert ff_fight((10, 20), [(8, 6), (5, 5)], mode="as-one") == ff_fight((10, 20), [(8, 11)])
    assert ff_fight((10, 20), [(8, 6), (9, 5)], mode="as-one", enemy_damage=[2, 3]) == \
        ff_fight((10, 20), [(9, 11)], enemy_damage=3)
    seq = ff_fight((10, 20), [(8, 6), (7, 6)], mode="one-by-one")
    assert seq.win < one.win
    together = ff_fight((10, 20), [(8, 6), (7, 6)], mode="together")
    assert together.win < seq.win
    assert together.policy == "optimal" and together.advice.startswith("target:")
    assert together.win + together.lose == 1
    assert sum(together.hero_final.values()) == 1
    with pytest.raises(ValueError):
        ff_fight((10, 20), [(8, 6), (7, 6)])


def test_together_with_one_enemy_is_a_single_fight():
    assert ff_fight((9, 9), [(8, 8)], mode="together").win == ff_fight((9, 9), [(8, 8)]).win


def test_large_sheets_no_recursion_problem():
    odds = ff_fight((12, 30), [(12, 30)], luck=12)
    assert odds.win > Fraction(1, 2)
    assert set(odds.to_json()) >= {"win", "lose", "win_exact", "lose_exact", "hero_final"}
