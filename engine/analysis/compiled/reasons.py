"""Why states took the engine path (the compiled report's list), in French and English.

A `Reason` is its English words (a str: the JSON report and the explorer keep it as
they kept the text) that also says itself in French (`get`).  A reason raised with a
text this table does not know stays that text in both languages.
"""
from __future__ import annotations

from engine.diagnostics import Message
from engine.analysis.explore.text import families
from engine.analysis.render import count  # noqa: F401 (the reports import it from here too)
from engine.support.safe_text import clean

REASONS = {
    "variable": Message("variable {detail}", "variable {detail}"),
    "function": Message("fonction {detail}", "function {detail}"),
    "operator": Message("opérateur {detail}", "operator {detail}"),
    "expression": Message("expression {detail}", "{detail}"),
    "carrying": Message("limites de ce qu'on peut porter", "carrying limits"),
    "no-vector-rules": Message("module {detail} sans règles vectorielles", "module {detail} without vector rules"),
    "on-enter": Message("le module {detail} agit à l'entrée d'un paragraphe",
                        "module {detail} acts on entering a paragraph"),
    "typed-number": Message("nombre à taper qui mène hors du livre", "typed number leading out of the book"),
    "computed-target": Message("cible calculée qui n'est pas un nombre, ou choix du module",
                               "computed target not a number, or module choice"),
    "condition": Message("condition qui n'est pas un booléen", "condition not a boolean"),
    "activity": Message("activité {detail}", "activity {detail}"),
    "pending": Message("activité en cours", "activity"),
    "test-form": Message("test écrit autrement", "test written otherwise"),
    "test-outcome": Message("issue de test", "test outcome"),
    "outcome": Message("issue de {detail}", "{detail} outcome"),
    "missing-target": Message("cible manquante", "missing target"),
    "target-fields": Message("cible {detail} : des « auto: » en boucle", "target {detail}: `auto:` jumps in a loop"),
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

    def __reduce__(self):   # (sent back by a worker process as its kind and detail, not its words)
        return Reason, (self.kind, self.detail)


def reason(kind: str, detail="") -> str:
    """A Reason when the table knows `kind`, else the text itself."""
    return Reason(kind, detail) if kind in REASONS else kind


def words(why: str, lang: str) -> str:
    """A reason in `lang` (a text the table does not know: as it is)."""
    return why.get(lang) if isinstance(why, Reason) else why


def path_lines(r: dict, lang: str, rate: float | None = None) -> list[str]:
    """The report's lines on how the states were expanded: the fights' strategies,
    the states by programs (`rate` a second) and by the engine, each paragraph that
    took the engine path with its reason, and the engine's errors."""
    fr = lang == "fr"
    lines = []
    if r["strategies"]:
        lines.append(("  combats joués selon les stratégies du module : " if fr else
                      "  fights played by the module's strategies: ") + ", ".join(map(clean, families(r["strategies"]))))
    per = "" if rate is None else f" ({count(rate, lang)}/s)"
    lines.append((f"  états par programme compilé : {count(r['compiled_states'], lang)}{per} ; "
                  f"par le moteur : {count(r['engine_states'], lang)}") if fr else
                 (f"  states by compiled programs: {count(r['compiled_states'], lang)}{per}; "
                  f"by the engine: {count(r['engine_states'], lang)}"))
    if r["engine_paragraphs"]:
        lines.append("  paragraphes passés par le moteur :" if fr else "  paragraphs that took the engine path:")
        lines += [f"    § {k} : {clean(words(why, lang))}" if fr else f"    § {k}: {clean(words(why, lang))}"
                  for k, why in r["engine_paragraphs"].items()]
    for e in r["errors"][:10]:
        lines.append(f"  ! § {e['paragraph']}: {clean(e['type'])}: {clean(e['message'])}")
    return lines
