"""Défis Fantastiques: the weapon and the armour kept once the items changed, over
whole batches of states.

"Vous ne pouvez emporter avec vous qu'une seule arme à la fois ... Lorsque vous
abandonnez une arme, sachez qu'elle est perdue à jamais" (the same for an armour):
after any change of the items, the after-change rule's normalise
(equipment.normalise) keeps one weapon and one armour, discards the others for
ever, and wears a new armour with no hit taken (or none, and no hit count).  Here
the scalar normalise itself is run once for each distinct (weapons and armours
held, module extras) (vector.py `normalised`), for the compiled explorer's give-ups
and restore points (engine/analysis/compiled/giving.py, stores.py).
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from engine.analysis.compiled.packed import EXTRA
from engine.analysis.explore.compact import freeze, thaw
from engine.rules.defis_fantastiques import equipment


def normalised(book):
    """step(batch, mask): equipment.normalise of the states of `mask`, their extras
    and their weapons and armours written back."""
    kept = sorted(i for i, spec in book.items.items()
                  if spec.props.get("weapon") is not None or spec.props.get("armour") is not None)

    def step(batch, mask) -> None:
        sel = np.flatnonzero(mask)
        if not len(sel):
            return
        before = np.stack([batch.col("items", i)[sel] for i in kept] + [batch.rows[sel, EXTRA]], axis=1)
        distinct, inverse = np.unique(before, axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
        values = batch.slots.extras.values
        counts, ids = [], []
        for row in distinct.tolist():
            held = {i: n for i, n in zip(kept, row[:-1]) if n}
            extra = dict(thaw(values[row[-1]]) or {})
            equipment.normalise(SimpleNamespace(state=SimpleNamespace(extra=extra, items=held), book=book,
                                                narrate=False, events=[], lose=held.pop, emit=_silent))
            counts.append([held.get(i, 0) for i in kept])
            ids.append(batch.slots.extras(freeze(extra) or None))
        counts = np.asarray(counts, dtype=np.int64).reshape(len(distinct), len(kept))
        for k, item in enumerate(kept):
            if (counts[:, k] != distinct[:, k]).any():   # (a weapon discarded: normalise kept another)
                col = batch.col("items", item).copy()
                col[sel] = counts[inverse, k]
                batch.put("items", item, col)
        batch.rows[sel, EXTRA] = np.asarray(ids, dtype=np.int64)[inverse]
    return step


def _silent(*_args, **_kwargs) -> None:
    """(a game told to nobody: equipment.discard's words go nowhere)"""
