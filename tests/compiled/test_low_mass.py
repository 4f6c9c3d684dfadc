"""tools/low_mass.py: the low bound's play carried to its ends, summed by paragraph.

closure-road.yaml (tests/compiled/closure; test_closure.py): cut at 400 states, the
closures close the road's play, worth 5/9.  It dies in § 6 twice: the bridge (§ 17, a 1
on 1d6: 1/6) and the ford (§ 27, a 1 or a 2, once past the bridge: 5/6 * 2/6 = 5/18),
4/9 in all; nothing is left on the frontier along it."""
from pathlib import Path

import pytest

from engine.analysis.compiled import focus
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.focus import Focus
from engine.analysis.compiled.run import low_solution
from tests.analysis_fixtures.support import load
from tools.low_mass import losses, watched

ROAD = Path(__file__).parent / "closure" / "closure-road.yaml"


def test_the_low_play_ends_where_the_road_kills(monkeypatch):
    """Planted bug: the victories summed over the deaths (ENDED 1 for 2) fails it."""
    monkeypatch.setattr(focus, "FEW", 2)
    monkeypatch.setattr(focus, "GROW", 0.1)
    book, module, _ = load(ROAD)
    ex = CompiledExplorer(book, module, sheet=1, order=Focus(first=40), max_states=400).run()
    r = low_solution(ex, exact=False)
    found = losses(ex, r["solution"])
    assert found["won"] == pytest.approx(5 / 9, abs=1e-12) == pytest.approx(r["float"], abs=1e-12)
    assert list(found["dead"]) == [6] and found["dead"][6] == pytest.approx(4 / 9, abs=1e-12)
    assert not found["lost"]
    at_ford = watched(ex, found["mass"], 27, module)
    assert sum(at_ford.values()) == pytest.approx(5 / 6, abs=1e-12)
