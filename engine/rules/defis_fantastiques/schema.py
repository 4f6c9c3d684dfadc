"""The book-format parts this module adds (JSON Schema 2020-12 pieces).

Documented for authors in docs/rules-defis-fantastiques.md.
"""
from __future__ import annotations

from engine.rules.defis_fantastiques.combat import MODES
from engine.rules.defis_fantastiques.model import LUCK_READINGS

INT = {"type": "integer"}
PARAGRAPH = {"type": "integer", "minimum": 1, "maximum": 1_000_000, "description": "A paragraph number."}
VALUE = {"description": "A number, or a dice formula such as `2d6+12` rolled at creation.",
         "oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "minLength": 1, "maxLength": 100}]}
CAPPED = ("habilete", "endurance", "chance")


def _object(props: dict, description: str, required=()) -> dict:
    out = {"type": "object", "additionalProperties": False, "description": description,
           "properties": props}
    if required:
        out["required"] = list(required)
    return out


def hero() -> dict:
    stats = {name: dict(VALUE, description=doc) for name, doc in (
        ("habilete", "Habileté (default 1d6+6)."), ("endurance", "Endurance (default 2d6+12)."),
        ("chance", "Chance (default 1d6+6)."), ("or", "Pièces d'Or (default 2d6+12)."),
        ("provisions", "Provisions (default 0)."))}
    ceilings = _object({s: {"description": f"Maximum of {s}: a number, or false for none.",
                            "oneOf": [{"type": "integer", "minimum": 0}, {"const": False}]}
                        for s in CAPPED},
                       "Override the rule that starting totals are maxima.")
    equipment = {"type": "array", "items": {"type": "string"},
                 "description": "Starting items (default: [epee, balluchon])."}
    return _object({**stats, "equipment": equipment, "ceilings": ceilings},
                   "The hero's starting values: numbers or dice formulas.")


DESCRIPTION = ("What the item is or does, in the book's language, shown before the player buys "
               "or takes it and in `inventaire` (a weapon's and an armour's numbers are shown anyway).")


def item() -> dict:
    weapon = _object({
        "damage": {"type": "integer", "minimum": 0, "description": "Endurance the hero's wound removes (default 2)."},
        "attack": dict(INT, description="Added to the hero's Attack Strength (default 0)."),
    }, "This item is a weapon; the hero carries one at a time.")
    armour = _object({
        "absorbs": {"type": "integer", "minimum": 0, "description": "Endurance points absorbed per wound."},
        "hits": {"type": "integer", "minimum": 1, "description": "Wounds it takes before falling apart."},
        "skill_test_penalty": {"type": "integer", "minimum": 0,
                               "description": "Added to every Skill test roll while worn (default 1: "
                                              "the rules say at least 1)."},
    }, "This item is an armour; the hero wears one at a time.", required=("absorbs", "hits"))
    return _object({"name": {"type": "string", "minLength": 1, "description": "Shown to the player."},
                    "description": {"type": "string", "description": DESCRIPTION}, "weapon": weapon, "armour": armour},
                   "An item of the catalogue.", required=("name",))


def combat() -> dict:
    enemy = _object({
        "name": {"type": "string", "minLength": 1, "description": "The opponent's name, shown in the fight."},
        "article": {"enum": ["le", "la", "l'", "les", ""],
                    "description": "The name's article in French sentences (default `le`, `l'` before a vowel; `\"\"` for a proper name)."},
        **{name: {"type": "integer", "minimum": 0, "description": "The enemy's Skill."}
           for name in ENEMY_STATS["habilete"]},
        **{name: {"type": "integer", "minimum": 1, "description": "The enemy's Stamina (format 1.2: "
                                                                 "none when only `win_rounds` defeats it)."}
           for name in ENEMY_STATS["endurance"]},
        "damage": {"type": "integer", "minimum": 0, "description": "Endurance its wound removes (default 2)."},
        "hurt_only_by": {"type": "array", "minItems": 1, "items": {"type": "string"}, "description": HURT_ONLY_BY},
    }, "One opponent.", required=("name",))
    # each stat by one of its names, as the hero's (`skill: 7, stamina: 6` in an English book)
    # (Stamina may be left out, format 1.2: an opponent only `win_rounds` defeats)
    enemy["allOf"] = [{"oneOf": [{"required": [n]} for n in ENEMY_STATS["habilete"]]},
                      {"not": {"required": list(ENEMY_STATS["endurance"])}}]
    escape = _object({
        "to": PARAGRAPH,
        "after": {"type": "integer", "minimum": 0, "description": "Rounds to fight before escaping (default 0)."},
        "cost": {"type": "object", "description": "Stats lost when escaping, e.g. {endurance: 2}.",
                 "additionalProperties": {"type": "integer", "minimum": 0}},
        "effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."},
    }, "Escape offered by this paragraph.", required=("to",))
    return _object({
        "enemies": {"type": "array", "minItems": 1, "items": enemy,
                    "description": "The opponents (one after the other unless the fight says otherwise)."},
        "mode": {"enum": list(MODES), "description": "Several opponents: as-one, one-by-one (default) or together."},
        "win": dict(PARAGRAPH, description="Where to go after winning (else the paragraph's choices)."),
        "escape": escape,
        "win_effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."},
        "unarmed": {"type": "boolean", "description": "The hero must fight bare-handed (−1 Habileté)."},
        "luck": {"enum": [True, False, "taken", "dealt"],
                 "description": "false: the hero may not test his Luck in this fight; format 1.2: `taken` "
                                "(on the wounds he takes only) or `dealt` (on the wounds he deals only)."},
        **specials(),
    }, "A fight.", required=("enemies",))


# An enemy's stats and their aliases, the hero's own (docs/rules-defis-fantastiques.md).
ENEMY_STATS = {"habilete": ("habilete", "habileté", "skill"), "endurance": ("endurance", "stamina")}


def enemy_names(fields: dict) -> dict:
    """`combat:` with each enemy's stats under their one name (`skill` -> `habilete`)."""
    combat = fields.get("combat")
    if not isinstance(combat, dict) or not isinstance(combat.get("enemies"), list):
        return fields
    alias = {a: name for name, names in ENEMY_STATS.items() for a in names}
    enemies = [{alias.get(k, k): v for k, v in e.items()} if isinstance(e, dict) else e
               for e in combat["enemies"]]
    return {**fields, "combat": {**combat, "enemies": enemies}}


HURT_ONLY_BY = ("Format 1.1: only these items (weapons) wound him; a round the hero wins without "
                "carrying one of them does him no harm.")


def specials() -> dict:
    """The format 1.1 fight specials (prompts/specials.md; rules in model.Specials)."""
    effects = {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."}
    return {
        "hurt": dict(PARAGRAPH, description="Format 1.1: 'if you lose any Endurance, turn to': the fight "
                                            "stops at the first wound that costs the hero Endurance "
                                            "(after his Luck test) and goes here."),
        "hurt_effects": effects,
        "rounds": {"type": "integer", "minimum": 1, "description": "Format 1.1: the fight stops after this "
                   "many attack rounds if it is not over (with `timeout`)."},
        "timeout": dict(PARAGRAPH, description="Format 1.1: where the fight goes when its `rounds` are over."),
        "timeout_effects": effects,
        "win_rounds": {"type": "integer", "minimum": 1, "description": "Format 1.1: the hero wins as soon as "
                       "he has won this many rounds (wounded the opponent this many times)."},
        "first_round": _object({"attack": dict(INT, description="Added to the hero's Attack Strength.")},
                               "Format 1.1: a bonus for the first round only.", required=("attack",)),
        "modifiers": {"type": "array", "minItems": 1, "description": "Format 1.1: each whose condition holds "
                      "when the fight begins adds its `attack` to the hero for this fight.",
                      "items": _object({"if": {"type": "string", "minLength": 1,
                                               "description": "A condition (the expression language)."},
                                        "attack": dict(INT, description="Added to the hero's Attack Strength.")},
                                       "One modifier.", required=("if", "attack"))},
    }


def test() -> dict:
    return _object({
        "type": {"enum": ["chance", "habilete", "luck", "skill"],
                 "description": "Tentez votre Chance or Testez votre Habileté."},
        "success": dict(PARAGRAPH, description="Where a success leads."),
        "failure": dict(PARAGRAPH, description="Where a failure leads."),
        "success_effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."},
        "failure_effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."},
        "modifier": dict(INT, description="Added to the roll (default 0)."),
    }, "A Luck or Skill test.", required=("type",))


def effects() -> list:
    one = {"oneOf": [{"type": "string", "minLength": 1}, {"const": None}]}
    return [
        _object({"weapon": dict(one, description="Take this weapon (the old one is lost for ever); null: lose it.")},
                "Take a weapon.", required=("weapon",)),
        _object({"armour": dict(one, description="Wear this armour (the old one is lost for ever); null: drop it.")},
                "Take an armour.", required=("armour",)),
        _object({"ceiling": {"type": "object", "minProperties": 1, "description": "Move a maximum: {habilete: 1}.",
                             "additionalProperties": False,
                             "properties": {s: dict(INT, description=f"How much the maximum of {s} moves.")
                                            for s in CAPPED}}},
                "Raise or lower a stat's maximum.", required=("ceiling",)),
    ]


def options() -> dict:
    return _object({"unarmed": {"enum": ["no-weapon", "no-weapon-no-armour"],
                                "description": "When the −1 for fighting bare-handed applies (default no-weapon)."},
                    "luck_reading": {"enum": list(LUCK_READINGS), "description": READING},
                    "escape_luck": {"type": "boolean", "description": ESCAPE_LUCK},
                    "luck_in_combat": {"type": "boolean",
                                       "description": "false: no Luck test in any fight of the book (default true)."}},
                   "Rule options of Défis Fantastiques.")


ESCAPE_LUCK = ("true: an escape's Endurance cost is a wound the hero may test his Luck on, as in "
               "the English rules (default false: the cost is paid as written).")
READING = ("Luck against a wound other than 2: exact (default, the French rules: a lucky wound "
           "taken costs exactly 1 point, an unlucky one dealt removes exactly 1) or relative (the "
           "English rules: 1 point less / more than the wound).")


def schema_defs() -> dict:
    return {"hero": hero(), "item": item(), "combat": combat(), "test": test(),
            "effects": effects(), "options": options()}
