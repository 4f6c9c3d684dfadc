"""A give-up in a choice's effects (format 1.1 `give_up: N`, 1.2 with `stats:`,
`except:` and `none:`), compiled over batches: the choice that begins it and the
answers that follow.

What play does (game/answers.py `_choose`, game/inventory.py): the choice's effects
in order; at the give-up, a state with something to give (an item held that
`except:` does not keep, or a point of a stat of `stats:`) waits for the player's
picks (the choice's other effects still applied, then the move waits, `then` its
target, and the module's after-change rule); a state with nothing to give takes
`none:` (its effects, then its ending or its paragraph: the choice stops there; or
`continue`: the choice goes on) or, without `none:`, goes on.  Each pick loses one
copy of the item (or one point of the stat), until `count` are given or nothing is
left to give; then the move goes on to its target (`goto`).  "give-none" takes
`none:` (then `continue` goes on to the target).  The answers are not followed by
the after-change rule (play returns straight from them).

A give-up elsewhere (a paragraph's effects, an action's, two in one choice, a
computed target, a choice the module pays for) stays on the engine path; so do the
states that may give an item the module's rules read (Défis Fantastiques: a weapon,
an armour).  The differential test (tests/compiled/test_giving.py) holds it to play.
"""
from __future__ import annotations

import numpy as np

from engine.book.giving import none_of, stats_of
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.packed import MISSING
from engine.analysis.compiled.steps import branches, guarded, wait
from engine.analysis.explore.compact import freeze
from engine.game.inventory import none_at, spec_of

ACTIVITY = "give-up"


def choice(compiler, c, before: list):
    """outcomes(batch) of a choice holding one give-up
    (`before`: its steps ahead of the effects, the once-only mark); Unsupported as
    the module docstring says."""
    at = [i for i, e in enumerate(c.effects) if e.kind == "give_up"]
    if len(at) != 1 or c.stay or c.target is None or c.extra or c.target not in compiler.book.paragraphs:
        raise Unsupported("effect", "give_up")
    i = at[0]
    e = c.effects[i]
    count, keep = spec_of(e.value)
    stats, none = stats_of(e.value), none_of(e.value)
    if none is not None and none.target is None and none.end is None and i + 1 < len(c.effects) and none.effects:
        raise Unsupported("effect", "give_up")   # (effects of `continue` then the choice's: not kept apart here)
    pending = {"activity": ACTIVITY, "left": count, "keep": sorted(keep)}
    if stats or none is not None:
        pending.update(stats=stats, at=list(e.path))
    pending["then"] = c.target
    waits = freeze(pending)
    head = before + [compiler._effect(x) for x in c.effects[:i]]
    tail = [compiler._effect(x) for x in c.effects[i + 1:]]
    after = compiler._after_change
    waiting = guarded(tail + [lambda b: wait(b, waits), after])
    if none is not None and (none.target is not None or none.end is not None):
        declined, goes_on = guarded(compiler._jump(none, ()) + [after]), None
    else:
        declined = None
        goes_on = guarded((compiler._jump(none, ()) if none is not None else []) + tail + [after]
                          + compiler.entered(c.target))
    able = Able(keep, stats)

    def outcomes(batch: Batch) -> list:
        nxt = Batch(batch.rows.copy(), batch.slots)
        for step in guarded(head):
            step(nxt)
        live = nxt.ended == 0
        can = live & able(nxt)
        parts = [(can, waiting)]
        if declined is not None:
            parts.append((live & ~can, declined))
        else:
            parts.append((live & ~can, goes_on))
        branches(nxt, parts)
        return [(None, 1, nxt)]
    return outcomes


class Able:
    """Whether each state has something to give (inventory.py `_choosable`,
    `_stats_to_give`): an item held that is not kept, or a point of a stat offered."""

    def __init__(self, keep, stats):
        self.keep, self.stats = frozenset(keep), list(stats)

    def items(self, b: Batch) -> list:
        """The items with a column that may be given."""
        return [key for part, key in b.slots.names if part == "items" and key not in self.keep]

    def __call__(self, b: Batch) -> np.ndarray:
        out = np.zeros(len(b), dtype=bool)
        for item in self.items(b):
            out |= b.col("items", item) > 0
        for stat in self.stats:
            out |= _points(b, stat) > 0
        return out


def _points(b: Batch, stat: str) -> np.ndarray:
    have = b.col("stats", stat)
    return np.where(have == MISSING, 0, have)


class GivingUp:
    """The moves of the states waiting at a give-up begun by a choice (inventory.py
    `answer_give_up`): one item's copy or one stat's point at a time, "give-none"
    where `none:` says what declining does, and the module's commands."""

    def __init__(self, compiler, number: int, pending: dict, commands):
        book = compiler.book
        if pending.get("full") is not None or "then" not in pending or "effect" in pending \
                or pending.get("stay") or pending["then"] not in book.paragraphs:
            raise Unsupported("activity", ACTIVITY)
        self.compiler, self.rules, self.number, self.commands = compiler, compiler.rules, number, commands
        self.able = Able(pending.get("keep") or (), pending.get("stats") or ())
        self.then = compiler.entry(pending["then"])
        self.none = none_at(book.paragraphs[number], pending)
        if self.none is not None:
            self.declined = guarded(compiler._jump(self.none, ()) + (
                [] if self.none.target is not None or self.none.end is not None else compiler.entry(pending["then"])))
        left = pending["left"] - 1
        self.more = freeze(dict(pending, left=left)) if left > 0 else None

    def run(self, batch: Batch):
        n = len(batch)
        engine = self.rules.rejects(batch, self.compiler.book)
        moves = []
        for item in self.able.items(batch):
            offered = batch.col("items", item) > 0
            if not self.rules.plain_item(self.compiler.book, item):
                engine = engine | offered   # (the module's rules read it: the engine path)
                continue
            moves.append(("give:" + item, offered, [(None, 1, self._gave(batch, self._lose(item)))]))
        for stat in self.able.stats:
            offered = _points(batch, stat) > 0
            moves.append(("give-stat:" + stat, offered, [(None, 1, self._gave(batch, self._point(stat)))]))
        if self.none is not None:
            nxt = Batch(batch.rows.copy(), batch.slots)
            wait(nxt, None)
            for step in self.declined:
                step(nxt)
            moves.append(("give-none", np.ones(n, dtype=bool), [(None, 1, nxt)]))
        commanded, handed = self.commands(batch)
        return moves + commanded, engine | handed

    def _gave(self, batch: Batch, give) -> Batch:
        """One thing given, then the give-up goes on (`left` one less) where there is
        more to give, or is over: the move to its target."""
        nxt = Batch(batch.rows.copy(), batch.slots)
        give(nxt)
        more = np.zeros(len(nxt), dtype=bool) if self.more is None else self.able(nxt)
        waits = self.more
        branches(nxt, [(more, [lambda b: wait(b, waits)]), (~more, [lambda b: wait(b, None)] + self.then)])
        return nxt

    def _lose(self, item: str):
        """core.py `lose(item, 1)`, the module told of the change."""
        rules = self.rules

        def lose(b):
            have = b.col("items", item)
            b.put("items", item, np.maximum(have - 1, 0))
            rules.items_changed(b, have > 0)
        return lose

    def _point(self, stat: str):
        """core.py `change(stat, delta=-1)` (the module's clamp)."""
        return self.compiler._change(stat, lambda b: (np.full(len(b), -1, dtype=np.int64),
                                                      np.zeros(len(b), bool)), True)
