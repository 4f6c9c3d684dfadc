"""Exact Cretan Chronicles fight odds."""
from fractions import Fraction

import pytest

from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.odds_solver import cc_fight, fight_of, hit_ways
from engine.rules.chroniques_cretoises.transitions import Fight

LION = (5, 15)
ALTHEOS = (7, 15)


def test_lion_first_strikes_by_hand():
    assert hit_ways(2, 7, 15) == (15, 36)  # needs 8: 5+4+3+2+1 ways
    assert hit_ways(2, 5, 15) == (6, 36)  # the lion needs 10
    assert hit_ways(2, -20, 15) == (3, 36)  # 11 and 12 always wound
    assert hit_ways(2, 20, 15) == (33, 36)  # 2 and 3 always miss
    assert hit_ways(1, 7, 15) == (0, 6)  # one die cannot make 8
    assert hit_ways(1, 10, 15) == (2, 6)  # the example: 3 Honour -> needs 5
    assert hit_ways(1, 20, 15) == (5, 6)  # a 1 always misses


def test_all_badly_wounded_duel_by_hand():
    # both Grièvement Blessé: both roll two dice again, one wound kills
    odds = cc_fight(ALTHEOS, [LION], hero_condition="grièvement-blessé",
                    enemy_conditions=["grièvement-blessé"])
    x, y = Fraction(15, 36), Fraction(6, 36)
    assert odds.win == x / (1 - (1 - x) * (1 - y)) == Fraction(30, 37)
    assert odds.hero_final == {"grièvement-blessé": Fraction(30, 37), "mort": Fraction(7, 37)}
    assert odds.expected_rounds == (1 + (1 - x)) / (1 - (1 - x) * (1 - y))


def test_lion_sums_to_one():
    for honour, spend in ((0, False), (10, True), (3, True)):
        odds = cc_fight(ALTHEOS, [LION], honour=honour, spend_honour=spend)
        assert odds.win + odds.lose == 1
        assert sum(odds.hero_final.values()) == 1


def test_lion_fights_on_when_badly_wounded():
    odds = cc_fight(ALTHEOS, [LION], enemy_conditions=["grièvement-blessé"])
    assert set(odds.outcomes) == {"win", "lose"}
    assert odds.win > 0


@pytest.mark.parametrize("honour", [0, 1, 3, 6, 10])
def test_spending_honour_never_hurts(honour):
    plain = cc_fight(ALTHEOS, [LION], honour=honour)
    best = cc_fight(ALTHEOS, [LION], honour=honour, spend_honour=True)
    assert best.win >= plain.win
    assert best.win >= cc_fight(ALTHEOS, [LION], honour=max(honour - 1, 0), spend_honour=True).win


def test_advice_for_pending_strike():
    # the example: Grièvement Blessé Althéos needs 8 on one die; spend 3 -> needs 5
    odds = cc_fight(ALTHEOS, [LION], hero_condition="grièvement-blessé",
                    enemy_conditions=["blessé"], honour=10, spend_honour=True, pending="attack")
    assert odds.advice.startswith("spend:") and int(odds.advice[6:]) >= 2
    assert cc_fight(ALTHEOS, [LION], pending="attack").advice is None


def test_more_force_wins_more():
    wins = [cc_fight((force, 15), [LION]).win for force in range(3, 12)]
    assert wins == sorted(wins) and wins[0] < wins[-1]


def test_three_wolves_forces_4_3_2():
    assert [R.enemy_force(2, "fff", i) for i in range(3)] == [4, 3, 2]
    assert [R.enemy_force(2, "flf", i) for i in range(3)] == [3, 3, 2]   # the one set aside helps no one
    odds = cc_fight(ALTHEOS, [(2, 12)] * 3)
    assert odds.win == 0 and odds.outcomes["all-badly-wounded"] + odds.lose == 1
    # more wolves, more danger; the lead wolf is the strongest
    two = cc_fight(ALTHEOS, [(2, 12)] * 2)
    assert odds.lose > two.lose
    weak = (7, 12)  # with Protection 12 a Force 4 wolf needs 8, a Force 2 one 10
    assert cc_fight(weak, [(4, 12)]).lose > cc_fight(weak, [(3, 12)]).lose > cc_fight(weak, [(2, 12)]).lose
    # Force 2 first with two companions behind is as strong as a lone Force 4
    assert cc_fight(weak, [(2, 12), (9, 30), (9, 30)]).lose > cc_fight(weak, [(2, 12), (9, 30)]).lose


def test_shame_counts_as_lose():
    odds = cc_fight(ALTHEOS, [LION], honour=0, honte=7, reward=6)
    assert odds.win == 0 and odds.outcomes["shame"] > 0 and odds.lose == 1
    saved = cc_fight(ALTHEOS, [LION], honour=1, honte=7, reward=6)
    assert saved.win == cc_fight(ALTHEOS, [LION]).win


def test_enemy_strikes_first():
    assert cc_fight(ALTHEOS, [LION], hero_first=False).win < cc_fight(ALTHEOS, [LION]).win


def test_json():
    data = cc_fight(ALTHEOS, [(7, 14)] * 2, honour=12, spend_honour=True).to_json()
    assert data["policy"] == "optimal"
    assert abs(data["win"] + data["lose"] + data["outcomes"]["all-badly-wounded"] - 1) < 1e-12


@pytest.mark.parametrize("dice", [1, 2])
def test_spend_table_is_the_smallest_spend_of_each_chance_for_any_budget(dice):
    rules, node = fight_of(ALTHEOS, [LION], spend_honour=True)
    fight = Fight(rules, 0)
    for force, protection in [(7, 15), (5, 15), (-3, 20), (12, 4), (0, 0)]:
        for attack in (True, False):
            for budget in range(0, 30):
                table = fight.spends(budget, dice, force, protection, attack)
                ways = [hit_ways(dice, force + (s if attack else -s), protection)[0]
                        for s in range(budget + 1)]
                wanted = max(ways) if attack else min(ways)
                smallest = [(s, w) for s, w in enumerate(ways) if w not in ways[:s]]
                assert table == smallest
                assert smallest[-1][1] == wanted


@pytest.mark.parametrize("keep", [0, 1, 3, 8])
def test_a_kept_back_honour_spends_no_more_than_the_rest(keep):
    """`Fight.expand` with Honour kept back: the options of every amount
    (`Fight.options`) that spend no more than what is not kept, each as the fight
    without keeping gives it when the hero holds only that much to spend."""
    rules, root = fight_of(ALTHEOS, [LION, (6, 13)], honour=9, spend_honour=True)
    fight, todo, seen = Fight(rules, 9, keep), [root], set()
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        spendable = max(0, node[4] - keep)
        options = fight.expand(node)
        assert options == [o for spent, o in fight.options(node) if spent <= spendable]
        assert all(spent <= node[4] for spent, _o in fight.options(node))
        labels = [o[0] for o in options]
        assert all(int(label[6:]) <= spendable for label in labels)
        todo += [c for o in options for _w, c in o[1] if isinstance(c, tuple) and not hasattr(c, "outcome")]
    assert len(seen) > 20


def test_the_explorers_chains_that_keep_back_honour_share_expansions_and_answer_the_same():
    """The explorer's chains of one fight for several amounts of Honour kept back
    share their nodes' options (explore.py): each answers as a chain solved alone."""
    from engine.rules.chroniques_cretoises.explore import _Explored
    rules, root = fight_of(ALTHEOS, [LION, (6, 13)], honour=9, spend_honour=True)
    shared: dict = {}
    for keep in (0, 1, 3, 9):
        alone = _Explored(rules, 9, frozenset(), keep, None, {})
        together = _Explored(rules, 9, frozenset(), keep, None, shared)
        assert together.chain.outcomes(root) == alone.chain.outcomes(root)
    assert shared


def test_the_explorer_keeps_apart_the_chains_of_fights_begun_with_and_without_honour():
    """0 Honour at the start of a fight, never lost (not exhausted), is not Honour
    fallen to 0 during it: a victory's reward still counts (`model.honour_after`),
    so the Shame of 1 does not kill.  A chain made where the fight began with 3
    Honour says otherwise of the same node: each start has its own."""
    from engine.rules.chroniques_cretoises.explore import _chain
    rules, with_some = fight_of(ALTHEOS, [LION], honour=3, honte=1, reward=2)
    same, without = fight_of(ALTHEOS, [LION], honour=0, honte=1, reward=2)
    assert same == rules
    cache, shared = {}, {}
    first = _chain(cache, rules, frozenset(), 0, 3, shared)
    first.chain.outcomes(with_some)
    later = _chain(cache, rules, frozenset(), 0, 0, shared)
    assert later is not first and _chain(cache, rules, frozenset(), 0, 5, shared) is first
    ends = {end.outcome for end, _p in later.chain.outcomes(without)}
    assert "win" in ends and "shame" not in ends
    assert "shame" in {end.outcome for end, _p in first.chain.outcomes(without)}
