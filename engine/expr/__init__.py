"""Expression language of gamebook-engine: conditions, targets, dice formulas.

Public API::

    parse(text, kind) -> Expr          # kind: condition | target | number | dice
    check(expr, env) -> CheckResult     # static types, names, references
    evaluate(expr, ctx, aliases) -> value
    describe(expr) -> str               # canonical text
    dice_range(expr) -> (min, max) | None
    free_references(expr, aliases) -> canonical names used
    to_json(expr) / from_json(obj, text, kind)

Importing this package does not import lark; only ``parse`` does, lazily.
"""

from __future__ import annotations

from engine.expr.ast import Binary, Bool, Call, Dice, Expr, Int, Name, Node, Str, Unary
from engine.expr.check import CheckResult, Env, Problem, Reference, Signature, check, known_value, EXACT_KINDS
from engine.expr.describe import describe, dice_range, free_references
from engine.expr.errors import EvalError, ExprError
from engine.expr.evaluate import NO_ALIASES, Context, compiled, evaluate
from engine.expr.parse import parse  # the function shadows the submodule name on purpose
from engine.expr.serial import from_json, to_json


__all__ = [
    "parse", "ExprError", "EvalError", "Expr", "Env", "Signature", "check", "CheckResult",
    "Problem", "Reference", "known_value", "EXACT_KINDS", "evaluate", "compiled", "Context",
    "to_json", "from_json", "describe", "dice_range", "free_references", "NO_ALIASES",
    "Node", "Int", "Str", "Bool", "Dice", "Name", "Call", "Unary", "Binary",
]
