"""The differential test: states of every bundled, fixture and test book whose
paragraphs have programs, expanded by the compiled program and by the real engine
(dice forced outcome by outcome), must give the same moves and the same successor
distributions as exact fractions; and a rule planted wrong is caught."""
import glob
from pathlib import Path

import pytest

from engine.analysis.compiled.differential import differential
from tests.analysis_fixtures.support import BOOKS, FIXTURES, load

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
# (hub-wide is left out: it is built to outgrow an explorer's bound)
SMALL = [p for p in sorted(glob.glob(str(ROOT / "tests/analysis/books/*.yaml"))) if "hub-wide" not in p] \
    + sorted(glob.glob(str(FIXTURES / "*.yaml"))) + sorted(glob.glob(str(HERE / "books/*.yaml")))


@pytest.mark.parametrize("path", SMALL, ids=lambda p: Path(p).stem)
def test_small_books_whole(path):
    book, module, _ = load(path)
    r = differential(book, module, max_states=20_000, per_paragraph=10_000)
    assert r["mismatches"] == []


# (le-taureau-d-airain, a Chroniques Crétoises book with no test to roll, is sampled
# in test_cc_vector.py)
@pytest.mark.parametrize("path", [b for b in BOOKS if "taureau" not in b], ids=lambda p: Path(p).stem)
def test_bundled_books_sampled_by_paragraph(path):
    book, module, _ = load(path)
    r = differential(book, module, max_states=800, per_paragraph=15, sheet=1)
    assert r["checked"] >= 50 and len(r["paragraphs"]) >= 5 and r["mismatches"] == []
    assert r["rolled"]   # (each has tests: their rolls compared too)


def test_the_meal_book_compares_programs_and_commands():
    book, module, _ = load(HERE / "books/meal.yaml")
    r = differential(book, module, max_states=20_000, per_paragraph=10_000)
    assert r["checked"] >= 20 and {3, 4, 7} <= set(r["paragraphs"]) and r["mismatches"] == []


def test_a_meal_planted_at_plus_3_is_caught(monkeypatch):
    import engine.rules.defis_fantastiques.vector as vector
    monkeypatch.setattr(vector, "MEAL", 3)
    book, module, _ = load(HERE / "books/meal.yaml")
    r = differential(book, module, max_states=20_000, per_paragraph=10_000)
    wrong = {t for m in r["mismatches"] for t in m["compiled"] if m["compiled"][t] != m["engine"].get(t)}
    assert r["mismatches"] and wrong == {"!manger"}


def test_death_planted_at_minus_one_is_caught(monkeypatch):
    # The death rule reading "Endurance below 0" instead of "Endurance 0": the ravine
    # (-20) still kills, but a state left at exactly 0 must be found alive.
    import engine.rules.defis_fantastiques.vector as vector
    book, module, _ = load(HERE / "books/exact-zero.yaml")
    assert differential(book, module)["mismatches"] == []
    real = vector.VectorRules.after_change

    def wrong(self, batch):
        end = batch.col("stats", "endurance")
        batch.end((end != vector.MISSING) & (end < 0), 1, "endurance")
    monkeypatch.setattr(vector.VectorRules, "after_change", wrong)
    assert differential(book, module)["mismatches"]
    assert real is not wrong


def _tests_book():
    return load(HERE / "books/tests.yaml")[:2]


def test_the_tests_book_compares_rolled_tests_with_and_without_armour():
    # Without commands the armour is never dropped: every test of Habileté is rolled
    # with its penalty; with them, the states that dropped it are compared too.
    book, module = _tests_book()
    for with_commands in (False, True):
        r = differential(book, module, max_states=20_000, per_paragraph=10_000, with_commands=with_commands)
        assert r["rolled"] == [2, 5] and 1 in r["paragraphs"] and r["checked"] >= 100 and r["mismatches"] == []


def _wrong_rolls(r) -> set:
    return {t for m in r["mismatches"] for t in m["compiled"] if m["compiled"][t] != m["engine"].get(t)}


def test_luck_not_lowered_is_caught(monkeypatch):
    import engine.rules.defis_fantastiques.vector as vector
    real = vector.VectorRules.test

    def wrong(self, batch, book, kind, modifier):
        before = batch.col("stats", "chance").copy()
        wins = real(self, batch, book, kind, modifier)
        batch.put("stats", "chance", before)
        return wins
    monkeypatch.setattr(vector.VectorRules, "test", wrong)
    book, module = _tests_book()
    r = differential(book, module, max_states=20_000, per_paragraph=10_000, with_commands=False)
    assert _wrong_rolls(r) == {"roll"} and {m["paragraph"] for m in r["mismatches"]} == {5}


def test_the_armours_test_penalty_ignored_is_caught(monkeypatch):
    import numpy as np
    import engine.rules.defis_fantastiques.vector as vector
    monkeypatch.setattr(vector.VectorRules, "skill_penalty", lambda self, batch, book: np.zeros(len(batch), np.int64))
    book, module = _tests_book()
    r = differential(book, module, max_states=20_000, per_paragraph=10_000, with_commands=False)
    assert _wrong_rolls(r) == {"roll"} and {m["paragraph"] for m in r["mismatches"]} == {2}


def test_an_armour_dropped_but_still_counting_its_hits_is_caught(monkeypatch):
    import engine.rules.defis_fantastiques.vector as vector

    def kept(extra):
        extra["armour"] = None
        return extra
    monkeypatch.setattr(vector, "_bare", kept)
    book, module = _tests_book()
    r = differential(book, module, max_states=20_000, per_paragraph=10_000)
    assert "!abandonner-armure" in _wrong_rolls(r)   # (and a roll whose outcome changes an item: normalise shares it)


def test_a_new_armour_keeping_the_old_ones_hits_is_caught(monkeypatch):
    import engine.rules.defis_fantastiques.vector as vector

    def worn(extra, kind, item):
        extra[kind] = item
        return vector._normalised(extra)
    monkeypatch.setattr(vector, "_taken", worn)
    book, module = _tests_book()
    r = differential(book, module, max_states=20_000, per_paragraph=10_000)
    assert _wrong_rolls(r) == {"3"} and {m["paragraph"] for m in r["mismatches"]} == {1}
