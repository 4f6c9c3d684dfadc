"""AST of the gamebook expression language.

Every node is a frozen record (engine.support.records) carrying ``start`` / ``end``: 0-based
character offsets into the source text (``end`` exclusive).  A node's span
covers the parentheses written around it by its parent's operands, so
``text[node.start:node.end]`` always re-parses to the same node.

This module imports nothing heavy: it is used by cached books that never
load the parser.
"""

from __future__ import annotations

from typing import Union

from engine.support.records import field, record

KINDS = frozenset({"condition", "target", "number", "dice"})

BINARY_OPS = ("or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/")
COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">="})
ARITHMETIC = frozenset({"+", "-", "*", "/"})
LOGICAL = frozenset({"and", "or"})
UNARY_OPS = ("not", "-")


@record(frozen=True)
class Int:
    """Integer literal (non-negative; ``-1`` is ``Unary("-", Int(1))``)."""

    value: int
    start: int
    end: int


@record(frozen=True)
class Str:
    """String literal, already unescaped."""

    value: str
    start: int
    end: int


@record(frozen=True)
class Bool:
    """Boolean literal (``true``/``false``/``vrai``/``faux``)."""

    value: bool
    start: int
    end: int


@record(frozen=True)
class Dice:
    """Dice roll ``NdM``: ``count`` dice of ``sides`` faces."""

    count: int
    sides: int
    start: int
    end: int


@record(frozen=True)
class Name:
    """Variable reference, spelled as written (aliases resolve later)."""

    name: str
    start: int
    end: int


@record(frozen=True)
class Call:
    """Function call ``name(args...)``; the name starts at ``start``."""

    name: str
    args: tuple["Node", ...]
    start: int
    end: int

    @property
    def name_end(self) -> int:
        """End offset of the function name token."""
        return self.start + len(self.name)


@record(frozen=True)
class Unary:
    """Unary operation: ``op`` is ``"not"`` or ``"-"``; op token at start."""

    op: str
    operand: "Node"
    op_end: int
    start: int
    end: int


@record(frozen=True)
class Binary:
    """Binary operation; ``op`` is canonical (``and``, ``or``, ``+``, ...)."""

    op: str
    left: "Node"
    right: "Node"
    op_start: int
    op_end: int
    start: int
    end: int


Node = Union[Int, Str, Bool, Dice, Name, Call, Unary, Binary]


@record(frozen=True)
class Expr:
    """A parsed expression: its source ``text``, ``kind`` and ``root`` node.

    ``_compiled`` is a private cache for the evaluator (not compared).
    """

    text: str
    kind: str
    root: Node
    _compiled: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    @property
    def start(self) -> int:
        """Start offset of the whole expression."""
        return self.root.start

    @property
    def end(self) -> int:
        """End offset of the whole expression."""
        return self.root.end


def children(node: Node) -> tuple[Node, ...]:
    """Direct sub-nodes of ``node``, left to right."""
    if isinstance(node, Binary):
        return (node.left, node.right)
    if isinstance(node, Unary):
        return (node.operand,)
    if isinstance(node, Call):
        return node.args
    return ()


def walk(node: Node):
    """Yield ``node`` and all its descendants (pre-order, iterative)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))
