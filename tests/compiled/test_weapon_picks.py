"""A weapon or an armour among picks still to come, compiled (engine/analysis/compiled/
giving.py), over tests/compiled/books/weapon-picks.yaml: a take of two from a hammer,
a coat of mail and a rope (play settles each pick while more may come: the old
weapon left for ever as the new one is taken, game/inventory.py `picks_go_on`), a
sale of the weapons with more to sell, and a give-up of two things with Gold among
them.  No state takes the engine path, the moves equal the real engine's as exact
fractions, the value is today's explorer's, and a planted bug is caught."""
from pathlib import Path
from types import SimpleNamespace

from tests.compiled.constructs import by_programs, compared, wrong

BOOK = Path(__file__).parent / "books/weapon-picks.yaml"


def test_every_state_by_a_program_and_the_value_is_today_s():
    exact, today = by_programs(BOOK, 100)
    assert 0 < today < 1 and exact == today


def test_the_whole_book_compares_equal_to_the_engine():
    r = compared(BOOK)
    # 1 waits for what is taken, 2 for what is sold, 3 for what is given; 4 fights, 5 tests
    assert r["mismatches"] == [] and r["checked"] >= 100
    assert r["paragraphs"] == [1, 2, 3, 4, 5]


def test_a_weapon_kept_beside_the_new_one_is_caught(monkeypatch):
    from engine.rules.defis_fantastiques import equipped
    monkeypatch.setattr(equipped, "equipment", SimpleNamespace(normalise=lambda play: None))
    found = wrong(compared(BOOK))
    assert {(1, "take:hache"), (1, "take:cotte"), (2, "sell:epee"), (3, "give:epee")} <= found

