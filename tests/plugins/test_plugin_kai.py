"""The kai plugin: its book lints clean and plays to an ending with forced dice.

Faces are d10 faces: a random number is the face minus one.  A new hero rolls
Combat Skill (1d10+9), Endurance (1d10+19) and Crowns (1d10-1), in that order.
"""
from __future__ import annotations

import pytest

from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.lint.loader import load_book
from engine.rules.base import Refused

HERO = [6, 6, 4]            # Combat Skill 15, Endurance 25, Crowns 3


@pytest.fixture(scope="module")
def loaded(kai_installed):
    result = load_book(kai_installed / "book" / "la-tour-de-brume.yaml", use_cache=False)
    assert result.ok
    return result


def game(loaded, faces, disciplines=("lame", "chasse")) -> Game:
    g = Game(loaded.book, loaded.module, ScriptedDice(HERO + list(faces)))
    for d in disciplines:
        g.answer(d)
    g.drain()
    return g


def say(events, lang="en"):
    return [e["say"][lang] for e in events if "say" in e]


def test_the_book_lints_clean_and_is_long_enough(loaded):
    assert loaded.diagnostics == []
    assert loaded.book.rules == "kai" and len(loaded.book.paragraphs) >= 12


def test_a_new_hero_rolls_the_sheet_and_chooses_disciplines(loaded):
    g = Game(loaded.book, loaded.module, ScriptedDice(HERO))
    assert g.state.stats == {"maitrise": 15, "vigueur": 25, "couronnes": 3, "repas": 1}
    assert g.state.initial["vigueur"] == 25 and g.state.items == {"couteau": 1, "silex": 1}
    prompt = g.prompt()
    assert prompt.kind == "creation" and len(prompt.options) == 6
    g.answer("presage")
    assert [o.key for o in g.prompt().options] == ["lame", "soins", "chasse", "cri", "pistage"]
    g.answer("pistage")
    assert g.prompt().kind == "choice" and g.state.extra["disciplines"] == ["presage", "pistage"]


def test_the_book_plays_to_victory_with_forced_dice(loaded):
    # causeway, ambush (ratio 15+2-13 = +4), forest, hound (+2), climb, guardian (+1)
    g = game(loaded, [10, 5, 10, 10, 5, 10, 10])
    g.answer("2")
    g.answer("2")
    assert g.state.paragraph == 7
    g.answer("fight")
    g.answer("fight")
    events = g.drain()
    assert say(events)[:2] == ["Ratio +4, number 9: Maraudeur loses 10, you lose 0.",
                               "Ratio +4, number 4: Maraudeur loses 6, you lose 2."]
    assert "Hunger strikes; you hunt and eat your fill." in say(events)   # Hunting at 8
    assert g.state.paragraph == 8 and g.state.stats["vigueur"] == 23
    g.answer("1")
    g.answer("2")
    g.answer("fight")
    g.answer("fight")
    g.answer("1")
    g.answer("roll")
    assert g.state.paragraph == 15
    g.answer("fight")
    g.answer("fight")
    assert g.state.paragraph == 17 and g.state.ended == "victory" and g.over
    assert g.prompt().kind == "ending"


def test_a_fight_lost_is_death_even_when_the_enemy_falls_too(loaded):
    g = Game(loaded.book, loaded.module, ScriptedDice([1, 1, 1, 1, 1, 1]))  # CS 10, EP 20
    g.answer("presage"), g.answer("pistage"), g.answer("2"), g.answer("2")
    g.state.stats["vigueur"] = 2        # a wounded hero (ratio 10-13 = -3, number 0: 1 / 6)
    g.answer("fight")
    assert (g.state.ended, g.state.death_cause) == ("death", "combat")
    assert [o.key for o in g.prompt().options] == ["restart"]


def test_evading_is_refused_before_the_rounds_then_leads_away(loaded):
    g = game(loaded, [1, 1, 1])
    g.answer("2"), g.answer("2")
    evade = g.prompt().options[-1]
    assert evade.key == "evade" and not evade.enabled
    assert evade.reason.en == "2 more round(s) before you can evade"
    with pytest.raises(Refused):
        g.answer("evade")
    g.answer("fight"), g.answer("fight")          # ratio +4, number 0: 3 / 3 twice
    assert g.state.stats["vigueur"] == 19
    g.answer("evade")                             # number 0 again: -3
    assert g.state.paragraph == 9 and g.state.stats["vigueur"] == 14   # 9 costs 2 more


def test_hunger_without_hunting_asks_for_a_meal_and_the_meal_command_answers(loaded):
    g = game(loaded, [10, 10], disciplines=("lame", "soins"))
    g.answer("2"), g.answer("2"), g.answer("fight"), g.answer("fight")
    assert g.state.paragraph == 8 and g.prompt().kind == "hunger"
    g.command("repas")
    assert g.state.stats["repas"] == 0 and g.prompt().kind == "choice"
    g.undo()
    g.answer("fast")
    assert g.state.stats["repas"] == 1 and g.state.stats["vigueur"] == 25 - 3


def test_healing_gives_one_endurance_a_paragraph_without_a_fight(loaded):
    g = game(loaded, [], disciplines=("soins", "chasse"))
    g.state.stats["vigueur"] = 20
    g.answer("2")
    assert g.state.stats["vigueur"] == 21            # entering 3
    g.answer("2")
    assert g.state.stats["vigueur"] == 21            # 7 holds a fight


def test_the_meal_command_heals_outside_fights_and_is_refused_otherwise(loaded):
    g = game(loaded, [])
    with pytest.raises(Refused) as full:
        g.command("meal")
    assert full.value.message.fr.startswith("vous n'avez pas faim")
    g.state.stats["vigueur"] = 20
    g.command("eat")
    assert (g.state.stats["vigueur"], g.state.stats["repas"]) == (22, 0)
    with pytest.raises(Refused):
        g.command("repas")
    g.answer("2"), g.answer("2")
    g.state.stats["repas"] = 1
    with pytest.raises(Refused) as fighting:
        g.command("repas")
    assert fighting.value.message.en == "this is no time to eat"


def test_the_war_cry_adds_three_to_the_ratio_once_a_fight(loaded):
    g = game(loaded, [1], disciplines=("lame", "cri"))
    g.answer("2"), g.answer("2")
    assert [o.key for o in g.prompt().options] == ["fight", "shout", "evade"]
    g.answer("shout")
    (round_,) = [e for e in g.drain() if e["type"] == "combat-round"]
    assert round_["ratio"] == 4 + 3
    assert [o.key for o in g.prompt().options] == ["fight", "evade"]


def test_discipline_conditions_open_choices(loaded):
    g = game(loaded, [], disciplines=("lame", "chasse"))
    g.answer("2")
    assert [o.enabled for o in g.prompt().options] == [False, True]
    g = game(loaded, [], disciplines=("pistage", "chasse"))
    g.answer("2")
    assert [o.enabled for o in g.prompt().options] == [True, True]


def test_a_game_saved_in_a_fight_goes_on_identically(loaded):
    g = game(loaded, [3, 8, 2, 9])
    g.answer("2"), g.answer("2"), g.answer("fight")
    saved = g.save()
    g.answer("fight")
    after = g.save()
    again = Game.load(loaded.book, loaded.module, saved)
    again.answer("fight")
    assert again.save() == after


def test_the_sheet_lists_the_disciplines_in_the_player_language(loaded):
    g = game(loaded, [])
    assert loaded.module.sheet(g.state, "fr")[-1] == ("Disciplines", "Maîtrise de la lame, Chasse")
    assert loaded.module.sheet(g.state, "en")[0] == ("Combat Skill", "15")
