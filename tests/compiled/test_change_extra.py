"""`Batch.change_extra` with a key (batch.py `changed`): each extras value's change
kept for the whole exploration gives the same rows as the change made afresh in each
batch, values interned between batches included, and `change` runs once a value."""
import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.packed import EXTRA, HEAD, Slots
from engine.analysis.explore.compact import freeze


def _bare(extra: dict) -> dict:
    extra["armour"] = None
    extra.pop("armour_hits", None)
    return extra


def _batch(slots: Slots, extras: list) -> Batch:
    rows = np.zeros((len(extras), HEAD), dtype=np.int64)
    rows[:, EXTRA] = [slots.extras(freeze(e) if e else None) for e in extras]
    return Batch(rows, slots)


def test_kept_changes_equal_fresh_ones_across_batches():
    slots, calls = Slots(), []

    def counted(extra):
        calls.append(dict(extra))
        return _bare(extra)

    first = [{"armour": "cotte", "armour_hits": 1}, None, {"armour": "cotte", "armour_hits": 1},
             {"armour": "plastron"}]
    second = [{"armour": "bouclier", "armour_hits": 2}, {"armour": "plastron"}, None]
    for extras in (first, second):
        b, fresh = _batch(slots, extras), _batch(slots, extras)
        mask = np.array([i != 1 for i in range(len(extras))])
        b.change_extra(mask, counted, key="bare")
        fresh.change_extra(mask, _bare)
        assert b.rows.tolist() == fresh.rows.tolist()
        assert not mask.all() and b.rows[1, EXTRA] == _batch(slots, extras).rows[1, EXTRA]
    # once a distinct value changed: cotte and plastron, then none and the bouclier
    # (interned since), in order of their numbers (the first's None and the second's
    # plastron are not in the mask)
    assert calls == [{"armour": "cotte", "armour_hits": 1}, {"armour": "plastron"},
                     {}, {"armour": "bouclier", "armour_hits": 2}]


def test_two_keys_are_two_tables():
    slots = Slots()
    b = _batch(slots, [{"armour": "cotte"}])
    b.change_extra(np.array([True]), _bare, key="bare")
    c = _batch(slots, [{"armour": "cotte"}])
    c.change_extra(np.array([True]), lambda e: {**e, "weapon": "epee"}, key=("weapon", "epee"))
    assert b.rows[0, EXTRA] != c.rows[0, EXTRA]
    assert slots.extras.values[c.rows[0, EXTRA]] == freeze({"armour": "cotte", "weapon": "epee"})
