"""The layered Fighting Fantasy solver (ff_layered) equals the chain reference exactly:
same Fractions, same final distribution, same expected rounds, same policy and advice."""
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from engine.rules.defis_fantastiques.odds_solver import ff_fight

sheet = st.tuples(st.integers(4, 12), st.integers(1, 7))


@st.composite
def fights(draw):
    """Small random sequential fights with every option of ff_fight."""
    mode = draw(st.sampled_from(["single", "as-one", "one-by-one"]))
    count = 1 if mode == "single" else draw(st.integers(1, 3))
    enemies = draw(st.lists(st.tuples(st.integers(4, 12), st.integers(0 if count > 1 else 1, 5)),
                            min_size=count, max_size=count))
    options = dict(
        mode=mode,
        luck=draw(st.one_of(st.none(), st.integers(-1, 13))),
        hero_damage=draw(st.integers(1, 3)), enemy_damage=draw(st.integers(1, 3)),
        armour=draw(st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(1, 3)))),
        attack_bonus=draw(st.integers(0, 2)), unarmed=draw(st.booleans()),
        pending=draw(st.sampled_from([None, "after-wound-dealt", "after-wound-taken"])),
        luck_policy=draw(st.sampled_from(["optimal", "optimal", "never"])))
    return draw(sheet), enemies, options


@settings(max_examples=150, deadline=None)
@given(fights())
def test_layered_equals_chain_reference(case):
    hero, enemies, options = case
    layered = ff_fight(hero, enemies, solver="layered", **options)
    reference = ff_fight(hero, enemies, solver="chain", **options)
    assert layered == reference
    assert layered.win + layered.lose == 1 and sum(layered.hero_final.values()) == 1


@settings(max_examples=40, deadline=None)
@given(sheet, sheet, st.integers(1, 12))
def test_default_solver_with_luck_is_the_layered_one(hero, enemy, luck):
    assert ff_fight(hero, [enemy], luck=luck) == ff_fight(hero, [enemy], luck=luck, solver="chain")


def test_bigger_fight_equals_chain_reference():
    # Luck 12 is always lucky: many exact ties between testing and not testing
    case = dict(luck=12, pending="after-wound-taken")
    layered = ff_fight((11, 12), [(11, 12)], **case)
    assert layered == ff_fight((11, 12), [(11, 12)], solver="chain", **case)
    assert layered.policy == "optimal" and layered.advice in ("use-luck", "no-luck")


def test_luck_dominates_and_equal_sheets_stay_even_without_it():
    best = ff_fight((12, 24), [(12, 24)], luck=12)
    assert best.win > ff_fight((12, 24), [(12, 24)]).win == Fraction(1, 2)
    assert best.win >= ff_fight((12, 24), [(12, 24)], luck=12, luck_policy="always").win


def test_together_and_too_big_fights_are_refused():
    with pytest.raises(ValueError):
        ff_fight((10, 9), [(8, 3), (7, 3)], mode="together", luck=5, solver="layered")
    with pytest.raises(ValueError, match="more than 1000 states"):
        ff_fight((12, 24), [(12, 24)], luck=12, max_states=1000)


@settings(max_examples=60, deadline=None)
@given(sheet, sheet, st.integers(0, 12), st.sampled_from([None, (1, 3), (2, 2)]))
def test_backward_value_equals_forward_win(hero, enemy, luck, armour):
    # the values (divisions on one scale) and the pushed mass agree exactly
    from engine.rules.defis_fantastiques.ff_layered import LayeredFight
    from engine.rules.defis_fantastiques.odds_solver import _Fight
    fight = _Fight(hero[0], (enemy[0],), "single", True, "optimal", 2, 2, armour[0] if armour else 0)
    arm = armour[1] if armour else 0
    solver = LayeredFight(fight, hero[1], (enemy[1],), luck, arm, True, "optimal")
    h = solver.heroes.index((hero[1], arm))
    value = Fraction(solver.layers[luck][h][solver.start_enemy], solver.top)
    assert value == solver.odds(h, solver.start_enemy, luck).win
