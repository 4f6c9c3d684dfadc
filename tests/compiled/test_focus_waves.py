"""What the focused order reads each wave (compiled/focus.py): its rows' ceilings
from one `Ceiling` kept while the lens's graph stays the same (its routes' prices kept
from wave to wave), the closure's barred moves found by a binary search, and the moves
of the states expanded since the solve appended batch by batch (since.py).  Each gives
what it replaces: the ceilings of a fresh `Ceiling` for every wave, `np.isin`, and the
moves read from the batches as they came."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from tests.analysis_fixtures.support import load
from engine.analysis.compiled.closure import Closure
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.focus import Focus
from engine.analysis.compiled.since import Since
from engine.analysis.compiled.solve import Solution
from engine.analysis.compiled.packed import EXTRA, MISSING, PARAGRAPH
from engine.analysis.explore.worth import hopeful_rows

ROAD = Path(__file__).parent / "closure" / "closure-road.yaml"   # (an endless space: every run a cut)


def focused(name: str):
    book, module, _ = load(name)
    order = Focus(first=3)
    CompiledExplorer(book, module, sheet=1, order=order).run()
    x = order.x
    return order, x, x.table.take(np.arange(x.table.n))


def fresh(x, rows) -> np.ndarray:
    """The rows' ceilings from a `Ceiling` made for them alone (as every wave did)."""
    def initial(stat):
        i = x.slots.find("initial", stat)
        return None if i is None or i >= rows.shape[1] else rows[:, i]
    return hopeful_rows(x.book, x.module, x.lens.lens.edges, x.slots, rows[:, PARAGRAPH], rows[:, EXTRA],
                        initial, MISSING)[0]


@pytest.mark.parametrize("name", ["df-crypt", "df-market"])
def test_the_waves_read_one_ceiling_and_get_a_fresh_ones_values(name):
    """df-crypt (a fight) and df-market (a test): every state's ceiling, read in three
    waves through the ceiling the order keeps, is what a fresh one gives (some below 1,
    some 0: the routes priced, a paragraph with no victory ahead)."""
    order, x, rows = focused(name)
    kept = np.concatenate([order._ceilings(part) for part in np.array_split(rows, 3)])
    assert np.array_equal(kept, fresh(x, rows))
    assert ((kept > 0) & (kept < 1)).any() and (kept == 0).any()
    ceiling = order._ceiling[2]
    order._ceilings(rows[:1])
    assert order._ceiling[2] is ceiling   # (the same graph: the same ceiling)


def test_a_corrected_graph_gets_a_new_ceiling():
    """The lens's graph corrected in place (an edge learned: lens.py `check`): the next
    wave reads a ceiling of the new graph.  df-crypt's § 9 leads to no victory (its
    rows worth 0); with a way from it to the victory (§ 8) they are worth more."""
    order, x, rows = focused("df-crypt")
    at9 = rows[:, PARAGRAPH] == 9
    assert at9.any() and (order._ceilings(rows)[at9] == 0).all()
    before = order._ceiling[2]
    x.lens.lens.edges[9].add(8)
    after = order._ceilings(rows)
    assert order._ceiling[2] is not before
    assert (after[at9] > 0).all() and np.array_equal(after, fresh(x, rows))


@pytest.mark.parametrize("barred", [[], [7], [3, 9, 4096 * 5 + 2, 4096 * 5 + 3, 1 << 40]])
def test_a_barred_move_is_found_as_isin_finds_it(barred):
    """`is_barred` (a binary search of the sorted keys) against `np.isin`: keys below,
    between, equal to and beyond the barred ones, an array and one key."""
    c = Closure()
    c.barred = np.unique(np.asarray(barred, dtype=np.int64))
    rng = np.random.default_rng(5)
    keys = np.concatenate([c.barred, c.barred + 1, c.barred - 1, rng.integers(0, 1 << 41, 200),
                           [0, (1 << 41) + 1]]).astype(np.int64)
    assert np.array_equal(c.is_barred(keys), np.isin(keys, c.barred))
    for k in keys[:12].tolist():
        assert bool(c.is_barred(k)) == bool(np.isin(k, c.barred))


def batches(seed: int) -> list:
    """Random batches as `Closure.expanded` gets them: distinct states, 1-3 moves
    each, 0-3 edges a move (targets, -1 for a game over, and probabilities)."""
    rng = np.random.default_rng(seed)
    states = rng.permutation(400)[:300]
    out = []
    for part in np.array_split(states, 7):
        sp = np.concatenate(([0], np.cumsum(rng.integers(1, 4, len(part)))))
        mp = np.concatenate(([0], np.cumsum(rng.integers(0, 4, sp[-1]))))
        out.append((np.sort(part), sp, mp, rng.integers(-1, 500, mp[-1]), rng.random(mp[-1])))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_moves_since_the_solve_are_read_as_they_came(seed):
    """Each state's moves, and its picked move's targets, read back from `Since`
    equal those of the batch that held it (and states never added are not held)."""
    since, plain = Since(50), {}
    for st, sp, mp, tg, pr in batches(seed):
        since.add(st, sp, mp, tg, pr)
        for i, s in enumerate(st.tolist()):
            plain[s] = [(tg[mp[m]:mp[m + 1]], pr[mp[m]:mp[m + 1]]) for m in range(sp[i], sp[i + 1])]
    q = np.arange(600)
    assert np.array_equal(since.held(q), np.isin(q, list(plain)))
    held = np.random.default_rng(seed).permutation(list(plain))[:120]
    sp, mp, t, p = since.local(held)
    for i, s in enumerate(held.tolist()):
        moves = [(t[mp[m]:mp[m + 1]], p[mp[m]:mp[m + 1]]) for m in range(sp[i], sp[i + 1])]
        assert len(moves) == len(plain[s])
        for (a, b), (c, d) in zip(moves, plain[s]):
            assert np.array_equal(a, c) and np.array_equal(b, d)
    picks = np.array([len(plain[s]) - 1 for s in held.tolist()])
    src, tgt = since.play(held, picks)
    assert np.array_equal(src, np.repeat(held, [len(plain[s][-1][0]) for s in held.tolist()]))
    assert np.array_equal(tgt, np.concatenate([plain[s][-1][0] for s in held.tolist()]))


@pytest.mark.parametrize("cut", [60, 200])
def test_a_cuts_low_solve_reads_the_high_solves_components(cut):
    """A round's two solves (compiled/focus.py `_round`, `_end`) have the same edges
    and other terminal values: the low solve given the high one's components finds
    the values, policy and components a solve of its own finds."""
    book, module, _ = load(ROAD)
    g = CompiledExplorer(book, module, sheet=1, max_states=cut).run().graph
    high = Solution(replace(g, terminal=np.where(g.terminal > 0, g.terminal, 1.0))).floats()
    low_graph = replace(g, terminal=g.terminal * 1.0)
    shared, own = Solution(low_graph).floats(high.comps), Solution(low_graph).floats()
    assert shared.comps is high.comps
    assert np.array_equal(shared.f, own.f) and np.array_equal(shared.policy, own.policy)
    assert np.array_equal(shared.comp_of, own.comp_of) and np.array_equal(shared.cyclic, own.cyclic)
    assert shared.levels == own.levels and own.cyclic.any()   # (loops through the hub: interval iteration)
