"""Checks of the format 1.1 fight specials (prompts/specials.md) of Défis Fantastiques.

Codes:
- format-1-1: a special in a book that says `gamebook: 1`.
- combat-timeout: `rounds` without `timeout`, or the reverse (the code Chroniques
  Crétoises gives the same mistake: one code per mistake).
- unknown-item: an item of `hurt_only_by` missing from the catalogue.
- a condition of `modifiers` that does not parse: the parser's own code, located.
"""
from __future__ import annotations

from engine import expr as X
from engine.diagnostics import error

FIGHT_KEYS = ("hurt", "hurt_effects", "rounds", "timeout", "timeout_effects", "win_rounds",
              "first_round", "modifiers")


def exits(paragraph, Exit):
    """The fight's special endings, as exits for the graph (`hurt`, `timeout`)."""
    combat = paragraph.fields.get("combat")
    if not isinstance(combat, dict):
        return
    for key, label in (("hurt", "blessé"), ("timeout", "temps écoulé")):
        if combat.get(key) is not None:
            yield Exit(key, combat[key], paragraph.path + ("combat", key), label)


def lint(book, doc):
    old = isinstance(doc.data, dict) and doc.data.get("gamebook") == 1
    for p in book.paragraphs.values():
        spec = p.fields.get("combat")
        if not isinstance(spec, dict):
            continue
        path = p.path + ("combat",)
        if old:
            yield from _format_11(doc, spec, path)
        yield from _pairs(doc, spec, path)
        for i, e in enumerate(spec.get("enemies") or ()):
            for j, item in enumerate(e.get("hurt_only_by") or () if isinstance(e, dict) else ()):
                if item not in book.items:
                    yield error("unknown-item", doc.span(path + ("enemies", i, "hurt_only_by", j)),
                                f"objet inconnu « {item} » dans « hurt_only_by » : ajoutez-le au catalogue",
                                f"unknown item '{item}' in 'hurt_only_by': add it to the catalogue")
        for i, m in enumerate(spec.get("modifiers") or ()):
            yield from _condition(doc, m.get("if"), path + ("modifiers", i, "if"))


def _format_11(doc, spec, path):
    places = [(path + (k,), k) for k in FIGHT_KEYS if k in spec]
    places += [(path + ("enemies", i, "hurt_only_by"), "hurt_only_by")
               for i, e in enumerate(spec.get("enemies") or ()) if isinstance(e, dict) and "hurt_only_by" in e]
    for where, name in places:
        yield error("format-1-1", doc.span(where, key=True), f"« {name} » : demande « gamebook: 1.1 »",
                    f"'{name}': needs 'gamebook: 1.1'")


def _pairs(doc, spec, path):
    if spec.get("rounds") and spec.get("timeout") is None:
        yield error("combat-timeout", doc.span(path + ("rounds",), key=True),
                    "« rounds » sans « timeout » : dites où mène le combat quand les assauts sont écoulés",
                    "'rounds' without 'timeout': say where the fight goes when its rounds are over")
    if spec.get("timeout") is not None and not spec.get("rounds"):
        yield error("combat-timeout", doc.span(path + ("timeout",), key=True),
                    "« timeout » sans « rounds » : dites après combien d'assauts le combat s'arrête",
                    "'timeout' without 'rounds': say after how many rounds the fight stops")


def _condition(doc, text, path):
    if text is None:
        return
    try:
        X.parse(str(text), "condition")
    except X.ExprError as exc:
        yield error(exc.code, doc.inner_span(path, exc.start), exc.message_fr, exc.message_en)
