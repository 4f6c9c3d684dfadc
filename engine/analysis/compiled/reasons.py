"""Why states took the engine path (the compiled report's list), in French and English.

A `Reason` is its English words (a str: the JSON report and the explorer keep it as
they kept the text) that also says itself in French (`get`).  A reason raised with a
text this table does not know stays that text in both languages.
"""
from __future__ import annotations

from engine.diagnostics import Message

REASONS = {
    "variable": Message("variable {detail}", "variable {detail}"),
    "function": Message("fonction {detail}", "function {detail}"),
    "operator": Message("opérateur {detail}", "operator {detail}"),
    "expression": Message("expression {detail}", "{detail}"),
    "carrying": Message("limites de ce qu'on peut porter", "carrying limits"),
    "no-vector-rules": Message("module {detail} sans règles vectorielles", "module {detail} without vector rules"),
    "on-enter": Message("le module {detail} agit à l'entrée d'un paragraphe",
                        "module {detail} acts on entering a paragraph"),
    "typed-number": Message("nombre à taper", "typed number"),
    "computed-target": Message("cible calculée ou choix du module", "computed target or module choice"),
    "condition": Message("condition qui n'est pas un booléen", "condition not a boolean"),
    "activity": Message("activité {detail}", "activity {detail}"),
    "pending": Message("activité en cours", "activity"),
    "test-form": Message("test écrit autrement", "test written otherwise"),
    "test-outcome": Message("issue de test", "test outcome"),
    "outcome": Message("issue de {detail}", "{detail} outcome"),
    "missing-target": Message("cible manquante", "missing target"),
    "target-fields": Message("cible {detail} : des « auto: » en boucle, ou une condition d'« auto: » qui lit "
                             "une caractéristique", "target {detail}: `auto:` jumps in a loop, or an `auto:` "
                             "condition reading a stat"),
    "target-activity": Message("la cible {detail} commence une activité", "target {detail} begins an activity"),
    "effect-amount": Message("quantité d'un effet", "effect amount"),
    "effect": Message("effet {detail}", "effect {detail}"),
    "rescue": Message("mort que le module {detail} peut secourir", "a death module {detail} may rescue"),
    "handed-over": Message("états que le programme laisse au moteur", "states the program hands over"),
    "programs-off": Message("programmes désactivés", "programs off"),
}


class Reason(str):
    """A reason's English words, and `get(lang)` for either language."""

    def __new__(cls, kind: str, detail="") -> "Reason":
        self = super().__new__(cls, REASONS[kind].en.format(detail=detail))
        self.kind, self.detail = kind, detail
        return self

    def get(self, lang: str) -> str:
        return REASONS[self.kind].get(lang).format(detail=self.detail)


def reason(kind: str, detail="") -> str:
    """A Reason when the table knows `kind`, else the text itself."""
    return Reason(kind, detail) if kind in REASONS else kind


def words(why: str, lang: str) -> str:
    """A reason in `lang` (a text the table does not know: as it is)."""
    return why.get(lang) if isinstance(why, Reason) else why
