"""vector.py `_alike`: the states of a fight's batch numbered alike when they differ at
most in the Endurance and the Luck, each read only as absent, 0 or more (and, for the
deaths, in the Endurance only): one successor row an end for each such group.  Both
numberings are those of the rows so read, in the order of the rows sorted (`np.unique`'s
ranks), whatever the ranges (absent stats, large values, the Luck alone varying)."""
import numpy as np
import pytest

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.packed import MISSING, Slots, Table
from engine.rules.defis_fantastiques.vector import _alike


def _batch(rng, n: int, missing: bool, big: bool):
    slots = Slots()
    end, luck = slots.index("stats", "endurance"), slots.index("stats", "chance")
    gold, flag = slots.index("stats", "or"), slots.index("flags", "f")
    rows = Table(slots).batch([{} for _ in range(n)])
    rows[:, end] = rng.integers(0, 4, n)
    rows[:, luck] = rng.integers(0, 5, n)
    rows[:, gold] = rng.integers(0, 3, n) * (1000 if big else 1)
    rows[:, flag] = rng.integers(0, 2, n)
    if missing:
        rows[rng.random(n) < 0.2, luck] = MISSING
        rows[rng.random(n) < 0.2, end] = MISSING
    return Batch(rows, slots), end, luck


def _ranks(rows: np.ndarray) -> np.ndarray:
    return np.unique(rows, axis=0, return_inverse=True)[1].reshape(-1)


def _read(column: np.ndarray) -> np.ndarray:
    return np.where(column == MISSING, -1, np.minimum(column, 1))


@pytest.mark.parametrize("missing,big", [(False, False), (True, False), (True, True)])
def test_states_alike_but_in_endurance_and_luck_share_a_number(missing, big):
    rng = np.random.default_rng(4 + missing + 2 * big)
    for n in (1, 7, 60, 400):
        batch, end, luck = _batch(rng, n, missing, big)
        alike, alike_luck = _alike(batch)
        both = batch.rows.copy()
        both[:, end], both[:, luck] = _read(both[:, end]), _read(both[:, luck])
        assert alike.tolist() == _ranks(both).tolist()
        endurance = batch.rows.copy()
        endurance[:, end] = _read(endurance[:, end])
        assert alike_luck().tolist() == _ranks(endurance).tolist()


def test_only_the_luck_varying_still_tells_its_values_apart_for_the_deaths():
    rng = np.random.default_rng(9)
    batch, end, luck = _batch(rng, 50, False, False)
    batch.rows[:, :] = batch.rows[0]
    batch.rows[:, luck] = np.arange(50) % 5 + 1   # (Luck 1..5: one class "1 or more")
    alike, alike_luck = _alike(batch)
    assert set(alike.tolist()) == {0}
    assert alike_luck().tolist() == (np.arange(50) % 5).tolist()
