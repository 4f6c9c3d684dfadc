"""The module's part of the book schema (JSON Schema 2020-12), every field described."""
from __future__ import annotations

from engine.rules.defis_fantastiques.schema import DESCRIPTION   # one text for both modules' item `description`
from engine.rules.chroniques_cretoises import names as N

INT = {"type": "integer"}
NUMBER = {"description": "A number or a dice formula such as `1d6`.",
          "oneOf": [{"type": "integer"}, {"type": "string", "minLength": 1, "maxLength": 100}]}
PAR = {"type": "integer", "minimum": 1, "maximum": 1_000_000, "description": "A paragraph number."}
GOD = {"type": "string", "minLength": 1, "maxLength": 60, "description": "A god's name, e.g. `Athéna`."}
ATTITUDE = {"type": "string", "enum": ["favorable", "neutre", "défavorable", "defavorable",
                                       "favourable", "neutral", "unfavourable", "F", "N", "D"],
            "description": "A god's attitude towards Althéos."}
CONDITION = {"enum": list(N.CONDITIONS) + ["grievement blesse", "blesse", "unhurt", "wounded",
                                           "badly wounded"],
             "description": "A place on the condition track."}


def obj(props: dict, required=(), description: str = "") -> dict:
    out = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    return out


def single(key: str, schema: dict, doc: str) -> dict:
    return obj({key: dict(schema, description=doc)}, [key])


def hero() -> dict:
    return obj({
        "force": dict(INT, description="Natural Force (the rule text: 4)."),
        "protection": dict(INT, description="Natural Protection (the rule text: 10)."),
        "honneur": dict(INT, minimum=0, description="Starting Honneur (the rule text: 7)."),
        "honte": dict(INT, minimum=0, description="Starting Honte (the rule text: 0)."),
        "equipment": {"type": "array", "items": {"type": "string"},
                      "description": "Starting items (default: `[massue]`)."},
        "patron": dict(GOD, description="The patron god, when the book sets it (else an effect `patron`)."),
        "gods": {"type": "object", "additionalProperties": ATTITUDE,
                 "description": "Starting attitudes of gods other than the patron (default: neutre)."},
        "condition": CONDITION,
        "zeus_used": {"type": "boolean", "description": "Zeus already helped in this adventure."},
    }, description="The hero at the start (for readers coming from book 1, other values).")


def item() -> dict:
    return obj({
        "name": {"type": "string", "minLength": 1, "description": "The name shown to the player."},
        "weapon": obj({"force": dict(INT, description="Force the weapon adds."),
                       "protection": dict(INT, description="Protection the weapon adds.")}, ["force"],
                      "A weapon: its Force (and Protection, like the lance's 1)."),
        "armour": obj({"slot": {"type": "string", "minLength": 1,
                                "description": "The kind of piece: casque, plastron, jambières, bouclier..."},
                       "protection": dict(INT, description="Protection the piece adds.")},
                      ["slot", "protection"],
                      "A piece of armour: one of each kind is worn, up to two spares carried."),
        "dagger": {"type": "boolean", "description": "A dagger: a death by Shame is by his own dagger."},
        "description": {"type": "string", "description": DESCRIPTION},
    }, ["name"], "An item: a weapon, a piece of armour, or a plain object.")


def options() -> dict:
    return obj({
        "zeus_resurrection": dict(PAR, description="Where Zeus raises the hero (unless the death paragraph's `zeus.resurrect` says)."),
        "gods": {"type": "array", "items": GOD, "description": "Minor gods the book names, besides the six."},
        "all_wounded_two_dice": {"type": "boolean", "description":
                                 "true (default): when every fighter is Grièvement Blessé all roll two dice again; "
                                 "false: they keep one die (the lion example's reading)."},
        "honour_zero_lock": {"type": "boolean", "description":
                             "true (default): once Honneur has fallen to 0 only Zeus or `restore_honour` raise it."},
        "shame_death_restart": {"type": "boolean", "description":
                                "true (default): after a death by Shame the adventure may begin anew at 1."},
        "armour_spares": dict(INT, minimum=0, description="Spare pieces of one kind carried besides the one worn (2)."),
    }, description="Module options (see docs/rules-chroniques-cretoises.md).")


def enemy() -> dict:
    return obj({
        "name": {"type": "string", "minLength": 1, "description": "The opponent's name, shown in the fight."},
        "article": {"enum": ["le", "la", "l'", "les", ""],
                    "description": "The name's article in French sentences (default `le`, `l'` before a vowel; `\"\"` for a proper name)."},
        "force": dict(INT, description="Force, weapons included."),
        "protection": dict(INT, description="Protection, armour included."),
        "beast": {"type": "boolean", "description": "Non-human (the book's `(*)`): no weapons, no armour, no surrender."},
        "items": {"type": "array", "items": {"type": "string"},
                  "description": "Weapons and armour he carries (spoils if he surrenders)."},
        "surrenders": {"type": "boolean", "description": "He surrenders once Grièvement Blessé."},
        "condition": CONDITION,
        "hurt_only_by": {"type": "array", "minItems": 1, "items": {"type": "string"}, "description":
                         "Format 1.1: only these weapons (item ids) wound him; a strike that hits "
                         "without one of them carried does him no harm."},
    }, ["name", "force", "protection"])


def invoke() -> dict:
    return obj({"god": GOD, "cost": NUMBER,
                "to": dict(PAR, description="In a fight: where the god's help leads.")},
               ["god"], "Invoke a god, paying `cost` Honour; without enough Honour: stay here, −1 Honneur.")


def combat() -> dict:
    return obj({
        "enemies": {"type": "array", "minItems": 1, "items": enemy(),
                    "description": "Opponents, fought one after the other."},
        "reward": dict(NUMBER, description="Honneur won by the victory."),
        "win": dict(PAR, description="Where a victory leads."),
        "win_effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."},
        "all_down_effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."},
        "hurt": dict(PAR, description="Format 1.1: 'if you are wounded, turn to': the fight stops at the "
                                      "first wound Althéos takes (unless it kills him) and goes here."),
        "hurt_effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."},
        "rounds": dict(INT, minimum=1, description="Format 1.1: the fight stops after this many strikes by "
                                                    "Althéos if it is not over (then `timeout`)."),
        "timeout": dict(PAR, description="Format 1.1: where a fight stopped by `rounds` leads."),
        "timeout_effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."},
        "win_rounds": dict(INT, minimum=1, description="Format 1.1: Althéos wins as soon as he has wounded "
                                                        "this many times (then `win`)."),
        "first_round": obj({"force": dict(INT, description="Added to his Force.")}, ["force"],
                           "Format 1.1: added to Althéos for his first strike only."),
        "modifiers": {"type": "array", "minItems": 1, "description":
                      "Format 1.1: each whose condition holds when the fight begins adds its Force for this fight.",
                      "items": obj({"if": {"$ref": "#/$defs/condition"},
                                    "force": dict(INT, description="Added to his Force.")}, ["if", "force"])},
        "retreat": {"description": "Where a successful retreat leads; `{to, range}` to change the 1–4.",
                    "oneOf": [PAR, obj({"to": PAR, "range": {"type": "array", "items": INT, "minItems": 2,
                                                            "maxItems": 2, "description":
                                                            "The die results that succeed, e.g. [1, 4]."},
                                          "effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."}},
                                          ["to"])]},
        "surrender": dict(obj({"to": dict(PAR, description="Where an accepted surrender leads."),
                               "accepted": {"type": "boolean", "description":
                                            "false: the opponent refuses and the fight goes on "
                                            "(then no `to`)."},
                               "effects": {"$ref": "#/$defs/effects", "description": "Format 1.1: applied before moving."}},
                              description="Althéos may surrender; `accepted: false` when the opponent refuses."),
                          # `to` is needed unless the surrender is refused
                          anyOf=[{"required": ["to"]},
                                 {"required": ["accepted"], "properties": {"accepted": {
                                     "const": False, "description": "The opponent refuses."}}}]),
        "all_down": {"description": "Group fight, all opponents Grièvement Blessé: `continue` or a paragraph.",
                     "oneOf": [PAR, {"const": "continue"}]},
        "initiative": {"enum": ["hero", "enemy", "adversaire"], "description": "Who strikes first (default hero)."},
        "invoke": invoke(),
        "use": obj({"item": {"type": "string", "description": "The magic object used (an item id)."},
                    "to": PAR}, ["item", "to"],
                   "Use a magic object instead of striking first."),
    }, ["enemies"], "A fight (Chroniques Crétoises rules).")


def effects() -> list:
    gods = {"type": "object", "minProperties": 1, "additionalProperties": ATTITUDE}
    return [
        single("god", gods, "Change gods' attitudes: `{god: {Poséidon: défavorable}}`."),
        single("dieu", gods, "French spelling of `god`."),
        single("patron", GOD, "Place the hero under a god's protection."),
        single("wound", dict(INT, minimum=1), "Move the condition down this many steps."),
        single("blessure", dict(INT, minimum=1), "French spelling of `wound`."),
        single("heal", {"const": True}, "Back to Indemne."),
        single("soin", {"const": True}, "French spelling of `heal`."),
        single("restore_honour", NUMBER, "A means of the text that raises Honneur even from 0."),
    ]


def defs() -> dict:
    return {
        "hero": hero(), "item": item(), "options": options(), "combat": combat(),
        "paragraph": {
            "oracle": {"type": "boolean", "description": "Number printed in italics: the Oracle leads to number + 20."},
            "zeus": {"description": "Zeus may be called upon here; `{resurrect: N}` names where he raises the hero.",
                     "oneOf": [{"type": "boolean"}, obj({"resurrect": PAR})]},
        },
        "choice": {"invoke": invoke()},
        "effects": effects(),
    }
