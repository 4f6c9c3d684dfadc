"""The Chroniques Crétoises sheet refreshed over one matrix (vector.py `_refresh`,
`_block`; distinct.py `numbered_block`): the equipment's columns and the natural
Force and Protection gathered as the rows of one matrix, each column's range read by
one reduction, the distinct equipments read from a row of each.  Compared with the
plain path it replaces (`numbered` over a list of columns) on random matrices and on
every batch the refresh is handed exploring the small CC books, array for array;
two planted bugs are caught."""
from pathlib import Path

import numpy as np
import pytest

import engine.rules.chroniques_cretoises.vector as V
from engine.analysis.compiled import distinct
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.distinct import numbered, numbered_block
from engine.analysis.compiled.explorer import CompiledExplorer
from tests.analysis_fixtures.support import load

BOOKS = Path(__file__).parent / "books"
MISSING = -(1 << 40)


def _matrices() -> list:
    """Matrices of a few columns (a row each): alike, narrow, wide, MISSING, one row,
    none, and a span past 63 bits (`numbered`'s sorted fallback)."""
    rng = np.random.default_rng(35)
    out = [np.zeros((3, 0), dtype=np.int64), np.array([[5], [-2]], dtype=np.int64)]
    for n in (1, 7, 200, 5000):
        m = rng.integers(0, 3, size=(6, n))
        m[1] = 4   # (a column alike in every row)
        m[3] = rng.integers(-50, 50, size=n)
        m[4] = np.where(rng.random(n) < 0.3, MISSING, rng.integers(0, 9, size=n))
        out.append(np.ascontiguousarray(m, dtype=np.int64))
    wide = rng.integers(0, 1 << 40, size=(3, 100), dtype=np.int64)
    out.append(np.vstack([wide, wide[:1] - (1 << 40)]))
    return out


def _same(block, found) -> bool:
    uniq, inverse = numbered(list(block))
    return found[0] == uniq and np.array_equal(found[1], inverse)


def test_numbered_block_is_numbered_over_its_rows():
    for m in _matrices():
        assert _same(m, numbered_block(m))


def _reference(self, batch, live) -> None:
    """`_refresh` as it was: `numbered` over the equipment's columns one by one."""
    base = V._read(batch, ("base_force", 4), ("base_protection", 10))
    cols = [batch.col("items", a).copy() for a in self.armed] + base
    self._sheets_put(batch, live, cols, *numbered(cols))


def _handed(monkeypatch, name: str) -> list:
    """(rules, rows, live, slots) of every batch `_refresh` is handed exploring a book."""
    seen = []
    real = V.VectorRules._refresh

    def caught(self, batch, live):
        seen.append((self, batch.rows.copy(), live.copy(), batch.slots))
        return real(self, batch, live)
    monkeypatch.setattr(V.VectorRules, "_refresh", caught)
    book, module = load(BOOKS / name)[:2]
    CompiledExplorer(book, module).run()
    monkeypatch.setattr(V.VectorRules, "_refresh", real)
    return seen


def _compared(seen) -> tuple[int, int]:
    """(the batches whose rows the refresh writes otherwise than the reference, those
    where the reference takes spare pieces away)."""
    wrong = spares = 0
    for rules, rows, live, slots in seen:
        mine, ref = Batch(rows.copy(), slots), Batch(rows.copy(), slots)
        rules._refresh(mine, live)
        _reference(rules, ref, live)
        wrong += mine.rows.shape != ref.rows.shape or not (mine.rows == ref.rows).all()
        spares += any(not np.array_equal(ref.col("items", a), Batch(rows, slots).col("items", a))
                      for a in rules.armed)
    return wrong, spares


@pytest.mark.parametrize("name", ["cc-fights.yaml", "cc-rules.yaml", "cc-surrender-items.yaml"])
def test_refresh_writes_what_the_plain_path_writes(monkeypatch, name):
    seen = _handed(monkeypatch, name)
    assert len(seen) > 10 and _compared(seen)[0] == 0


def test_spares_over_the_limit_are_compared(monkeypatch):
    """cc-rules.yaml hands the refresh an equipment past the spares' limit: the path
    that takes spare pieces away is compared too."""
    assert _compared(_handed(monkeypatch, "cc-rules.yaml"))[1] > 0


def _first_row_read(block):
    """Planted: every equipment read from the batch's first row."""
    uniq, inverse = numbered(list(block))
    return [tuple(block[:, 0].tolist())] * len(uniq), inverse


def _span_one_short(block):
    """Planted: each column's range one short (a column of two values read as alike,
    left out of the code: two equipments one number)."""
    n = block.shape[1]
    code = np.zeros(n, dtype=np.int64)
    for column in block:
        lo, span = int(column.min()), int(column.max() - column.min())
        if span > 1:
            code = code * span + (column - lo)
    _u, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    return [tuple(u) for u in block[:, first].T.tolist()], inverse.reshape(-1)


@pytest.mark.parametrize("plant", [_first_row_read, _span_one_short])
def test_planted_blocks_are_caught(monkeypatch, plant):
    seen = _handed(monkeypatch, "cc-rules.yaml")
    assert not all(_same(m, plant(m)) for m in _matrices() if m.shape[1])
    monkeypatch.setattr(V, "numbered_block", plant)
    assert _compared(seen)[0] > 0
