"""The JSON Schema (2020-12) of a save file; `schemas/save.schema.json` is this dict.

Regenerate the file after a change: `python -m engine.saves.schema > schemas/save.schema.json`
(a test checks it is current).  A save is `GameState.to_json()` plus a `meta` object.
"""
from __future__ import annotations

import json

from engine.game.state import SAVE_VERSION

_INT_MAP = {"type": "object", "additionalProperties": {"type": "integer"}}
_DICE = {
    "type": "object", "required": ["kind"],
    "oneOf": [
        {"properties": {"kind": {"const": "seeded"}, "seed": {"type": "integer"},
                        "draws": {"type": "integer", "minimum": 0},
                        "sides": {"type": "array", "items": {
                            "type": "array", "prefixItems": [{"type": "integer", "minimum": 1},
                                                             {"type": "integer", "minimum": 0}],
                            "minItems": 2, "maxItems": 2}}},
         "required": ["seed", "draws"]},
        {"properties": {"kind": {"const": "scripted"},
                        "faces": {"type": "array", "items": {"type": "integer", "minimum": 1}},
                        "used": {"type": "integer", "minimum": 0},
                        "borrowed": {"type": "integer", "minimum": 0},
                        "then": {"$ref": "#/$defs/dice"}},
         "required": ["faces", "used"]},
    ],
}

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://gamebook-engine.invalid/schemas/save.schema.json",
    "title": "gamebook-engine save",
    "description": "A saved game: the whole GameState, the book it belongs to and the dice state.",
    "type": "object",
    "required": ["version", "book", "rules", "paragraph", "stats", "initial", "items", "flags",
                 "visits", "extra", "pending", "ended", "dice", "history"],
    "properties": {
        "version": {"const": SAVE_VERSION, "description": "Save format version."},
        "book": {"type": "object", "required": ["id", "hash"], "properties": {
            "id": {"type": "string"}, "hash": {"type": "string"}},
            "description": "The book's id and the content hash of the file that was played."},
        "rules": {"type": "string", "description": "The rule module's id."},
        "rules_version": {"type": "string"},
        "paragraph": {"type": "integer", "minimum": 0},
        "stats": _INT_MAP, "initial": _INT_MAP, "items": _INT_MAP,
        "flags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "visits": {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"},
                   "additionalProperties": {"type": "integer", "minimum": 0}},
        "extra": {"type": "object", "description": "The rule module's own state (gods, condition...)."},
        "pending": {"type": ["object", "null"], "description": "The activity waiting for an answer."},
        "ended": {"enum": [None, "death", "victory"]},
        "death_cause": {"type": ["string", "null"]},
        "dice": {"$ref": "#/$defs/dice"},
        "history": {"type": "array", "items": {"type": "object"}},
        "lives": {"type": "integer", "minimum": 1},
        "notes": {"type": "array", "items": {"type": "string", "maxLength": 500},
                  "description": "The player's own notes (absent in older saves)."},
        "meta": {"type": "object", "description": "Written by the front end (paragraph digest, title).",
                 "properties": {"paragraph_digest": {"type": "string"}, "title": {"type": "string"},
                                "book_digest": {"type": "string", "description": "The game the book plays (absent in older saves)."}}},
    },
    "$defs": {"dice": _DICE},
}

if __name__ == "__main__":
    print(json.dumps(SCHEMA, ensure_ascii=False, indent=2))
