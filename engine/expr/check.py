"""Static checking of expressions against an environment of names.

``check(expr, env)`` infers the type of an expression, reports problems
(unknown names, wrong arity, type mismatches, dice where not allowed,
unknown references) with exact spans, and collects every literal argument
passed to a reference-kind parameter so the linter can cross-check it.
"""

from __future__ import annotations

from typing import Mapping, Optional

from engine.support.fold import fold
from engine.support.limits import MAX_INT
from engine.support.records import field, record
from engine.expr.ast import ARITHMETIC, COMPARISONS, LOGICAL, Binary, Bool, Call, Dice, Expr, Int, Name, Node, Str, Unary
from engine.expr.describe import dice_range

BASE_TYPES = frozenset({"int", "bool", "str"})
TYPE_FR = {"int": "un entier", "bool": "un booléen", "str": "une chaîne"}
TYPE_EN = {"int": "an integer", "bool": "a boolean", "str": "a string"}
KIND_FR = {"item": "objet", "paragraph": "paragraphe", "flag": "drapeau", "god": "dieu",
           "attitude": "attitude", "condition": "état", "note": "note"}
_FEMININE = frozenset({"attitude"})
# The author's own ids, compared exactly in play; the rule module's names (gods,
# attitudes...) compare folded (engine/support/fold.py), in play as here.
EXACT_KINDS = frozenset({"item", "flag", "paragraph"})


def known_value(kind: str, value, known) -> bool:
    """Whether a literal names one of `known` values of its reference kind."""
    if value in known:
        return True
    return kind not in EXACT_KINDS and isinstance(value, str) and fold(value) in known


@record(frozen=True)
class Signature:
    """Function signature: parameter types (base or reference kind) and result."""

    params: tuple[str, ...]
    returns: str
    returns_kind: Optional[str] = None   # the reference kind of a text result ("attitude")


@record(frozen=True)
class Env:
    """Names known to the checker (canonical names; aliases map to them)."""

    variables: Mapping[str, str]
    functions: Mapping[str, Signature]
    aliases: Mapping[str, str] = field(default_factory=dict)
    references: Mapping[str, frozenset] = field(default_factory=dict)
    # A text variable whose values are of a reference kind (`patron` -> "god"): a text
    # compared with it is checked like a reference.
    variable_kinds: Mapping[str, str] = field(default_factory=dict)


@record(frozen=True)
class Problem:
    """A static problem; ``suggestion`` is the closest known name, if any."""

    code: str
    start: int
    end: int
    message_fr: str
    message_en: str
    suggestion: Optional[str] = None


@record(frozen=True)
class Reference:
    """A literal argument passed to a reference-kind parameter."""

    kind: str
    value: object
    start: int
    end: int
    negated: bool = False   # under an odd number of `not`: the condition holds without it


@record(frozen=True)
class CheckResult:
    """Inferred type (None if unknown), problems and literal references."""

    type: Optional[str]
    problems: tuple[Problem, ...]
    references: tuple[Reference, ...]

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems


def base_type(param: str) -> str:
    """Value type of a parameter type: reference kinds are str, except paragraph."""
    if param in BASE_TYPES:
        return param
    return "int" if param == "paragraph" else "str"


def check(expr: Expr, env: Env) -> CheckResult:
    """Type-check ``expr`` (of its own kind) against ``env``."""
    checker = _Checker(env, expr.kind)
    result = checker.visit(expr.root)
    checker.check_kind(expr.root, result)
    return CheckResult(result, tuple(checker.problems), tuple(checker.references))


def _fits(span) -> bool:
    """Whether a (low, high) range, or an unknown one (None), stays within ±MAX_INT."""
    return span is None or (-MAX_INT <= span[0] and span[1] <= MAX_INT)


def _overflows(node: Binary) -> bool:
    """`node` (made of numbers and dice) can leave ±MAX_INT while its operands cannot:
    reported once, at the operator that first overflows (``99999 * 99999``, ``1d6 * 10^9``)."""
    return not _fits(dice_range(node)) and _fits(dice_range(node.left)) and _fits(dice_range(node.right))


def _fr(type_name: str) -> str:
    return TYPE_FR.get(type_name, f"« {type_name} »")


def _en(type_name: str) -> str:
    return TYPE_EN.get(type_name, f"“{type_name}”")


def _closest(word: str, candidates) -> Optional[str]:
    import difflib  # only for a misspelt name

    names = [str(c) for c in candidates]
    # the same words in another order first: `max_luck` is `luck_max`, not `luck`
    words = sorted(word.split("_"))
    reordered = [n for n in names if n != word and "_" in word and sorted(n.split("_")) == words]
    if reordered:
        return reordered[0]
    matches = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    return matches[0] if matches else None


def _hint(suggestion: Optional[str]) -> tuple[str, str]:
    if suggestion is None:
        return "", ""
    return (f" ; vouliez-vous dire « {suggestion} » ?", f"; did you mean “{suggestion}”?")


class _Checker:
    """One checking pass; accumulates problems and references."""

    def __init__(self, env: Env, kind: str):
        self.env = env
        self.kind = kind
        self.problems: list[Problem] = []
        self.references: list[Reference] = []
        self.negated = False

    def report(self, code, start, end, fr, en, suggestion=None) -> None:
        self.problems.append(Problem(code, start, end, fr, en, suggestion))

    def canonical(self, name: str) -> str:
        return self.env.aliases.get(name, name)

    def visit(self, node: Node) -> Optional[str]:
        if isinstance(node, Binary):
            return self.binary(node)
        if isinstance(node, Unary):
            return self.unary(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Name):
            return self.name(node)
        if isinstance(node, Dice):
            if self.kind in ("condition", "target"):
                self.report("dice-not-allowed", node.start, node.end,
                            f"les dés ne sont pas permis dans une expression de type « {self.kind} »",
                            f"dice are not allowed in a {self.kind} expression")
            return "int"
        if isinstance(node, Bool):
            return "bool"
        if isinstance(node, Str):
            return "str"
        if isinstance(node, Int):
            if not -MAX_INT <= node.value <= MAX_INT:
                self.report("number-too-large", node.start, node.end,
                            f"nombre trop grand : les entiers vont de -{MAX_INT} à {MAX_INT}",
                            f"number too large: integers go from -{MAX_INT} to {MAX_INT}")
            return "int"
        raise TypeError(f"not an expression node: {node!r}")

    def name(self, node: Name) -> Optional[str]:
        canonical = self.canonical(node.name)
        if canonical in self.env.variables:
            return self.env.variables[canonical]
        if canonical in self.env.functions:
            self.report("unknown-name", node.start, node.end,
                        f"« {node.name} » est une fonction : écrivez {node.name}(...)",
                        f"“{node.name}” is a function: write {node.name}(...)")
            return None
        known = [*self.env.variables,
                 *(a for a, c in self.env.aliases.items() if c in self.env.variables)]
        suggestion = _closest(node.name, known)
        fr, en = _hint(suggestion)
        self.report("unknown-name", node.start, node.end,
                    f"nom inconnu « {node.name} »{fr}", f"unknown name “{node.name}”{en}", suggestion)
        return None

    def call(self, node: Call) -> Optional[str]:
        arg_types = [self.visit(arg) for arg in node.args]
        canonical = self.canonical(node.name)
        signature = self.env.functions.get(canonical)
        if signature is None:
            self.unknown_function(node, canonical)
            return None
        params = signature.params
        if len(node.args) != len(params):
            self.wrong_arity(node, len(params))
        for arg, arg_type, param in zip(node.args, arg_types, params):
            self.argument(node, arg, arg_type, param)
        return signature.returns

    def unknown_function(self, node: Call, canonical: str) -> None:
        if canonical in self.env.variables:
            fr = f"« {node.name} » n'est pas une fonction"
            en = f"“{node.name}” is not a function"
            suggestion = None
        else:
            known = [*self.env.functions,
                     *(a for a, c in self.env.aliases.items() if c in self.env.functions)]
            suggestion = _closest(node.name, known)
            hint_fr, hint_en = _hint(suggestion)
            fr = f"fonction inconnue « {node.name} »{hint_fr}"
            en = f"unknown function “{node.name}”{hint_en}"
        self.report("unknown-function", node.start, node.name_end, fr, en, suggestion)

    def wrong_arity(self, node: Call, expected: int) -> None:
        got = len(node.args)
        if got > expected:
            start, end = node.args[expected].start, node.args[-1].end
        else:
            start, end = node.start, node.end
        self.report("wrong-arity", start, end,
                    f"« {node.name} » attend {expected} argument(s), {got} donné(s)",
                    f"“{node.name}” takes {expected} argument(s), {got} given")

    def argument(self, call: Call, arg: Node, arg_type: Optional[str], param: str) -> None:
        expected = base_type(param)
        if arg_type is not None and arg_type != expected:
            self.report("type-mismatch", arg.start, arg.end,
                        f"l'argument de « {call.name} » doit être {_fr(expected)}, "
                        f"pas {_fr(arg_type)}",
                        f"the argument of “{call.name}” must be {_en(expected)}, "
                        f"not {_en(arg_type)}")
            return
        if param in BASE_TYPES or not isinstance(arg, (Str, Int)) or isinstance(arg, Bool):
            return
        self.reference(param, arg)

    def reference(self, kind: str, arg) -> None:
        self.references.append(Reference(kind, arg.value, arg.start, arg.end, self.negated))
        known = self.env.references.get(kind)
        if known is not None and not known_value(kind, arg.value, known):
            self.unknown_reference(kind, arg, known)

    def value_kind(self, node: Node) -> Optional[str]:
        """The reference kind of a text variable or function result, if it has one."""
        if isinstance(node, Name):
            return self.env.variable_kinds.get(self.canonical(node.name))
        if isinstance(node, Call):
            signature = self.env.functions.get(self.canonical(node.name))
            return signature.returns_kind if signature is not None else None
        return None

    def compared_text(self, node: Binary) -> None:
        """`patron == "Athéna"`, `god("Arès") != "défavorable"`: the text is checked."""
        for value, literal in ((node.left, node.right), (node.right, node.left)):
            kind = self.value_kind(value)
            if kind is not None and isinstance(literal, Str):
                self.reference(kind, literal)

    def unknown_reference(self, kind: str, arg, known) -> None:
        if isinstance(arg.value, int):
            numbers = [k for k in known if isinstance(k, int)]
            suggestion = str(min(numbers, key=lambda k: abs(k - arg.value))) if numbers else None
        else:
            suggestion = _closest(arg.value, known)
            if suggestion is not None and kind not in EXACT_KINDS:
                # among the spellings of one name, suggest the written one ("Athéna")
                same = [k for k in known if isinstance(k, str) and fold(k) == fold(suggestion)]
                suggestion = max(same, key=lambda k: (not k.isascii(), k[:1].isupper()))
        hint_fr, hint_en = _hint(suggestion)
        if suggestion is None and kind == "item":
            hint_fr, hint_en = (" : ajoutez-le au catalogue « items »", ": add it to the 'items' catalogue")
        kind_fr = KIND_FR.get(kind, kind)
        fr = f"{kind_fr} inconnu{'e' if kind in _FEMININE else ''} « {arg.value} »{hint_fr}"
        en = f"unknown {kind} “{arg.value}”{hint_en}"
        if kind == "note":   # its own code, the one its `note:` effect gets (format 1.1)
            return self.report("unknown-note", arg.start, arg.end, fr, en, suggestion)
        self.report("unknown-reference", arg.start, arg.end, fr, en, suggestion)

    def unary(self, node: Unary) -> Optional[str]:
        if node.op == "not":
            self.negated = not self.negated
        operand = self.visit(node.operand)
        if node.op == "not":
            self.negated = not self.negated
        wanted = "bool" if node.op == "not" else "int"
        if operand is not None and operand != wanted:
            self.report("type-mismatch", node.start, node.op_end,
                        f"« {node.op} » attend {_fr(wanted)}, pas {_fr(operand)}",
                        f"“{node.op}” expects {_en(wanted)}, not {_en(operand)}")
        return wanted

    def binary(self, node: Binary) -> Optional[str]:
        left, right = self.visit(node.left), self.visit(node.right)
        if node.op == "/" and dice_range(node.right) == (0, 0):   # made of numbers only, and 0
            self.report("division-by-zero", node.op_start, node.op_end,
                        "division par zéro : le diviseur vaut toujours 0",
                        "division by zero: the divisor is always 0")
        elif node.op in ARITHMETIC and _overflows(node):
            self.report("number-too-large", node.op_start, node.op_end,
                        f"résultat trop grand : les entiers vont de -{MAX_INT} à {MAX_INT}",
                        f"result too large: integers go from -{MAX_INT} to {MAX_INT}")
        if node.op in LOGICAL:
            wanted, result = "bool", "bool"
        elif node.op in ARITHMETIC:
            wanted, result = "int", "int"
        elif node.op in ("==", "!="):
            wanted, result = None, "bool"
        else:
            wanted, result = "int", "bool"
        if wanted is None:
            self.compared_text(node)
            if left is not None and right is not None and left != right:
                self.report("type-mismatch", node.op_start, node.op_end,
                            f"« {node.op} » compare {_fr(left)} à {_fr(right)}",
                            f"“{node.op}” compares {_en(left)} with {_en(right)}")
            return result
        bad = [(side, t) for side, t in (("gauche", left), ("droite", right))
               if t is not None and t != wanted]
        if bad:
            side_fr = " et ".join(f"l'opérande de {s} est {_fr(t)}" for s, t in bad)
            side_en = " and ".join(
                f"its {'left' if s == 'gauche' else 'right'} operand is {_en(t)}" for s, t in bad)
            self.report("type-mismatch", node.op_start, node.op_end,
                        f"« {node.op} » attend {_fr(wanted)} de chaque côté, mais {side_fr}",
                        f"“{node.op}” expects {_en(wanted)} on each side, but {side_en}")
        return result

    def check_kind(self, root: Node, result: Optional[str]) -> None:
        if result is None:
            return
        if self.kind == "condition" and result != "bool":
            self.report("condition-not-boolean", root.start, root.end,
                        f"une condition doit être vraie ou fausse, pas {_fr(result)}",
                        f"a condition must be true or false, not {_en(result)}")
        elif self.kind == "target" and result != "int":
            self.report("target-not-integer", root.start, root.end,
                        f"une destination doit être un numéro de paragraphe, pas {_fr(result)}",
                        f"a target must be a paragraph number, not {_en(result)}")
        elif self.kind in ("number", "dice") and result != "int":
            self.report("type-mismatch", root.start, root.end,
                        f"une formule de nombre doit donner un entier, pas {_fr(result)}",
                        f"a number formula must give an integer, not {_en(result)}")
