"""Chroniques Crétoises fights over arrays (engine/rules/chroniques_cretoises/vector_fights.py):
each strategy's ends and each kept answer (retreat, surrender, invocation, magic
object) give the engine's moves state by state, as exact fractions under forced dice
(the differential test; le-taureau-d-airain's fights sampled: test_cc_vector.py), and
ends planted wrong are caught.  (The book's exact value equals today's explorer's:
test_solve.py and test_values.py take every book here.)"""
from pathlib import Path

import numpy as np

import engine.rules.chroniques_cretoises.vector_fights as vf
from engine.analysis.compiled.differential import compiled_moves, differential, sample
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.packed import PARAGRAPH, PENDING
from engine.analysis.explore.nodes import MACRO
from tests.analysis_fixtures.support import load

FIGHTS_BOOK = Path(__file__).parent / "books/cc-fights.yaml"


def _fight_moves(x, per_paragraph: int) -> dict:
    """{paragraph: the moves its fight states' programs offer} over a sample."""
    out: dict = {}
    for s in sample(x, per_paragraph, 0):
        if int(x.table.rows[s, PENDING]):
            out.setdefault(int(x.table.rows[s, PARAGRAPH]), set()).update(compiled_moves(x, s) or ())
    return out


def test_every_fight_move_is_compared_and_the_same():
    book, module = load(FIGHTS_BOOK)[:2]
    r = differential(book, module, max_states=20_000, per_paragraph=10**6)
    assert r["mismatches"] == [] and r["rolled"] == [2, 3, 6] and r["checked"] >= 60
    x = CompiledExplorer(book, module)
    found = x.run()
    moves = _fight_moves(x, 10**6)
    assert {"retreat", "surrender", MACRO + "honour-optimal", MACRO + "honour-keep-1"} <= moves[2]
    assert {"accept:lance", "refuse"} <= moves[2]   # (the guard's surrender offered)
    assert {"invoke", "use", MACRO + "honour-optimal"} <= moves[3]
    assert {"surrender", MACRO + "honour-optimal"} <= moves[6]   # (refused: the fight goes on)
    # (every state by its program, the dead whom Zeus may raise included)
    assert found.engine_paragraphs == {} and found.engine_states == 0


def _planted(monkeypatch, name, wrong) -> set:
    """The (paragraph, move) pairs found wrong with vector_fights' `name` planted wrong."""
    monkeypatch.setattr(vf, name, wrong)
    book, module = load(FIGHTS_BOOK)[:2]
    r = differential(book, module, max_states=20_000, per_paragraph=10**6)
    return {(m["paragraph"], t) for m in r["mismatches"] for t in set(m["compiled"]) | set(m["engine"])
            if m["compiled"].get(t) != m["engine"].get(t)}


def test_honour_spent_not_written_is_caught(monkeypatch):
    wrong = _planted(monkeypatch, "put_honour", lambda rules, batch, kept, marked, before: None)
    assert {(2, MACRO + "honour-optimal"), (6, MACRO + "honour-optimal")} <= wrong


def test_the_wound_left_not_written_is_caught(monkeypatch):
    real = vf.end_row

    def unhurt(end, pending, slots):
        kind, h, _hc, pend = real(end, pending, slots)
        return kind, h, 0, pend
    assert (2, MACRO + "honour-optimal") in _planted(monkeypatch, "end_row", unhurt)


def test_a_victory_that_leaves_him_wounded_is_caught(monkeypatch):
    real = vf.put_condition
    assert (3, MACRO + "honour-optimal") in _planted(
        monkeypatch, "put_condition",
        lambda batch, values: real(batch, np.where(values == vf.N.INDEMNE, vf.N.BLESSE, values)))


def _answer_planted(monkeypatch, answer: str, wrong) -> set:
    """The paragraphs found wrong with the kept answer's (steps, number) planted wrong."""
    real = getattr(vf.Fought, "_" + answer)

    def planted(self, batch, of, found):
        kept = self.answers[answer]
        self.answers[answer] = wrong(kept)
        try:
            return real(self, batch, of, found)
        finally:
            self.answers[answer] = kept
    monkeypatch.setattr(vf.Fought, "_" + answer, planted)
    book, module = load(FIGHTS_BOOK)[:2]
    r = differential(book, module, max_states=20_000, per_paragraph=10**6)
    return {m["paragraph"] for m in r["mismatches"]}


def test_a_retreat_on_one_face_too_many_is_caught(monkeypatch):
    assert _answer_planted(monkeypatch, "retreat", lambda kept: (kept[0], kept[1] + 1)) == {2}


def test_an_invocation_that_costs_nothing_is_caught(monkeypatch):
    assert _answer_planted(monkeypatch, "invoke", lambda kept: (kept[0], 0)) == {3}


def test_a_surrender_that_gives_nothing_up_is_caught(monkeypatch):
    assert (2, "surrender") in _planted(monkeypatch, "_surrendered", lambda book, items: ())


def test_a_surrender_refused_without_shame_is_caught(monkeypatch):
    real = vf._offer

    def shameless(rules, book, number, pending, steps, spec):
        add = steps.add
        steps.add = lambda stat, amount: add(stat, 0 if stat == "honte" else amount)
        return real(rules, book, number, pending, steps, spec)
    assert (2, "refuse") in _planted(monkeypatch, "_offer", shameless)


def test_fighters_given_the_arrays_of_others_are_caught(monkeypatch):
    """The arrays of a fighter's ends are made once for the fighters of one root
    (vector_fights.py `shared`: keyed by the very dicts of their ends); keyed by the
    strategies' names alone, fighters of other roots would take the first one's."""
    wrong = _planted(monkeypatch, "shared", lambda strategies: tuple(label for label, _ends in strategies))
    assert (2, MACRO + "honour-optimal") in wrong


LOCK_BOOK = Path(__file__).parent / "books/cc-honour-lock.yaml"


def test_honour_exhausted_in_a_fight_stays_locked(monkeypatch):
    """cc-honour-lock.yaml: the last point of Honour spent against the jackal marks it
    exhausted, so the priest's blessing after the fight gives nothing back; the same
    moves as play, and a fight's end that never marks the Honour exhausted is caught."""
    book, module = load(LOCK_BOOK)[:2]
    r = differential(book, module, max_states=20_000, per_paragraph=10**6)
    assert r["mismatches"] == [] and r["rolled"] == [1]
    real = vf.honoured_ends

    def unmarked(rules, batch, origin, values):
        kept, marked, before = real(rules, batch, origin, values)
        return kept, np.zeros_like(marked), before
    monkeypatch.setattr(vf, "honoured_ends", unmarked)
    r = differential(book, module, max_states=20_000, per_paragraph=10**6)
    wrong = {(m["paragraph"], t) for m in r["mismatches"] for t in m["compiled"]
             if m["compiled"].get(t) != m["engine"].get(t)}
    assert wrong == {(1, MACRO + "honour-optimal")}
