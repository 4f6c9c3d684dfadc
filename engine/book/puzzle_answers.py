"""The schema of a puzzle's answers in format 1.2 (played by engine/book/typed.py):
an answer may carry a condition, `tries:` limits the numbers typed."""
from __future__ import annotations

_REF = {"type": "integer", "minimum": 1, "maximum": 1_000_000, "description": "A paragraph number."}
ANSWER = {"description": "A right number (the paragraph it leads to); format 1.2: "
                         "`{to: N, if: CONDITION}`, right only while the condition holds.",
          "oneOf": [_REF, {"type": "object", "required": ["to"], "additionalProperties": False,
                           "properties": {"to": _REF, "if": {"$ref": "#/$defs/condition"}}}]}
TRIES = {"type": "integer", "minimum": 1, "maximum": 100,
         "description": "Format 1.2: how many wrong numbers the player may type; without `wrong:` "
                        "the option is then gone, with it the last wrong number leads there."}

FR = {
    ANSWER["description"]: "Un bon numéro (le paragraphe où il mène) ; format 1.2 : "
                           "`{to: N, if: CONDITION}`, bon seulement tant que la condition est vraie.",
    TRIES["description"]: "Format 1.2 : combien de numéros faux le joueur peut taper ; sans `wrong:` "
                          "l'option disparaît ensuite, avec lui le dernier numéro faux y mène.",
}
