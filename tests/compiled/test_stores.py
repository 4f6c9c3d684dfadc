"""The restore points of the equipment (format 1.2 `store:`, `restore:`) compiled
(engine/analysis/compiled/stores.py), over tests/compiled/books/stores.yaml: a store
of a weapon, an armour and plain items, a store again with more (the counts kept
together), a restore, a restore of nothing, a store and a restore in one list.  No
state takes the engine path, the moves equal the real engine's as exact fractions,
the value is today's explorer's, and a rule planted wrong is caught.  A weapon gained
(the jailer's knife, then the smith's axe for the sword) is compiled with the same
normalise (effect_steps.py `_items`); the smith's purses, used where they lie, give
their effects once a copy."""
from pathlib import Path
from types import SimpleNamespace

from engine.analysis.compiled import stores
from engine.rules.defis_fantastiques import equipped
from tests.compiled.constructs import by_programs, compared, wrong

BOOK = Path(__file__).parent / "books/stores.yaml"


def test_every_state_by_a_program_with_today_s_value_and_the_engine_s_moves():
    exact, today = by_programs(BOOK, 5)
    r = compared(BOOK)
    assert 0 < today < 1 and exact == today and r["mismatches"] == []
    assert r["paragraphs"] == [1, 2, 3, 4, 7, 8] and r["rolled"] == [4]


def test_an_item_used_here_once_only_is_caught(monkeypatch):
    from engine.analysis.compiled import compiler
    real = compiler.Compiler._items

    def once(self, kind, value):
        return real(self, kind, {k: 1 for k in value} if type(value) is dict and "bourse" in value else value)
    monkeypatch.setattr(compiler.Compiler, "_items", once)
    assert wrong(compared(BOOK)) == {(7, "2")}


def test_a_store_that_keeps_nothing_is_caught(monkeypatch):
    monkeypatch.setattr(stores.Hands, "store", lambda self, name: None)
    # (the cell searched again after the nail: 3's way back to 1)
    assert (3, "1") in wrong(compared(BOOK))


def test_the_weapon_and_armour_not_normalised_after_it_are_caught(monkeypatch):
    monkeypatch.setattr(equipped, "equipment", SimpleNamespace(normalise=lambda play: None))
    # (the sword and the mail given back, not taken up again: 1's way to 2; the
    # second gate's store and restore: 2's way to 7; the axe that replaces the sword,
    # a gain of a weapon compiled with the same rule: 7's way to 8)
    assert {(1, "1"), (2, "2"), (7, "2")} <= wrong(compared(BOOK))
