"""The ceiling of the rows a cut exploration leaves inside a fight under way (the
compiled path's frontier: explorer.py `ceilings`).

A row found inside a fight (its pending column) is priced by the routes
(explore/routes.py) at `now(m)`: the best of what follows its paragraph's fight, as if
the rest of the fight were won.  The module that declares a ceiling may also say how
likely a fight under way is to end other than in a loss, from the state itself
(`chance_ceiling.under_way(book, paragraph, state, lost)`: Défis Fantastiques' live
odds, the opponents' Endurance left, the round, the hero's stats now, his weapon and
armour; rules/defis_fantastiques/chances.py proves it is at least the fight's chance
under best play).  Every way out of the fight but those is a loss, and what follows
the others is worth at most the row's ceiling (a bound over every hero the row can
still be, after the fight too), so the row is worth at most the two multiplied.  A row
waiting for a test's roll is priced by the same hook: the chance the test passes at the
stat the row holds, where its failure is lost (Défis Fantastiques: unrolled.py).

The rows alike in what the module's hook reads (their paragraph, pending, module
extras, and the parts it names in `under_way_reads`: the stats) are priced once, the
kinds of the highest ceiling first (those the high bound's play can reach at most
cost), then of most rows (a kind's chance kept for the later calls of a run: the hook
reads nothing but those columns), at most FOUGHT_KINDS kinds a call: a row left over keeps
its ceiling (sound, as before); the kinds of an activity the module prices without
solving anything (`under_way_free`: a test waiting for its roll) are all priced, outside
that count.  The budget is a count, not CPU time, so that a cut run
gives the same graph and the same bounds whatever the load and whether the module's
odds are already cached (a row whose ceiling stays 1 is merged into the victory, one
below 1 stays a state: a time budget made the graph differ from run to run).
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.packed import EXTRA, PARAGRAPH, PENDING
from engine.analysis.explore.compact import thaw

FOUGHT_KINDS = 4096   # kinds of rows inside a fight priced a frontier (about 2 s of CPU on la-couronne-de-sel)


def fought(ex, rows, worth: np.ndarray, account: dict, budget: int = FOUGHT_KINDS) -> tuple:
    """(`worth` with each row of `rows` inside a fight under way at most the module's
    chance of coming out of it times its ceiling, `account` with "under_way": the
    kinds of rows priced, and "unpriced": those left at their ceiling)."""
    hook = getattr(getattr(ex.module, "chance_ceiling", None), "under_way", None)
    rows = np.asarray(rows, dtype=np.int64)
    if hook is None or ex.lens is None or not len(rows):
        return worth, account
    table, slots = ex.table, ex.slots
    at = np.flatnonzero((table.column(PENDING)[rows] != 0) & (worth > 0))
    if not len(at):
        return worth, account
    parts = set(getattr(ex.module.chance_ceiling, "under_way_reads", ()))
    columns = [PARAGRAPH, PENDING, EXTRA] + [i for i, (part, _k) in enumerate(slots.names) if part in parts]
    keys = np.stack([table.column(i)[rows[at]] for i in columns], axis=1)
    _kinds, first, which = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(which.reshape(-1), kind="stable")
    ends = np.searchsorted(which.reshape(-1)[order], np.arange(len(first) + 1))
    counts = np.diff(ends)
    lost = _lost(ex)
    worth = worth.copy()
    priced = 0
    highest = np.maximum.reduceat(worth[at][order], ends[:-1]) if len(counts) else counts
    free = _free(ex, keys[first, 1])
    ranked = np.lexsort((-counts, -highest))   # (the highest ceilings first, then most rows)
    known = ex.lens.masks.setdefault("fought-chances", {})   # (a kind's chance, kept for the next calls)
    for k in np.concatenate([np.flatnonzero(free), ranked[~free[ranked]][:budget]]).tolist():
        kind = keys[first[k]].tobytes()
        chance = known.get(kind)
        if chance is None:
            state = slots.unpack(table.take(rows[at[first[k]:first[k] + 1]])[0], ex.book, ex.module)
            chance = known[kind] = float(hook(ex.book, ex.book.paragraphs.get(state.paragraph), state, lost))
        if chance < 1.0:
            mine = at[order[ends[k]:ends[k + 1]]]
            worth[mine] = worth[mine] * chance
        priced += 1
    account = dict(account, under_way=priced, under_way_unpriced=len(counts) - priced)
    return worth, account


def _free(ex, pendings) -> np.ndarray:
    """Whether each kind's activity under way (its interned pending) is one the module
    prices without solving anything (`under_way_free`: Défis Fantastiques' test waiting
    for its roll), priced whatever the budget."""
    free = set(getattr(ex.module.chance_ceiling, "under_way_free", ()))
    ids = np.unique(pendings)
    said = [ex.slots.pendings.values[i] for i in ids.tolist()]
    mine = ids[[(thaw(v) or {}).get("activity") in free if v is not None else False for v in said]]
    return np.isin(pendings, mine)


def _lost(ex):
    """The routes' `lost` (explore/routes.py: an outcome that leads nowhere a victory
    is), kept with the lens's masks."""
    found = ex.lens.masks.get("fought-lost")
    if found is None:
        from engine.analysis.explore.ceiling import Ceiling
        found = ex.lens.masks["fought-lost"] = Ceiling(ex.book, ex.module, ex.lens.lens.edges).routes.lost
    return found
