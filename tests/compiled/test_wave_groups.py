"""The explorer's grouping of a wave's states (explorer.py `_groups`, one stable sort) and
the lens's numbering of the rows' paragraphs and pending activities (forget.py `_distinct`, by counting) give
what the scans and sorts they replaced gave."""
import numpy as np
import pytest

from engine.analysis.compiled.explorer import DEAD, _groups
from engine.analysis.compiled.forget import _distinct


def _scanned(para, pending, waiting, busy, dead):
    """The groups as the explorer found them before: a scan of the wave for each."""
    groups = [(n, 0) for n in np.unique(para[waiting]).tolist()]
    if busy.any():
        groups += [tuple(g) for g in np.unique(np.stack([para, pending], axis=1)[busy], axis=0).tolist()]
    groups += [(n, DEAD) for n in np.unique(para[dead]).tolist()]
    out = []
    for n, pend in groups:
        if pend == DEAD:
            sel = np.flatnonzero(dead & (para == n))
        else:
            sel = np.flatnonzero((waiting if pend == 0 else busy) & (para == n) & (pending == pend))
        out.append((n, pend, sel.tolist()))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_a_waves_groups_are_the_scanned_ones_in_the_same_order(seed):
    rng = np.random.default_rng(seed)
    size = int(rng.integers(0, 300))
    para = rng.integers(1, 12, size=size)
    pending = np.where(rng.random(size) < 0.4, rng.integers(1, 5, size=size), 0)
    ended = rng.choice([0, 0, 0, 1, 2], size=size)
    waiting, busy = (ended == 0) & (pending == 0), (ended == 0) & (pending != 0)
    dead = (ended == 1) & (rng.random(size) < 0.7)   # (some deaths are over for good)
    found = [(n, p, sel.tolist()) for n, p, sel in _groups(para, pending, waiting, busy, dead)]
    assert found == _scanned(para, pending, waiting, busy, dead)


@pytest.mark.parametrize("para", [[5, 3, 5, 0, 9, 3], [7], [], [3, 1 << 21, 3], [-4, 2, -4]])
def test_the_paragraphs_numbered_by_counting_are_np_unique(para):
    para = np.array(para, dtype=np.int64)
    uniq, inverse = _distinct(para)
    want_uniq, want_inverse = np.unique(para, return_inverse=True)
    assert uniq.tolist() == want_uniq.tolist() and inverse.tolist() == want_inverse.reshape(-1).tolist()
