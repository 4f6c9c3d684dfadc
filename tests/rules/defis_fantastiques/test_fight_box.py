"""vector.py `_boxed`: a fight plan met for the first time is priced over its whole
box (every Endurance up to its maximum, every Luck up to the highest its batch
holds), so that the later batches meeting it find their roots priced and make no
pricing call of their own; the exploration's states and exact value are those of
pricing only the roots met."""
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import numpy as np

import engine.rules.defis_fantastiques.vector as vector
from engine.analysis.compiled import solve
from engine.analysis.compiled.explorer import CompiledExplorer
from tests.analysis_fixtures.support import load

BOOK = Path(__file__).parents[2] / "compiled" / "books" / "fights.yaml"
PRICE = vector._price


def _plan(he: int, luck: int):
    return SimpleNamespace(ceiling=(he, luck, 0))


def test_the_batchs_roots_and_each_new_plans_box_each_once():
    plans = [_plan(4, 9), _plan(0, 0), _plan(3, 5)]
    here, he, luck = np.array([0, 1, 2, 0, 0]), np.array([2, 5, 3, 4, 6]), np.array([1, 0, 2, 0, 0])
    got = [tuple(r) for r in np.stack(vector._boxed(plans, [0, 1], here, he, luck), axis=1).tolist()]
    assert len(got) == len(set(got))
    # plan 0 (new): Endurance 1..4, Luck 0..1 (the most its batch holds), and its root past
    # its maximum; plan 1 (new, no maximum) and plan 2 (met before): their roots alone
    box = {(0, h, lk) for h in range(1, 5) for lk in range(2)}
    assert set(got) == box | {(0, 6, 0), (1, 5, 0), (2, 3, 2)}
    # no plan met for the first time: the batch's roots alone, as given
    same = vector._boxed(plans, [], here, he, luck)
    assert all((a == b).all() for a, b in zip(same, (here, he, luck)))


def _explored(monkeypatch, boxed=None):
    """The fights book explored whole: (states, exact value, each plan's pricing calls)."""
    calls: dict = {}

    def price(plans, local, memo, *rest):
        for m in np.unique(memo).tolist():
            calls[m] = calls.get(m, 0) + 1
        return PRICE(plans, local, memo, *rest)
    monkeypatch.setattr(vector, "_price", price)
    if boxed is not None:
        monkeypatch.setattr(vector, "_boxed", boxed)
    book, module, _ = load(BOOK)
    found = CompiledExplorer(book, module, max_states=20_000).run()
    value = solve(found.graph, exact=True)["exact"]
    return found.graph.states, Fraction(value), calls


def test_each_plan_is_priced_in_one_call_and_the_value_is_unchanged(monkeypatch):
    states, value, calls = _explored(monkeypatch)
    assert calls and set(calls.values()) == {1}   # (every plan priced once, whatever batches met it)
    # pricing only the roots met: more calls, the same states and exact value
    plain = lambda plans, fresh, here, he, luck: (here, he, luck)
    states_met, value_met, calls_met = _explored(monkeypatch, plain)
    assert sum(calls_met.values()) > sum(calls.values())
    assert (states, value) == (states_met, value_met)
