"""The solver's components over arrays (compiled/components.py) are the old list
Tarjan's (explore/solve.py `components`), in the same order, with the levels and
loops the old list-based pass gave, on every small book and on hand-made graphs; the
NumPy way (`peeled`, large graphs) finds the same components, levels and loops,
listed after every component they lead to, members in increasing order."""
import glob
from array import array
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled.components import PEELED, components, peeled, tarjan
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
    new = tarjan(n, ptr, tl)
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
    check_peeled(g.states, edge_ptr.tolist(), g.targets.astype(np.int64).tolist())


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


def check_peeled(n, edge_ptr, targets):
    """`peeled` against `tarjan`: the same components (as sets), each state's level and
    loop the same, each component listed after every component it leads to."""
    ptr, tl = array("q", edge_ptr), array("q", targets)
    old, new = tarjan(n, ptr, tl), peeled(n, ptr, tl)
    assert sorted(sorted(c) for c in new) == sorted(sorted(c) for c in old)
    assert all(list(c) == sorted(c) for c in new)
    old_of, new_of = np.asarray(old.comp_of), np.asarray(new.comp_of)
    assert all(new_of[s] == c for c in range(len(new)) for s in new[c])
    assert (np.asarray(new.level)[new_of] == np.asarray(old.level)[old_of]).all()
    assert (np.frombuffer(new.loop, dtype=np.uint8)[new_of] == np.frombuffer(old.loop, dtype=np.uint8)[old_of]).all()
    src = np.repeat(np.arange(n), np.diff(np.asarray(edge_ptr, dtype=np.int64)))
    t = np.asarray(targets, dtype=np.int64)[:len(src)]
    ok = t >= 0
    assert (new_of[src[ok]] >= new_of[t[ok]]).all()   # (listed after what it leads to)
    return new


def csr(n, edges):
    """(edge_ptr, targets) of the edges [(s, t)], in their order for each s."""
    by = [[t for s2, t in edges if s2 == s] for s in range(n)]
    return [0] + np.cumsum([len(b) for b in by]).tolist(), [t for b in by for t in b]


def test_peeled_hand_made_graphs():
    # the graph of test_hand_made_graphs: a loop of two, an end, a state not explored, a self loop
    found = check_peeled(5, [0, 2, 3, 5, 5, 6], [1, -2, 2, 1, 3, 4])
    assert [list(c) for c in found] == [[3], [4], [1, 2], [0]]
    assert list(found.level) == [0, 0, 1, 2] and list(found.loop) == [0, 1, 1, 0]
    # no cycle: each state its own component, by level
    found = check_peeled(4, *csr(4, [(0, 1), (0, 2), (1, 3), (2, 3)]))
    assert [list(c) for c in found] == [[3], [1], [2], [0]] and list(found.level) == [0, 1, 1, 2]
    # a cycle upstream of a cycle, with states on no cycle before, between and after them:
    # 0 -> {1 <-> 2} -> 3 -> {4 -> 5 -> 6 -> 4} -> 7, and 3 -> 7, 8 -> 8 alone
    edges = [(0, 1), (1, 2), (2, 1), (2, 3), (3, 4), (3, 7), (4, 5), (5, 6), (6, 4), (6, 7), (8, 8)]
    found = check_peeled(9, *csr(9, edges))
    assert [list(c) for c in found] == [[7], [8], [4, 5, 6], [3], [1, 2], [0]]
    assert list(found.level) == [0, 0, 1, 2, 3, 4] and list(found.loop) == [0, 1, 1, 0, 1, 0]
    # a level of many small components: 300 loops of two and 300 self loops into one end
    m = 300
    edges = [(e, e + 1) for e in range(0, 2 * m, 2)] + [(e + 1, e) for e in range(0, 2 * m, 2)] \
        + [(e, 3 * m) for e in range(0, 2 * m, 2)] + [(s, s) for s in range(2 * m, 3 * m)] \
        + [(s, 3 * m) for s in range(2 * m, 3 * m)]
    found = check_peeled(3 * m + 1, *csr(3 * m + 1, edges))
    assert len(found) == 2 * m + 1 and list(found.level) == [0] + [1] * (2 * m)
    # a chain deeper than Python's recursion limit, into a loop
    n = 5000
    chain = check_peeled(n, list(range(n + 1)), list(range(1, n)) + [n - 2])
    assert list(chain.level) == [0] + list(range(1, n - 1))
    assert len(check_peeled(0, [0], [])) == 0


@pytest.mark.parametrize("seed", range(20))
def test_peeled_random_graphs(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 400))
    # mostly edges forward (a book's waves), some back (loops), some not explored
    src = np.sort(rng.integers(0, n, size=3 * n))
    step = rng.integers(1, 20, size=src.size) * np.where(rng.random(src.size) < 0.03, -1, 1)
    t = np.where(rng.random(src.size) < 0.02, -2, np.clip(src + step, 0, n - 1))
    check_peeled(n, np.searchsorted(src, np.arange(n + 1)).tolist(), t.tolist())


def test_components_peels_large_graphs():
    # 0 -> 1, every other state alone: Tarjan lists [1], [0], [2]...; peeling by level
    # lists every end first, [0] last
    for n, second in ((PEELED - 1, [0]), (PEELED, [2])):
        found = components(n, [0] + [1] * n, [1])
        assert list(found[1]) == second
    assert list(found[len(found) - 1]) == [0] and found.level[len(found) - 1] == 1


@pytest.mark.parametrize("n, narrow", [(5, np.int64), (5, np.int16), (70_000, np.int64), (70_000, np.int32)])
def test_the_parents_are_the_sources_sorted_by_target_then_source(n, narrow):
    # (the targets sorted by one 64-bit key a target, its place in the part below it)
    from engine.analysis.compiled.components import _parents
    rng = np.random.default_rng(n)
    src = np.sort(rng.integers(0, n, size=4 * n)).astype(np.int32)
    dst = rng.integers(0, n, size=src.size).astype(narrow)   # (the targets in their narrow type)
    by_pairs = sorted(zip(dst.tolist(), src.tolist()))
    starts = np.concatenate(([0], np.cumsum(np.bincount(dst, minlength=n))))
    assert _parents(n, lambda: [(src, dst)], starts).tolist() == [s for _d, s in by_pairs]


def test_each_targets_sources_by_a_counting_sort_part_by_part_are_its_edges_sources(monkeypatch):
    from engine.analysis.compiled import components as C
    rng = np.random.default_rng(5)
    n = 300
    src = np.sort(rng.integers(0, n, size=5000)).astype(np.int32)
    dst = rng.integers(0, n, size=5000).astype(np.int32)
    monkeypatch.setattr(C, "PART", 700)   # (several parts, a target's sources over several)
    starts = np.concatenate(([0], np.cumsum(np.bincount(dst, minlength=n))))
    got = C._parents(n, lambda: [(src, dst)], starts)
    for t in range(n):   # (each target's sources, in the edges' order)
        assert got[starts[t]:starts[t + 1]].tolist() == src[dst == t].tolist()
    assert got.dtype == np.int32


@pytest.mark.parametrize("seed", range(6))
def test_peeled_reading_the_edges_a_few_at_a_time_finds_the_same(monkeypatch, seed):
    # the edges read PART at a time (sources from the pointers, parts splitting a state's
    # edges and a target's sources), loops upstream of states peeled, levels of the
    # components left built on the levels of the states peeled: the same as tarjan's
    from engine.analysis.compiled import components as C
    monkeypatch.setattr(C, "PART", 7)
    found = check_peeled(*waves(np.random.default_rng(100 + seed)))
    assert any(found.loop) and max(found.level) > 3   # (loops, and levels above them)


def waves(rng):
    """(n, edge pointers, targets) of a random graph: mostly edges forward, some back
    (loops), a few not explored."""
    n = int(rng.integers(50, 300))
    src = np.sort(rng.integers(0, n, size=3 * n))
    step = rng.integers(1, 20, size=src.size) * np.where(rng.random(src.size) < 0.05, -1, 1)
    t = np.where(rng.random(src.size) < 0.02, -2, np.clip(src + step, 0, n - 1))
    return n, np.searchsorted(src, np.arange(n + 1)).tolist(), t.tolist()


@pytest.mark.parametrize("seed", range(4))
def test_the_sources_of_a_part_of_the_edges_are_those_a_search_an_edge_finds(seed):
    # states without edges (at the part's ends too), a state's edges split by the part
    from engine.analysis.compiled.components import sources
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 60))
    ptr = np.concatenate(([0], np.cumsum(rng.integers(0, 4, size=n))))
    e = int(ptr[-1])
    for a in range(e + 1):
        for b in range(a, e + 1):
            want = np.searchsorted(ptr, np.arange(a, b), side="right") - 1
            got = sources(ptr, a, b, np.int32)
            assert got.tolist() == want.tolist() and got.dtype == np.int32


@pytest.mark.parametrize("seed", range(6))
def test_peeled_reading_a_few_parents_at_a_time_in_a_round_finds_the_same(monkeypatch, seed):
    # a round of the peeling cut into parts of PEEL parents (a state with more alone):
    # the same components, levels and loops as tarjan's
    from engine.analysis.compiled import components as C
    monkeypatch.setattr(C, "PEEL", 3)
    rng = np.random.default_rng(200 + seed)
    n, *edges = waves(rng)
    found = check_peeled(n, *edges)
    assert any(found.loop) and max(found.level) > 3
    ready = np.arange(n)
    starts = np.concatenate(([0], np.cumsum(rng.integers(0, 9, size=n))))
    parts = C._by_parents(ready, starts)   # (every state with parents once, in order; none past PEEL but alone)
    assert np.concatenate(parts).tolist() == ready[starts[1:] > starts[:-1]].tolist()
    assert all(len(p) == 1 or int((starts[p + 1] - starts[p]).sum()) <= C.PEEL + 8 for p in parts)


@pytest.mark.parametrize("seed", range(4))
def test_each_states_edges_out_and_in_counted_a_few_at_a_time(monkeypatch, seed):
    # sources counted over the span of each part, targets COUNTED at a time (the last
    # ones left over too): each state's edges out and in, as a count over all the edges;
    # and the peeling on those counts finds tarjan's components, levels and loops
    from engine.analysis.compiled import components as C
    monkeypatch.setattr(C, "PART", 7)
    monkeypatch.setattr(C, "COUNTED", 20)
    n, ptr, targets = waves(np.random.default_rng(300 + seed))
    graph = C._Graph(n, np.array(ptr), np.array(targets, dtype=np.int32))
    src = np.repeat(np.arange(n), np.diff(ptr))
    kept = np.array(targets) >= 0
    out, into = C._degrees(n, graph.parts)
    assert out.tolist() == np.bincount(src[kept], minlength=n).tolist()
    assert into.tolist() == np.bincount(np.array(targets)[kept], minlength=n).tolist()
    assert len(targets) % 20 and len(targets) > 40   # (several counts, and some left over)
    found = check_peeled(n, ptr, targets)
    assert any(found.loop) and max(found.level) > 3


@pytest.mark.parametrize("seed", range(4))
def test_the_edges_out_of_some_states_are_those_of_every_edge_from_them(monkeypatch, seed):
    # (components.py `_Graph.out_of`: the states' spans gathered a part at a time, not
    # every edge read; states without edges and negative targets among them)
    from engine.analysis.compiled import components as C
    monkeypatch.setattr(C, "PART", 7)
    rng = np.random.default_rng(500 + seed)
    n, ptr, t = waves(rng)
    graph = C._Graph(n, np.asarray(ptr), np.asarray(t, dtype=np.int32))
    chosen = rng.random(n) < 0.3
    got = list(graph.out_of(chosen))
    want = [(s[chosen[s]], d[chosen[s]]) for s, d in graph.parts()]
    assert len(got) > 3   # (several parts)
    assert np.concatenate([s for s, _d in got]).tolist() == np.concatenate([s for s, _d in want]).tolist()
    assert np.concatenate([d for _s, d in got]).tolist() == np.concatenate([d for _s, d in want]).tolist()


def repeated(rng):
    """(n, edge pointers, targets) of a `waves` graph whose states' edges lead to the
    same targets again (a book's moves and dice do), in a shuffled order."""
    n, ptr, t = waves(rng)
    ptr, t = np.asarray(ptr), np.asarray(t)
    again = [rng.permutation(np.concatenate([t[ptr[s]:ptr[s + 1]]] * int(rng.integers(1, 4)))) for s in range(n)]
    return n, np.concatenate(([0], np.cumsum([len(a) for a in again]))).tolist(), np.concatenate(again).tolist()


@pytest.mark.parametrize("seed", range(4))
def test_the_distinct_graph_holds_each_states_successors_once_in_order(seed):
    # (components.py `_Graph.distinct`: what the peeling reads; in one part, each
    # state's non-negative targets once, increasing, and its degrees those counts)
    from engine.analysis.compiled import components as C
    n, ptr, t = repeated(np.random.default_rng(600 + seed))
    got = C._Graph(n, np.asarray(ptr), np.asarray(t, dtype=np.int32)).distinct()
    want = [sorted({d for d in t[ptr[s]:ptr[s + 1]] if d >= 0}) for s in range(n)]
    assert [got.tg[got.ptr[s]:got.ptr[s + 1]].tolist() for s in range(n)] == want
    assert len(t) > 2 * len(got.tg) and got.tg.dtype == np.int32   # (many repeated)
    out, into = got.degrees()
    assert out.tolist() == [len(w) for w in want]
    assert into.tolist() == np.bincount([d for w in want for d in w], minlength=n).tolist()


@pytest.mark.parametrize("seed", range(4))
def test_peeled_over_repeated_edges_read_a_few_at_a_time_finds_the_same(monkeypatch, seed):
    # (a state's edges over several parts: a target kept once a part, so some twice;
    # the components, levels and loops still tarjan's over every edge)
    from engine.analysis.compiled import components as C
    monkeypatch.setattr(C, "PART", 7)
    n, ptr, t = repeated(np.random.default_rng(700 + seed))
    got = C._Graph(n, np.asarray(ptr), np.asarray(t, dtype=np.int32)).distinct()
    assert [sorted(set(got.tg[got.ptr[s]:got.ptr[s + 1]].tolist())) for s in range(n)] == \
        [sorted({d for d in t[ptr[s]:ptr[s + 1]] if d >= 0}) for s in range(n)]
    found = check_peeled(n, ptr, t)
    assert any(found.loop) and max(found.level) > 3


@pytest.mark.parametrize("n", [1, 2, 50, 5000])
def test_the_states_by_level_then_component_are_lexsorts(monkeypatch, n):
    # (component_lists.py `_by_level`: one sort of a 64-bit key; the lexsort itself when the
    # key does not fit, forced here by levels as high as 2^40)
    from engine.analysis.compiled.component_lists import _by_level
    rng = np.random.default_rng(n)
    comp = rng.integers(0, max(n // 3, 1), size=n)
    for top in (4, 1 << 40):
        level = rng.integers(0, top, size=n)
        want = np.lexsort((comp, level))
        got = _by_level(comp, level)
        assert got.tolist() == want.tolist()
