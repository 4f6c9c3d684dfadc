"""A stat's maximum read by an expression (Défis Fantastiques `chance_max`,
`endurance_max`, `habilete_max` and their aliases) compiled over batches
(engine/rules/defis_fantastiques/maxima.py), over tests/compiled/books/maxima.yaml:
a condition reading it, a `set:` to it, one moved by `ceiling:`.  No state takes the
engine path, the moves equal the real engine's as exact fractions, the value is
today's explorer's, and a maximum read wrong is caught."""
from pathlib import Path

import numpy as np

from engine.analysis.compiled.packed import MISSING
from engine.rules.defis_fantastiques import maxima
from tests.analysis_fixtures.support import load
from tests.compiled.constructs import by_programs, compared, wrong

BOOK = Path(__file__).parent / "books/maxima.yaml"


def _wrong() -> set:
    r = compared(BOOK)
    assert r["checked"] >= 100 and {1, 2, 3, 6, 9} <= set(r["paragraphs"])
    return wrong(r)


def test_every_state_by_a_program_and_the_value_is_today_s():
    exact, today = by_programs(BOOK, 100)
    assert 0 < today < 1 and exact == today


def test_the_whole_book_compares_equal_to_the_engine():
    r = compared(BOOK)
    assert r["mismatches"] == [] and r["checked"] >= 300
    assert r["paragraphs"] == [1, 2, 3, 4, 5, 6, 9] and r["rolled"] == [2]


def test_a_maximum_that_forgets_the_moved_ceiling_is_caught(monkeypatch):
    # (the starting value only: the altar's +1 to the Luck ceiling ignored)
    def start_only(name, caps_of, none):
        stat = name[:-4]

        def fn(b):
            start = b.col("initial", stat)
            return np.where(start == MISSING, 0, start)
        return "int", fn
    monkeypatch.setattr(maxima, "variable", start_only)
    # the altar's way back reads the moved ceiling (luck_max 8): closed (the states
    # beyond it are never found by the exploration planted wrong)
    assert _wrong() == {(6, "1")}


def test_a_maximum_read_as_the_current_value_is_caught(monkeypatch):
    def current(name, caps_of, none):
        stat = name[:-4]

        def fn(b):
            now = b.col("stats", stat)
            return np.where(now == MISSING, 0, now)
        return "int", fn
    monkeypatch.setattr(maxima, "variable", current)
    # the inn is never offered (Luck or Stamina below its maximum), the chapel opens to
    # the wounded, the altar's way back reads the Luck (below 8); the gate reads Skill's
    # maximum as the Skill (the same here)
    assert _wrong() == {(1, "2"), (3, "1"), (6, "1")}


def test_a_name_that_is_not_a_maximum_is_left_to_the_engine():
    rules = load(BOOK)[1].vector_rules
    assert rules.variable("or_max") is None and rules.variable("chance") is None
    assert rules.variable("chance_max")[0] == "int"
