"""Conditions that can never hold, from the bounds the rule module gives its stats.

`chance > 30` when Chance never exceeds its starting 12, `or > 100 and or < 50`:
each condition is read as a union of boxes (one interval per stat), `and`
intersecting, `or` joining, `not` turned into the opposite comparisons.  Anything
else (items, flags, dice, arithmetic) is "could be anything": the analysis only
ever says "never" when the comparisons alone rule every value out.
"""
from __future__ import annotations

from engine import expr as X

MAX_BOXES = 64          # a condition with more alternatives is not analysed
_OPPOSITE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
_MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
ANY = None              # "could be anything": no conclusion


def never_holds(expr, bounds: dict, aliases: dict) -> bool:
    """True when no values of the stats within `bounds` (name -> (low, high|None))
    make `expr` true."""
    root = expr.root if isinstance(expr, X.Expr) else expr
    boxes = _boxes(root, False, bounds, aliases)
    return boxes is not ANY and not boxes


def _boxes(node, negated: bool, bounds, aliases):
    if isinstance(node, X.Unary) and node.op == "not":
        return _boxes(node.operand, not negated, bounds, aliases)
    if isinstance(node, X.Bool):
        return [{}] if node.value != negated else []
    if isinstance(node, X.Binary) and node.op in ("and", "or"):
        left = _boxes(node.left, negated, bounds, aliases)
        right = _boxes(node.right, negated, bounds, aliases)
        if (node.op == "and") != negated:
            return _both(left, right)
        return ANY if left is ANY or right is ANY else _capped(left + right)
    if isinstance(node, X.Binary) and node.op in _OPPOSITE:
        return _comparison(node, negated, bounds, aliases)
    return ANY


def _both(left, right):
    if left is ANY:
        return right
    if right is ANY:
        return left
    return _capped([box for a in left for b in right if (box := _meet(a, b)) is not None])


def _capped(boxes):
    return boxes if len(boxes) <= MAX_BOXES else ANY


def _meet(a: dict, b: dict):
    out = dict(a)
    for name, (lo, hi) in b.items():
        if name in out:
            lo2, hi2 = out[name]
            lo, hi = max(lo, lo2), min(hi, hi2)
        if lo > hi:
            return None
        out[name] = (lo, hi)
    return out


def _comparison(node, negated, bounds, aliases):
    op, name, value = node.op, None, None
    if isinstance(node.left, X.Name) and isinstance(node.right, X.Int):
        name, value = node.left.name, node.right.value
    elif isinstance(node.right, X.Name) and isinstance(node.left, X.Int):
        name, value, op = node.right.name, node.left.value, _MIRROR[op]
    name = aliases.get(name, name)
    if name not in bounds:
        return ANY
    op = _OPPOSITE[op] if negated else op
    low, high = bounds[name]
    high = float("inf") if high is None else high
    wanted = {"<": [(low, value - 1)], "<=": [(low, value)], ">": [(value + 1, high)],
              ">=": [(value, high)], "==": [(value, value)],
              "!=": [(low, value - 1), (value + 1, high)]}[op]
    return [{name: (max(lo, low), min(hi, high))} for lo, hi in wanted
            if max(lo, low) <= min(hi, high)]
