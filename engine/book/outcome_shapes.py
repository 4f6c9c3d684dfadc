"""Outcomes shaped like `auto:` entries (book format 1.2), wherever an outcome is written.

A test's success or failure, a fight's win, hurt or timeout, a random outcome and a
puzzle's wrong answer may be written, besides a paragraph, as

    success: {to: 12, effects: [{add: {or: 5}}]}
    failure: {end: death, effects: [{set: {endurance: 0}}]}
    failure: continue              # carry on in this paragraph: its choices follow

Compiling brings them back to the format 1.1 shape the rule modules already read:
the target at its key (`success: 12`), the effects beside it (`success_effects`), and
an ending or `continue` as one of the numbers of OUTCOME_ENDS, which no paragraph
has: `Game.goto` ends the game there, or carries on in the paragraph (outcomes.py).
So a module plays, prices and explores them without knowing they exist; the linter
and the graph leave those numbers out of the paragraph graph (lint/checks.py) and
the printed book words them (export/ways.py `turn_to`).
"""
from __future__ import annotations

import copy

from engine.book.format_version import needs_12
from engine.book.model import CONTINUE, OUTCOME_ENDS
from engine.diagnostics import error

BY_NAME = {kind: number for number, kind in OUTCOME_ENDS.items()}
DESCRIPTION = ("Format 1.2: an outcome shaped like an `auto:` entry: `{to: N, effects: [...]}`, "
               "`{end: death|victory, effects: [...]}`, or `continue` (the paragraph's choices follow).")
FR = {DESCRIPTION: "Format 1.2 : une issue écrite comme une entrée de `auto:` : `{to: N, effects: [...]}`, "
                   "`{end: death|victory, effects: [...]}`, ou `continue` (les choix du paragraphe suivent)."}
END = {"enum": ["death", "victory"], "description": "Format 1.2: this outcome ends the game."}
CARRY_ON = {"const": "continue", "description": "Format 1.2: carry on in this paragraph (its choices follow)."}
FR.update({END["description"]: "Format 1.2 : cette issue termine la partie.",
           CARRY_ON["description"]: "Format 1.2 : continuer dans ce paragraphe (ses choix suivent)."})
TO = "Format 1.2: the paragraph this outcome leads to."
FR[TO] = "Format 1.2 : le paragraphe où mène cette issue."
PUZZLE_WRONG = ("puzzle", "wrong_effects")   # (a puzzle's wrong answer: the core's own site)


def sites(module) -> list[tuple[tuple, tuple]]:
    """(where the target is, where its effects are) for each outcome of the module whose
    effects sit beside it (`("test", "success")`, `("test", "success_effects")`)."""
    out = [(where[:-1] + (where[-1][:-len("_effects")],), where)
           for where in module.outcome_effects if where[-1].endswith("_effects")]
    return out + [(("puzzle", "wrong"), PUZZLE_WRONG)]


def written_places(module) -> tuple[tuple, ...]:
    """Where a book writes the effects of these outcomes (`("combat", "win", "effects")`),
    and the list they are compiled into for a puzzle's wrong answer (the core's own)."""
    return tuple(key_path + ("effects",) for key_path, _at in sites(module)) + (PUZZLE_WRONG,)


def object_sites(module) -> list[tuple]:
    """The module's outcomes already written as objects with their own `effects`
    (Défis Fantastiques' `escape: {to:, effects:}`): format 1.2 lets them `end:`."""
    return [where[:-1] for where in module.outcome_effects if where[-1] == "effects"]


def _shape(target_schema: dict, words: bool) -> dict:
    way = {"type": "object", "additionalProperties": False, "title": "{to|end: …, effects: …}",
           "properties": {"to": dict(target_schema, description=TO), "end": END,
                          "effects": {"$ref": "#/$defs/effects"}}}
    return {"description": DESCRIPTION, "oneOf": [target_schema, way] + ([CARRY_ON] if words else [])}


def _widen_objects(activities: dict, module) -> None:
    """`end:` beside `to:` in an object outcome whose schema requires `to` (the shape is
    checked when compiling)."""
    for site in object_sites(module):
        props = _properties(activities.get(site[0]), site)
        node = props.get(site[-1]) if props else None
        if isinstance(node, dict):
            props[site[-1]] = _with_end(node)


def _with_end(node: dict) -> dict:
    """An object outcome's schema that also takes `end:` where it takes `to:`: the object
    itself (Défis Fantastiques' `escape:`), an object branch of a `oneOf` (Chroniques
    Crétoises' `retreat: 7 | {to, range, effects}`), or an object whose `anyOf` requires
    `to` (its `surrender:`, `to` or `accepted: false`)."""
    if isinstance(node.get("oneOf"), list):
        return dict(node, oneOf=[_with_end(b) if isinstance(b, dict) else b for b in node["oneOf"]])
    if "to" not in (node.get("properties") or {}):
        return node
    out = dict(node, properties={**node["properties"], "end": END})
    if "to" in (node.get("required") or ()):
        out["required"] = [r for r in node["required"] if r != "to"]
    if isinstance(node.get("anyOf"), list) and {"required": ["to"]} in node["anyOf"]:
        out["anyOf"] = node["anyOf"] + [{"required": ["end"]}]
    return out


def _properties(schema, key_path: tuple):
    """The `properties` holding the last key of `key_path` in an object schema, or None."""
    for part in key_path[1:-1]:
        schema = ((schema or {}).get("properties") or {}).get(part)
    props = (schema or {}).get("properties")
    return props if isinstance(props, dict) and key_path[-1] in props else None


def _own_word(node) -> bool:
    """The module's schema offers `continue` there already (Chroniques Crétoises' `all_down`)."""
    return isinstance(node, dict) and any(isinstance(b, dict) and b.get("const") == "continue"
                                          for b in node.get("oneOf") or ())


_KEPT: dict = {}   # (module class, id) -> the sites whose `continue` is the module's own word


def own_words(module) -> frozenset:
    key = (type(module), getattr(module, "id", ""))
    if key not in _KEPT:
        defs = module.schema_defs()
        _KEPT[key] = frozenset(k for k, _e in sites(module)
                               if _own_word((_properties(defs.get(k[0]), k) or {}).get(k[-1])))
    return _KEPT[key]


def widen(activities: dict, module, paragraph_schema: dict) -> None:
    """Each outcome site of the schema (a paragraph number) also takes the 1.2 shapes."""
    _widen_objects(activities, module)
    for key_path, _effects in sites(module):
        props = _properties(activities.get(key_path[0]) if key_path[0] in activities else
                            paragraph_schema["properties"].get(key_path[0]), key_path)
        if props is None:
            continue
        node = props[key_path[-1]]
        own = _own_word(node)   # (`continue` the module's own word there: its meaning kept)
        bare = {k: v for k, v in node.items() if k != "description"}
        props[key_path[-1]] = dict(_shape(bare if own else _not_the_word(bare), not own),
                                   description=node.get("description", DESCRIPTION))


def _not_the_word(node: dict) -> dict:
    """`node` whose paragraph-name branch (format 1.1) no longer takes `continue`."""
    if isinstance(node.get("oneOf"), list):
        return dict(node, oneOf=[_not_the_word(b) if isinstance(b, dict) else b for b in node["oneOf"]])
    if node.get("type") == "string" and "pattern" in node:
        return dict(node, **{"not": {"enum": ["continue"]}})
    return node


def named_target(name_schema: dict) -> dict:
    """A paragraph's name where `continue` is also offered (a random outcome's `to:`)."""
    return _not_the_word(name_schema)


def normalize(compiler, fields: dict, path: tuple) -> tuple[dict, dict]:
    """(fields in the 1.1 shape, {site: "death"|"victory"|"continue"} for the outcomes
    that end the game or carry on)."""
    out, ends, kept = fields, {}, own_words(compiler.module)
    for key_path, effects_at in sites(compiler.module):
        value = dig(fields, key_path)
        if not (isinstance(value, dict) or value == "continue" and key_path not in kept):
            continue
        if out is fields:
            out = copy.deepcopy(fields)
        here = path + key_path
        needs_12(compiler, here, "issue écrite comme « auto: »", "an outcome written like 'auto:'", key=False)
        parent = dig(out, key_path[:-1])
        if value == "continue":
            parent[key_path[-1]], ends[key_path] = CONTINUE, "continue"
            continue
        check_shape(compiler, value, here)
        if "effects" in value and dig(fields, effects_at) is not None:
            compiler.report(error("outcome-effects-twice", compiler.span(path + effects_at, key=True),
                                  f"les effets de cette issue sont déjà dans « {key_path[-1]}: » : gardez-en un",
                                  f"this outcome's effects are already inside '{key_path[-1]}:': keep one"))
        end = value.get("end")
        parent[key_path[-1]] = BY_NAME[end] if end in ("death", "victory") else value.get("to", 0)
        if end in ("death", "victory"):
            ends[key_path] = end
        if "effects" in value:
            parent[effects_at[-1]] = value["effects"]
    for site in object_sites(compiler.module):   # `escape: {end: death, effects: [...]}`
        value = dig(fields, site)
        if isinstance(value, dict) and "end" in value:
            if out is fields:
                out = copy.deepcopy(fields)
            needs_12(compiler, path + site + ("end",), "issue écrite comme « auto: »", "an outcome written like 'auto:'")
            check_shape(compiler, value, path + site)
            dig(out, site)["to"] = BY_NAME.get(value["end"], 0)
            ends[site] = value["end"]
    return out, ends


def check_shape(compiler, value: dict, path: tuple) -> None:
    """An outcome goes `to:` a paragraph or `end:`s the game: one of the two."""
    if ("to" in value) == ("end" in value):
        compiler.report(error("outcome-shape", compiler.span(path),
                              "une issue va soit « to: » un paragraphe, soit « end: » (death ou victory)",
                              "an outcome either goes 'to:' a paragraph or 'end:'s (death or victory)"))


def dig(data, where: tuple):
    """The value at `where` in nested mappings, None when a key is missing."""
    for key in where:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data
