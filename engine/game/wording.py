"""Any condition of the expression language in words, French and English.

`needs.py` names the failing parts of a locked choice's condition; this module words
one part, whatever its node kind: a stat compared with a number ("il faut au moins 6
Pièces d'Or"), `has`/`count`/`visited`/`flag`, `and`/`or`/`not`, comparisons of any two
terms, arithmetic, dice, literals.  A rule module words its own names through the
optional hooks `word_term` (a noun phrase: `patron` -> "le dieu protecteur") and
`word_fact` (a yes/no variable or call as a statement: `zeus_utilise`); anything a
module leaves unworded is printed as written, inside a sentence that still reads.
"""
from __future__ import annotations

from engine.diagnostics import Message as M
from engine.expr.ast import ARITHMETIC, Binary, Bool, Call, Dice, Int, Name, Str, Unary

AT_LEAST = {">=": 0, ">": 1}
AT_MOST = {"<=": 0, "<": -1}
NEGATED = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
# "{left} doit être … {right}" / "{left} must be … {right}"
VERBS = {"==": ("doit être", "must be"), "!=": ("ne doit pas être", "must not be"),
         ">=": ("doit être d'au moins", "must be at least"), ">": ("doit dépasser", "must exceed"),
         "<=": ("doit être d'au plus", "must be at most"), "<": ("doit être inférieur à", "must be below")}
ARITH_FR = {"+": "plus", "-": "moins", "*": "fois", "/": "divisé par"}
ARITH_EN = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}


def condition(game, node, negated: bool = False) -> M:
    """`node` (a condition) as a phrase saying what must hold; `negated`: what must not."""
    node = canonical(game, node)
    if isinstance(node, Unary) and node.op == "not":
        return condition(game, node.operand, not negated)
    if isinstance(node, Binary) and node.op in ("and", "or"):
        return _logical(game, node, negated)
    if isinstance(node, Binary) and node.op in NEGATED:
        return _comparison(game, NEGATED[node.op] if negated else node.op, node.left, node.right)
    if isinstance(node, Call) and node.name in ("has", "visited", "flag") and len(node.args) == 1:
        return _core_fact(game, node, negated)
    if isinstance(node, Bool):
        return M("toujours vrai", "always true") if node.value != negated else M("impossible", "impossible")
    fact = _hook(game, "word_fact", node, negated)
    if fact is not None:
        return fact
    noun = term(game, node)
    if isinstance(node, (Name, Call)):
        verb = ("il ne faut pas : ", "must not hold: ") if negated else ("il faut : ", "needs: ")
        return M(verb[0] + noun.fr, verb[1] + noun.en)
    return _comparison(game, "==" if negated else "!=", node, Int(0, 0, 0))


def _logical(game, node, negated: bool) -> M:
    left, right = condition(game, node.left, negated), condition(game, node.right, negated)
    # De Morgan: "not (a and b)" is "not a, or not b"
    either = (node.op == "or") != negated
    if either:
        return M(f"soit {left.fr}, soit {right.fr}", f"either {left.en}, or {right.en}")
    return M(f"{left.fr} et {right.fr}", f"{left.en} and {right.en}")


def _comparison(game, op: str, left, right) -> M:
    left, right = canonical(game, left), canonical(game, right)
    if isinstance(left, Int) and isinstance(right, (Name, Call)):
        left, right, op = right, left, {"<": ">", ">": "<", "<=": ">=", ">=": "<="}.get(op, op)
    stat = game.module.stat(left.name) if isinstance(left, Name) else None
    if stat is not None and isinstance(right, Int) and op in {**AT_LEAST, **AT_MOST}:
        if op in AT_LEAST:
            said = stat.amount(right.value + AT_LEAST[op])
            return M(f"il faut au moins {said.fr}", f"needs at least {said.en}")
        said = stat.amount(right.value + AT_MOST[op])
        return M(f"il faut au plus {said.fr}", f"needs at most {said.en}")
    a, b = term(game, left), term(game, right)
    fr, en = VERBS[op]
    return M(f"{a.fr} {fr} {b.fr}", f"{a.en} {en} {b.en}")


def _core_fact(game, call: Call, negated: bool) -> M:
    arg = call.args[0]
    shown = arg.value if isinstance(arg, (Int, Str)) else term(game, arg).en
    if call.name == "visited":
        return (M("déjà fait", "already done") if negated else
                M(f"il faut être passé au paragraphe {shown}", f"needs paragraph {shown} first"))
    if call.name == "has":
        name = game.book.item_name(shown) if isinstance(arg, Str) else shown
        return (M(f"pas avec l'objet « {name} »", f"not with the item '{name}'") if negated else
                M(f"il faut l'objet « {name} »", f"needs the item '{name}'"))
    return (M(f"pas avec la marque « {shown} »", f"not with the mark '{shown}'") if negated else
            M(f"il faut la marque « {shown} »", f"needs the mark '{shown}'"))


def term(game, node) -> M:
    """`node` (a value) as a noun phrase: "Habileté", "le nombre de « Corde »", "1d6"."""
    node = canonical(game, node)
    worded = _hook(game, "word_term", node)
    if worded is not None:
        return worded
    if isinstance(node, Int):
        return M(str(node.value), str(node.value))
    if isinstance(node, Str):
        return M(node.value, node.value)
    if isinstance(node, Bool):
        return M("vrai", "true") if node.value else M("faux", "false")
    if isinstance(node, Dice):
        return M(f"{node.count}d{node.sides}", f"{node.count}d{node.sides}")
    if isinstance(node, Name):
        return _name(game, node.name)
    if isinstance(node, Call):
        return _call(game, node)
    if isinstance(node, Unary):  # "-" (a "not" in value position reads as a condition)
        inner = term(game, node.operand) if node.op == "-" else condition(game, node.operand, True)
        return M(f"-{inner.fr}", f"-{inner.en}") if node.op == "-" else inner
    if isinstance(node, Binary) and node.op in ARITHMETIC:
        a, b = term(game, node.left), term(game, node.right)
        return M(f"{a.fr} {ARITH_FR[node.op]} {b.fr}", f"{a.en} {ARITH_EN[node.op]} {b.en}")
    inner = condition(game, node)   # a comparison used as a value
    return M(f"({inner.fr})", f"({inner.en})")


def _name(game, name: str) -> M:
    if name == "here":
        return M("le paragraphe actuel", "the current paragraph")
    stat = game.module.stat(name)
    if stat is not None:
        return M(stat.label.fr, stat.label.en)
    return M(name, name)


def _call(game, call: Call) -> M:
    if call.name == "count" and len(call.args) == 1 and isinstance(call.args[0], Str):
        name = game.book.item_name(call.args[0].value)
        return M(f"le nombre de « {name} »", f"the number of '{name}'")
    args = [term(game, a) for a in call.args]
    return M(f"{call.name}({', '.join(a.fr for a in args)})", f"{call.name}({', '.join(a.en for a in args)})")


def canonical(game, node):
    """`node` with its name resolved through the book's aliases (`possède` -> `has`)."""
    aliases = getattr(game, "_aliases", None) or {}
    if isinstance(node, Name):
        return Name(aliases.get(node.name, node.name), node.start, node.end)
    if isinstance(node, Call):
        return Call(aliases.get(node.name, node.name), node.args, node.start, node.end)
    return node


def _hook(game, hook: str, node, *more):
    """The module's wording of a name, a call (canonical) or a text value, or None."""
    if not isinstance(node, (Name, Call, Str)) or (isinstance(node, Str) and hook == "word_fact"):
        return None
    worder = getattr(game.module, hook, None)   # optional: a plugin may lack it
    return worder(canonical(game, node), *more) if worder is not None else None
