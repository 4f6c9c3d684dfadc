"""A give-up in a choice's or a paragraph's effects compiled (engine/analysis/compiled/
giving.py), over tests/compiled/books/giving.yaml: `give_up: 1`, two things with a
stat and `except:` and a `none:` to a paragraph followed by another effect, a point
of Provisions with a `none:` that carries on, the same with nothing left to give, and
a paragraph's give-ups (with an effect after it; with a `none:` to a death), the takes
(format 1.2 `take: {choose: N, from: [...]}`) and the sales (`sell:`) of a paragraph
and of a choice.  No state takes
the engine path, the moves equal the real engine's as exact fractions, the value is
today's explorer's, and a rule planted wrong in each part is caught; what it does
not compile goes to the engine and is reported, the value unchanged."""
from pathlib import Path

from engine.analysis.compiled import giving
from tests.compiled.constructs import by_programs, compared, values, wrong

HERE = Path(__file__).parent
BOOK = HERE / "books/giving.yaml"


def _wrong() -> set:
    r = compared(BOOK)
    assert r["checked"] >= 30 and {1, 2} <= set(r["rolled"])
    return wrong(r)


def test_every_state_by_a_program_and_the_value_is_today_s():
    exact, today = by_programs(BOOK, 30)
    assert 0 < today < 1 and exact == today


def test_the_whole_book_compares_equal_to_the_engine():
    r = compared(BOOK)
    # 1 and 2 wait for the picks (their choices' give-ups), 10 and 11 too (their
    # paragraphs'), 3 and 4 for what is taken (a paragraph's take of two, a choice's
    # of one with a weapon), 3 and 12 for what is sold (a choice's sale, a
    # paragraph's), 8 and 9 test the Luck
    assert r["mismatches"] == [] and r["checked"] >= 250
    assert r["paragraphs"] == [1, 2, 3, 4, 5, 8, 9, 10, 11, 12] and r["rolled"] == [1, 2, 3, 4, 8, 9, 10, 11, 12]


def test_a_give_up_over_after_one_thing_is_caught(monkeypatch):
    real = giving.GivingUp.__init__

    def once(self, *args):
        real(self, *args)
        self.more = None
    monkeypatch.setattr(giving.GivingUp, "__init__", once)
    found = _wrong()
    # (the toll asks two things: the first one given goes straight on to 3; the
    # amulet, gained by the effect after the give-up, is among the picks)
    assert {p for p, _t in found} == {1} and {t for _p, t in found} == {"give:corde", "give:pain", "give-stat:or",
                                                                         "give:amulette"}


def test_a_paragraph_settled_past_its_next_effect_is_caught(monkeypatch):
    real = giving.settled

    def skipping(compiler, q, again, entering, start=0):
        return real(compiler, q, again, entering, start + 1 if start else 0)
    monkeypatch.setattr(giving, "settled", skipping)
    # (the toll-keeper's Stamina point, after his give-up, is never taken)
    assert 10 in {p for p, _t in _wrong()}


def test_a_take_of_two_over_after_one_is_caught(monkeypatch):
    real = giving.Taking.__init__
    monkeypatch.setattr(giving.Taking, "__init__", lambda self, compiler, number, pending, commands: real(
        self, compiler, number, dict(pending, left=1), commands))
    assert wrong(compared(BOOK)) == {(3, "take:corde"), (3, "take:pain")}


def test_a_sale_a_coin_short_is_caught(monkeypatch):
    real = giving._const
    monkeypatch.setattr(giving, "_const", lambda n: real(n - 1))
    assert wrong(compared(BOOK)) == {(3, "sell:pain"), (3, "sell:corde"), (12, "sell:lanterne")}


def test_except_ignored_is_caught(monkeypatch):
    real = giving.Able.__init__
    monkeypatch.setattr(giving.Able, "__init__", lambda self, keep, stats: real(self, (), stats))
    assert (1, "give:lanterne") in _wrong()


def test_none_ignored_when_nothing_is_left_to_give_is_caught(monkeypatch):
    monkeypatch.setattr(giving, "none_of", lambda value: None)   # (the choices' `none:`)
    monkeypatch.setattr(giving, "none_at", lambda p, pending: None)   # (the picks')
    # (the emptied sack pays the toll with nothing and goes on; "give-none" is gone
    # from the alms)
    assert {(1, "2"), (2, "give-none")} <= _wrong()


PARAGRAPH = """gamebook: 1.2
id: compiled-giving-left
title: Le gué du passeur
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 8, endurance: 8, chance: 7, equipment: [epee, corde]}
items:
  corde: {name: Corde}
  epee: {name: Épée courte, weapon: {damage: 2}}
paragraphs:
  1:
    text: Le passeur veut être payé.
    choices:
      - {text: Lui donner un objet, to: 2, effects: [{give_up: 1}]}
      - {text: Lui donner un objet plus tard, to: 3}
  2:
    text: Il vous fait traverser. Tentez votre Chance.
    test: {type: chance, success: 4, failure: 5}
  3:
    text: Il attend son dû sur l'autre rive.
    effects: [{give_up: 1}]
    choices:
      - {text: Lancer la corde, to: 4, if: "has('corde')"}
      - {text: Sauter, to: 5}
  4: {text: Vous voici sur l'autre rive., end: victory}
  5: {text: Le courant vous emporte., end: death}
"""


def _book(tmp_path, body: str):
    path = tmp_path / "left.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def test_a_weapon_given_up_last_is_compiled_too(tmp_path):
    # (the sword given at 1 or at 3: the hero fights bare-handed after; no fight here,
    # but the module's extras say which weapon is held, and the differential compares them)
    path = _book(tmp_path, PARAGRAPH)
    ex, exact, today = values(path)
    assert ex.engine_states == 0 and ex.engine_paragraphs == {} and exact == today
    r = compared(path)
    assert r["mismatches"] == [] and r["rolled"] == [1, 2, 3]   # (2 tests the Luck)


def test_a_weapon_kept_after_it_was_given_up_is_caught(tmp_path, monkeypatch):
    from types import SimpleNamespace
    from engine.rules.defis_fantastiques import equipped
    monkeypatch.setattr(equipped, "equipment", SimpleNamespace(normalise=lambda play: None))
    found = wrong(compared(_book(tmp_path, PARAGRAPH)))
    assert (1, "give:epee") in found and (3, "give:epee") in found


def test_a_weapon_among_picks_still_to_come_is_compiled_too(tmp_path):
    # (two things to give at 1: the sword given first is normalised at once, play
    # settling the pick while more may come: game/inventory.py `picks_go_on`)
    path = _book(tmp_path, PARAGRAPH.replace("effects: [{give_up: 1}]}", "effects: [{give_up: 2}]}"))
    ex, exact, today = values(path)
    assert ex.engine_paragraphs == {} and ex.engine_states == 0 and exact == today
    assert compared(path)["mismatches"] == []
