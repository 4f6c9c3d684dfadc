"""A `random:` roll compiled over batches (game/answers.py `_roll_random`).

The states waiting for a paragraph's roll are expanded together: the dice formula's
value over every throw (each `NdM` of the formula by its sums, counted among the
throws; the rest of the formula from the expression AST, so that it may read the
state), then for each outcome the throws whose total falls in its range: its effects
(outcomes.py `apply_all`: the after-change rule after them), then its paragraph
entered, or its ending (format 1.2), or the paragraph's choices (`continue`).  A
total no outcome covers is refused after the roll: the state stays as it was.
"""
from __future__ import annotations

from itertools import product

import numpy as np

from engine.book.model import OUTCOME_ENDS
from engine.expr.ast import Binary, Call, Dice, Int, Unary
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.fights import cleared
from engine.analysis.compiled.steps import guarded

MAX_THROWS = 1296   # combinations of the formula's dice sums compiled at most (1d6+1d6+1d6+1d6)


def throws(root) -> tuple[int, list]:
    """(the number of throws, [(how many give them, the formula with each NdM as its sum)])."""
    dice = _dice(root)
    den = 1
    for d in dice:
        den *= d.sides ** d.count
    sums = [_sums(d.count, d.sides) for d in dice]
    if np.prod([len(s) for s in sums], dtype=np.float64) > MAX_THROWS:
        raise Unsupported("activity", "random")
    out = []
    for combo in product(*(sorted(s.items()) for s in sums)):
        ways = 1
        for _total, n in combo:
            ways *= n
        out.append((ways, _replaced(root, iter([t for t, _n in combo]))))
    return den, out


def _sums(count: int, sides: int) -> dict:
    """{sum: how many of the sides**count throws give it}."""
    ways = {0: 1}
    for _ in range(count):
        nxt: dict = {}
        for s, n in ways.items():
            for face in range(1, sides + 1):
                nxt[s + face] = nxt.get(s + face, 0) + n
        ways = nxt
    return ways


def _dice(node) -> list:
    if isinstance(node, Dice):
        return [node]
    if isinstance(node, Unary):
        return _dice(node.operand)
    if isinstance(node, Binary):
        return _dice(node.left) + _dice(node.right)
    if isinstance(node, Call):
        return [d for a in node.args for d in _dice(a)]
    return []


def _replaced(node, totals):
    """The formula with each dice node (in `_dice`'s order) as the next of `totals`."""
    if isinstance(node, Dice):
        return Int(next(totals), node.start, node.end)
    if isinstance(node, Unary):
        return Unary(node.op, _replaced(node.operand, totals), node.op_end, node.start, node.end)
    if isinstance(node, Binary):
        left = _replaced(node.left, totals)
        return Binary(node.op, left, _replaced(node.right, totals), node.op_start, node.op_end, node.start, node.end)
    if isinstance(node, Call):
        return Call(node.name, tuple(_replaced(a, totals) for a in node.args), node.start, node.end)
    return node


class Roll:
    """roll(batch) -> [(counts among `den` throws, den, successors)], and `handed(batch)`:
    the states the engine must play (a stat the formula reads missing)."""

    def __init__(self, compiler, p):
        rnd = p.random
        if rnd is None:
            raise Unsupported("activity", "random")
        root = getattr(rnd.dice, "root", None)
        if root is None:   # (a plain number)
            root = Int(int(rnd.dice), 0, 0)
        self.den, self.ways = throws(root)
        self.ways = [(n, compiler.number(formula)) for n, formula in self.ways]
        self.ranges = [(o.low, o.high) for o in rnd.outcomes]
        self.sides = [guarded(compiler.effects(o.effects) + _to(compiler, o.target)) for o in rnd.outcomes]

    def handed(self, b: Batch) -> np.ndarray:
        missing = np.zeros(len(b), bool)
        for _n, fn in self.ways:
            missing |= fn(b)[1]
        return missing

    def __call__(self, b: Batch) -> list:
        counts = [np.zeros(len(b), np.int64) for _ in self.ranges]
        none = np.zeros(len(b), np.int64)
        for n, fn in self.ways:
            total = fn(b)[0]
            left = np.ones(len(b), bool)
            for count, (low, high) in zip(counts, self.ranges):   # the first outcome whose range holds it
                hit = left & (low <= total) & (total <= high)
                count += n * hit
                left &= ~hit
            none += n * left
        out = []
        for count, steps in zip(counts, self.sides):
            nxt = Batch(b.rows.copy(), b.slots)
            for step in steps:
                step(nxt)
            out.append((count, self.den, nxt))
        if none.any():
            out.append((none, self.den, Batch(b.rows.copy(), b.slots)))
        return out


def _to(compiler, target: int) -> list:
    """game/core.py `goto` of an outcome: its paragraph entered, or (format 1.2) its
    ending, or the paragraph's choices next (`continue`: outcomes.py `outcome_end`)."""
    end = OUTCOME_ENDS.get(target)
    if end == "death":
        return [lambda b: b.end(np.ones(len(b), bool), 1, "paragraph")]
    if end == "victory":
        return [lambda b: b.end(np.ones(len(b), bool), 2, None)]
    if end == "continue":
        return [cleared]
    return compiler.enter(target)
