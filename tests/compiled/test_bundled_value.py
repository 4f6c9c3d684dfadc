"""la-cloche-de-brumesel, sheet 1: the array solver's exact value over the explored
space, and over the compiled explorer's graph, is today's exact solver's fraction
(97.5958 %, issue 35), to the last digit."""
from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.compiled import from_space, solve
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import explore
from tests.analysis_fixtures.support import load

ROOT = Path(__file__).resolve().parents[2]


# (today's explorer over the whole book: tens of seconds; CI runs the slow tests too)
@pytest.mark.slow
def test_la_cloche_sheet_1_through_the_array_solver_is_todays_fraction():
    book, module, _ = load(ROOT / "books" / "la-cloche-de-brumesel.yaml")
    space = explore(book, module, max_states=3_000_000, timeout=1e9, sheet=1, focused=False)
    assert space.bound is None
    value, _policy = exact_values(space)
    today = sum((p * value[t] for p, t in space.root if t >= 0), Fraction(0))
    r = solve(from_space(space))
    assert r["exact"] == today
    # the compiled explorer, its fights over arrays (none left to the engine path)
    ex = explore_compiled(book, module, sheet=1)
    assert ex.bound is None and ex.engine_states == 0
    assert solve(ex.graph)["exact"] == today
    assert round(float(today) * 100, 4) == 97.5958   # the figure the issue states
    assert abs(r["float"] - float(today)) <= r["bound"]
