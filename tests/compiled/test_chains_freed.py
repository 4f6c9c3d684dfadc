"""A run once (`explore_compiled`) lets its fight chains go before the graph is built:
the module's fight solvers hold themselves in cycles (a solver and its caches), so
they are freed by the run's own collection (the collector is off while it explores)."""
import gc
from pathlib import Path

from engine.analysis.compiled.explorer import explore_compiled
from engine.rules.defis_fantastiques.explore import ExploredFight
from tests.analysis_fixtures.support import load

BOOK = Path(__file__).parent / "books" / "fights.yaml"


def _alive() -> int:
    return sum(isinstance(o, ExploredFight) for o in gc.get_objects())


def test_the_fight_solvers_are_freed_once_the_run_has_explored():
    book, module, _ = load(BOOK)
    was = gc.isenabled()
    gc.collect()
    gc.disable()   # (no automatic collection meanwhile: only the run's own frees them)
    try:
        before = _alive()
        found = explore_compiled(book, module, sheet=1)
        assert found.bound is None and "no-luck" in found.strategies   # (its fights were priced)
        assert _alive() == before
    finally:
        if was:
            gc.enable()
