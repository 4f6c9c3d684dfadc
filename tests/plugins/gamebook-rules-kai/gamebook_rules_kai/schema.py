"""This module's part of the book schema (JSON Schema 2020-12 pieces)."""
from __future__ import annotations

from .sheet import DISCIPLINES, STATS

REF = {"type": "integer", "minimum": 1, "maximum": 1_000_000, "description": "A paragraph number."}
DISCIPLINE = {"enum": sorted(DISCIPLINES), "description": "A Kai discipline."}


def schema_defs() -> dict:
    stats = {s.name: {"$ref": "#/$defs/number", "description": f"Starting {s.label.en} "
                      f"(default {s.initial}); a number or a dice formula."} for s in STATS}
    return {
        "hero": {"type": "object", "additionalProperties": False, "properties": {
            **stats,
            "equipment": {"type": "array", "items": {"type": "string"},
                          "description": "Item ids the hero starts with."},
            "disciplines": {"type": "array", "items": DISCIPLINE,
                            "description": "Disciplines the hero starts with (no choice asked)."}}},
        "item": {"type": "object", "required": ["name"], "additionalProperties": False,
                 "properties": {"name": {"type": "string", "minLength": 1},
                                "weapon": {"type": "boolean", "description": "Carrying it arms the hero."},
                                "description": {"type": "string"}}},
        "combat": {"type": "object", "required": ["enemies"], "additionalProperties": False,
                   "description": "A fight, settled round by round with the combat results table.",
                   "properties": {
                       "enemies": {"type": "array", "minItems": 1, "items": {
                           "type": "object", "required": ["name", "maitrise", "vigueur"],
                           "additionalProperties": False, "properties": {
                               "name": {"type": "string", "minLength": 1},
                               "maitrise": {"type": "integer", "minimum": 0},
                               "vigueur": {"type": "integer", "minimum": 1}}},
                           "description": "Fought one after another."},
                       "win": dict(REF, description="Where to go when every enemy is defeated "
                                   "(default: the paragraph's choices)."),
                       "bonus": {"type": "integer", "description": "Added to the hero's combat ratio."},
                       "evade": {"type": "object", "required": ["to"], "additionalProperties": False,
                                 "properties": {"after": {"type": "integer", "minimum": 0,
                                                          "description": "Rounds to fight first."},
                                                "to": REF}}}},
        "disciplines": {"type": "object", "required": ["choose"], "additionalProperties": False,
                        "description": "The player chooses disciplines (hero creation).",
                        "properties": {"choose": {"type": "integer", "minimum": 1,
                                                  "maximum": len(DISCIPLINES)},
                                       "from": {"type": "array", "items": DISCIPLINE, "minItems": 1}}},
        "faim": {"const": True, "description": "Hunger strikes: eat a meal or lose 3 Endurance."},
    }
