"""Expressions over batches: a condition, an amount or a target compiled from the
expression AST into a function of a batch of packed states (what engine/expr's
evaluator gives for one state, game/context.py its names), and `Unsupported`, what
the compiler has no program for."""
from __future__ import annotations

import numpy as np

from engine.book.counters import COUNTERS, NOTES
from engine.expr.ast import Binary, Bool, Call, Int, Name, Str, Unary
from engine.support.fold import fold
from engine.analysis.compiled.packed import MISSING
from engine.analysis.compiled.reasons import reason

CORE_CALLS = {"has": "items", "count": "items", "visited": "visits", "flag": "flags"}
_CMP = {"==": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal, ">": np.greater,
        ">=": np.greater_equal}
_ARITH = {"+": np.add, "-": np.subtract, "*": np.multiply}


class Unsupported(Exception):
    """A construct the compiler has no program for: `reason` says which, in both
    languages (reasons.py; its text is the English words)."""

    def __init__(self, kind: str, detail=""):
        self.reason = reason(kind, detail)
        super().__init__(self.reason)

    @classmethod
    def again(cls, why) -> "Unsupported":
        """A new exception for a reason met before (`why`, as `reason` gave it)."""
        made = cls.__new__(cls)
        made.reason = why
        Exception.__init__(made, why)
        return made


def vexpr(node, aliases, counters=frozenset(), names=(None, frozenset())):
    """(type, fn(batch) -> (values, missing mask)) of an expression node; `missing`
    marks states where the engine would fail (a stat the state does not hold).
    `names`: (the module's vector rules, the module's own variables): a variable or
    a function of the module is what its vector rules' `variable(name)` or
    `call(name, args)` give, (type, fn(batch) -> values), or Unsupported; texts are
    compared as the evaluator compares them (folded: case and accents aside)."""
    if isinstance(node, Str):
        v = fold(node.value)
        return "str", lambda b: (np.full(len(b), v, dtype=object), np.zeros(len(b), bool))
    if isinstance(node, Bool):
        v = node.value
        return "bool", lambda b: (np.full(len(b), v), np.zeros(len(b), bool))
    if isinstance(node, Int):
        v = node.value
        return "int", lambda b: (np.full(len(b), v, dtype=np.int64), np.zeros(len(b), bool))
    if isinstance(node, Name):
        name = aliases.get(node.name, node.name)
        if name == "here":
            return "int", lambda b: (b.paragraph.copy(), np.zeros(len(b), bool))
        if name in counters:   # (game/context.py `variable`: the state's counter; absent: the engine)
            return "int", _named_value(COUNTERS, name, None)
        if name in names[1]:   # (a module's `chance_max` too, where its vector rules' `variable` reads it)
            return _module_value(getattr(names[0], "variable", None), ("variable", name), name)
        if name.endswith("_max"):
            raise Unsupported("variable", name)

        def stat(b):
            c = b.col("stats", name)
            return np.where(c == MISSING, 0, c), c == MISSING
        return "int", stat
    if isinstance(node, Call):
        if aliases.get(node.name, node.name) == "note" and len(node.args) == 1 and isinstance(node.args[0], Str):
            return "int", _named_value(NOTES, node.args[0].value, 0)   # (context.py `call`: 0 when not noted)
        part = CORE_CALLS.get(aliases.get(node.name, node.name))
        if part is None and all(isinstance(a, (Int, Str)) for a in node.args):
            return _module_value(getattr(names[0], "call", None), ("function", node.name),
                                 aliases.get(node.name, node.name), tuple(a.value for a in node.args))
        if part is None or len(node.args) != 1 or not hasattr(node.args[0], "value") \
                or isinstance(node.args[0], Bool):
            raise Unsupported("function", node.name)
        key = node.args[0].value
        if node.name == "count" or aliases.get(node.name) == "count":
            return "int", lambda b: (b.col(part, key).copy(), np.zeros(len(b), bool))
        return "bool", lambda b: (b.col(part, key) > 0, np.zeros(len(b), bool))
    if isinstance(node, Unary):
        kind, fn = vexpr(node.operand, aliases, counters, names)
        if node.op == "not" and kind == "bool":
            return "bool", lambda b: _map(fn(b), np.logical_not)
        if node.op == "-" and kind == "int":
            return "int", lambda b: _map(fn(b), np.negative)
        raise Unsupported("operator", node.op)
    if isinstance(node, Binary):
        lk, lf = vexpr(node.left, aliases, counters, names)
        rk, rf = vexpr(node.right, aliases, counters, names)
        op = node.op
        if op in ("and", "or") and lk == rk == "bool":
            short = op == "or"

            def logical(b):   # the right side read only where the left does not decide
                lv, lm = lf(b)
                rv, rm = rf(b)
                decided = lv == short
                return (np.where(decided, short, rv), lm | (~decided & rm))
            return "bool", logical
        if op in _CMP and lk == rk and (lk == "int" or op in ("==", "!=")):
            f = _CMP[op]
            return "bool", lambda b: _two(lf(b), rf(b), f)
        if op in _ARITH and lk == rk == "int":
            f = _ARITH[op]
            return "int", lambda b: _two(lf(b), rf(b), f)
        raise Unsupported("operator", op)
    raise Unsupported("expression", type(node).__name__)


def _module_value(hook, why: tuple, *question):
    """A module variable or function over batches (its vector rules' hook), texts
    folded; Unsupported (`why`: its reason) without one."""
    found = hook(*question) if hook is not None else None
    if found is None:
        raise Unsupported(*why)
    kind, fn = found
    if kind != "str":
        return kind, lambda b: (np.asarray(fn(b)), np.zeros(len(b), bool))

    def folded(b):
        values = fn(b)
        seen = {v: fold(v) for v in set(values)}
        return np.array([seen[v] for v in values], dtype=object), np.zeros(len(b), bool)
    return "str", folded


def _named_value(kind: str, name: str, default):
    """A counter's or a note's value in each state's extras (engine/game/counters.py);
    one absent there is `default`, or missing (the engine's) when None."""
    lost = MISSING if default is None else default

    def value(e):
        v = (e or {}).get(kind, {}).get(name)
        return lost if v is None else v

    def fn(b):
        values = b.extra_ints((kind, name), value)
        return np.where(values == MISSING, 0, values), values == MISSING
    return fn


def _map(vm, f):
    return f(vm[0]), vm[1]


def _two(a, b, f):
    return f(a[0], b[0]), a[1] | b[1]


def reads_stats(node, aliases, module_names) -> bool:
    """Whether an expression reads a stat by its name (one a state may not hold)."""
    if isinstance(node, Name):
        name = aliases.get(node.name, node.name)
        return name != "here" and name not in module_names
    return any(reads_stats(child, aliases, module_names) for child in _children(node))


def _children(node) -> list:
    if isinstance(node, Unary):
        return [node.operand]
    if isinstance(node, Binary):
        return [node.left, node.right]
    if isinstance(node, Call):
        return list(node.args)
    return []
