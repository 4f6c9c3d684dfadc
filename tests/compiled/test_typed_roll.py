"""The last constructs of format 1.1/1.2 compiled (tests/compiled/books/typed-roll.yaml):
a note written by a paragraph and by a test's outcome, a computed target (a note read
back, `here + 5`), `random:` rolls, numbers to type (1.1, and 1.2 with a conditional
answer and `tries:`), counters, an action.  No state takes the engine path, each
construct's moves equal the real engine's as exact fractions, the value is today's
explorer's, and a rule planted wrong in each is caught."""
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled import choices, effect_steps, puzzle, rolls, solve
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from tests.compiled.constructs import by_programs, compared, values, wrong

BOOK = Path(__file__).parent / "books/typed-roll.yaml"


def _run():
    return compared(BOOK)


def test_every_state_by_a_program_and_the_value_is_today_s():
    exact, today = by_programs(BOOK, 500)
    assert 0 < today < 1 and exact == today


def test_the_whole_book_compares_equal_to_the_engine():
    r = _run()
    # 2 and 6 roll (`random:`), 3 tests; 1 has the action and `here + 5`, 2 and 5 a
    # note read back, 4 and 9 a number to type
    assert r["mismatches"] == [] and r["checked"] >= 500
    assert r["paragraphs"] == [1, 2, 3, 4, 5, 6, 8, 9] and r["rolled"] == [2, 3, 6]


def test_a_note_written_one_paragraph_off_is_caught(monkeypatch):
    real = effect_steps._note

    def off(name):
        step = real(name)

        def note(b):
            b.rows[:, 0] += 1
            step(b)
            b.rows[:, 0] -= 1
        return note
    monkeypatch.setattr(effect_steps, "_note", off)
    found = wrong(_run())   # (entering 1 notes it; so does 3's success)
    assert {(2, "1"), (8, "1"), (3, "roll")} <= found and {p for p, _t in found} <= {2, 3, 4, 6, 8, 9}


def test_a_computed_target_that_stays_put_is_caught(monkeypatch):
    real = choices.Target.of

    def here(self, b):
        t, known, lost = real(self, b)
        return b.paragraph.copy(), np.ones(len(b), bool), lost
    monkeypatch.setattr(choices.Target, "of", here)
    assert wrong(_run()) == {(1, "4"), (2, "2"), (5, "1")}


def test_two_dice_rolled_as_one_doubled_is_caught(monkeypatch):
    real = rolls._sums
    monkeypatch.setattr(rolls, "_sums", lambda count, sides: {count * f: 1 for f in range(1, sides + 1)}
                        if count == 2 else real(count, sides))
    assert wrong(_run()) == {(2, "roll")}


def test_a_typed_answer_whose_condition_is_ignored_is_caught(monkeypatch):
    monkeypatch.setattr(puzzle, "_holds", lambda compiler, p, raw, a: lambda b: (np.ones(len(b), bool),
                                                                                 np.zeros(len(b), bool)))
    assert wrong(_run()) == {(4, "2=29")}


def test_tries_not_counted_are_caught(monkeypatch):
    monkeypatch.setattr(puzzle, "_tried", lambda p, limit: lambda b: np.zeros(len(b), np.int64))
    # (a second wrong number does not lead to `wrong:`; the lens keeps the tries: it
    # forgot them before, and a player could type wrong numbers for ever)
    assert wrong(_run()) == {(4, "2=1"), (4, "2=29")}


def test_a_counter_past_its_bound_is_caught(monkeypatch):
    monkeypatch.setattr(effect_steps, "counter_clamp", lambda spec, value: value)
    assert {(8, "1"), (9, "1"), (6, "roll")} <= wrong(_run())   # (moves entering 1, which counts a step)


TRIES = """gamebook: 1.2
id: compiled-tries
title: Le cadenas
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 8, endurance: 7, chance: 8, equipment: []}
paragraphs:
  1:
    text: Un cadenas à trois chiffres. Qui se trompe deux fois voit la trappe s'ouvrir.
    puzzle: {answers: [50], tries: 2, wrong: 7}
    choices: [{text: Partir, to: 2}]
  2: {text: Vous repartez., end: death}
  7: {text: "La trappe s'ouvre sous vous, sur le trésor.", end: victory}
  50: {text: Le cadenas s'ouvre sur un piège., end: death}
"""


def test_the_tries_typed_are_kept_by_both_explorers(tmp_path):
    # The second wrong number is the only way to the victory: a lens that forgot the
    # first one (it did: the tries are once-only marks of a paragraph without a
    # once-only choice) found none.
    from engine.lint.loader import load_book
    path = tmp_path / "tries.yaml"
    path.write_text(TRIES, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok, loaded.diagnostics
    space = Explorer(loaded.book, loaded.module).run()
    value, _ = exact_values(space)
    assert sum((p * value[t] for p, t in space.root), Fraction(0)) == 1
    ex = explore_compiled(loaded.book, loaded.module)
    assert solve(ex.graph)["exact"] == 1 and ex.engine_states == 0
