"""The deadlines of a book's counters that only grow (ceiling.py): which counters only
grow, what effects add to them, and the largest value a condition lets through."""
from __future__ import annotations

from engine.book.counters import COUNTERS
from engine.book.model import Paragraph
from engine.expr.ast import Binary, Int, Name, Unary

NEVER = float("-inf")   # no value of the counter lets a victory happen
ANY = float("inf")      # every value does
CAP = {"<=": 0, "<": -1, "==": 0}
MIRROR = {">=": "<=", ">": "<", "==": "==", "<=": ">=", "<": ">", "!=": "!="}   # `5 >= jours` is `jours <= 5`
NEGATION = {">=": "<", ">": "<=", "<=": ">", "<": ">=", "==": "!=", "!=": "=="}   # (`!=` caps nothing)


def growing(book) -> dict:
    """counter -> its highest value, for the book's counters that only grow: every
    write of them an addition of a number >= 0."""
    from engine.book.effect_lists import all_effects
    declared = book.meta.get(COUNTERS) or {}
    out = {c: int(spec.get("max", 1 << 30)) if isinstance(spec, dict) else 1 << 30 for c, spec in declared.items()}
    for p in book.paragraphs.values():
        for e in all_effects(p):
            if e.kind in ("counter-add", "add") and isinstance(e.value, dict):
                for c, amount in e.value.items():
                    if c in out and not (type(amount) is int and amount >= 0):
                        del out[c]
            elif e.kind in ("counter-set", "set") and isinstance(e.value, dict):
                for c in e.value:
                    out.pop(c, None)
    return out


def added(effects, counter: str) -> int:
    """What `effects` add to `counter` (each addition of a number; others count 0)."""
    return sum(e.value[counter] for e in effects
               if e.kind in ("counter-add", "add") and isinstance(e.value, dict) and type(e.value.get(counter)) is int)


def added_later(p: Paragraph, counter: str) -> bool:
    """Some list of `p` applied after its `auto:` jumps (a module outcome's, a random
    outcome's) may add to `counter`."""
    from engine.book.effect_lists import carrier, effect_lists
    return any(added(effects, counter) for path, effects in effect_lists(p)
               if path != p.path + ("effects",) and (carrier(path) is None or carrier(path)[-2] == "outcomes"))


def cap_of(condition, counter: str, negated: bool = False) -> float:
    """The largest value of `counter` for which `condition` (its negation) may hold
    (ANY when it does not read it in a way understood here)."""
    if condition is None:
        return ANY
    return _node_cap(condition.root, counter, negated)


def _node_cap(node, counter: str, negated: bool) -> float:
    if isinstance(node, Unary) and node.op == "not":
        return _node_cap(node.operand, counter, not negated)
    if isinstance(node, Binary):
        if node.op in ("and", "or"):   # (not (a and b)) is (not a) or (not b)
            both = (_node_cap(node.left, counter, negated), _node_cap(node.right, counter, negated))
            return min(both) if (node.op == "and") != negated else max(both)
        left, right, op = node.left, node.right, node.op
        if isinstance(left, Int) and isinstance(right, Name):
            left, right, op = right, left, MIRROR.get(op)
        if negated:
            op = NEGATION.get(op)
        if isinstance(left, Name) and left.name == counter and isinstance(right, Int) and op in CAP:
            return right.value + CAP[op]
    return ANY
