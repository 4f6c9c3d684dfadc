"""Conditions in three values (true, false, maybe) over the abstract states of
reach.py: a state is two bit sets, the facts known set and the facts known not set
(a flag, an item held, a paragraph visited: `Reach.index` numbers them); a fact in
neither is unknown, and so is every number but literals and `here`."""
from __future__ import annotations

from engine.expr.ast import Binary, Bool, Call, Int, Name, Str, Unary

NO, YES, MAYBE = 0, 1, 2   # a fact's abstract value (an item is NO or MAYBE)
TOP = object()             # a number or a name not known here


def join(a: tuple, b: tuple) -> tuple:
    """A state is (the facts known set, the facts known not set), as bits: what both
    know, a fact either way becomes unknown."""
    return a[0] & b[0], a[1] & b[1]


def fact(state: tuple, i: int) -> int:
    """YES, NO or MAYBE: fact i in `state`."""
    return YES if state[0] >> i & 1 else NO if state[1] >> i & 1 else MAYBE


def with_fact(state: tuple, i: int, value: int) -> tuple:
    """`state` with fact i made `value`."""
    bit = 1 << i
    yes, no = state[0] & ~bit, state[1] & ~bit
    return (yes | bit, no) if value == YES else (yes, no | bit) if value == NO else (yes, no)


class ThreeValued:
    """The evaluation of conditions, mixed into `Reach` (which gives `aliases`,
    the canonical names, and `index`, the facts' numbers)."""

    def truth(self, expr, n, state) -> int:
        """YES, NO or MAYBE: the value of condition `expr` at paragraph n in `state`
        (no condition: YES)."""
        if expr is None:
            return YES
        value = self.value(expr.root, n, state)
        return value if value in (YES, NO) and type(value) is int else MAYBE

    def value(self, node, n, state):
        if isinstance(node, Bool):
            return YES if node.value else NO
        if isinstance(node, (Int, Str)):
            return node.value if isinstance(node, Str) else ("int", node.value)
        if isinstance(node, Name):
            return ("int", n) if self.aliases.get(node.name, node.name) == "here" else TOP
        if isinstance(node, Call):
            return self._call(node, state)
        if isinstance(node, Unary):
            inner = self.value(node.operand, n, state)
            if node.op == "not":
                return {YES: NO, NO: YES}.get(inner, MAYBE) if type(inner) is int else MAYBE
            return ("int", -inner[1]) if isinstance(inner, tuple) else TOP
        if isinstance(node, Binary):
            return self._binary(node, n, state)
        return TOP

    def _call(self, node, state):
        name = self.aliases.get(node.name, node.name)
        arg = node.args[0] if node.args else None
        literal = arg.value if isinstance(arg, (Str, Int)) else None
        kind = "has" if name == "count" else name
        i = self.index.get((kind, literal))
        if i is None:
            return MAYBE if name in ("has", "flag", "visited") else TOP
        if name == "count":
            return ("int", 0) if state[1] >> i & 1 else TOP
        return fact(state, i)

    def _binary(self, node, n, state):
        op = node.op
        left = self.value(node.left, n, state)
        if op in ("and", "or"):
            stop = NO if op == "and" else YES
            if left == stop and type(left) is int:
                return stop
            right = self.value(node.right, n, state)
            if right == stop and type(right) is int:
                return stop
            both = (left, right)
            return (YES if op == "and" else NO) if all(type(v) is int and v != MAYBE for v in both) \
                else MAYBE
        right = self.value(node.right, n, state)
        known = [v for v in (left, right) if isinstance(v, str) or isinstance(v, tuple)
                 or (type(v) is int and v != MAYBE)]
        if len(known) < 2:
            return MAYBE if op in ("==", "!=", "<", "<=", ">", ">=") else TOP
        a, b = (v[1] if isinstance(v, tuple) else v for v in (left, right))
        try:
            result = {"==": lambda: a == b, "!=": lambda: a != b, "<": lambda: a < b, "<=": lambda: a <= b,
                      ">": lambda: a > b, ">=": lambda: a >= b, "+": lambda: ("int", a + b),
                      "-": lambda: ("int", a - b), "*": lambda: ("int", a * b),
                      }[op]()
        except (TypeError, ZeroDivisionError, KeyError):
            return TOP
        return (YES if result else NO) if isinstance(result, bool) else result
