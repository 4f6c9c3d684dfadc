"""The effects over batches (game/core.py `apply`, `gain`/`lose`, `change`;
game/counters.py), a mixin of the compiler: flags, stats added or set (the module's
clamp), items gained or lost (the module told), notes, counters, restore points
(stores.py), and the module's own effects from its vector rules."""
from __future__ import annotations

import numpy as np

from engine.book.counters import COUNTERS, NOTES, clamp as counter_clamp
from engine.analysis.compiled import stores
from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.packed import MISSING
from engine.analysis.compiled.steps import by_extra


class EffectSteps:
    """The compiler's steps of one effect (reads `book`, `rules`, and the compiler's
    `number` and `_after_change`)."""

    def _effect(self, e):
        kind, value = e.kind, e.value
        if kind in ("flag", "unflag"):
            names, on = list(value), 1 if kind == "flag" else 0

            def flags(b):
                for f in names:
                    b.put("flags", f, on)
            return flags
        if kind in ("add", "set") and self.rules is not None:
            steps = []
            for stat, amount in value.items():
                steps.append(self._change(stat, self.number(getattr(amount, "root", amount)), kind == "add"))
            return lambda b: [s(b) for s in steps]
        if kind in ("gain", "lose") and self.rules is not None:
            return self._items(kind, value)
        if kind == "note":
            return _note(value)
        if kind in ("counter-add", "counter-set"):
            return self._counters(kind == "counter-add", value)
        if kind in ("store", "restore") and self.rules is not None:   # (format 1.2: stores.py)
            return stores.step(self, kind, value)
        step = self.rules.effect(self.book, kind, value) if self.rules is not None else None
        if step is None:
            raise Unsupported("effect", kind)
        return step

    def _items(self, kind: str, value):
        """game/core.py `gain`/`lose`: the count, then the module told (its vector rules'
        `items_changed` for items its rules never read, `plain_item`; `normalised(book)`
        for one they read, as its after-change rule takes the items up).  An item used
        where it lies (format 1.2, taking.py `use_here`): its effects once a copy gained,
        nothing lost.  One the rules read without `normalised` takes the engine path."""
        used = self.book.meta.get("used_here") if isinstance(self.book.meta, dict) else None
        used = used or {}
        read = [item for item in value if item not in used and not self.rules.plain_item(self.book, item)]
        normalise = self.rules.normalised(self.book) if read and hasattr(self.rules, "normalised") else None
        steps = []
        for item in value:
            count = value[item] if type(value) is dict else (1 if kind == "gain" else None)
            if (item in read and normalise is None) or not (count is None or type(count) is int and count >= 0):
                raise Unsupported("effect", kind)
            if item in used:
                steps += [self._effect(e) for e in used[item]] * (count if kind == "gain" else 0)
                continue
            spec = self.book.items.get(item)
            unique = spec is not None and spec.props.get("unique") is True
            steps.append(_gain(item, count, unique) if kind == "gain" else _lose(item, count))
        told = normalise or self.rules.items_changed

        def items(b):
            before = b.rows.copy()
            for step in steps:
                step(b)
            changed = (b.rows[:, :before.shape[1]] != before).any(axis=1) | (b.rows.shape[1] > before.shape[1])
            told(b, changed & (b.ended == 0))
        return items

    def _counters(self, add: bool, value: dict):
        """game/counters.py `apply`: each counter changed by (or set to) its amount,
        within its bounds; the counters' part of the extras made where it was not."""
        declared = self.book.meta.get(COUNTERS) or {}
        steps = []
        for name, amount in value.items():
            if name not in declared:
                raise Unsupported("effect", "counter-add" if add else "counter-set")
            steps.append((name, declared[name], self.number(getattr(amount, "root", amount))))

        def counters(b):
            for name, spec, fn in steps:
                amounts, _missing = fn(b)

                def one(e, n, name=name, spec=spec):
                    values = e.setdefault(COUNTERS, {})
                    old = values.get(name, 0)
                    new = counter_clamp(spec, old + n if add else n)
                    if new != old:
                        values[name] = new
                by_extra(b, b.ended == 0, amounts, one)
        return counters

    def _change(self, stat, fn, add: bool):
        """game/core.py `change`: the stat clamped, written only where it changes."""
        def change(b):
            live = b.ended == 0
            old = b.col("stats", stat)
            base = np.where(old == MISSING, 0, old)
            n, _missing = fn(b)
            new = self.rules.clamp(b, stat, base + n if add else n)
            b.put("stats", stat, new, where=live & (new != base))
        return change


def _note(name: str):
    """game/counters.py `apply` of `note`: the paragraph where each state stands now,
    noted under `name` in its extras."""
    def note(b):
        by_extra(b, b.ended == 0, b.paragraph.copy(), lambda e, n: e.setdefault(NOTES, {}).__setitem__(name, n))
    return note


def _gain(item: str, count: int, unique: bool):
    """game/core.py `gain`: `count` more; a unique item (format 1.2) held once at most
    (then not gained again: nothing changed)."""
    def gain(b):
        have = b.col("items", item)
        b.put("items", item, np.where(have > 0, have, 1) if unique else have + count, where=b.ended == 0)
    return gain


def _lose(item: str, count: int | None):
    """game/core.py `lose`: every copy, or `count` of them at most."""
    def lose(b):
        have = b.col("items", item)
        b.put("items", item, 0 if count is None else np.maximum(have - count, 0), where=b.ended == 0)
    return lose
