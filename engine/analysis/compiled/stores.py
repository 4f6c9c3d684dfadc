"""The restore points of the equipment (format 1.2 `store: name`, `restore: name`)
compiled over batches: play's own `store` and `restore` (game/taking.py, with
core.py's `gain` and `lose`) run once for each distinct (module extras, items held),
on a hand of the game that holds only those and is told to nobody; each state's
items and extras written back from it, then the module told that the items changed
(its vector rules' `normalised(book)` where they read items, as the after-change
rule normalises; else `items_changed`).  A module whose rules read an item without
`normalised` takes the engine path.  (An item used where it lies, format 1.2, is
never carried: no restore gives one back.)  The differential test (tests/compiled/test_stores.py)
holds it to play.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.packed import EXTRA
from engine.analysis.explore.compact import freeze, thaw
from engine.game.core import Game
from engine.game.taking import Taking


class Hands:
    """The part of a `Game` a restore point moves: its items and its extras."""

    narrate = False
    gain, lose, _held_already = Game.gain, Game.lose, Game._held_already
    store, restore = Taking.store, Taking.restore

    def __init__(self, book, items: dict, extra: dict):
        self.book, self.items_changed, self._prompted = book, False, None
        self.state = SimpleNamespace(items=items, extra=extra, paragraph=0)

    def emit(self, *_args, **_kwargs) -> None:
        """(told to nobody)"""


def step(compiler, kind: str, name: str):
    """The step over batches of `store: name` or `restore: name`; Unsupported as the
    module docstring says."""
    book, rules = compiler.book, compiler.rules
    normalise = rules.normalised(book) if hasattr(rules, "normalised") else None
    if normalise is None and not all(rules.plain_item(book, i) for i in book.items):
        raise Unsupported("effect", kind)

    def moved(b) -> None:
        live = np.flatnonzero(b.ended == 0)
        if not len(live):
            return
        held = [key for part, key in b.slots.names if part == "items"]
        before = np.stack([b.rows[live, EXTRA]] + [b.col("items", i)[live] for i in held], axis=1)
        distinct, inverse = np.unique(before, axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
        values, made = b.slots.extras.values, []
        for row in distinct.tolist():
            hands = Hands(book, {i: n for i, n in zip(held, row[1:]) if n}, dict(thaw(values[row[0]]) or {}))
            getattr(hands, kind)(name)
            made.append((b.slots.extras(freeze(hands.state.extra) or None), hands.state.items))
        b.rows[live, EXTRA] = np.asarray([m[0] for m in made], dtype=np.int64)[inverse]
        items = sorted(set(held).union(*(m[1] for m in made)))
        was = [b.col("items", i)[live].copy() for i in items]
        for item, old in zip(items, was):
            now = np.asarray([m[1].get(item, 0) for m in made], dtype=np.int64)[inverse]
            if (now != old).any():
                col = b.col("items", item).copy()
                col[live] = now
                b.put("items", item, col)
        changed = np.zeros(len(b), dtype=bool)
        for item, old in zip(items, was):
            changed[live] |= b.col("items", item)[live] != old
        (normalise or rules.items_changed)(b, changed)
    return moved
