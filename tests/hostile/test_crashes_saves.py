"""What play can put in a save, `load` accepts: the bounds of engine/saves/checks.py
(every count within MAX_INT, at most MAX_DRAWS dice to replay) are kept while playing.
A save holding 10^9 visits was played one visit further, saved, then refused by load.
Now a visit or an item past MAX_INT is refused like a stat past it (a located book
error, the move undone), a restart count stays at MAX_INT, and a seeded dice source
that has drawn MAX_DRAWS dice goes on from a seed of its own (same dice, reloaded or not)."""
from __future__ import annotations

import json

from engine.game import Game
from engine.game.dice import SeededDice, from_json
from engine.lint.loader import load_book
from engine.saves import checks, store as saves
from engine.support.limits import MAX_DRAWS, MAX_INT
from tests.hostile._limits_support import book_text, no_traceback, run
from tests.hostile.test_limits_saves import _saved, _write

SAVED = lambda tmp_path: tmp_path / "data" / "saves" / "hostile" / "script.json"  # noqa: E731


def _play(tmp_path, stdin: str) -> tuple:
    result = run(["play", "--lang", "en", "--continue", "hostile.yaml"], tmp_path, stdin=stdin)
    no_traceback(result)
    return result, " ".join((result.stdout + " " + result.stderr).split())


def _round_trip(tmp_path, edit) -> str:
    """Save at paragraph 1 edited by `edit`, play choice 1 (to 2), then resume what was
    saved: the message of the move, after checking the save still loads."""
    obj = _saved(tmp_path)
    edit(obj)
    _write(tmp_path, "script", obj)
    _result, said = _play(tmp_path, "1\n")
    assert checks.value_problem(json.loads(SAVED(tmp_path).read_text(encoding="utf-8"))) is None
    _again, resumed = _play(tmp_path, "")
    assert "Game resumed" in resumed and "outside" not in resumed, resumed
    return said


def test_a_visit_past_the_bound_is_refused_and_the_save_still_loads(tmp_path):
    said = _round_trip(tmp_path, lambda o: o["visits"].update({"2": MAX_INT}))
    assert (f"the visits of paragraph 2 would reach {MAX_INT + 1}, more than {MAX_INT}, "
            "the most a save keeps") in said, said
    assert "move undone" in said and "Victory" not in said
    assert json.loads(SAVED(tmp_path).read_text(encoding="utf-8"))["paragraph"] == 1


def test_an_item_count_past_the_bound_is_refused_like_a_stat(tmp_path):
    path = tmp_path / "hostile.yaml"
    path.write_text(book_text("  1:\n    text: Départ.\n    choices:\n"
                              "      - {text: Prendre, to: 2, effects: [{gain: gemme}]}\n"
                              "  2: {text: Victoire, end: victory}\n",
                              extra="items:\n  gemme: {name: Gemme}\n"), encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    obj = saves.snapshot(Game(loaded.book, loaded.module, SeededDice(1)))
    obj["items"]["gemme"] = MAX_INT
    _write(tmp_path, "script", obj)
    _result, said = _play(tmp_path, "1\n")
    assert f"the count of “gemme” would reach {MAX_INT + 1}, more than {MAX_INT}" in said, said
    assert json.loads(SAVED(tmp_path).read_text(encoding="utf-8"))["items"]["gemme"] == MAX_INT


def test_a_restart_count_stays_within_what_a_save_holds(tmp_path):
    obj = _saved(tmp_path)
    obj["lives"] = MAX_INT
    _write(tmp_path, "script", obj)
    _result, said = _play(tmp_path, "recommencer\n")
    assert said.count("Départ.") == 2, said   # shown on resuming, then after the restart
    saved = json.loads(SAVED(tmp_path).read_text(encoding="utf-8"))
    assert saved["lives"] == MAX_INT and checks.value_problem(saved) is None


def test_dice_past_max_draws_go_on_from_a_seed_of_their_own():
    dice = SeededDice(7, draws=MAX_DRAWS - 1)
    first = dice.faces(3, 6)           # would make MAX_DRAWS + 2 draws to replay
    state = dice.to_json()
    assert 0 < state["draws"] <= MAX_DRAWS and state["seed"] != 7
    assert checks._draws(state) <= MAX_DRAWS
    again = SeededDice(7, draws=MAX_DRAWS - 1)
    assert again.faces(3, 6) == first   # the same dice from the same seed
    restored = from_json(state)
    assert [restored.face(6) for _ in range(20)] == [dice.face(6) for _ in range(20)]
