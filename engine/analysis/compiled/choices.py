"""A choice's outcomes over batches (game/answers.py `_choose`): its steps over a
copy of the batch (`plain`), a module's part paid first (`paying_outcomes`), a
computed target read before the choice's effects (`Target`, `and_target`,
`to_target`), and a once-only choice's condition (`not_taken`)."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.steps import branches, padded


def plain(steps):
    """A choice's one outcome: its steps over a copy of the batch."""
    def outcomes(batch: Batch) -> list:
        nxt = Batch(batch.rows.copy(), batch.slots)
        for step in steps:
            step(nxt)
        return [(None, 1, nxt)]
    return outcomes


def paying_outcomes(before, paying, entered, after):
    """game/answers.py `_choose` with a module's part (`choice_extra`): the choice's own
    steps, then each way of the module's roll (`paying`: (den, [(count, pay)]), `pay(batch)`
    the mask of the states that go on): those go to the target, the others stay here
    with the after-change rule (`_after`)."""
    den, ways = paying

    def outcomes(batch: Batch) -> list:
        first = Batch(batch.rows.copy(), batch.slots)
        for step in before:
            step(first)
        out = []
        for count, pay in ways:
            stay = Batch(first.rows.copy(), first.slots)
            goes = pay(stay)
            went = Batch(stay.rows.copy(), stay.slots)
            for step in entered:
                step(went)
            after(stay)
            width = max(went.rows.shape[1], stay.rows.shape[1])
            rows = np.where(goes[:, None], padded(went.rows, went, width), padded(stay.rows, stay, width))
            out.append((np.full(len(batch), count, dtype=np.int64), den, Batch(rows, batch.slots)))
        return out
    return outcomes


class Target:
    """A computed target over a batch: (each state's paragraph number, missing mask), the
    paragraphs that exist, and their entries (`entered(number)`: guarded steps)."""

    def __init__(self, fn, entered, paragraphs):
        self.fn, self.entered, self.numbers = fn, entered, np.asarray(sorted(paragraphs), dtype=np.int64)

    def of(self, b: Batch) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(targets, whether each is a paragraph, the states the engine must play: a stat
        missing, or a target whose entry has no program)."""
        t, missing = self.fn(b)
        known = np.isin(t, self.numbers)
        for v in np.unique(t[known]).tolist():
            try:
                self.entered(v)
            except Unsupported:
                missing = missing | (t == v)
        return t, known, missing


def and_target(cond, target: Target):
    """The choice offered where its condition holds and its target is a paragraph
    (answers.py `_choose`: refused before any change otherwise)."""
    def offered(b):
        ok, missing = (np.ones(len(b), bool), np.zeros(len(b), bool)) if cond is None else cond(b)
        t, known, lost = target.of(b)
        return ok & known, missing | (ok & lost)
    return offered


def to_target(steps, target: Target):
    """A choice to a computed target: the target read first, then the choice's steps,
    then each state's paragraph entered."""
    def outcomes(batch: Batch) -> list:
        t, known, lost = target.of(batch)
        nxt = Batch(batch.rows.copy(), batch.slots)
        for step in steps:
            step(nxt)
        go = known & ~lost & (nxt.ended == 0)
        branches(nxt, [(go & (t == v), target.entered(v)) for v in np.unique(t[go]).tolist()])
        return [(None, 1, nxt)]
    return outcomes


def not_taken(flag: str, cond):
    """A once-only choice's condition: not taken yet, then its own (not evaluated once taken)."""
    def offered(b):
        fresh = b.col("flags", flag) == 0
        if cond is None:
            return fresh, np.zeros(len(b), bool)
        ok, missing = cond(b)
        return fresh & ok, fresh & missing
    return offered
