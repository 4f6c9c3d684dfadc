"""What a locked choice needs, in words: the parts of its condition that fail now.

A condition `or >= 6 and not visited(3)` with 4 gold pieces, paragraph 3 not visited,
reads "il faut au moins 6 Pièces d'Or" (paragraph 3 visited: "déjà fait"); the usual shapes (a stat compared with a
number, `has`, `visited`, `flag`, their negations) are worded, any other part is
printed back as written (expr.describe).
"""
from __future__ import annotations

from ..diagnostics import Message as M
from ..expr.ast import Binary, Call, Expr, Int, Name, Str, Unary
from ..expr.describe import describe

AT_LEAST = {">=": 0, ">": 1}
AT_MOST = {"<=": 0, "<": -1}


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
    if isinstance(node, Binary) and isinstance(node.left, Name) and isinstance(node.right, Int):
        spec = game.module.stat(node.left.name)
        if spec is not None:
            fr, en, n = spec.label.fr, spec.label.en, node.right.value
            if node.op in AT_LEAST:
                n += AT_LEAST[node.op]
                return f"il faut au moins {n} {fr}", f"needs at least {n} {en}"
            if node.op in AT_MOST:
                n += AT_MOST[node.op]
                return f"il faut au plus {n} {fr}", f"needs at most {n} {en}"
    negated = isinstance(node, Unary) and node.op == "not"
    call = node.operand if negated else node
    if isinstance(call, Call) and len(call.args) == 1:
        arg = call.args[0]
        if call.name == "visited" and isinstance(arg, Int):
            return (("déjà fait", "already done") if negated else
                    (f"il faut être passé au paragraphe {arg.value}", f"needs paragraph {arg.value} first"))
        if call.name == "has" and isinstance(arg, Str):
            name = game.book.item_name(arg.value)
            return (f"pas avec l'objet « {name} »", f"not with the item '{name}'") if negated else \
                (f"il faut l'objet « {name} »", f"needs the item '{name}'")
    return f"condition non remplie ({describe(node, 'fr')})", f"condition not met ({describe(node, 'en')})"
