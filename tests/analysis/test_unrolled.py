"""A row waiting for a test's roll (compiled/fought.py, Défis Fantastiques'
`Chances.under_way` of a test: rules/defis_fantastiques/unrolled.py): priced at the
chance the test passes at the stat the row holds, times its ceiling, where the routes
alone priced it as if the test were behind it.

tests/analysis/books/luck-ledge.yaml: Luck 7, one point lost at § 1 (Luck 6), then
§ 2's test of Luck whose failure kills, then § 3 gives 2 Luck back (so the own hero's
Luck, the most it can be from the row on, is 7 again) before the victory.  By hand,
q(l) = P(2d6 <= l), q(6) = 15/36, q(7) = 21/36:

    the start, exactly       q(6) = 15/36           (the Luck held at the roll)
    a row at § 2 (Luck 6)    q(6) x 1 = 15/36       (the routes alone: 1, the test behind it)
    the start's own ceiling  q(7) = 21/36           (the routes: § 2 met at the most Luck)

so a run cut with the row at § 2 on its frontier has a high bound of 15/36, the exact
value, where the start's ceiling alone held it at 21/36 (the hero's mail shirt plays
no part in a test of Luck).  skill-ledge.yaml, the same book with § 2's test one of
Skill (Skill 10, the mail shirt worn: + 1 to the roll while worn, and it may be taken
off before the roll): the row is worth P(2d6 <= 10) = 33/36 with or without it on.
"""
import copy
from pathlib import Path

import numpy as np

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.fought import fought
from engine.analysis.compiled.frontier import ceilings as routes_only
from engine.analysis.compiled.packed import PENDING
from engine.analysis.compiled.run import high_bound
from engine.rules.defis_fantastiques import unrolled
from engine.rules.defis_fantastiques.chances import Chances
from tests.analysis.test_fought import priced as fought_priced
from tests.analysis_fixtures.support import load

LEDGE = Path(__file__).parent / "books" / "luck-ledge.yaml"
SKILL = Path(__file__).parent / "books" / "skill-ledge.yaml"   # (the same, § 2's test one of Skill)
Q6, Q7, SKILFUL = 15 / 36, 21 / 36, 33 / 36


def priced(book=LEDGE) -> tuple:
    """(each row's exact value, its ceiling, its ceiling by the routes alone, whether it
    is inside an activity) over every row of `book` explored whole (test_fought.py)."""
    value, worth, before, waiting, _account = fought_priced(book)
    return value, worth, before, waiting


def test_a_row_at_a_test_not_rolled_is_priced_at_the_luck_it_holds():
    value, worth, before, waiting = priced()
    assert waiting.any()
    assert not (value > worth + 1e-12).any()
    assert np.allclose(value[waiting], Q6, rtol=0, atol=1e-12)
    assert np.allclose(worth[waiting], Q6, rtol=0, atol=1e-12)   # (tight)
    assert np.allclose(before[waiting], 1.0, rtol=0, atol=1e-12)
    assert not (worth < before - 1e-12)[~waiting].any()   # (only rows waiting change)


def test_a_run_cut_at_the_test_meets_its_exact_value_below_the_starts_ceiling():
    book, module, _ = load(LEDGE)
    cut = CompiledExplorer(book, module, sheet=1, max_states=3, once=True).run()
    assert cut.bound is not None
    assert abs(float(cut.tops[0]) - Q7) < 1e-12
    assert abs(high_bound(cut) - Q6) < 1e-12


def test_a_test_waiting_is_priced_outside_the_fights_budget():
    """fought.py's count of kinds (the fights' odds are solved) leaves the tests, priced
    by a sum, out: with no budget at all the row waiting at § 2 is still at q(6)."""
    book, module, _ = load(LEDGE)
    ex = CompiledExplorer(book, module, sheet=1)
    found = ex.run()
    rows = np.arange(found.table.n)
    worth, account = fought(ex, rows, *routes_only(ex, rows), budget=0)
    waiting = found.table.column(PENDING) != 0
    assert np.allclose(worth[waiting], Q6, rtol=0, atol=1e-12)
    assert account["under_way"] == 2 and account["under_way_unpriced"] == 0   # (the shirt on, and off)


def test_a_test_of_skill_counts_the_armour_as_taken_off():
    value, worth, _before, waiting = priced(SKILL)
    assert not (value > worth + 1e-12).any()
    assert np.allclose(worth[waiting], SKILFUL, rtol=0, atol=1e-12)


def test_the_luck_read_one_lower_or_the_armour_kept_on_is_caught(monkeypatch):
    """Planted bugs, each below the row's exact value: the Luck held read one lower
    (q(5) = 10/36), the mail shirt's + 1 counted though it may come off (30/36)."""
    honest = Chances.under_way

    def lower(book, paragraph, state, lost):
        state = copy.deepcopy(state)
        state.stats["chance"] -= 1
        return honest(book, paragraph, state, lost)
    monkeypatch.setattr(Chances, "under_way", staticmethod(lower))
    value, worth, _before, _waiting = priced()
    assert (value > worth + 1e-9).any()
    monkeypatch.undo()
    monkeypatch.setattr(unrolled, "_least_penalty", lambda book, state: 1 if state.extra.get("armour") else 0)
    value, worth, _before, _waiting = priced(SKILL)
    assert (value > worth + 1e-9).any()


def test_the_own_heros_luck_in_place_of_the_rows_is_caught(monkeypatch):
    """A planted bug: the test read at the most Luck the row's hero can have (the
    starting 7, § 3 gives back what § 1 took) rather than the 6 it holds: 21/36, which
    the first test's tight price refuses."""
    honest = Chances.under_way

    def most(book, paragraph, state, lost):
        state = copy.deepcopy(state)
        state.stats["chance"] = state.initial["chance"]
        return honest(book, paragraph, state, lost)
    monkeypatch.setattr(Chances, "under_way", staticmethod(most))
    _value, worth, _before, waiting = priced()
    assert np.allclose(worth[waiting], Q7, rtol=0, atol=1e-12)
    assert not np.allclose(worth[waiting], Q6, rtol=0, atol=1e-12)
