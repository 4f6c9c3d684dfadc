"""One weapon at a time ("Vous ne pouvez emporter avec vous qu'une seule arme à la
fois"), when the weapon comes or goes by a pick of a take, a give-up or a sale with
more picks to come (format 1.2).  The pick is settled at once, as the give-up's wait
settles what came before it: the old weapon is left for ever as the new one is
taken, so a game saved or rebuilt from its state between two picks (the explorer
rebuilds every state without its game object) holds one weapon, as the game that
went on does.  (It once depended on a flag of the game object, `items_changed`,
which a game rebuilt from its state did not have: taking a hammer then "take
nothing more" left the hero with his sword and the hammer.)"""
from __future__ import annotations

import json

import pytest

from engine.game import Game
from engine.game.dice import SeededDice
from engine.game.state import GameState
from engine.saves.store import restore, snapshot
from tests.format12.f12b_helpers import game

HAMMER = "  marteau: {name: Marteau, weapon: {damage: 2}}\n"
TAKE = """\
paragraphs:
  1:
    text: Un râtelier.
    effects: [{take: {choose: 2, from: [marteau, orbe]}}]
    choices: [{text: Partir, to: 2}]
  2: {text: Dehors., end: victory}
"""
GIVE = TAKE.replace("{take: {choose: 2, from: [marteau, orbe]}}", "{give_up: {count: 2, stats: [or]}}")
SELL = TAKE.replace("{take: {choose: 2, from: [marteau, orbe]}}", "{sell: {epee: 3, balluchon: 1}}")


def rebuilt(g: Game, narrate: bool) -> Game:
    """The game as a save resumes it (`narrate`: the player's) or as the explorer
    rebuilds it from the state alone."""
    if narrate:
        again, warnings = restore(g.book, g.module, json.loads(json.dumps(snapshot(g))))
        assert warnings == []
        return again
    state = GameState.from_json(json.loads(json.dumps(g.state.to_json())))
    return Game(g.book, g.module, SeededDice(1), state, undo=False, narrate=False)


def weapons(g: Game) -> tuple:
    """(the weapons held, the weapon the sheet names)."""
    held = sorted(i for i in g.state.items if g.book.items[i].props.get("weapon") is not None)
    return held, g.state.extra.get("weapon")


@pytest.mark.parametrize("narrate", [True, False])
def test_a_weapon_taken_with_more_to_take_leaves_the_old_one_at_once(tmp_path, narrate):
    g = game(tmp_path, TAKE, items=HAMMER)
    assert weapons(g) == (["epee"], "epee")
    g.answer("take:marteau")
    assert g.prompt().kind == "take" and weapons(g) == (["marteau"], "marteau")
    for played in (g, rebuilt(g, narrate)):
        played.answer("take-done")
        assert played.prompt().kind == "choice" and weapons(played) == (["marteau"], "marteau")


@pytest.mark.parametrize("narrate", [True, False])
def test_a_weapon_given_up_with_more_to_give_is_no_longer_in_hand(tmp_path, narrate):
    g = game(tmp_path, GIVE, items=HAMMER)
    g.answer("give:epee")
    assert g.prompt().kind == "give-up" and weapons(g) == ([], None)
    again = rebuilt(g, narrate)
    again.answer("give-stat:or")
    assert again.prompt().kind == "choice" and weapons(again) == ([], None) and again.state.stats["or"] == 14


@pytest.mark.parametrize("narrate", [True, False])
def test_a_weapon_sold_with_more_to_sell_is_no_longer_in_hand(tmp_path, narrate):
    g = game(tmp_path, SELL, items=HAMMER)
    g.answer("sell:epee")
    assert g.prompt().kind == "sell" and weapons(g) == ([], None)
    again = rebuilt(g, narrate)
    again.answer("sell-done")
    assert again.prompt().kind == "choice" and weapons(again) == ([], None) and again.state.stats["or"] == 18
