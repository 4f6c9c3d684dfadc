"""JSON round-trip of parsed expressions, for the compiled-book cache.

``from_json`` rebuilds an ``Expr`` without importing lark.  The format is
nested lists: ``[tag, field, ...]`` with the node's record fields in
declaration order, sub-nodes nested the same way and call arguments as a
list, e.g. ``["binary", "+", ["dice", 2, 6, 0, 3], ["int", 12, 4, 6], 3, 4, 0, 6]``.
"""

from __future__ import annotations

from engine.support.records import fields
from engine.expr.ast import KINDS, Binary, Bool, Call, Dice, Expr, Int, Name, Node, Str, Unary

_CLASSES = {"int": Int, "str": Str, "bool": Bool, "dice": Dice, "name": Name,
            "call": Call, "unary": Unary, "binary": Binary}
_TAGS = {cls: tag for tag, cls in _CLASSES.items()}
_MAX_DEPTH = 400
_FIELD_TYPES = {"value": None, "count": int, "sides": int, "name": str, "op": str,
                "start": int, "end": int, "op_start": int, "op_end": int}
_VALUE_TYPES = {Int: int, Str: str, Bool: bool}


def to_json(expr: Expr | Node) -> list:
    """JSON-serialisable nested lists describing the expression tree."""
    node = expr.root if isinstance(expr, Expr) else expr
    out = [_TAGS[type(node)]]
    for f in fields(node):
        value = getattr(node, f.name)
        if f.name == "args":
            out.append([to_json(arg) for arg in value])
        elif f.name in ("left", "right", "operand"):
            out.append(to_json(value))
        else:
            out.append(value)
    return out


def from_json(obj, text: str, kind: str) -> Expr:
    """Rebuild the ``Expr`` that ``to_json`` described; ValueError if malformed."""
    if kind not in KINDS:
        raise ValueError(f"unknown expression kind {kind!r}")
    if not isinstance(text, str):
        raise ValueError("expression text must be a string")
    return Expr(text=text, kind=kind, root=_node(obj, 0))


def _node(obj, depth: int) -> Node:
    if depth > _MAX_DEPTH:
        raise ValueError("expression tree too deep")
    if not isinstance(obj, (list, tuple)) or not obj or obj[0] not in _CLASSES:
        raise ValueError(f"not an expression node: {obj!r:.80}")
    cls = _CLASSES[obj[0]]
    specs = fields(cls)
    if len(obj) != len(specs) + 1:
        raise ValueError(f"wrong number of fields for {obj[0]!r} node")
    return cls(*[_field(cls, spec.name, raw, depth) for spec, raw in zip(specs, obj[1:])])


def _field(cls, name: str, raw, depth: int):
    if name == "args":
        if not isinstance(raw, (list, tuple)):
            raise ValueError("call arguments must be a list")
        return tuple(_node(arg, depth + 1) for arg in raw)
    if name in ("left", "right", "operand"):
        return _node(raw, depth + 1)
    wanted = _VALUE_TYPES[cls] if name == "value" else _FIELD_TYPES[name]
    if type(raw) is not wanted:
        raise ValueError(f"field {name!r} of {_TAGS[cls]!r} must be {wanted.__name__}")
    return raw
