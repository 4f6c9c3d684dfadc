"""What a locked choice needs, in words: the parts of its condition that fail now.

A condition `or >= 6 and not visited(3)` with 4 gold pieces, paragraph 3 not visited,
reads "il faut au moins 6 Pièces d'Or" (paragraph 3 visited: "déjà fait"); the usual shapes (a stat compared with a
number, `has`, `visited`, `flag`, their negations) and every other node kind are
worded by wording.py, the module wording its own names.
"""
from __future__ import annotations

from engine.diagnostics import Message as M
from engine.expr.ast import Binary, Expr
from engine.game.wording import condition


def needs(game, expr: Expr) -> M:
    """"il faut …" / "needs …", naming only the failing parts of `expr` (all of them
    when none fails alone)."""
    parts = list(_conjuncts(expr.root))
    failing = [node for node in parts if not game.evaluate(Expr(expr.text, expr.kind, node))] or parts
    worded = [_word(game, node) for node in failing]
    return M(" ; ".join(fr for fr, _ in worded), "; ".join(en for _, en in worded))


def _conjuncts(node):
    if isinstance(node, Binary) and node.op == "and":
        yield from _conjuncts(node.left)
        yield from _conjuncts(node.right)
    else:
        yield node


def _word(game, node) -> tuple[str, str]:
    """One failing part as a phrase, French and English."""
    worded = condition(game, node)
    return worded.fr, worded.en
