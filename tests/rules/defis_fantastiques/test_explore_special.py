"""Fights with format 1.1 specials as the explorer's chance nodes (explore.py),
checked against the same fight played answer by answer through the real play code
(`Explorer(fight_nodes=False)`): with no decision for a strategy to take (no Luck,
one opponent at a time), the same exact value, fraction for fraction, and the same
states after the fight (so the ends are applied as play applies them); with Luck, a
lower bound of best play, never below the fight without Luck."""
import textwrap
from fractions import Fraction

import pytest

from engine.analysis.explore.compact import content, unpack
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from engine.lint.loader import load_book

BOOK = """\
gamebook: 1.1
title: Essai
rules: defis-fantastiques
start: 1
hero: {{habilete: 9, endurance: 7, chance: {luck}}}
items:
  epee: {{name: Épée, weapon: {{damage: 2}}}}
  dague: {{name: Dague, weapon: {{damage: 2, attack: -1}}}}
  cuir: {{name: Cuirasse, armour: {{absorbs: 1, hits: 2}}}}
paragraphs:
  1:
    text: Un ogre.
    effects: [{effects}]
    combat:
{combat}
      win: 2
  2: {{text: Victoire., end: victory}}
  3:
    text: Blessé, vous vous traînez.
    random: {{dice: 1d6, outcomes: [{{range: [1, 4], to: 2}}, {{range: [5, 6], to: 6}}]}}
  4:
    text: La nuit tombe.
    random: {{dice: 1d6, outcomes: [{{range: [1, 2], to: 2}}, {{range: [3, 6], to: 6}}]}}
  5:
    text: Vous fuyez.
    random: {{dice: 1d6, outcomes: [{{range: [1, 3], to: 2}}, {{range: [4, 6], to: 6}}]}}
  6: {{text: Mort., end: death}}
"""

FIGHTS = {
    "hurt": "hurt: 3\nenemies: [{name: Ogre, habilete: 8, endurance: 6}]",
    "hurt, heavy blows": "hurt: 3\nenemies: [{name: Ogre, habilete: 9, endurance: 6, damage: 3}]",
    "rounds": "rounds: 3\ntimeout: 4\nenemies: [{name: Ogre, habilete: 8, endurance: 8}]",
    "win_rounds": "win_rounds: 2\nenemies: [{name: Ogre, habilete: 9, endurance: 8}]",
    "first_round": "first_round: {attack: 2}\nenemies: [{name: Ogre, habilete: 9, endurance: 6}]",
    "modifiers": "modifiers: [{if: 'has(\"dague\")', attack: 1}]\nenemies: [{name: Ogre, habilete: 9, endurance: 6}]",
    "hurt_only_by": "enemies: [{name: Ogre, habilete: 7, endurance: 4, hurt_only_by: [dague]},\n"
                    "          {name: Rat, habilete: 5, endurance: 3}]",
    "together, timed": "rounds: 4\ntimeout: 4\nmode: together\n"
                       "enemies: [{name: Ogre, habilete: 8, endurance: 4}, {name: Rat, habilete: 6, endurance: 3}]",
}
GEAR = {"sword": "{weapon: epee}", "dagger and armour": "{weapon: dague}, {armour: cuir}"}


def explore(tmp_path, combat: str, luck: int, gear: str, nodes: bool):
    path = tmp_path / "livre.yaml"
    path.write_text(BOOK.format(luck=luck, effects=gear, combat=textwrap.indent(combat, " " * 6)),
                    encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.book is not None, [d.message.en for d in loaded.diagnostics]
    space = Explorer(loaded.book, loaded.module, fight_nodes=nodes, max_states=100_000, timeout=120).run()
    assert space.bound is None and not space.errors
    value, _policy = exact_values(space)
    start = sum((p * (value[t] if t >= 0 else 0) for p, t in space.root), Fraction(0))
    # after the fight: the states on their way (an ending is one state per paragraph)
    after = {content(k) for k, n in zip(space.states, space.paragraph) if n != 1 and content(k)[1] is None}
    return start, after, space


@pytest.mark.parametrize("gear", GEAR)
@pytest.mark.parametrize("fight", FIGHTS)
def test_a_special_fight_node_is_the_fight_played_answer_by_answer(tmp_path, fight, gear):
    """`luck: false`: play offers no Luck test at all (with Luck 0 it still offers one,
    which surely fails: states best play never reaches, and no strategy makes)."""
    combat = "luck: false\n" + FIGHTS[fight]
    node, after_node, nodes = explore(tmp_path, combat, 5, GEAR[gear], True)
    step, after_step, steps = explore(tmp_path, combat, 5, GEAR[gear], False)
    assert node == step
    assert after_node == after_step
    assert len(nodes.states) < len(steps.states)
    assert nodes.strategies   # the fight was a chance node, not played answer by answer


@pytest.mark.parametrize("fight", ["hurt", "rounds", "win_rounds", "first_round"])
def test_with_luck_the_strategies_bound_best_play(tmp_path, fight):
    node, _after, nodes = explore(tmp_path, FIGHTS[fight], 8, GEAR["dagger and armour"], True)
    step, _after, _steps = explore(tmp_path, FIGHTS[fight], 8, GEAR["dagger and armour"], False)
    no_luck, _after, _space = explore(tmp_path, FIGHTS[fight], 0, GEAR["dagger and armour"], True)
    assert no_luck < node <= step
    assert "luck-optimal" in nodes.strategies
    assert ("luck-survive" in nodes.strategies) == (fight in ("hurt", "rounds"))


def test_an_escape_is_the_books_move_where_it_opens(tmp_path):
    """The chain stops at the start of the round where escaping opens: the explorer
    tries the escape there (its paragraph is reached) and fighting on; escaping
    later is not tried (a lower bound of best play)."""
    fight = "win_rounds: 3\nescape: {to: 5, after: 2}\nenemies: [{name: Ogre, habilete: 9, endurance: 8}]"
    node, _after, nodes = explore(tmp_path, fight, 0, GEAR["sword"], True)
    step, _after, steps = explore(tmp_path, fight, 0, GEAR["sword"], False)
    assert 5 in nodes.reached and nodes.reached == steps.reached
    assert Fraction(1, 2) < node <= step
    waiting = [unpack(k)[7] for k, n in zip(nodes.states, nodes.paragraph) if n == 1]
    assert any(p and p["round"] == 2 for p in waiting), "no state where the fight waits for the escape"
