"""Défis Fantastiques fights that read the hero as they begin (`modifiers` conditions,
`hurt_only_by`), entered by a choice, a `random:` roll and a test's outcome, compiled
(rules/defis_fantastiques/begun.py: play's combat.begin once a distinct hero): over
tests/compiled/books/fight-start.yaml whole, no state takes the engine path, the
moves equal the real engine's as exact fractions, the value is today's explorer's,
and a bonus or an immunity forgotten at the start is caught."""
from pathlib import Path
from types import SimpleNamespace

from engine.rules.defis_fantastiques import begun
from tests.compiled.constructs import by_programs, compared, wrong

BOOK = Path(__file__).parent / "books/fight-start.yaml"


def test_every_state_by_a_program_and_the_value_is_today_s():
    exact, today = by_programs(BOOK, 50)
    assert 0 < today < 1 and exact == today


def test_the_whole_book_compares_equal_to_the_engine():
    r = compared(BOOK)
    # 1 and 2 choose, 3 rolls into a fight, 4 tests into one, 5 and 6 fight, 8 tests
    assert r["mismatches"] == [] and r["paragraphs"] == [1, 2, 3, 4, 5, 6, 8]
    assert r["rolled"] == [3, 4, 5, 6, 8]


def _forgetting(monkeypatch, key: str) -> set:
    real = begun.combat.begin
    monkeypatch.setattr(begun, "combat", SimpleNamespace(
        begin=lambda play, spec: {k: v for k, v in real(play, spec).items() if k != key}))
    return wrong(compared(BOOK))


def test_a_modifier_forgotten_at_the_start_is_caught(monkeypatch):
    # (the ghoul's fight begun without the charm's bonus or the alarm's malus: by the
    # stair's roll and by the grate's test failed)
    found = _forgetting(monkeypatch, "bonus")
    assert {3, 4} <= {p for p, _t in found} and 6 not in {p for p, _t in found}


def test_an_immunity_forgotten_at_the_start_is_caught(monkeypatch):
    # (the ghost wounded by the sword: by the roll and by the grate's test won)
    found = _forgetting(monkeypatch, "immune")
    assert {3, 4} <= {p for p, _t in found}
