"""The module's own names in a locked choice's need (RuleModule.word_term/word_fact).

`patron == "Athéna"` reads "il faut : le dieu protecteur doit être Athéna";
`god("Zeus") == "favorable"` reads "l'attitude de Zeus doit être favorable";
`not zeus_utilise` reads "Zeus ne doit pas avoir déjà été invoqué".
"""
from __future__ import annotations

from engine.diagnostics import Message as M
from engine.expr.ast import Call, Name, Str
from engine.rules.chroniques_cretoises import names as N

NOUNS = {"patron": M("le dieu protecteur", "the patron god"),
         "condition": M("l'état de santé", "the state of health")}


def word_term(node) -> M | None:
    if isinstance(node, Str):   # an attitude or a state of health, in each language
        return _value(node.value)
    if isinstance(node, Name):
        return NOUNS.get(node.name)
    if isinstance(node, Call) and node.name == "god" and len(node.args) == 1:
        god = node.args[0]
        if isinstance(god, Str):
            return M(f"l'attitude {_of(god.value)}", f"{god.value}'s attitude")
        return M("l'attitude d'un dieu", "a god's attitude")
    return None


def word_fact(node, negated: bool) -> M | None:
    if isinstance(node, Name) and node.name == "zeus_utilise":
        return (M("Zeus ne doit pas avoir déjà été invoqué", "Zeus must not have been called upon yet")
                if negated else M("Zeus doit déjà avoir été invoqué", "Zeus must have been called upon"))
    return None


def _value(text: str) -> M | None:
    attitude = N.attitude(text)
    if attitude is not None:
        label = N.ATTITUDE_LABELS[attitude]
        return M(label.fr.lower(), label.en.lower())
    index = N.condition_index(text)
    if index is not None:
        label = N.CONDITION_LABELS[index]
        return M(label.fr.lower(), label.en.lower())
    return None


def _of(god: str) -> str:
    """French "de" elided before a vowel: "d'Athéna", "de Zeus"."""
    return f"d'{god}" if god[:1].lower() in "aeiouyéèêâàîôûh" else f"de {god}"
