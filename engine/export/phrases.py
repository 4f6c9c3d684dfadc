"""Conditions, effects, dice and computed numbers in words, French or English.

`condition(expr)` reads the expression AST: item possession, paragraphs visited,
codewords, stat comparisons, and/or/not; a module adds its own names through
`Words.names` (a patron god, a god's attitude...).  What has no wording falls back
to the expression itself in quotes, never to nothing: the reader must still be
able to apply the rule.
"""
from __future__ import annotations

from engine.expr import Expr
from engine.expr.ast import Binary, Call, Dice, Int, Name, Str, Unary
from engine.expr.describe import describe

_COMPARE = {
    "fr": {">=": "d'au moins {n}", ">": "de plus de {n}", "<=": "d'au plus {n}",
           "<": "de moins de {n}", "==": "de {n}", "!=": "différent de {n}"},
    "en": {">=": "at least {n}", ">": "more than {n}", "<=": "at most {n}",
           "<": "less than {n}", "==": "exactly {n}", "!=": "not {n}"},
}
_COPIES = {
    "fr": {">=": "au moins {n}", ">": "plus de {n}", "<=": "au plus {n}",
           "<": "moins de {n}", "==": "exactement {n}", "!=": "un autre nombre que {n}"},
    "en": {">=": "at least {n}", ">": "more than {n}", "<=": "at most {n}",
           "<": "fewer than {n}", "==": "exactly {n}", "!=": "other than {n}"},
}
_FLIP = {">=": "<=", "<=": ">=", ">": "<", "<": ">", "==": "==", "!=": "!="}
_NUMBERS = {"fr": ("", "un", "deux", "trois", "quatre"), "en": ("", "one", "two", "three", "four")}


class Words:
    """What the phrases need from the book and its module, and the language."""

    def __init__(self, book, module, lang: str, names=None):
        self.book, self.module, self.lang = book, module, lang
        self.fr = lang == "fr"
        self.names = names or {}    # module phrases: see engine/export/modules.py

    def t(self, fr: str, en: str) -> str:
        return fr if self.fr else en

    def item(self, item_id: str) -> str:
        return self.book.item_name(str(item_id))

    def of(self, label: str) -> str:
        """French "de"/"d'": d'Honneur, d'Endurance, d'Habileté, but de Honte."""
        elide = label[:1].lower() in "aeiouyéèêâîôûh" and not label.lower().startswith("hont")
        return ("d'" if elide else "de ") + label

    def points(self, stat: str, n: int) -> str:
        """"3 points d'Honneur", "1 Pièce d'Or" (a module's countable stats by their own names)."""
        counted = self.names.get("counted", {}).get(stat)
        if counted:
            one, many = counted[0:2] if self.fr else counted[2:4]
            return f"{n} {one if n == 1 else many}"
        word = "point" if n == 1 else "points"
        return f"{n} {word} {self.of(self.stat(stat))}" if self.fr else f"{n} {self.stat(stat)} {word}"

    def declared(self, table: str, key: str) -> str:
        """The name a book gives its counter, codeword or note (format 1.1), else its key
        (a plain flag's a reader's word: `reader_word`)."""
        spec = (self.book.meta.get(table) or {}).get(key)
        name = spec.get("name") if isinstance(spec, dict) else None
        if name:
            return str(name)
        return reader_word(key) if table == "codewords" else str(key)

    def stat(self, name: str) -> str:
        spec = self.module.stat(name)
        return spec.label.get(self.lang) if spec else name


def reader_word(key) -> str:
    """A plain flag's id as a reader writes it: "maze_lever" -> "Maze lever"."""
    word = " ".join(str(key).replace("_", " ").replace("-", " ").split())
    return word[:1].upper() + word[1:] if word else str(key)


def condition(expr, w: Words) -> str:
    """A condition as the end of "Si ..." / "If ...": `vous possédez la Clé`."""
    node = expr.root if isinstance(expr, Expr) else expr
    text = _cond(node, w)
    return text if text is not None else w.t(f"la condition « {describe(node, 'fr')} » est remplie",
                                             f"the condition '{describe(node)}' holds")


def _cond(node, w: Words) -> str | None:
    if isinstance(node, Binary) and node.op in ("and", "or"):
        left, right = _cond(node.left, w), _cond(node.right, w)
        if left is None or right is None:
            return None
        joint = w.t(" et " if node.op == "and" else " ou ", " and " if node.op == "and" else " or ")
        return left + joint + right
    if isinstance(node, Unary) and node.op == "not":
        return _negated(node.operand, w)
    if isinstance(node, Call):
        return _call(node, w, True)
    if isinstance(node, Binary):
        return _comparison(node, w)
    return None


def _negated(node, w: Words) -> str | None:
    if isinstance(node, Call):
        return _call(node, w, False)
    if isinstance(node, Binary) and node.op in ("<", "<=", ">", ">="):
        opposite = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}[node.op]
        return _comparison(Binary(opposite, node.left, node.right, 0, 0, 0, 0), w)
    return None


def _call(node: Call, w: Words, positive: bool) -> str | None:
    name = w.module.expr_aliases().get(node.name, node.name)
    arg = node.args[0] if node.args else None
    value = arg.value if isinstance(arg, (Str, Int)) else None
    if value is None:
        return None
    if name in ("has", "possede", "possède"):
        item = things_named([value], w)
        return w.t(f"vous possédez {item}", f"you have {item}") if positive else \
            w.t(f"vous ne possédez pas {item}", f"you do not have {item}")
    if name in ("visited", "visite", "visité"):
        return w.t(f"vous êtes déjà passé au {value}", f"you have already been to {value}") if positive \
            else w.t(f"vous n'êtes jamais passé au {value}", f"you have never been to {value}")
    if name in ("flag", "drapeau"):
        value = w.declared("codewords", value)
        return w.t(f"vous avez noté le mot-code « {value} »", f"you have noted the codeword '{value}'") \
            if positive else w.t(f"vous n'avez pas noté le mot-code « {value} »",
                                 f"you have not noted the codeword '{value}'")
    return None


def _comparison(node: Binary, w: Words) -> str | None:
    if node.op not in _FLIP:
        return None
    left, right, op = node.left, node.right, node.op
    if isinstance(left, (Int, Str)) and not isinstance(right, (Int, Str)):
        left, right, op = right, left, _FLIP[op]
    special = w.names.get("compare")
    if special:
        text = special(left, op, right, w)
        if text:
            return text
    if isinstance(left, Call) and w.module.expr_aliases().get(left.name, left.name) in ("count", "nombre") \
            and isinstance(right, Int) and left.args and isinstance(left.args[0], Str):
        amount = _COPIES[w.lang][op].format(n=right.value)   # format 1.1: copies of an item
        many = right.value != 1
        name = w.item(left.args[0].value)
        return w.t(f"vous possédez {amount} exemplaire{'s' * many} de l'objet « {name} »",
                   f"you have {amount} cop{'ies' if many else 'y'} of the item '{name}'")
    if isinstance(left, Name) and isinstance(right, Int) and left.name in (w.book.meta.get("counters") or {}):
        amount = _COMPARE[w.lang][op].format(n=right.value)   # format 1.1: a counter of the book
        name = w.declared("counters", left.name)
        return w.t(f"votre compte « {name} » est {amount}", f"your '{name}' count is {amount}")
    if isinstance(left, Name) and isinstance(right, Int) and w.module.stat(left.name):
        amount = _COMPARE[w.lang][op].format(n=right.value)
        return w.t(f"votre total {w.of(w.stat(left.name))} est {amount}",
                   f"your {w.stat(left.name)} is {amount}")
    return None


def dice(expr, w: Words) -> str:
    """`2d6` -> "deux dés" / "two dice"; anything else as written."""
    node = expr.root if isinstance(expr, Expr) else expr
    if isinstance(node, Dice) and node.sides == 6 and node.count < len(_NUMBERS[w.lang]):
        word = _NUMBERS[w.lang][node.count]
        return w.t(f"{word} dé" + ("s" if node.count > 1 else ""),
                   f"{'one die' if node.count == 1 else word + ' dice'}")
    return describe(node, w.lang)


def computed(expr, w: Words) -> str:
    """A number the reader computes, in words, without its value."""
    node = expr.root if isinstance(expr, Expr) else expr
    return _term(node, w)


def _term(node, w: Words) -> str:
    if isinstance(node, Name):
        name = w.module.expr_aliases().get(node.name, node.name)
        if name in ("here", "ici"):
            return w.t("le numéro de ce paragraphe", "this paragraph's number")
        if w.module.stat(name):
            return w.t(f"votre total {w.of(w.stat(name))}", f"your {w.stat(name)}")
    if isinstance(node, Int):
        return str(node.value)
    if isinstance(node, Dice):
        return w.t(f"le résultat de {dice(node, w)}", f"the roll of {dice(node, w)}")
    if isinstance(node, Binary) and node.op in ("+", "-", "*"):
        op = {"+": w.t(" plus ", " plus "), "-": w.t(" moins ", " minus "), "*": w.t(" fois ", " times ")}
        return _term(node.left, w) + op[node.op] + _term(node.right, w)
    return w.t(f"« {describe(node, 'fr')} »", f"'{describe(node)}'")


def static_number(expr, here: int) -> int | None:
    """The value of a target made of numbers and `here` only (known when printing),
    None when it depends on the play (a number the reader computes)."""
    node = expr.root if isinstance(expr, Expr) else expr
    return _static(node, here)


def _static(node, here: int) -> int | None:
    if isinstance(node, Int):
        return node.value
    if isinstance(node, Name):
        return here if node.name in ("here", "ici") else None
    if isinstance(node, Binary) and node.op in ("+", "-", "*"):
        left, right = _static(node.left, here), _static(node.right, here)
        if left is None or right is None:
            return None
        return left + right if node.op == "+" else left - right if node.op == "-" else left * right
    return None


def things_named(ids, w: Words) -> str:
    """« Casque » et « Jambières » / the 'Helmet' and the 'Greaves': names in quotes,
    since the book gives no article."""
    names = [f"« {w.item(i)} »" if w.fr else f"'{w.item(i)}'" for i in ids]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + w.t(" et ", " and ") + names[-1]
    return w.t(("l'objet " if len(names) == 1 else "les objets ") + joined,
               ("the item " if len(names) == 1 else "the items ") + joined)
