"""Format 1.2 outcomes that end the game or carry on (`{end: death, effects: [...]}`,
`{end: victory}`, `continue`) compiled (compiler.py `outcome_steps`), over
tests/compiled/books/outcomes.yaml: a test's failure that kills after its effects, a
success that wins, a failure that carries on in the paragraph.  No state takes the
engine path, the moves equal the real engine's as exact fractions, the value is
today's explorer's, and each planted wrong is caught."""
from pathlib import Path

from engine.analysis.compiled import compiler
from tests.compiled.constructs import by_programs, compared, wrong

BOOK = Path(__file__).parent / "books/outcomes.yaml"


def test_every_state_by_a_program_and_the_value_is_today_s():
    exact, today = by_programs(BOOK, 20)
    assert 0 < today < 1 and exact == today


def test_the_whole_book_compares_equal_to_the_engine():
    r = compared(BOOK)
    assert r["mismatches"] == [] and r["paragraphs"] == [1, 2, 3, 4, 5] and r["rolled"] == [2, 3, 4]


def test_death_and_victory_swapped_are_caught(monkeypatch):
    monkeypatch.setattr(compiler, "DEATH", compiler.VICTORY)
    monkeypatch.setattr(compiler, "VICTORY", -1)
    # (the bridge's failure kills by its own effect first, Stamina 0: 4's key wins)
    assert wrong(compared(BOOK)) == {(4, "roll")}


def test_continue_that_leaves_the_test_waiting_is_caught(monkeypatch):
    monkeypatch.setattr(compiler, "cleared", lambda b: None)
    assert (3, "roll") in wrong(compared(BOOK))
