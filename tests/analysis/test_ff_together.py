"""The layered "together" solver (ff_together) equals the chain reference exactly: same
Fractions, final distribution, expected rounds, policy and advice (target or Luck)."""
import pytest
from hypothesis import given, settings, strategies as st

from engine.rules.defis_fantastiques.odds_solver import ff_fight


@st.composite
def together_fights(draw):
    """Small random fights against two or three enemies at once, every option of ff_fight."""
    count = draw(st.integers(2, 3))
    enemies = draw(st.lists(st.tuples(st.integers(5, 11), st.integers(0, 4 if count == 2 else 3)),
                            min_size=count, max_size=count))
    options = dict(
        mode="together",
        luck=draw(st.one_of(st.none(), st.integers(-1, 13 if count == 2 else 6))),
        hero_damage=draw(st.integers(1, 3)), enemy_damage=draw(st.integers(1, 3)),
        armour=draw(st.one_of(st.none(), st.tuples(st.integers(0, 2), st.integers(1, 2)))),
        attack_bonus=draw(st.integers(0, 2)),
        pending=draw(st.sampled_from([None, "after-wound-dealt", "after-wound-taken"])),
        luck_policy=draw(st.sampled_from(["optimal", "optimal", "always", "never"])))
    hero = draw(st.tuples(st.integers(5, 12), st.integers(1, 6)))
    return hero, enemies, options


@settings(max_examples=120, deadline=None)
@given(together_fights())
def test_together_equals_chain_reference(case):
    hero, enemies, options = case
    together = ff_fight(hero, enemies, solver="together", **options)
    reference = ff_fight(hero, enemies, solver="chain", **options)
    assert together == reference
    assert together.win + together.lose == 1 and sum(together.hero_final.values()) == 1


@settings(max_examples=120, deadline=None)
@given(together_fights(), st.data())
def test_together_with_different_wounds_equals_chain_reference(case, data):
    """Issue 12: opponents dealing different wounds, fought together: ff_together reads
    each wound as its opponent's, in play's queue order, exactly as the chain."""
    hero, enemies, options = case
    damages = data.draw(st.lists(st.integers(1, 4), min_size=len(enemies), max_size=len(enemies)))
    if len(set(damages)) == 1:
        damages[0] = damages[0] % 4 + 1
    reading = data.draw(st.sampled_from(["exact", "relative"]))
    if reading == "relative":   # (an unlucky wound of 1 - 1 = 0 undoes nothing: a cycle no chain takes)
        damages = [max(2, d) for d in damages]
        options["hero_damage"] = max(2, options["hero_damage"])
        if len(set(damages)) == 1:
            damages[0] += 1
    options = {**options, "enemy_damage": damages, "luck_reading": reading}
    together = ff_fight(hero, enemies, solver="together", **options)
    assert together == ff_fight(hero, enemies, solver="chain", **options)
    assert ff_fight(hero, enemies, **options) == together   # the default path, Luck or not


def test_default_solver_with_luck_is_the_together_one():
    case = dict(mode="together", luck=7)
    enemies = [(8, 4), (7, 3), (8, 4)]
    odds = ff_fight((9, 7), enemies, **case)
    assert odds == ff_fight((9, 7), enemies, solver="chain", **case)
    assert odds.policy == "optimal" and odds.advice.startswith("target:")


@pytest.mark.parametrize("enemies", [[(8, 2), (8, 4), (7, 3)], [(7, 3), (8, 1), (8, 4)],
                                     [(6, 3), (6, 3), (6, 2)]])
def test_enemies_of_the_same_skill_in_any_order(enemies):
    # the solver sorts them (interchangeable); the advice names the real list position
    for pending in (None, "after-wound-dealt", "after-wound-taken"):
        case = dict(mode="together", luck=6, pending=pending)
        assert ff_fight((9, 6), enemies, **case) == ff_fight((9, 6), enemies, solver="chain", **case)


def test_equal_enemies_tie_on_the_first_target():
    # two identical enemies: the reference advises the first of equal targets
    odds = ff_fight((9, 6), [(8, 3), (8, 3)], mode="together", luck=5)
    assert odds.advice == "target:0"


def test_solvers_refuse_the_other_mode_and_too_big_fights():
    with pytest.raises(ValueError):
        ff_fight((10, 9), [(8, 3)], luck=5, solver="together")
    with pytest.raises(ValueError):
        ff_fight((10, 20), [(6, 30)] * 5, mode="together", luck=10)
