"""Helpers of the tests of the constructs compiled (test_typed_roll.py, test_maxima.py,
...): a book's moves compared with the engine's, and its value by both explorers."""
from fractions import Fraction

from engine.analysis.compiled import solve
from engine.analysis.compiled.differential import differential
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from tests.analysis_fixtures.support import load


def compared(path) -> dict:
    """The differential test's answer over the whole book at `path`."""
    book, module, _ = load(path)
    return differential(book, module, max_states=20_000, per_paragraph=10_000)


def wrong(r: dict) -> set:
    """(paragraph, move) of every move whose distributions differ."""
    return {(m["paragraph"], t) for m in r["mismatches"] for t in set(m["compiled"]) | set(m["engine"])
            if m["compiled"].get(t) != m["engine"].get(t)}


def values(path) -> tuple:
    """(the compiled exploration, its exact value, today's explorer's exact value)."""
    book, module, _ = load(path)
    ex = explore_compiled(book, module)
    space = Explorer(book, module).run()
    value, _ = exact_values(space)
    return ex, solve(ex.graph)["exact"], sum((p * value[t] for p, t in space.root), Fraction(0))


def by_programs(path, states: int) -> tuple:
    """(its exact value, today's) of a book every state of which (more than `states`)
    a program expands."""
    ex, exact, today = values(path)
    assert ex.engine_states == 0 and ex.engine_paragraphs == {} and ex.compiled_states > states
    return exact, today
