"""A paragraph's ways out as printed books write them, as model blocks.

"Descendre vers le village : rendez-vous au 3." / "Go down to the village: turn
to 3."  A condition is worded (engine/export/phrases.py); a number the reader
computes is explained without its value; a way out the module says is hidden
(`Words.names["hidden"]`, e.g. the Oracle) is not printed at all.  Module fields
(combat, tests, the Oracle's italics...) come from `Words.names["fields"]`.
"""
from __future__ import annotations

from engine.book.model import OUTCOME_ENDS
from engine.book.typed import spec
from engine.export.effects import clause, effects
from engine.export.model import Em, Para, Ref
from engine.export.phrases import Words, computed, condition, dice, static_number


def turn_to(number: int, w: Words) -> list:
    """"rendez-vous au 12" / "turn to 12" (the number as a Ref); format 1.2, an outcome
    that ends the game or carries on (model.OUTCOME_ENDS), in words."""
    if number in OUTCOME_ENDS:
        return [{"death": w.t("votre aventure se termine ici", "your adventure ends here"),
                 "victory": w.t("vous avez réussi : votre aventure s'achève ici",
                                "you have succeeded: your adventure ends here"),
                 "continue": w.t("poursuivez la lecture de ce paragraphe", "read on in this paragraph")}
                [OUTCOME_ENDS[number]]]
    return [w.t("rendez-vous au\u00a0", "turn to\u00a0"), Ref(number)]   # the number never alone on a line


def blocks(paragraph, w: Words) -> list:
    """Everything printed after the paragraph's text."""
    out = []
    note = effects(paragraph.effects, w)
    if note:
        out.append(Para((first_time(note, w) if "effects" in paragraph.once else note,), "note"))
    out.extend(give_up_blocks(paragraph, w))   # format 1.2: when nothing is given
    out.extend(auto_blocks(paragraph, w))   # format 1.1: checked before anything else
    fields = w.names.get("fields")
    hidden = w.names.get("hidden", lambda p, c, w: False)
    shown = [c for c in paragraph.choices if not hidden(paragraph, c, w)]
    if fields:
        activity = fields(paragraph, w)
        skipped = activity and set(paragraph.once) - {"effects"}   # `once: [combat]`: the reader skips it
        if skipped:
            out.append(Para((w.t("La première fois que vous venez ici seulement :",
                                 "The first time you come here only:"),), "way"))
        out.extend(activity)
        if skipped and (shown or spec(paragraph) is not None):   # where play goes when it is skipped
            out.append(Para((w.t("Si vous êtes déjà venu ici, ne recommencez pas : choisissez "
                                 "l'un des chemins ci-dessous.",
                                 "If you have been here before, do not do it again: choose one "
                                 "of the ways below."),), "way"))
    either = otherwise(shown, w)
    if either:
        out.append(either)
    else:
        out.extend(Para(tuple(choice_runs(paragraph, c, w)), "way") for c in shown)
    if paragraph.random is not None:
        out.extend(random_blocks(paragraph.random, w))
    out.extend(puzzle_blocks(paragraph, w))
    if paragraph.end and paragraph.auto and all(a.condition is not None for a in paragraph.auto):
        text = ending(paragraph.end, w)   # format 1.1: "if you have the orb, turn to 3; otherwise..."
        out.append(Para((w.t("Sinon, ", "Otherwise, ") + text[0].lower() + text[1:],), "way"))
    elif paragraph.end:
        out.append(Para((Em(ending(paragraph.end, w)),), "center"))
    return out


def first_time(note: str, w: Words) -> str:
    """Format 1.1 `once:`: a find or a loss the reader takes the first time only."""
    return w.t("La première fois que vous venez ici seulement : ", "The first time you come here only: ") + \
        note[0].lower() + note[1:]


def ending(end: str, w: Words) -> str:
    if end == "victory":
        return w.t("Vous avez réussi : votre aventure s'achève ici.",
                   "You have succeeded: your adventure ends here.")
    return w.t("Votre aventure se termine ici.", "Your adventure ends here.")


def otherwise(choices, w: Words):
    """"Si C, rendez-vous au 31. Sinon, rendez-vous au 12.": two choices whose
    conditions are C and `not C` (exactly one is ever offered), without effects;
    None for any other set of choices."""
    from engine.expr.ast import Unary
    from engine.expr.describe import describe
    if len(choices) != 2 or any(c.effects or c.target is None for c in choices):
        return None
    first, second = choices
    if first.condition is None:
        first, second = second, first
    if first.condition is None or second.condition is None:
        return None
    negated = second.condition.root
    if not (isinstance(negated, Unary) and negated.op == "not"
            and describe(negated.operand) == describe(first.condition)):
        return None
    lead = w.t(f"Si {condition(first.condition, w)}, ", f"If {condition(first.condition, w)}, ")
    return Para(tuple([lead] + turn_to(first.target, w) + [w.t(". Sinon, ", ". Otherwise, ")]
                      + turn_to(second.target, w) + ["."]), "way")


def choice_runs(paragraph, choice, w: Words) -> list:
    runs = [choice.text.strip()]
    ifs = [condition(choice.condition, w)] if choice.condition is not None else []
    if choice.once:   # format 1.1: paper cannot strike it out, the reader remembers
        ifs.append(w.t("vous ne l'avez pas déjà fait", "you have not already done so"))
    if ifs:
        runs.append(w.t(f" (si {' et si '.join(ifs)})", f" (if {' and '.join(ifs)})"))
    extra = w.names.get("choice_extra")
    if extra:
        runs.extend(extra(choice, w))
    note = clause(choice.effects, w)
    if note:
        runs.append(f" ({note})")
    if choice.stay:   # format 1.2: an action, then the same choices
        return runs + [w.t(" : faites-le, puis choisissez de nouveau parmi ces options.",
                           ": do so, then choose again among these options.")]
    runs.append(w.t(" : ", ": "))
    target = choice.target
    if target is None and choice.target_expr is not None:
        target = static_number(choice.target_expr, paragraph.number)
    from engine.book.counters import note_read
    note = note_read(choice.target_expr) if target is None else None
    if target is not None:
        runs += turn_to(target, w) + ["."]
    elif note is not None:   # format 1.1: the number the reader wrote down
        box = w.declared("notes", note)
        runs.append(w.t(f"rendez-vous au paragraphe dont vous avez noté le numéro dans la case « {box} ».",
                        f"turn to the paragraph whose number you wrote in the box '{box}'."))
    else:  # a number the reader computes: how, never which
        how = computed(choice.target_expr, w) if choice.target_expr is not None else "?"
        runs.append(w.t(f"calculez {how} et rendez-vous au paragraphe qui porte ce numéro.",
                        f"work out {how} and turn to the paragraph with that number."))
    return runs


def random_blocks(roll, w: Words) -> list:
    out = [Para((w.t(f"Lancez {dice(roll.dice, w)}.", f"Roll {dice(roll.dice, w)}."),), "way")]
    for o in roll.outcomes:
        span = (w.t(f"Sur un {o.low}", f"On a {o.low}") if o.low == o.high
                else w.t(f"De {o.low} à {o.high}", f"From {o.low} to {o.high}"))
        note = clause(o.effects, w)   # format 1.1: "De 1 à 3 : ajoutez 5 Or ; rendez-vous au 2."
        runs = [span, w.t(" : ", ": ")] + ([note + w.t(" ; ", "; ")] if note else [])
        out.append(Para(tuple(runs + turn_to(o.target, w) + ["."]), "way"))
    return out


def auto_blocks(paragraph, w: Words) -> list:
    """Format 1.1 `auto:`: "Si vous possédez l'Orbe, rendez-vous au 3." / "Sinon, ..."."""
    out = []
    for i, a in enumerate(paragraph.auto):
        if a.condition is not None:
            lead = w.t(f"Si {condition(a.condition, w)}, ", f"If {condition(a.condition, w)}, ")
        else:
            lead = w.t("Sinon, ", "Otherwise, ") if i else ""
        note = clause(a.effects, w)
        runs = [lead] + ([note + w.t(" ; ", "; ")] if note else [])
        if a.target is not None:
            runs += turn_to(a.target, w) + ["."]
        else:
            text = ending(a.end, w)
            runs.append(text[0].lower() + text[1:] if lead else text)
        out.append(Para(tuple(runs), "way"))
    return out


def give_up_blocks(paragraph, w: Words) -> list:
    """Format 1.2, a give-up's `none:`: "Si vous ne pouvez ou ne voulez rien donner,
    perdez 4 points de Chance ; rendez-vous au 3." (after the choice's text when a
    choice gives)."""
    from engine.book.giving import give_ups, none_of
    out = []
    for e, choice in give_ups(paragraph):
        none = none_of(e.value)
        if none is None:
            continue
        lead = [choice.text, w.t(" : s", ": i")] if choice is not None else [w.t("S", "I")]
        runs = lead + [w.t("i vous ne pouvez ou ne voulez rien donner, ", "f you cannot or will not give anything, ")]
        note = clause(none.effects, w)
        runs += [note + w.t(" ; ", "; ")] if note and (none.target or none.end) else [note] if note else []
        if none.target is not None:
            runs += turn_to(none.target, w) + ["."]
        elif none.end:
            text = ending(none.end, w)
            runs.append(text[0].lower() + text[1:])
        else:
            runs.append("." if note else w.t("continuez.", "carry on."))
        out.append(Para(tuple(runs), "way"))
    return out


def puzzle_blocks(paragraph, w: Words) -> list:
    """Format 1.1 `puzzle:`: the way out to the number the reader works out, never the
    answer (nor the engine's wrong-answer paragraph: on paper a wrong number simply
    leads astray)."""
    raw = spec(paragraph)
    if raw is None:
        return []
    label = str(raw.get("text") or "").strip()
    lead = [label, w.t(" : ", ": ")] if label else \
        [w.t("Si vous avez trouvé le nombre, ", "If you have worked out the number, ")]   # never a bare "that number"
    limit = raw.get("tries")   # format 1.2: so many numbers, no more
    tries = [] if not isinstance(limit, int) else [w.t(
        f" Vous pouvez essayer {limit} numéro{'s' if limit > 1 else ''}, pas davantage.",
        f" You may try {limit} number{'s' if limit > 1 else ''}, no more.")]
    return [Para(tuple(lead + [w.t("rendez-vous au paragraphe qui porte ce numéro.",
                                   "turn to the paragraph with that number.")] + tries), "way")]
