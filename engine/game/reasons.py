"""Format 1.1: how a choice whose condition fails is shown, and why it is not possible.

The author chooses per choice (`show:`) or for the whole book (`unmet_choices:`):
`hidden` (not listed), `reason` (greyed, with what the condition asks for, read
from its syntax tree: "il vous faut : Clé de bronze", "il vous faut 7 Pièces d'Or"),
or `greyed` ("condition non remplie" only).  Unless the author chooses, a locked
choice says what its condition needs now (needs.py, prompts.Prompts._why).  The
reason here depends on the condition only, except for a condition it cannot word,
which falls back to needs.py (issue 31: never less than the default).
"""
from __future__ import annotations

from engine.diagnostics import Message as M
from engine.expr.ast import Binary, Call, Int, Name, Str, Unary

NOT_MET = M("condition non remplie", "condition not met")
_FLIP = {">=": "<=", ">": "<", "<=": ">=", "<": ">"}


def show_mode(book, choice) -> str:
    """hidden, reason or greyed: the choice's own, else the book's, else greyed."""
    return choice.show or book.meta.get("unmet_choices") or "greyed"


def once_key(paragraph: int, i: int) -> str:
    """The flag that remembers a once-only choice was taken (kept in the state's flags,
    so saves and the explorer see it)."""
    return f"once:{paragraph}:{i + 1}"


def reason(game, condition) -> M:
    """What a failed condition asks for, in words; a condition these words cannot
    say (`visited(2)`, `flag("vu")`...) in the default's words instead (needs.py:
    "needs paragraph 2 first; needs the mark 'seen'"), never less than them."""
    needs = _needs(game, condition.root)
    if needs is None:
        from engine.game.needs import needs as default
        return default(game, condition)
    fr, en = needs
    counted = fr[0].isdigit() or fr.startswith("au plus")   # "il vous faut 7 Pièces d'Or"
    return M(f"il vous faut {fr}" if counted else f"il vous faut : {fr}",
             f"you need {en}" if counted else f"you need: {en}")


def _needs(game, node):
    """(fr, en) noun phrase of what `node` asks for, or None."""
    if isinstance(node, Binary) and node.op in ("and", "or"):
        left, right = _needs(game, node.left), _needs(game, node.right)
        if left is None or right is None:
            return None
        fr_join, en_join = (", ", ", ") if node.op == "and" else (" ou ", " or ")
        return left[0] + fr_join + right[0], left[1] + en_join + right[1]
    if isinstance(node, Call) and _canon(game, node.name) == "has" and _item(node):
        name = game.book.item_name(_item(node))
        return name, name
    if isinstance(node, Unary) and node.op == "not" and isinstance(node.operand, Call) \
            and _canon(game, node.operand.name) == "has" and _item(node.operand):
        name = game.book.item_name(_item(node.operand))
        return f"ne pas avoir {name}", f"not to carry {name}"
    if isinstance(node, Binary) and node.op in _FLIP:
        return _amount(game, node)
    return None


def _amount(game, node):
    """`or >= 7`, `count("fleche") > 2`, `7 <= or` -> ("7 Pièces d'Or", "7 Gold")."""
    op, left, right = node.op, node.left, node.right
    if isinstance(left, Int):
        op, left, right = _FLIP[op], right, left
    if not isinstance(right, Int):
        return None
    counted = _counted(game, left)
    if counted is None:
        return None
    n = right.value
    if op in (">=", ">"):
        n += op == ">"
        return counted(n).fr, counted(n).en
    n -= op == "<"
    return f"au plus {counted(n).fr}", f"at most {counted(n).en}"


def _counted(game, node):
    """`n -> Message` saying n of what `node` counts ("1 Pièce d'Or", "3 points
    d'Honneur", "2 Corde"), or None."""
    if isinstance(node, Name):
        spec = game.module.stat(game._aliases.get(node.name, node.name))
        return spec.amount if spec is not None else None
    if isinstance(node, Call) and _canon(game, node.name) == "count" and _item(node):
        name = game.book.item_name(_item(node))
        return lambda n: M(f"{n} {name}", f"{n} {name}")
    return None


def _canon(game, name: str) -> str:
    return game._aliases.get(name, name)


def _item(call) -> str | None:
    return call.args[0].value if len(call.args) == 1 and isinstance(call.args[0], Str) else None
