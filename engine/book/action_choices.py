"""Action choices (book format 1.2): `{text: Tirer le levier, stay: true, effects: [...]}`.

An action applies its effects and shows the paragraph's choices again, without
entering the paragraph again (engine/game/answers.py); it has no `to:`.
"""
from __future__ import annotations

from engine.book.format_version import needs_12
from engine.diagnostics import error

STAY = {"const": True, "description": "Format 1.2: an action: its effects are applied and the paragraph's "
                                      "choices are shown again, without entering it again (no `to:`)."}

FR = {STAY["description"]: "Format 1.2 : une action : ses effets s'appliquent et les choix du paragraphe sont "
                           "proposés de nouveau, sans y revenir (pas de `to:`)."}


def choice_shape(compiler, raw: dict, path: tuple) -> bool:
    """An action choice (`stay: true`) has no `to:`; any other choice needs one.
    True for an action choice."""
    stay = raw.get("stay") is True
    if stay:
        needs_12(compiler, path + ("stay",), "choix-action « stay: »", "action choice 'stay:'")
    if stay and "to" in raw:
        compiler.report(error("stay-with-target", compiler.span(path + ("to",), key=True),
                              "un choix-action (stay: true) reste dans le paragraphe : retirez son « to: »",
                              "an action choice (stay: true) stays in the paragraph: remove its 'to:'"))
    elif not stay and "to" not in raw:
        compiler.report(error("choice-no-target", compiler.span(path),
                              "ce choix ne mène nulle part : donnez-lui un « to: », ou « stay: true » "
                              "pour une action qui reste dans le paragraphe (format 1.2)",
                              "this choice leads nowhere: give it a 'to:', or 'stay: true' for an "
                              "action that stays in the paragraph (format 1.2)"))
    return stay
