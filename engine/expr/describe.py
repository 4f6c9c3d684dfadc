"""Canonical printing, static ranges of dice formulas and names used."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Optional

from engine.expr.ast import Binary, Bool, Call, Dice, Expr, Int, Name, Node, Str, Unary, walk

_PRECEDENCE = {"or": 1, "and": 2, "not": 3, "==": 4, "!=": 4, "<": 4, "<=": 4,
               ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6}
_UNARY_MINUS = 7
_ATOM = 8
_FRENCH = {"or": "ou", "and": "et", "not": "non", True: "vrai", False: "faux"}


def describe(expr: Expr | Node, lang: str = "en") -> str:
    """Print the expression back canonically (minimal parentheses).

    ``lang="fr"`` uses the French keywords (et, ou, non, vrai, faux).
    Parsing the result gives the same tree (positions aside).
    """
    node = expr.root if isinstance(expr, Expr) else expr
    return _text(node, lang == "fr")


def _precedence(node: Node) -> int:
    if isinstance(node, Binary):
        return _PRECEDENCE[node.op]
    if isinstance(node, Unary):
        return _PRECEDENCE["not"] if node.op == "not" else _UNARY_MINUS
    return _ATOM


def _wrap(node: Node, french: bool, minimum: int) -> str:
    text = _text(node, french)
    return f"({text})" if _precedence(node) < minimum else text


def _word(word, french: bool) -> str:
    return _FRENCH.get(word, word) if french else (str(word).lower() if isinstance(word, bool) else word)


def _text(node: Node, french: bool) -> str:
    if isinstance(node, Binary):
        level = _PRECEDENCE[node.op]
        right_min = level + 1  # left-associative; comparisons are non-associative
        left_min = level + 1 if level == 4 else level
        return (f"{_wrap(node.left, french, left_min)} {_word(node.op, french)} "
                f"{_wrap(node.right, french, right_min)}")
    if isinstance(node, Unary):
        if node.op == "not":
            return f"{_word('not', french)} {_wrap(node.operand, french, _PRECEDENCE['not'])}"
        return f"-{_wrap(node.operand, french, _UNARY_MINUS)}"
    if isinstance(node, Call):
        return f"{node.name}({', '.join(_text(arg, french) for arg in node.args)})"
    if isinstance(node, Bool):
        return _word(node.value, french)
    if isinstance(node, Str):
        escaped = node.value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(node, Dice):
        return f"{node.count}d{node.sides}"
    if isinstance(node, (Int, Name)):
        return str(node.value if isinstance(node, Int) else node.name)
    raise TypeError(f"not an expression node: {node!r}")


def dice_range(expr: Expr | Node) -> Optional[tuple[int, int]]:
    """(min, max) of an integer formula made only of numbers, dice and
    arithmetic, e.g. ``2d6+12`` -> (14, 24); None if it uses names, calls,
    booleans, strings, or may divide by zero."""
    node = expr.root if isinstance(expr, Expr) else expr
    if isinstance(node, Int):
        return (node.value, node.value)
    if isinstance(node, Dice):
        return (node.count, node.count * node.sides)
    if isinstance(node, Unary) and node.op == "-":
        inner = dice_range(node.operand)
        return None if inner is None else (-inner[1], -inner[0])
    if isinstance(node, Binary) and node.op in ("+", "-", "*", "/"):
        left, right = dice_range(node.left), dice_range(node.right)
        if left is None or right is None:
            return None
        return _combine(node.op, left, right)
    return None


def _combine(op: str, left: tuple[int, int], right: tuple[int, int]) -> Optional[tuple[int, int]]:
    (a, b), (c, d) = left, right
    if op == "+":
        return (a + c, b + d)
    if op == "-":
        return (a - d, b - c)
    if op == "/" and c <= 0 <= d:
        return None
    corners = [x * y if op == "*" else x // y for x in (a, b) for y in (c, d)]
    return (min(corners), max(corners))


def free_references(expr: Expr | Node, aliases: Mapping[str, str] = MappingProxyType({})) -> frozenset[str]:
    """Canonical names of the variables and functions an expression uses."""
    node = expr.root if isinstance(expr, Expr) else expr
    return frozenset(aliases.get(n.name, n.name) for n in walk(node) if isinstance(n, (Name, Call)))
