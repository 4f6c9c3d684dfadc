"""A Chroniques Crétoises fight's strategies list their edges state after state
(vector_fights.py `having`): each `Spread`'s states in increasing order, so that the
explorer's stable sort of a slice's edges by state (edges.py `Edges.add`) finds each
move's edges in one run.  The graph is the same in any order (the differential and
value tests); what is asserted here is the order itself, on a le-taureau-d-airain
cut whose fight batches hold states of many fighters, and the fighter-by-fighter
order (planted) is caught."""
from pathlib import Path

import numpy as np
import pytest

import engine.rules.chroniques_cretoises.vector_fights as vf
from engine.analysis.compiled.explorer import CompiledExplorer
from tests.analysis_fixtures.support import load

TAUREAU = Path(__file__).parents[2] / "books/le-taureau-d-airain.yaml"


def _spreads(monkeypatch) -> list:
    """(each strategy's Spread's states, the batch's fighter of each state) of a cut."""
    seen, made = [], vf.Spread
    real = vf.Fought.__call__

    def call(self, batch):
        of = self._fighters(batch)[0]

        def spread(src, *rest):
            seen.append((src, of))
            return made(src, *rest)
        monkeypatch.setattr(vf, "Spread", spread)
        try:
            return real(self, batch)
        finally:
            monkeypatch.setattr(vf, "Spread", made)
    monkeypatch.setattr(vf.Fought, "__call__", call)
    book, module = load(TAUREAU)[:2]
    CompiledExplorer(book, module, sheet=1, max_states=20_000).run()
    return seen


def _in_order(seen) -> bool:
    return all((np.diff(src) >= 0).all() for src, _of in seen)


def test_each_strategys_edges_come_state_after_state(monkeypatch):
    seen = _spreads(monkeypatch)
    assert _in_order(seen)
    # (states of several fighters in a batch, not listed fighter by fighter: the
    # order differs from a fighter-by-fighter one)
    assert any(len(np.unique(of[src])) > 1 and (np.diff(of[src]) < 0).any() for src, of in seen)


def test_fighter_by_fighter_is_caught(monkeypatch):
    """Planted: the states listed fighter by fighter (as before)."""
    def by_fighter(sizes, of):
        order = np.argsort(of, kind="stable")
        return order[sizes[of[order]] > 0]
    monkeypatch.setattr(vf, "having", by_fighter)
    assert not _in_order(_spreads(monkeypatch))
