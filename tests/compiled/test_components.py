"""The solver's components over arrays (compiled/components.py) are the old list
Tarjan's (explore/solve.py `components`), in the same order, with the levels and
loops the old list-based pass gave, on every small book and on hand-made graphs."""
import glob
from array import array
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled.components import components
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.explore.solve import components as list_components
from tests.analysis_fixtures.support import FIXTURES, load

ROOT = Path(__file__).resolve().parents[2]
SMALL = [p for p in sorted(glob.glob(str(ROOT / "tests/analysis/books/*.yaml"))) if "hub-wide" not in p] \
    + sorted(glob.glob(str(FIXTURES / "*.yaml"))) + sorted(glob.glob(str(Path(__file__).parent / "books/*.yaml")))


def old_levels(comps, succ):
    """The level and loop of each component as solve.py worked them out before."""
    lv, levels, loops = {}, [], []
    for comp in comps:
        members = set(comp)
        top = 0
        for s in comp:
            for t in succ(s):
                if t >= 0 and t not in members and lv[t] + 1 > top:
                    top = lv[t] + 1
        loop = len(comp) > 1 or comp[0] in succ(comp[0])
        for s in comp:
            lv[s] = top
        levels.append(top)
        loops.append(loop)
    return levels, loops


def check(n, edge_ptr, targets):
    ptr, tl = array("q", edge_ptr), array("q", targets)
    succ = lambda s: list(tl[ptr[s]:ptr[s + 1]])   # noqa: E731
    old = list_components(n, succ)
    new = components(n, ptr, tl)
    assert [list(c) for c in new] == old
    assert len(new) == len(old) and [list(new[c]) for c in range(len(new))] == old
    levels, loops = old_levels(old, succ)
    assert list(new.level) == levels
    assert [bool(x) for x in new.loop] == loops
    assert all(new.comp_of[s] == c for c, comp in enumerate(old) for s in comp)
    return new


@pytest.mark.parametrize("path", SMALL, ids=lambda p: Path(p).stem)
def test_the_same_components_as_the_list_tarjan(path):
    book, module, _ = load(path)
    g = explore_compiled(book, module).graph
    edge_ptr = g.move_ptr.astype(np.int64)[g.state_ptr.astype(np.int64)]
    check(g.states, edge_ptr.tolist(), g.targets.astype(np.int64).tolist())


def test_hand_made_graphs():
    # 0 -> 1 -> 2 -> 1 (a loop of two), 2 -> 3 (an end), 0 -> -2 (not explored), 4 -> 4 (a self loop)
    found = check(5, [0, 2, 3, 5, 5, 6], [1, -2, 2, 1, 3, 4])
    assert [sorted(c) for c in found] == [[3], [1, 2], [0], [4]]
    assert list(found.level) == [0, 1, 2, 0]
    assert list(found.loop) == [0, 1, 0, 1]
    # a chain deeper than Python's recursion limit
    n = 5000
    chain = check(n, list(range(n)) + [n - 1], list(range(1, n)))
    assert list(chain.level) == list(range(n))
    assert len(check(0, [0], [])) == 0
