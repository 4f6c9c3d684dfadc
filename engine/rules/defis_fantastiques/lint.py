"""Exits, grants and book checks of the Défis Fantastiques module.

Codes (each a small generator below):
- combat-no-outcome: a fight with neither `win` nor choices to follow it.
- unknown-stat: an escape cost naming no stat.
- test-missing-target: a `test` without both `success` and `failure`.
- several-activities: `combat` and `test` in one paragraph (only the fight runs).
- not-a-weapon / not-an-armour: a `weapon:`/`armour:` effect naming the wrong item.
- weapon-and-armour: one item declared both weapon and armour.
- armour-test-zero: an armour whose `skill_test_penalty` is 0 (the rules say at least 1).
- hero-formula: a hero value that is not a dice formula.
- unknown-item: starting equipment missing from the catalogue.
- several-weapons / several-armours: more than one in the starting equipment.
"""
from __future__ import annotations

from typing import Iterable

from engine import expr as X
from engine.book.effect_lists import all_effects
from engine.book.frontmatter import equipment as starting_equipment
from engine.diagnostics import Diagnostic, error, unknown_name, warning
from engine.rules.base import Exit
from engine.rules.defis_fantastiques.sheet import DEFAULT_EQUIPMENT, STATS


def exits(paragraph) -> Iterable[Exit]:
    combat = paragraph.fields.get("combat")
    if isinstance(combat, dict):
        if combat.get("win") is not None:
            yield Exit("win", combat["win"], paragraph.path + ("combat", "win"), "victoire")
        escape = combat.get("escape")
        if isinstance(escape, dict) and escape.get("to") is not None:
            yield Exit("escape", escape["to"], paragraph.path + ("combat", "escape", "to"), "fuite")
    from engine.rules.defis_fantastiques.lint_specials import exits as special_exits
    yield from special_exits(paragraph, Exit)
    test = paragraph.fields.get("test")
    if isinstance(test, dict):
        for kind in ("success", "failure"):
            if test.get(kind) is not None:
                yield Exit(kind, test[kind], paragraph.path + ("test", kind), kind)


def _module_effects(book):
    for p in book.paragraphs.values():
        yield from all_effects(p)


def grants(book) -> dict:
    given = {e.value for e in _module_effects(book) if e.kind in ("weapon", "armour") and e.value}
    return {"item": given}


def lint(book, doc) -> Iterable[Diagnostic]:
    from engine.rules.defis_fantastiques.lint_specials import lint as specials
    for check in (_fights, _tests, _take_effects, _items, _hero, specials):
        yield from check(book, doc)


def _fights(book, doc):
    for n, p in book.paragraphs.items():
        if "combat" not in p.fields:
            continue
        if "test" in p.fields:
            yield error("several-activities", doc.span(p.path + ("test",), key=True),
                        f"le paragraphe {n} a un combat et un test : un seul à la fois",
                        f"paragraph {n} has both a fight and a test: one at a time")
        cost = (p.fields["combat"].get("escape") or {}).get("cost") or {}
        for stat in cost:
            if not any(stat == s.name or stat in s.aliases for s in STATS):
                yield error("unknown-stat", doc.span(p.path + ("combat", "escape", "cost", stat), key=True),
                            f"caractéristique inconnue « {stat} »", f"unknown stat '{stat}'")
        if p.fields["combat"].get("win") is None and not p.choices and p.end is None:
            yield error("combat-no-outcome", doc.span(p.path + ("combat",), key=True),
                        f"le combat du paragraphe {n} n'a pas d'issue : ajoutez « win: N » ou des choix",
                        f"the fight in paragraph {n} has no outcome: add 'win: N' or choices")


def _tests(book, doc):
    for n, p in book.paragraphs.items():
        test = p.fields.get("test")
        if test is None:
            continue
        missing = [k for k in ("success", "failure") if test.get(k) is None]
        if missing:
            yield error("test-missing-target", doc.span(p.path + ("test",), key=True),
                        f"le test du paragraphe {n} doit donner « success » et « failure » (manque : {', '.join(missing)})",
                        f"the test in paragraph {n} needs both 'success' and 'failure' (missing: {', '.join(missing)})")


def _take_effects(book, doc):
    for e in _module_effects(book):
        if e.kind not in ("weapon", "armour") or e.value is None:
            continue
        item = book.items.get(e.value)
        if item is None:
            yield unknown_name("unknown-item", doc.span(e.path), e.value, book.items, "objet", "item")
        elif e.kind not in item.props:
            code = "not-a-weapon" if e.kind == "weapon" else "not-an-armour"
            what = ("une arme", "a weapon") if e.kind == "weapon" else ("une armure", "an armour")
            yield error(code, doc.span(e.path), f"« {e.value} » n'est pas {what[0]} dans le catalogue",
                        f"'{e.value}' is not {what[1]} in the catalogue")


def _items(book, doc):
    for item in book.items.values():
        if "weapon" in item.props and "armour" in item.props:
            yield error("weapon-and-armour", doc.span(item.path, key=True),
                        f"« {item.id} » ne peut pas être à la fois une arme et une armure",
                        f"'{item.id}' cannot be both a weapon and an armour")
        armour = item.props.get("armour")
        if isinstance(armour, dict) and armour.get("skill_test_penalty") == 0:
            yield warning("armour-test-zero", doc.span(item.path + ("armour", "skill_test_penalty")),
                          f"l'armure « {item.id} » n'ajoute rien aux tests d'Habileté : les règles disent "
                          "« au moins 1 » (omettez skill_test_penalty pour 1)",
                          f"the armour '{item.id}' adds nothing to Skill tests: the rules say 'at least 1' "
                          "(leave skill_test_penalty out for 1)")


def _hero(book, doc):
    hero = book.hero if isinstance(book.hero, dict) else {}
    written = doc.data.get("hero") if isinstance(doc.data, dict) else None
    written = written if isinstance(written, dict) else {}
    for spec in STATS:
        value = hero.get(spec.name)
        # located at the key the author wrote, the stat's name or one of its aliases
        key = next((k for k in (spec.name, *spec.aliases) if k in written), spec.name)
        if isinstance(value, str):
            yield from _formula(value, ("hero", key), doc)
    kit = starting_equipment(hero, DEFAULT_EQUIPMENT)
    for item, _copies, path in kit:
        if item not in book.items:
            yield error("unknown-item", doc.span(path, key=path[-1] == item),   # `{torche: 3}`: its key
                        f"objet de départ inconnu « {item} » : ajoutez-le au catalogue « items »",
                        f"unknown starting item '{item}': add it to the 'items' catalogue")
    for kind, fr in (("weapon", "armes"), ("armour", "armures")):
        held = [i for i, n, _p in kit for _ in range(n) if i in book.items and kind in book.items[i].props]
        if len(held) > 1:
            yield warning(f"several-{kind}s", doc.span(("hero", "equipment")),
                          f"plusieurs {fr} au départ ({', '.join(held)}) : seule la dernière est gardée",
                          f"several starting {kind}s ({', '.join(held)}): only the last one is kept")


def _formula(text: str, path: tuple, doc):
    try:
        expr = X.parse(text, "dice")
    except X.ExprError as exc:
        yield error("hero-formula", doc.inner_span(path, exc.start), exc.message_fr + _ONLY_DICE[0],
                    exc.message_en + _ONLY_DICE[1])
        return
    # A starting value is dice and numbers only: no stat exists before the hero does.
    for p in X.check(expr, X.Env(variables={}, functions={})).problems:
        yield error("hero-formula", doc.inner_span(path, p.start), p.message_fr + _ONLY_DICE[0],
                    p.message_en + _ONLY_DICE[1])


_ONLY_DICE = (" : une valeur de départ ne s'écrit qu'avec des dés et des nombres (2d6+12)",
              ": a starting value is written with dice and numbers only (2d6+12)")
