"""The interpreter driven headless: effects, conditions, targets, endings, dice, undo."""
from __future__ import annotations

import pytest

from engine.game.dice import SeededDice, from_json
from engine.rules.base import Refused

from tests.play.helpers import keys, new_game


def test_entering_applies_effects_and_emits_events():
    game = new_game()
    events = game.drain()
    assert [e["type"] for e in events] == ["item", "paragraph"]
    assert game.state.items == {"lanterne": 1}
    assert game.state.visits == {1: 1}


def test_false_condition_is_refused_and_state_unchanged():
    game = new_game()
    before = game.save()
    option = game.prompt().options[1]
    assert not option.enabled and option.reason.en == "needs the item 'Clé de fer'"
    with pytest.raises(Refused):
        game.answer("2")
    assert game.save() == before


def test_unknown_answer_is_refused():
    game = new_game()
    with pytest.raises(Refused) as exc:
        game.answer("9")
    assert "9" in exc.value.message.en


def test_computed_target_and_random_outcome():
    game = new_game(faces=[5])
    game.answer("3")                      # "here + 3" -> 4
    assert game.state.paragraph == 4 and game.prompt().kind == "roll"
    game.answer("roll")                   # 5 falls in 4-6 -> 5
    assert game.state.paragraph == 5
    assert game.state.stats["or"] == 4    # effect of paragraph 5


def test_refused_module_answer_rolls_back_its_changes():
    game = new_game()
    game.answer("1")
    with pytest.raises(Refused):
        game.answer("bribe", 1)           # the mini module changes gold, then refuses
    assert game.state.stats["or"] == 3 and game.state.paragraph == 2


def test_amount_out_of_range_is_refused():
    game = new_game()
    game.answer("1")
    with pytest.raises(Refused):
        game.answer("bribe", 7)


def test_command_refused_during_activity_and_allowed_after():
    game = new_game()
    game.answer("1")
    with pytest.raises(Refused):
        game.command("eat")
    game.answer("bribe", 2)
    game.change("vie", delta=-5)
    game.command("eat")
    assert game.state.stats["vie"] == 9 and game.state.extra["meals"] == 1


def test_death_offers_the_module_rescue_then_restart_with_a_fresh_sheet():
    game = new_game(faces=[1])
    game.answer("3")
    game.answer("roll")                   # 1 -> paragraph 6: crushed
    assert game.state.ended == "death"
    assert keys(game) == ["pray", "restart"] and not game.over
    game.answer("pray")
    assert game.state.ended is None and game.state.paragraph == 1 and game.state.stats["vie"] == 1
    game.state.stats["vie"] = 0
    game.module.after_change(game)
    assert keys(game) == ["restart"] and game.over
    game.answer("restart")
    assert game.state.lives == 2 and game.state.stats == {"vie": 10, "or": 3}
    assert game.state.extra == {"meals": 2}


def test_victory_ends_the_game():
    game = new_game("tiny-en.yaml")
    game.answer("1")
    assert game.state.ended == "victory" and game.over
    assert game.prompt().kind == "ending"


def test_undo_restores_state_and_dice():
    game = new_game(seed=4)
    game.answer("1")
    game.answer("roll")
    after = game.save()
    assert game.undo()
    game.answer("roll")
    assert game.save() == after           # the same dice come again
    assert game.undo() and game.undo() and not game.undo()
    assert game.state.paragraph == 1


def test_restart_is_undoable():
    game = new_game()
    game.answer("1")
    game.restart()
    assert game.state.paragraph == 1 and game.state.lives == 2
    game.undo()
    assert game.state.paragraph == 2 and game.state.lives == 1


def test_forced_dice_run_out_then_seeded_with_an_event():
    game = new_game(faces=[6], seed=9)
    game.answer("1")
    game.drain()
    faces = game.roll(2, 6, "check")
    events = game.drain()
    assert faces[0] == 6
    assert faces[1] == SeededDice(9).face(6)
    assert [e["type"] for e in events] == ["dice-exhausted", "dice"]
    assert "seed 9" in events[0]["say"]["en"]
    game.roll(1, 6)
    assert [e["type"] for e in game.drain()] == ["dice"]   # said once


def test_bad_forced_face_is_refused_not_a_crash():
    game = new_game(faces=[9])
    game.answer("3")
    with pytest.raises(Refused):
        game.roll(1, 6)


@pytest.mark.parametrize("sizes", [[6, 6, 6], [6, 10, 6, 2, 6], [20, 20, 3]])
def test_seeded_dice_replay_after_serialisation(sizes):
    dice = SeededDice(11)
    for s in sizes:
        dice.face(s)
    copy = from_json(dice.to_json())
    assert [copy.face(s) for s in (6, 10, 6)] == [dice.face(s) for s in (6, 10, 6)]


@pytest.mark.parametrize("narrate", [True, False])
def test_a_value_set_gives_the_same_sheet_told_or_not(narrate):
    """Untold (the explorer's games), a value set does not read the old one; the
    sheet is the same as a told game's: bounds applied, a 0 not added where the stat
    is absent, the value written where it was."""
    game = new_game()
    game.narrate = narrate
    assert game.change("vie", value=4) == 4 and game.state.stats["vie"] == 4
    assert game.change("vie", value=4) == 4 and game.state.stats["vie"] == 4
    assert game.change("vie", value=999) == game.state.stats["vie"] == game.module.clamp(game.state, "vie", 999)
    assert game.change("absent", value=0) == 0 and "absent" not in game.state.stats
    assert game.change("absent", value=2) == 2 and game.state.stats["absent"] == 2
    told = [e for e in game.drain() if e["type"] == "stat"]
    assert [(e["old"], e["new"]) for e in told][:1] == ([(10, 4)] if narrate else [])


def test_every_change_is_an_event_with_old_and_new_values():
    game = new_game()
    game.drain()
    game.change("vie", delta=-3, reason="test")
    game.lose("lanterne")
    assert game.drain() == [
        {"type": "stat", "stat": "vie", "old": 10, "new": 7, "reason": "test"},
        {"type": "item", "item": "lanterne", "change": -1,
         "say": {"fr": "Vous perdez : Lanterne.", "en": "You lose: Lanterne."}}]
