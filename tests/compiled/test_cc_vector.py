"""Chroniques Crétoises over arrays (engine/rules/chroniques_cretoises/vector.py): its
programs and commands give the engine's moves state by state (the differential
test), rules planted wrong are caught, and the exact value is reached through them
(today's explorer's: test_solve.py, on this book as on every small book)."""
from pathlib import Path

import numpy as np
import pytest

import engine.rules.chroniques_cretoises.vector as vector
from engine.analysis.compiled.differential import compiled_moves, differential, sample
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.packed import PARAGRAPH
from tests.analysis_fixtures.support import ROOT, load

HERE = Path(__file__).parent
RULES_BOOK = HERE / "books/cc-rules.yaml"


def _rules_book():
    return load(RULES_BOOK)[:2]


def _wrong(r) -> set:
    """(paragraph, move) of every move whose distribution differs."""
    return {(m["paragraph"], t) for m in r["mismatches"] for t in set(m["compiled"]) | set(m["engine"])
            if m["compiled"].get(t) != m["engine"].get(t)}


def test_the_rules_book_is_compared_commands_included():
    book, module = _rules_book()
    r = differential(book, module, max_states=20_000, per_paragraph=80)   # (whole: test_differential.py)
    assert r["mismatches"] == [] and r["checked"] >= 300
    assert {1, 2, 3, 4, 5, 8, 9, 11, 22} <= set(r["paragraphs"])   # (11: the invocations)
    assert r["rolled"] == [3]                                     # (Zeus's menu)
    x = CompiledExplorer(book, module, max_states=20_000)
    x.run()
    moves = set()
    for s in sample(x, 3, 0):
        if int(x.table.rows[s, PARAGRAPH]) in (2, 3):
            moves |= set(compiled_moves(x, s) or ())
    assert {"!oracle", "!zeus"} <= moves   # (the Oracle at 2, Zeus's menu at 3)


def test_its_programs_expand_every_living_state():
    # (test_solve.py requires today's explorer's value, 1/2, through this path, for this
    # book as for every small book.  By hand: the Oracle's +1 (4), Zeus's die d, the
    # climb's -3 and a prayer's +2 give 4 + d - 1 at the shepherd, who wants 7: d >= 4;
    # without Zeus, or raised by him, Honour never gets there.)
    book, module = _rules_book()
    found = CompiledExplorer(book, module).run()
    assert found.compiled_states > 0 and found.engine_states == 0   # (the dead whom Zeus may raise too)
    assert found.engine_paragraphs == {}


def test_the_dead_whom_zeus_may_raise_are_compared():
    book, module = _rules_book()
    r = differential(book, module, max_states=20_000, per_paragraph=10_000)
    # (6: his own place, 9; the deaths at 3, 5, 8, 11 are by Shame or after Zeus came:
    # no rescue, a game over for good, not expanded: test_final_deaths.py)
    assert r["mismatches"] == [] and set(r["rescued"]) == {6, 7}


def test_zeus_raising_without_clearing_shame_is_caught(monkeypatch):
    real = vector.set_value
    monkeypatch.setattr(vector, "set_value", lambda rules, b, stat, v: stat == "honte" or real(rules, b, stat, v))
    assert {(p, t) for p, t in _planted(monkeypatch) if t == "zeus"}


def test_zeus_raising_whatever_the_shame_is_caught(monkeypatch):
    wrong = _planted(monkeypatch, vector, "_raisable", lambda used, by_shame, shame, honour: ~used)
    assert {(p, t) for p, t in wrong if t == "zeus"}


def test_zeus_raising_twice_is_caught(monkeypatch):
    real = vector.VectorRules.rescues

    def twice(self, book, number):
        return [(k, o, lambda b, r=r: (r(b), b.change_extra(b.ended == 0, lambda e: {**e, "zeus_used": False})), t)
                for k, o, r, t in real(self, book, number)]
    assert {(p, t) for p, t in _planted(monkeypatch, vector.VectorRules, "rescues", twice) if t == "zeus"}


def test_le_taureau_d_airain_sampled_by_paragraph():
    # (2, 8, 9, 15: a choice begins a fight; 9: the invocations at the priestess;
    # 22: Zeus offered; 4, 10, 16: fights, their strategies and kept answers compiled,
    # vector_fights.py; 29: Héphaïstos invoked, § 33's `auto:` entered by its program)
    book, module, _ = load(ROOT / "books/le-taureau-d-airain.yaml")
    r = differential(book, module, max_states=10_500, per_paragraph=8, sheet=1)   # (the 10,316 states a cut at 6,000 kept when the bound was checked between waves)
    assert r["mismatches"] == [] and r["checked"] >= 100 and {2, 8, 9, 15, 22} <= set(r["paragraphs"])
    assert {4, 10, 16} <= set(r["rolled"])
    assert 27 in r["rescued"]   # (the fall into the chasm: Zeus raises the hero at 30)


def test_a_fight_begun_with_the_wrong_striker_is_caught(monkeypatch):
    real = vector.start
    monkeypatch.setattr(vector, "start", lambda spec, bonus: {**real(spec, bonus), "turn": "enemy"})
    book, module, _ = load(ROOT / "books/le-taureau-d-airain.yaml")
    r = differential(book, module, max_states=1_500, per_paragraph=4, sheet=1)
    assert {2, 8} <= {p for p, _t in _wrong(r)}


def _planted(monkeypatch, target=None, name=None, wrong=None) -> set:
    """The (paragraph, move) pairs found wrong with a rule planted (`target.name`
    replaced by `wrong`, when given)."""
    if target is not None:
        monkeypatch.setattr(target, name, wrong)
    book, module = _rules_book()
    r = differential(book, module, max_states=1_500, per_paragraph=12)
    assert r["mismatches"]
    return _wrong(r)


def test_shame_not_counted_is_caught(monkeypatch):
    def no_shame(self, batch):
        self._refresh(batch, batch.ended == 0)
    assert (5, "1") in _planted(monkeypatch, vector.VectorRules, "after_change", no_shame)


def test_honour_not_locked_at_zero_is_caught(monkeypatch):
    wrong = _planted(monkeypatch, vector.VectorRules, "clamp", lambda self, b, stat, v: np.maximum(v, 0))
    assert wrong and {p for p, _t in wrong} <= {3, 4, 5, 8, 11}


def test_honour_at_zero_not_marked_is_caught(monkeypatch):
    assert _planted(monkeypatch, vector, "_exhausted", lambda extra: extra)


def test_spare_pieces_kept_past_the_limit_are_caught(monkeypatch):
    assert (2, "2") in _planted(monkeypatch, vector, "spares_over", lambda book, items: [])


def test_a_wound_that_does_not_kill_is_caught(monkeypatch):
    real = vector._wound

    def harmless(steps):
        step = real(steps)

        def wound(batch):
            ended = batch.ended.copy()
            step(batch)
            batch.rows[:, 1] = ended   # (the ending column: no death)
        return wound
    assert (8, "2") in _planted(monkeypatch, vector, "_wound", harmless)


def test_an_oracle_one_paragraph_off_is_caught(monkeypatch):
    assert (2, "!oracle") in _planted(monkeypatch, vector, "ORACLE_STEP", 19)


def test_zeus_called_twice_is_caught(monkeypatch):
    real = vector.VectorRules.commands

    def again(self, batch):
        out = real(self, batch)
        name, _offered, apply = out[1]
        here = self.book.paragraphs[int(batch.paragraph[0])]
        out[1] = (name, np.full(len(batch), bool(here.fields.get("zeus"))), apply)
        return out
    assert (3, "!zeus") in _planted(monkeypatch, vector.VectorRules, "commands", again)


@pytest.mark.parametrize("kind", ["patron", "god"])
def test_the_gods_planted_wrong_are_caught(monkeypatch, kind):
    if kind == "patron":   # a patron who is not made favourable
        def named(extra, name):
            extra["patron"] = name
        assert (1, "1") in _planted(monkeypatch, vector, "patron_set", named)
    else:                  # an attitude not written
        assert (1, "2") in _planted(monkeypatch, vector, "attitudes_set", lambda extra, value, known: [])


def test_an_invocation_that_does_not_spend_is_caught(monkeypatch):
    def free(have, cost):
        return (True, 0) if have >= cost else (False, -1)
    wrong = _planted(monkeypatch, vector, "price_paid", free)
    assert {p for p, _t in wrong} == {11}


def test_a_god_read_with_his_name_unfolded_is_caught(monkeypatch):
    # (`patron == "athena"`: texts compare with case and accents aside)
    real = vector.VectorRules.variable

    def raw(self, name):
        kind, _fn = real(self, name)
        return kind, lambda b: [e.get(name, "") if e else "" for e in b.extras()] if name == "patron" else _fn(b)
    monkeypatch.setattr(vector.VectorRules, "variable", raw)
    monkeypatch.setattr("engine.analysis.compiled.expressions.fold", lambda text: text)
    assert (11, "1") in _planted(monkeypatch)


def test_zeus_with_a_die_of_five_faces_is_caught(monkeypatch):
    assert (3, "honneur") in _planted(monkeypatch, vector, "HONOUR_DIE", 5)


def test_zeus_cancelled_but_spent_is_caught(monkeypatch):
    real = vector.VectorRules.answers

    def spent(self, book, number, pending):
        out = real(self, book, number, pending)
        return out and out[:3] + [("cancel", out[3][1], (1, [(1, vector._granted(lambda extra: extra))]), True)]
    assert (3, "cancel") in _planted(monkeypatch, vector.VectorRules, "answers", spent)
