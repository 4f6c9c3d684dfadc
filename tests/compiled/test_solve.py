"""The array solver (engine/analysis/compiled: floats level by level, then exact) gives
the exact explorer's value on every small book, and its float is within its bound."""
import glob
from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.compiled import from_space, solve
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from tests.analysis_fixtures.support import FIXTURES, load

ROOT = Path(__file__).resolve().parents[2]
# (hub-wide is left out: it is built to outgrow today's explorer's bound)
SMALL = [p for p in sorted(glob.glob(str(ROOT / "tests/analysis/books/*.yaml"))) if "hub-wide" not in p] \
    + sorted(glob.glob(str(FIXTURES / "*.yaml"))) + sorted(glob.glob(str(Path(__file__).parent / "books/*.yaml")))


def today(book, module):
    space = Explorer(book, module, max_states=20_000, timeout=60).run()
    value, _policy = exact_values(space)
    return space, sum((p * value[t] for p, t in space.root if t >= 0), Fraction(0))


@pytest.mark.parametrize("path", SMALL, ids=lambda p: Path(p).stem)
def test_both_paths_give_the_exact_explorers_value(path):
    book, module, _ = load(path)
    space, expected = today(book, module)
    assert space.bound is None
    arrays = solve(from_space(space))          # today's graph, the new solver
    assert arrays["exact"] == expected
    assert abs(arrays["float"] - float(expected)) <= arrays["bound"]
    compiled = solve(explore_compiled(book, module).graph)   # the new explorer and solver
    assert compiled["exact"] == expected
    assert abs(compiled["float"] - float(expected)) <= compiled["bound"]


def test_hand_values_through_the_compiled_path():
    # loop-chance: the wheel (1-2 wins, 5-6 back) is worth 1/2 > the jump's 1/6;
    # doomed: the bridge, 4 faces of 6.
    for name, value in (("loop-chance", Fraction(1, 2)), ("doomed", Fraction(2, 3))):
        book, module, _ = load(ROOT / "tests/analysis/books" / f"{name}.yaml")
        assert solve(explore_compiled(book, module).graph)["exact"] == value


def test_the_arrays_are_narrow():
    book, module, _ = load(Path(__file__).parent / "books/meal.yaml")
    g = explore_compiled(book, module).graph
    assert g.targets.dtype.itemsize <= 2 and g.exact.dtype.itemsize == 1 and g.state_ptr.dtype.itemsize <= 2
