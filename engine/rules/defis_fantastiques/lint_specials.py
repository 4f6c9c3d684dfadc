"""Checks of the format 1.1 fight specials (prompts/specials.md) of Défis Fantastiques.

Codes:
- format-1-1: a special in a book that says `gamebook: 1`.
- combat-timeout: `rounds` without `timeout`, or the reverse (the code Chroniques
  Crétoises gives the same mistake: one code per mistake).
- unknown-item: an item of `hurt_only_by` missing from the catalogue.
- a condition of `modifiers` that does not parse: the parser's own code, located.
- format-1-2: an opponent without Endurance or `luck: taken | dealt` before `gamebook: 1.2`.
- rounds-only-no-win-rounds: an opponent without Endurance in a fight that has no
  `win_rounds` (nothing could defeat it), or fought as-one beside opponents that have one.
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
        yield from _format_12(doc, spec, path, doc.data.get("gamebook") if isinstance(doc.data, dict) else None)
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


def _format_12(doc, spec, path, version):
    """Format 1.2: opponents only `win_rounds` defeats, Luck on one side (model.py)."""
    from engine.rules.defis_fantastiques.model import LUCK_SIDES
    bare = [i for i, e in enumerate(spec.get("enemies") or ()) if isinstance(e, dict) and "endurance" not in e]
    if version in (1, 1.1):
        if not spec.get("win_rounds"):   # before 1.2, an opponent without Stamina is one left out
            for i in bare:
                yield error("schema", doc.span(path + ("enemies", i)),
                            "adversaire : il manque « endurance » ou « stamina » (un adversaire sans Endurance, "
                            "que seul « win_rounds » vainc, demande « gamebook: 1.2 »)",
                            "opponent: 'endurance' or 'stamina' is a required property (an opponent without "
                            "Stamina, that only 'win_rounds' defeats, needs 'gamebook: 1.2')")
            bare = []
        places = [(path + ("enemies", i), False, "adversaire sans « endurance »", "an opponent without 'endurance'")
                  for i in bare]
        if spec.get("luck") in LUCK_SIDES:
            places.append((path + ("luck",), True, f"« luck: {spec['luck']} »", f"'luck: {spec['luck']}'"))
        for where, key, fr, en in places:
            yield error("format-1-2", doc.span(where, key=key), f"{fr} : demande « gamebook: 1.2 »",
                        f"{en}: needs 'gamebook: 1.2'")
    together = spec.get("mode") == "as-one" and len(bare) != len(spec.get("enemies") or ())
    for i in bare if not spec.get("win_rounds") or together else ():
        yield error("rounds-only-no-win-rounds", doc.span(path + ("enemies", i)),
                    "adversaire sans Endurance : seul « win_rounds » peut le vaincre ; donnez au combat "
                    "« win_rounds: N » (et ne le mêlez pas, « as-one », à des adversaires qui en ont une)",
                    "an opponent without Endurance: only 'win_rounds' can defeat it; give the fight "
                    "'win_rounds: N' (and do not merge it, 'as-one', with opponents that have one)")
