"""Evaluation of expressions, compiled once into nested Python closures.

Each ``Expr`` is compiled on first evaluation (per alias mapping) and the
closure is cached on the ``Expr`` object, so evaluating a condition a
million times does no dispatching over node types.  ``and``/``or``
short-circuit; runtime type errors, division by zero and a result beyond
``limits.MAX_INT`` (``or * 1000`` applied again and again) raise EvalError.
"""

from __future__ import annotations

import operator
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping, Protocol, Union

from engine.support.fold import fold
from engine.support.limits import MAX_INT
from engine.expr.ast import Binary, Bool, Call, Dice, Expr, Int, Name, Node, Str, Unary
from engine.expr.errors import EvalError

Value = Union[int, bool, str]
if TYPE_CHECKING:  # only for readers and checkers: the forward reference compiles code at import
    Compiled = Callable[["Context"], Value]
NO_ALIASES: Mapping[str, str] = MappingProxyType({})
_MAX_COMPILED_PER_EXPR = 8
_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}
_RESULT_TYPE = {"condition": bool, "target": int, "number": int, "dice": int}


class Context(Protocol):
    """What an expression needs from the game state."""

    def variable(self, name: str) -> Value:
        """Value of the variable with this canonical name."""

    def call(self, name: str, args: tuple) -> Value:
        """Result of the function with this canonical name."""

    def roll(self, count: int, sides: int) -> int:
        """Sum of ``count`` dice of ``sides`` faces."""


def evaluate(expr: Expr, ctx: Context, aliases: Mapping[str, str] = NO_ALIASES) -> Value:
    """Evaluate ``expr`` in ``ctx``; names are resolved through ``aliases``.

    Pass the same alias mapping object each time: the compiled closure is
    cached per mapping identity (an empty mapping is always the same).
    """
    if not aliases:
        aliases = NO_ALIASES
    entry = expr._compiled.get(id(aliases))
    if entry is None or entry[0] is not aliases:
        return compiled(expr, aliases)(ctx)
    return entry[1](ctx)


def compiled(expr: Expr, aliases: Mapping[str, str] = NO_ALIASES) -> Compiled:
    """The closure ``ctx -> value`` for ``expr`` (built once, then cached).

    The alias mapping is assumed not to change after first use.
    """
    if not aliases:
        aliases = NO_ALIASES
    cache = expr._compiled
    entry = cache.get(id(aliases))
    if entry is not None and entry[0] is aliases:
        return entry[1]
    function = _compile_root(expr, aliases)
    if len(cache) >= _MAX_COMPILED_PER_EXPR:
        cache.clear()
    cache[id(aliases)] = (aliases, function)
    return function


def _compile_root(expr: Expr, aliases: Mapping[str, str]) -> Compiled:
    inner = _compile(expr.root, aliases)
    wanted = _RESULT_TYPE[expr.kind]
    root = expr.root

    def run(ctx):
        value = inner(ctx)
        if type(value) is not wanted:
            raise _type_error(root, value, wanted, expr.kind)
        return value

    return run


def _show(value, lang: str) -> str:
    if isinstance(value, bool):
        return ("vrai" if value else "faux") if lang == "fr" else ("true" if value else "false")
    return repr(value) if isinstance(value, str) else str(value)


def _type_error(node: Node, value, wanted: type, what: str, span=None) -> EvalError:
    names = {int: ("un entier", "an integer"), bool: ("un booléen", "a boolean")}
    fr_type, en_type = names.get(wanted, (wanted.__name__, wanted.__name__))
    start, end = span if span else (node.start, node.end)
    return EvalError(start, end,
                     f"« {what} » attend {fr_type}, reçu « {_show(value, 'fr')} »",
                     f"“{what}” expects {en_type}, got “{_show(value, 'en')}”")


def _compile(node: Node, aliases: Mapping[str, str]) -> Compiled:
    if isinstance(node, (Int, Str, Bool)):
        value = node.value
        return lambda ctx: value
    if isinstance(node, Dice):
        count, sides = node.count, node.sides
        return lambda ctx: ctx.roll(count, sides)
    if isinstance(node, Name):
        name = aliases.get(node.name, node.name)
        return lambda ctx: ctx.variable(name)
    if isinstance(node, Call):
        return _compile_call(node, aliases)
    if isinstance(node, Unary):
        return _compile_unary(node, _compile(node.operand, aliases))
    if isinstance(node, Binary):
        left, right = _compile(node.left, aliases), _compile(node.right, aliases)
        if node.op in ("and", "or"):
            return _compile_logical(node, left, right)
        if node.op in ("==", "!="):
            return _compile_equality(node, left, right)
        if isinstance(node.left, Name) and isinstance(node.right, Int) and node.op != "/":
            return _compile_variable_op(node, aliases.get(node.left.name, node.left.name))
        return _compile_integer_op(node, left, right)
    raise TypeError(f"not an expression node: {node!r}")


def _compile_call(node: Call, aliases: Mapping[str, str]) -> Compiled:
    name = aliases.get(node.name, node.name)
    if all(isinstance(a, (Int, Str, Bool)) for a in node.args):
        constant_args = tuple(a.value for a in node.args)
        return lambda ctx: ctx.call(name, constant_args)
    args = tuple(_compile(a, aliases) for a in node.args)
    if len(args) == 1:
        (only,) = args
        return lambda ctx: ctx.call(name, (only(ctx),))
    return lambda ctx: ctx.call(name, tuple(a(ctx) for a in args))


def _compile_unary(node: Unary, operand: Compiled) -> Compiled:
    span = (node.start, node.op_end)
    if node.op == "not":
        def negate(ctx):
            value = operand(ctx)
            if value is True:
                return False
            if value is False:
                return True
            raise _type_error(node, value, bool, "not", span)
        return negate

    def minus(ctx):
        value = operand(ctx)
        if type(value) is int:
            return -value
        raise _type_error(node, value, int, "-", span)
    return minus


def _compile_logical(node: Binary, left: Compiled, right: Compiled) -> Compiled:
    span = (node.op_start, node.op_end)
    short = node.op == "or"  # value of the left operand that short-circuits

    def logical(ctx):
        value = left(ctx)
        if value is short:
            return short
        if value is not (not short):
            raise _type_error(node, value, bool, node.op, span)
        value = right(ctx)
        if value is True or value is False:
            return value
        raise _type_error(node, value, bool, node.op, span)
    return logical


def _compile_equality(node: Binary, left: Compiled, right: Compiled) -> Compiled:
    span = (node.op_start, node.op_end)
    negate = node.op == "!="

    def equality(ctx):
        a, b = left(ctx), right(ctx)
        if type(a) is not type(b):
            raise EvalError(span[0], span[1],
                            f"« {node.op} » compare des valeurs de types différents : "
                            f"« {_show(a, 'fr')} » et « {_show(b, 'fr')} »",
                            f"“{node.op}” compares values of different types: "
                            f"“{_show(a, 'en')}” and “{_show(b, 'en')}”")
        if type(a) is str:  # texts compare as names do: case and accents aside
            a, b = fold(a), fold(b)
        return (a != b) if negate else (a == b)
    return equality


def _compile_integer_op(node: Binary, left: Compiled, right: Compiled) -> Compiled:
    span = (node.op_start, node.op_end)
    if node.op == "/":
        return _compile_division(node, left, right, span)
    op = _ORDER.get(node.op) or _ARITH[node.op]
    if isinstance(node.right, Int):
        constant = node.right.value

        def with_constant(ctx):
            a = left(ctx)
            if type(a) is int:
                result = op(a, constant)
                if -MAX_INT <= result <= MAX_INT:   # (a comparison's bool passes too)
                    return result
                raise _too_big(result, span)
            raise _type_error(node, a, int, node.op, span)
        return with_constant

    def integer_op(ctx):
        a, b = left(ctx), right(ctx)
        if type(a) is int and type(b) is int:
            result = op(a, b)
            if -MAX_INT <= result <= MAX_INT:
                return result
            raise _too_big(result, span)
        raise _type_error(node, b if type(a) is int else a, int, node.op, span)
    return integer_op


def _too_big(value: int, span) -> EvalError:
    size = f"~10^{len(str(abs(value))) - 1}"
    return EvalError(span[0], span[1],
                     f"résultat trop grand ({size}) : les entiers vont de -{MAX_INT} à {MAX_INT}",
                     f"result too large ({size}): integers go from -{MAX_INT} to {MAX_INT}")


def _compile_variable_op(node: Binary, name: str) -> Compiled:
    """Fast path for the very common ``variable <op> constant``."""
    span = (node.op_start, node.op_end)
    op = _ORDER.get(node.op) or _ARITH[node.op]
    constant = node.right.value

    def variable_op(ctx):
        a = ctx.variable(name)
        if type(a) is int:
            result = op(a, constant)
            if -MAX_INT <= result <= MAX_INT:
                return result
            raise _too_big(result, span)
        raise _type_error(node, a, int, node.op, span)
    return variable_op


def _compile_division(node: Binary, left: Compiled, right: Compiled, span) -> Compiled:
    def divide(ctx):
        a, b = left(ctx), right(ctx)
        if type(a) is not int or type(b) is not int:
            raise _type_error(node, b if type(a) is int else a, int, "/", span)
        if b == 0:
            raise EvalError(span[0], span[1], "division par zéro", "division by zero")
        return a // b
    return divide
