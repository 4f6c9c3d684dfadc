"""The explorer's fight nodes (explore.py) read the model as play and odds do: the
book's Luck reading, and Luck switched off."""
import pytest
from df_helpers import HEADER, play

from engine.rules.defis_fantastiques.explore import fight_outcomes
from engine.rules.defis_fantastiques.odds_solver import ff_fight

BODY = """
paragraphs:
  1:
    text: Un ogre.
    effects: [{weapon: hache}]
    combat:
      win: 2
      enemies: [{name: Ogre, habilete: 8, endurance: 7, damage: 3}]
  2: {text: Victoire., end: victory}
"""


def node_wins(g) -> dict:
    cache: dict = {}
    strategies, _moves = fight_outcomes(g, g.state.pending, cache)
    wins = {}
    for key, ends in cache.items():
        if isinstance(key, tuple) and len(key) == 5 and key[0] == "df":   # ("df", name, rules, stopping, root)
            wins[key[1]] = sum(p for end, p in ends if end.outcome == "win")
    assert set(wins) == {name for name, _o in strategies}
    return wins


@pytest.mark.parametrize("reading", ["exact", "relative"])
def test_explorer_fight_node_reads_the_luck_reading(tmp_path, reading):
    header = HEADER.replace("start: 1\n", f"start: 1\noptions: {{luck_reading: {reading}}}\n")
    wins = node_wins(play(tmp_path, BODY, [], header=header))
    expected = ff_fight((9, 20), [(8, 7)], luck=9, hero_damage=3, enemy_damage=3, luck_reading=reading)
    assert float(wins["luck-optimal"]) == pytest.approx(float(expected.win), abs=1e-12)
    assert float(wins["no-luck"]) == pytest.approx(float(ff_fight((9, 20), [(8, 7)], hero_damage=3,
                                                                   enemy_damage=3).win), abs=1e-12)


def test_explorer_fight_node_without_luck_when_the_fight_forbids_it(tmp_path):
    g = play(tmp_path, BODY.replace("      win: 2\n", "      win: 2\n      luck: false\n"), [])
    assert set(node_wins(g)) == {"no-luck"}
