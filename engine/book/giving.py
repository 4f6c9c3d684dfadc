"""Format 1.2: `give_up` offers stats too, and says what happens when nothing is given.

    effects:
      - give_up: {count: 1, stats: [provisions], none: {to: 7, effects: [{add: {chance: -4}}]}}

`stats:` lists stats the player may give one point of, as one thing ("1 Provision");
`none:` is an outcome, taken when there is nothing to give or when the player
declines (it adds "give nothing" to the menu): a paragraph (`none: 7`), `{to: T,
effects: [...]}`, `{end: death|victory, effects: [...]}`, or `continue` /
`{effects: [...]}` (carry on where the give-up stood: the paragraph's next effects,
or the choice's move).  Compiled here into the effect's value: {"count", "except",
"stats", "none"}, `none` an `AutoJump` without condition (target and end both None
for "carry on").  Played in engine/game/inventory.py.
"""
from __future__ import annotations

from engine.book.model import AutoJump
from engine.diagnostics import error

NEW_KEYS = ("stats", "none")

# The schema of the 1.2 keys, joined to `give_up`'s object in engine/book/schema.py.
_OUTCOME_OBJECT = {
    "type": "object", "additionalProperties": False,
    "properties": {"to": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 1_000_000},
                                    {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}],
                          "description": "Format 1.2: where the outcome leads."},
                   "end": {"enum": ["death", "victory"], "description": "Format 1.2: the outcome ends the game."},
                   "effects": {"$ref": "#/$defs/effects"}}}
SCHEMA = {
    "stats": {"type": "array", "minItems": 1, "items": {"type": "string"},
              "description": "Format 1.2: stats the player may give one point of instead of an item "
                             "(`[provisions]`: one Provision)."},
    "none": {"description": "Format 1.2: what happens when nothing can be given or the player declines: "
                            "a paragraph, `{to: T, effects: [...]}`, `{end: death|victory, effects: [...]}` "
                            "or `continue` (`{effects: [...]}`: carry on).",
             "oneOf": [{"type": "integer", "minimum": 1, "maximum": 1_000_000},
                       {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}, _OUTCOME_OBJECT]},
}
DOC = ("Format 1.1: the player gives up that many items of their choice, from what they carry (`except:` "
       "items they may not pick); format 1.2: or one point of a stat of `stats:`, and `none:` says what "
       "happens when nothing can be given or the player declines.")
FR = {
    DOC: "Format 1.1 : le joueur abandonne autant d'objets de son choix parmi ceux qu'il porte (`except:` : "
         "ceux qu'il ne peut pas choisir) ; format 1.2 : ou un point d'une caractéristique de `stats:`, et "
         "`none:` dit ce qui arrive quand il n'y a rien à donner ou que le joueur refuse.",
    "Format 1.2: where the outcome leads.": "Format 1.2 : où mène l'issue.",
    "Format 1.2: the outcome ends the game.": "Format 1.2 : l'issue termine la partie.",
    "Format 1.2: stats the player may give one point of instead of an item (`[provisions]`: one Provision).":
        "Format 1.2 : caractéristiques dont le joueur peut donner un point au lieu d'un objet "
        "(`[provisions]` : un Repas).",
    "Format 1.2: what happens when nothing can be given or the player declines: a paragraph, "
    "`{to: T, effects: [...]}`, `{end: death|victory, effects: [...]}` or `continue` "
    "(`{effects: [...]}`: carry on).":
        "Format 1.2 : ce qui arrive quand il n'y a rien à donner ou que le joueur refuse : un paragraphe, "
        "`{to: T, effects: [...]}`, `{end: death|victory, effects: [...]}` ou `continue` "
        "(`{effects: [...]}` : on continue).",
}


def needs_12(compiler, path: tuple, what_fr: str, what_en: str) -> None:
    """A 1.2 construct in a format 1 or 1.1 book, located at its key."""
    if compiler.data.get("gamebook") in (1, 1.1):
        compiler.report(error("format-1-2", compiler.span(path, key=True),
                              f"{what_fr} : demande « gamebook: 1.2 »", f"{what_en}: needs 'gamebook: 1.2'"))


def compile_give_up(compiler, value, path: tuple, here: int):
    """The 1.1 value as it was; with `stats:` or `none:`, the compiled dict."""
    if not isinstance(value, dict) or not any(k in value for k in NEW_KEYS):
        return value
    out = {"count": int(value.get("count", 1)), "except": list(value.get("except") or ())}
    stats = []
    for i, stat in enumerate(value.get("stats") or ()):
        needs_12(compiler, path + ("stats",), "« give_up: » qui offre des caractéristiques",
                 "'give_up:' offering stats")
        stats.append(compiler.stat_name(str(stat), path + ("stats", i)))
    out["stats"] = stats
    out["none"], out["none_to"] = None, None
    if "none" in value:
        needs_12(compiler, path + ("none",), "« give_up: » avec « none: »", "'give_up:' with 'none:'")
        out["none"] = _outcome(compiler, value["none"], path + ("none",), here)
        # where its paragraph is written: `none: 3` or `none: {to: 3}` (lint, renumber)
        out["none_to"] = path + ("none",) + (("to",) if isinstance(value["none"], dict) else ())
    return out


def _outcome(compiler, raw, path: tuple, here: int) -> AutoJump:
    """`7`, `name`, `continue`, `{to: T, effects}`, `{end: E, effects}` or `{effects}`."""
    if raw == "continue":
        return AutoJump(None, None, None, (), path)
    if not isinstance(raw, dict):   # `none: 3`, `none: name`
        raw = {"to": raw}
    if "to" in raw and "end" in raw:
        compiler.report(error("give-up-none-shape", compiler.span(path),
                              "« none: » mène soit à un paragraphe (« to: »), soit à une fin (« end: »), pas aux deux",
                              "'none:' either leads to a paragraph ('to:') or ends the game ('end:'), not both"))
    to = raw.get("to")
    target = None
    if to is not None:
        named = compiler._target_name(to, path + ("to",))
        target = named if named is not None else to if isinstance(to, int) else 0
    effects = compiler.effects(raw.get("effects") or [], path + ("effects",), here)
    return AutoJump(None, target, raw.get("end") if target is None else None,
                    compiler._only_here(effects), path)


def none_of(value):
    """The `none:` outcome of a compiled give_up value (None without one)."""
    return value.get("none") if isinstance(value, dict) else None


def stats_of(value) -> list:
    return list(value.get("stats") or ()) if isinstance(value, dict) else []


def give_ups(p):
    """(effect, choice or None) for each give-up of a paragraph, its choices' too."""
    out = [(e, None) for e in p.effects if e.kind == "give_up"]
    return out + [(e, c) for c in p.choices for e in c.effects if e.kind == "give_up"]


def exits(p) -> list:
    """The ways out the `none:` of a give-up leads to (kind "give_up", label "none")."""
    from engine.rules.base import Exit
    out = []
    for e, _choice in give_ups(p):
        none = none_of(e.value)
        if none is not None and none.target is not None:
            out.append(Exit("give_up", none.target, e.value["none_to"], "none"))
    return out


def none_effects(p) -> list:
    """The effects of every `none:` of a paragraph's give-ups."""
    return [x for e, _c in give_ups(p) if none_of(e.value) is not None for x in none_of(e.value).effects]


def plain(value, effects_plain):
    """A compiled give_up value without YAML paths (a save's fingerprint, engine/saves/digest.py)."""
    if not isinstance(value, dict) or "none_to" not in value:
        return value
    none = value["none"]
    return (value["count"], tuple(value["except"]), tuple(value["stats"]),
            None if none is None else (none.target, none.end, effects_plain(none.effects)))
