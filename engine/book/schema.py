"""The book schema: the core format plus the parts each rule module contributes.

`book_schema(module)` is the JSON Schema (2020-12) of a book for one rule module;
`composed_schema(modules)` is the single file `schemas/book.schema.json` an editor
uses, choosing the module's part with `if rules == ...`.  Run
`python -m tools.gen_schema` after changing a module's schema; a test checks the
file is current.
"""
from __future__ import annotations

import copy
import re
from typing import Iterable

from engine.book.schema_fr import FR
from engine.book.giving import DOC as GIVE_UP_DOC, FR as FR_GIVE_UP_12, SCHEMA as GIVE_UP_12   # format 1.2
from engine.book.taking import FR as FR_TAKING, SCHEMA as TAKING, USE_HERE   # format 1.2

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_ID = "https://gamebook-engine.invalid/schemas/book.schema.json"

NAME = {"type": "string", "pattern": r"^[^\s].*$", "maxLength": 200}
PARAGRAPH_REF = {"type": "integer", "minimum": 1, "maximum": 1_000_000,
                 "description": "A paragraph number."}
PARAGRAPH_NAME = {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$",
                  "description": "Format 1.1: a paragraph's name (its key in `paragraphs:`)."}
TARGET = {"description": "Where to go: a paragraph number, or an expression such as `here + 20`.",
          "oneOf": [PARAGRAPH_REF, {"type": "string", "minLength": 1}]}
EXPR_NUMBER = {"description": "A number, or an expression/dice formula such as `1d6` or `-2`.",
               "oneOf": [{"type": "integer"}, {"type": "string", "minLength": 1}]}
# No maxLength on expressions: the parser's `expr-too-long` says more than a schema error.
CONDITION = {"type": "string", "minLength": 1,
             "description": "A condition over stats, items and flags, e.g. `has(\"key\") and not flag(\"alarm\")`."}


def _declarations() -> dict:
    """Format 1.1: the book's counters, codewords and notes (engine/book/counters.py)."""
    def table(doc, ids="^[a-z][a-z0-9_]*$", **extra):
        return {"type": "object", "description": doc, "propertyNames": {"pattern": ids},
                "additionalProperties": {"type": "object", "additionalProperties": False,
                                         "properties": {"name": dict(NAME, description="The name shown to the player (default: the id)."), **extra}}}
    bound = {"type": "integer"}
    return {
        "counters": table("Format 1.1: counters (days, rounds won, a reputation), names of expressions.",
                          start=dict(bound, description="Starting value (default 0)."),
                          min=dict(bound, description="Lowest value."), max=dict(bound, description="Highest value.")),
        "codewords": table("Format 1.1: flags shown on the adventure sheet while set.",
                           ids="^[a-z][a-z0-9_-]*$"),   # (format 1.2: ids like flags, `tour-noire`)
        "notes": table("Format 1.1: notes holding a paragraph number (effect `note:`, function `note()`)."),
    }


SHOW = {"enum": ["hidden", "reason", "greyed"],
        "description": "Format 1.1, when the condition fails: hidden, shown greyed with the "
                       "reason (what is missing), or greyed with no detail."}
_AUTO_WAY = {"type": "object", "additionalProperties": False,
             "properties": {"if": {"$ref": "#/$defs/condition"},
                            "to": {"oneOf": [PARAGRAPH_REF, PARAGRAPH_NAME], "description": "Where this way leads."},
                            "end": {"enum": ["death", "victory"], "description": "This way ends the game."},
                            "effects": {"$ref": "#/$defs/effects"}}}
AUTO = {"type": "array", "minItems": 1, "items": _AUTO_WAY,
        "description": "Format 1.1: ways out the book chooses, the first whose `if:` holds "
                       "(one without `if:` is the default); each goes `to:` a paragraph or `end:`s the game."}


def _core_effects() -> list:
    stat_map = {"type": "object", "minProperties": 1,
                "additionalProperties": {"$ref": "#/$defs/number"}}
    one_or_many = {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"},
                                                   "minItems": 1}]}
    from engine.book.frontmatter import COPIES
    counted = {"oneOf": one_or_many["oneOf"] + [COPIES]}
    def single(key, schema, doc):
        return {"type": "object", "required": [key], "additionalProperties": False,
                "properties": {key: dict(schema, description=doc)}}
    return [
        single("gain", counted, "Give the hero one or several items (ids from `items`); "
               "format 1.1: `{gain: {fleche: 3}}` gives several copies."),
        single("lose", counted, "Take one or several items away from the hero (every copy); "
               "format 1.1: `{lose: {fleche: 1}}` takes that many copies."),
        single("add", stat_map, "Add to stats: `{add: {STAT: 2, OTHER: -1}}` (the rule module's stat names); values may be dice (`1d6`)."),
        single("set", stat_map, "Set stats to a value: `{set: {STAT: 1}}`."),
        single("give_up", {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 100}, {
            "type": "object", "additionalProperties": False,
            "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 100,
                                     "description": "How many items the player gives up."},
                           "except": {"type": "array", "items": {"type": "string"},
                                      "description": "Items the player may not pick."},
                           **GIVE_UP_12}}]},
               GIVE_UP_DOC),
        single("flag", one_or_many, "Set one or several flags (remembered facts)."),
        single("unflag", one_or_many, "Clear one or several flags."),
        single("note", {"type": "string"}, "Format 1.1: write this paragraph's number in a note of `notes:`."),
        *(single(key, schema, doc) for key, (schema, doc) in TAKING.items()),   # format 1.2
    ]


def book_schema(module) -> dict:
    """The whole schema of a book written for `module`."""
    from engine.book.module_targets import widen   # format 1.1: a module's paragraph numbers take names too
    parts = widen(copy.deepcopy(module.schema_defs()), PARAGRAPH_NAME)
    effects = _core_effects() + parts.pop("effects", [])
    choice_extra = parts.pop("choice", {})
    paragraph_extra = parts.pop("paragraph", {})
    activities = {name: parts.pop(name) for name in module.activity_fields if name in parts}
    from engine.book.frontmatter import hero_schema
    hero = hero_schema(parts.pop("hero", {"type": "object"}), module)
    from engine.book import action_choices, outcome_shapes, puzzle_answers, unique_items   # format 1.2
    item = unique_items.item_schema(parts.pop("item", {"type": "object"}))
    if isinstance(item.get("properties"), dict):   # format 1.2: items used where they lie
        item = dict(item, properties={**item["properties"], **USE_HERE})
    options = parts.pop("options", {"type": "object", "additionalProperties": False})
    choice = {
        "type": "object", "required": ["text"], "additionalProperties": False,
        "properties": {
            "text": dict(NAME, description="What the player reads for this choice."),
            "to": {"$ref": "#/$defs/target"},
            "if": dict(CONDITION, description="Shown only when this condition holds."),
            "effects": {"$ref": "#/$defs/effects",
                        "description": "Applied when the choice is taken, before moving."},
            "show": SHOW,
            "once": {"type": "boolean", "description": "Format 1.1: offered only until it is taken once."},
            "stay": action_choices.STAY,
            **choice_extra,
        },
    }
    random = {
        "type": "object", "required": ["dice", "outcomes"], "additionalProperties": False,
        "description": "A random branch: roll the dice, go where the result falls.",
        "properties": {
            "dice": {"type": "string", "description": "Dice formula, e.g. `1d6`."},
            "outcomes": {"type": "array", "minItems": 1, "description": "Where each range of results leads.",
                         "items": {
                "type": "object", "required": ["range"], "additionalProperties": False,
                "properties": {
                    "range": {"type": "array", "items": {"type": "integer"}, "minItems": 2,
                              "maxItems": 2, "description": "[lowest, highest] result, inclusive."},
                    "to": {"description": "Where this result leads: a paragraph number, or (format 1.1) a paragraph's name.",
                           "oneOf": [PARAGRAPH_REF, outcome_shapes.named_target(PARAGRAPH_NAME), outcome_shapes.CARRY_ON]},
                    "end": outcome_shapes.END,
                    "effects": {"$ref": "#/$defs/effects",
                                "description": "Format 1.1: applied before moving."}}}}},
    }
    paragraph = {
        "type": "object", "required": ["text"], "additionalProperties": False,
        "properties": {
            "text": {"type": "string", "description": "The paragraph's text."},
            "number": dict(PARAGRAPH_REF, description="Format 1.1: the number a named paragraph keeps."),
            "effects": {"$ref": "#/$defs/effects"},
            "choices": {"type": "array", "items": {"$ref": "#/$defs/choice"},
                        "description": "The choices offered to the player."},
            "end": {"enum": ["death", "victory"], "description": "This paragraph ends the adventure."},
            "random": random,
            "puzzle": {"type": "object", "required": ["answers"], "additionalProperties": False,
                       "description": "Format 1.1: the player types a paragraph number worked out from the text.",
                       "properties": {
                           "text": dict(NAME, description="The option's label (default: turn to the number you found)."),
                           "answers": {"type": "array", "items": puzzle_answers.ANSWER,
                                       "description": "The right numbers: each leads to its paragraph."},
                           "wrong": dict(PARAGRAPH_REF, description="Where any other number leads."),
                           "tries": puzzle_answers.TRIES}},
            "auto": AUTO,
            "once": {"description": "Format 1.1: what does not happen again when the paragraph is "
                                    "entered again: `true` (its effects and activities) or a list "
                                    "such as `[effects, combat]`.",
                     "oneOf": [{"type": "boolean"}, {"type": "array", "minItems": 1,
                                                      "items": {"type": "string"}}]},
            **{name: {"$ref": f"#/$defs/{name}"} for name in activities},
            **paragraph_extra,
        },
    }
    outcome_shapes.widen(activities, module, paragraph)   # format 1.2: outcomes like `auto:` entries
    return {
        "$schema": DRAFT,
        "title": f"Gamebook ({module.id})",
        "type": "object",
        "required": ["gamebook", "title", "rules", "start", "paragraphs"],
        "additionalProperties": False,
        "properties": {
            "gamebook": {"enum": [1, 1.1, 1.2], "description": "Book format version: 1, 1.1 (named paragraphs) or 1.2."},
            "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$",
                   "description": "Stable identifier, used by saves (default: the file name)."},
            "title": dict(NAME, description="The book's title, shown when the game starts."),
            "author": dict(NAME, description="Who wrote the book (shown on the title screen)."),
            "description": {"type": "string", "description": "A few lines about the book, shown when a game starts."},
            "include": {"type": "array", "items": {"type": "string", "minLength": 1},
                        "description": "Format 1.1: files (relative to this one) holding more `paragraphs:`."},
            "prologue": {"type": "string",
                         "description": "Format 1.1: read before the first paragraph, after the description."},
            "language": {"enum": ["fr", "en"], "description": "Language of the text and of the player's interface."},
            "rules": {"const": module.id, "description": "The rule module that plays this book."},
            "start": {"description": "The first paragraph: its number, or (format 1.1) its name.",
                      "oneOf": [PARAGRAPH_REF, PARAGRAPH_NAME]},
            "options": options,
            "unmet_choices": dict(SHOW, description="Format 1.1: how every choice whose condition "
                                  "fails is shown, unless it says otherwise (default: greyed)."),
            "hero": hero,
            **_declarations(),
            "items": {"type": "object", "description": "The item catalogue: id -> item.",
                      "propertyNames": {"pattern": r"^[^\s]+$"},
                      "additionalProperties": {"$ref": "#/$defs/item"}},
            "paragraphs": {"type": "object", "minProperties": 1,
                           "description": "Paragraphs keyed by number (or, format 1.1, by name).",
                           "propertyNames": {"pattern": "^([1-9][0-9]{0,5}|[a-z][a-z0-9_-]*)$"},
                           "additionalProperties": {"$ref": "#/$defs/paragraph"}},
        },
        "$defs": {
            "target": TARGET, "number": EXPR_NUMBER, "condition": CONDITION,
            "effects": {"type": "array", "items": {"$ref": "#/$defs/effect"},
                        "description": "Effects applied in order."},
            "effect": {"anyOf": effects}, "choice": choice, "paragraph": paragraph,
            "item": item, **activities, **parts,
        },
    }


def installed_modules(builtin_only: bool = False) -> list:
    """Every rule module that loads (only the built-in ones if asked: the schema file
    in the repository must not depend on what else is installed); a broken module is
    left out (`gamebook rules` reports it)."""
    from engine.rules import registry
    out = []
    for name in sorted(registry.BUILTINS) if builtin_only else registry.names():
        try:
            out.append(registry.get(name))
        except registry.BrokenRules:
            continue
    return out


def described_schema(module) -> dict:
    """The schema of a book written for `module` as editors show it: every description
    also in French, object alternatives titled (the language server's hover and
    completion read it)."""
    french = dict(FR, **FR_GIVE_UP_12, **FR_TAKING)
    french.update(getattr(module, "schema_descriptions_fr", dict)())
    return _for_editors(book_schema(module), french)


def composed_schema(modules: Iterable) -> dict:
    """One schema for every installed module, for editors (yaml-language-server)."""
    modules = list(modules)
    branches, defs = [], {}
    for module in modules:
        schema = book_schema(module)
        prefix = f"{module.id}."
        sub = _prefix_refs(schema, prefix)
        for name, d in sub.pop("$defs").items():
            defs[prefix + name] = d
        sub.pop("$schema")
        sub.pop("title")  # editors would label every untitled alternative "Gamebook (id)"
        branches.append({"if": {"properties": {"rules": {"const": module.id}}, "required": ["rules"]},
                         "then": sub})
    french = dict(FR, **FR_GIVE_UP_12, **FR_TAKING)
    for module in modules:
        french.update(getattr(module, "schema_descriptions_fr", dict)())
    return _for_editors({
        "$schema": DRAFT, "$id": SCHEMA_ID, "title": "Gamebook",
        "description": "A gamebook for gamebook-engine. The `rules` key selects the rule module.",
        "type": "object", "required": ["rules"],
        "properties": {"rules": {"enum": [m.id for m in modules],
                                 "description": "The rule module that plays this book."}},
        **({"allOf": branches} if branches else {}), "$defs": defs,
    }, french)


_ALIAS = re.compile(r"Alias of `([^`]+)`\.")   # engine/book/frontmatter.py's hero stat aliases


def _in_french(description, french: dict) -> str | None:
    if not isinstance(description, str):
        return None
    if _ALIAS.fullmatch(description):
        return _ALIAS.sub(r"Autre nom de `\1`.", description)
    return french.get(description)


def _for_editors(node, french: dict):
    """What editors show: each object alternative of an `anyOf`/`oneOf` titled by its
    keys (`{gain: …}`) so that completion lists it so, not as "object(Gamebook ...)"; and a field's own description on each alternative, so that hovering
    `all_down: 40` shows `all_down`'s documentation, not "A paragraph number.";
    each description also in French (`x-description-fr`, from `french`)."""
    if isinstance(node, list):
        return [_for_editors(v, french) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _for_editors(v, french) for k, v in node.items()}
    fr = _in_french(out.get("description"), french)
    if fr:
        out["x-description-fr"] = fr
    for key in ("anyOf", "oneOf"):
        if isinstance(out.get(key), list):
            out[key] = [_titled(b, out.get("description"), french) for b in out[key]]
    return out


def _titled(branch, description, french):
    if not isinstance(branch, dict) or "$ref" in branch:
        return branch
    branch = dict(branch)
    described = branch.get("description")
    required = branch.get("required") or []
    if len(required) == 1 and required[0] in (branch.get("properties") or {}):
        key = required[0]  # an effect: `{gain: ...}` is the `gain` effect
        branch.setdefault("title", f"{{{key}: …}}")
        if branch["properties"][key].get("description"):
            branch.setdefault("description", branch["properties"][key]["description"])
    elif description:
        branch["description"] = description
    fr = _in_french(branch.get("description"), french)
    if branch.get("description") != described and fr:
        branch["x-description-fr"] = fr
    if "title" not in branch and branch.get("type") == "object":  # offered as a whole
        branch["title"] = "{" + ", ".join(f"{k}: …" for k in required or branch.get("properties", {})) + "}"
    return branch


def _prefix_refs(node, prefix):
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/"):
                out[k] = "#/$defs/" + prefix + v[len("#/$defs/"):]
            else:
                out[k] = _prefix_refs(v, prefix)
        return out
    if isinstance(node, list):
        return [_prefix_refs(v, prefix) for v in node]
    return node
