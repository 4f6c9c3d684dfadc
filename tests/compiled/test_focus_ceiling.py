"""What the focused order reads each wave (compiled/focus.py): its rows' ceilings
from one `Ceiling` kept while the lens's graph stays the same (its routes' prices kept
from wave to wave), and the closure's barred moves found by a binary search.  Both
give what they replace: the ceilings of a fresh `Ceiling` for every wave, `np.isin`."""
import numpy as np
import pytest

from tests.analysis_fixtures.support import load
from engine.analysis.compiled.closure import Closure
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.focus import Focus
from engine.analysis.compiled.packed import EXTRA, MISSING, PARAGRAPH
from engine.analysis.explore.worth import hopeful_rows


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
