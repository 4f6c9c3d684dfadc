"""Chroniques Crétoises in print: stat blocks `(*) Force 5 Protection 15`, the fight's
ways out, gods and Zeus in words, and the Oracle kept secret.

The rule text: the Oracle "ne sera jamais indiquée explicitement dans le texte"; the
paragraph number is in italics and nothing says where +20 leads.  Zeus's
resurrection is "au numéro de paragraphe indiqué dans le texte": it is printed.
"""
from __future__ import annotations

from engine.expr.ast import Call, Name, Str
from engine.export.model import Boxes, Heading, Para, Stats, Table
from engine.export.phrases import Words
from engine.export.ways import turn_to
from engine.rules.chroniques_cretoises import names as N


def names() -> dict:
    return {"sheet": sheet, "fields": fields, "hidden": hidden, "compare": compare, "effect": effect,
            "choice_extra": choice_extra}


def hidden(paragraph, choice, w: Words) -> bool:
    """A choice written as the Oracle's jump (`to: here + 20` from an italic number)."""
    from engine.export.phrases import static_number
    if not paragraph.fields.get("oracle") or choice.target_expr is None:
        return False
    return static_number(choice.target_expr, paragraph.number) == paragraph.number + 20


def fields(paragraph, w: Words) -> list:
    out = []
    spec = paragraph.fields.get("combat")
    if isinstance(spec, dict):
        out += combat(spec, w)
    zeus = paragraph.fields.get("zeus")
    if zeus and not paragraph.end:
        out.append(Para((w.t("Vous pouvez ici invoquer Zeus, si vous ne l'avez pas encore fait.",
                             "You may call upon Zeus here, if you have not yet done so."),), "way"))
    if paragraph.end == "death":
        target = zeus.get("resurrect") if isinstance(zeus, dict) else None
        target = target or w.book.options.get("zeus_resurrection")
        if isinstance(target, int):
            out.append(Para(tuple([w.t("Si Zeus vous ressuscite, ", "If Zeus raises you from the dead, ")]
                                  + turn_to(target, w) + ["."]), "way"))
    return out


def combat(spec: dict, w: Words) -> list:
    rows = []
    for e in spec.get("enemies") or []:
        rows.append(("(*)" if e.get("beast") else "", str(e.get("name", "?")),
                     ((w.t("Force", "Force"), str(e.get("force", "?"))),
                      (w.t("Protection", "Protection"), str(e.get("protection", "?"))))))
    out = [Stats(tuple(rows))]
    if spec.get("initiative") in ("enemy", "adversaire"):
        out.append(Para((w.t("Votre adversaire frappe le premier.", "Your opponent strikes first."),), "way"))
    if isinstance(spec.get("use"), dict):
        use = spec["use"]
        out.append(_way(w.t(f"Si vous possédez l'objet « {w.item(use['item'])} », vous pouvez vous en servir au "
                            "lieu de frapper le premier : ",
                            f"If you have the '{w.item(use['item'])}', you may use it instead of striking "
                            "first: "), use["to"], w))
    if isinstance(spec.get("invoke"), dict) and "to" in spec["invoke"]:
        inv = spec["invoke"]
        out.append(_way(w.t(f"Vous pouvez invoquer {inv['god']}{_cost(inv, w)} : ",
                            f"You may call upon {inv['god']}{_cost(inv, w)}: "), inv["to"], w))
    out += _specials(spec, w)
    if isinstance(spec.get("win"), int):
        out.append(_way(_reward(spec, w), spec["win"], w))
    if isinstance(spec.get("all_down"), int):
        out.append(_way(w.t("Si tous vos adversaires sont Grièvement Blessés, ",
                            "If all your opponents are Badly Wounded, "), spec["all_down"], w))
    retreat = spec.get("retreat")
    if retreat is not None:
        to = retreat if isinstance(retreat, int) else retreat.get("to")
        out.append(_way(w.t("Si vous battez en retraite, ", "If you retreat, "), to, w))
    if isinstance(spec.get("surrender"), dict) and "to" in spec["surrender"]:   # (a refused one may have none)
        out.append(_way(w.t("Si vous vous rendez, ", "If you surrender, "), spec["surrender"]["to"], w))
    return out


def _specials(spec: dict, w: Words) -> list:
    """The format 1.1 fight specials, as a book prints them (`hurt`, `rounds`...)."""
    out = []
    first = spec.get("first_round")
    if isinstance(first, dict):
        out.append(Para((w.t(f"Pour votre premier assaut, ajoutez {first.get('force', 0)} à votre Force.",
                             f"For your first strike, add {first.get('force', 0)} to your Force."),), "way"))
    if spec.get("win_rounds"):
        n = spec["win_rounds"]
        out.append(Para((w.t(f"Dès que vous l'avez blessé {n} fois, vous êtes vainqueur.",
                             f"As soon as you have wounded him {n} times, you win."),), "way"))
    if isinstance(spec.get("hurt"), int):
        out.append(_way(w.t("Si vous êtes blessé, ", "If you are wounded, "), spec["hurt"], w))
    if isinstance(spec.get("timeout"), int) and spec.get("rounds"):
        n = spec["rounds"]
        out.append(_way(w.t(f"Si le combat n'est pas fini après {n} de vos assauts, ",
                            f"If the fight is not over after {n} of your strikes, "), spec["timeout"], w))
    return out


def _way(lead: str, target: int, w: Words) -> Para:
    return Para(tuple([lead] + turn_to(target, w) + ["."]), "way")


def _cost(spec: dict, w: Words) -> str:
    cost = spec.get("cost")
    if cost is None:
        return ""
    points = w.points("honneur", cost) if isinstance(cost, int) else \
        w.t(f"{cost} points d'Honneur", f"{cost} Honour points")
    return w.t(f" (il vous en coûtera {points})", f" (at a cost of {points})")


def _reward(spec: dict, w: Words) -> str:
    reward = spec.get("reward")
    if reward is None:
        return w.t("Si vous êtes vainqueur, ", "If you win, ")
    points = w.points("honneur", reward) if isinstance(reward, int) else w.t(
        f"{reward} points d'Honneur", f"{reward} Honour points")
    return w.t(f"Si vous êtes vainqueur, vous gagnez {points} ; ", f"If you win, you gain {points}; ")


def choice_extra(choice, w: Words) -> list:
    inv = choice.extra.get("invoke")
    if isinstance(inv, dict):
        return [w.t(f" (invocation de {inv['god']}{_cost(inv, w)})", f" (calling upon {inv['god']}{_cost(inv, w)})")]
    return []


def compare(left, op, right, w: Words) -> str | None:
    """`patron == "Arès"`, `god("Zeus") != "défavorable"`, `condition == "blessé"`."""
    if not isinstance(right, Str) or op not in ("==", "!="):
        return None
    yes = op == "=="
    if isinstance(left, Name) and left.name == "patron":
        return w.t(f"votre dieu protecteur {'est' if yes else 'n’est pas'} {right.value}",
                   f"your patron god {'is' if yes else 'is not'} {right.value}")
    if isinstance(left, Call) and left.name in ("god", "dieu") and left.args and isinstance(left.args[0], Str):
        god = left.args[0].value
        return w.t(f"l'attitude {w.of(god)} envers vous {'est' if yes else 'n’est pas'} « {right.value} »",
                   f"{god}'s attitude towards you {'is' if yes else 'is not'} '{right.value}'")
    if isinstance(left, Name) and left.name in ("condition", "etat", "état"):
        return w.t(f"votre Condition Physique {'est' if yes else 'n’est pas'} « {right.value} »",
                   f"your Physical Condition {'is' if yes else 'is not'} '{right.value}'")
    return None


def effect(kind: str, value, w: Words) -> str | None:
    if kind in ("patron",):
        return w.t(f"{value} est désormais votre dieu protecteur", f"{value} is now your patron god")
    if kind in ("god", "dieu") and isinstance(value, dict):
        return ", ".join(w.t(f"notez l'attitude {w.of(g)} : {a}", f"note {g}'s attitude: {a}") for g, a in value.items())
    if kind in ("wound", "blessure"):
        return w.t(f"descendez de {value} case(s) sur l'échelle de Condition Physique",
                   f"move {value} step(s) down the Physical Condition ladder")
    if kind in ("heal", "soin"):
        return w.t("vous redevenez Indemne", "you are Unhurt again")
    if kind == "restore_honour":
        return w.t(f"gagnez {value} points d'Honneur, même si votre Honneur était tombé à 0",
                   f"gain {value} Honour points, even if your Honour had fallen to 0")
    return None


def sheet(w: Words) -> list:
    out = [Boxes(((w.t("Armes", "Weapons"), 2), (w.t("Pièces d'armure", "Pieces of armour"), 2)))]
    out.append(Heading(2, w.t("Attitude des dieux", "The gods' attitudes")))
    f, n, d = (N.ATTITUDE_LABELS[a].get(w.lang) for a in N.ATTITUDES)
    rows = tuple((g, "☐", "☐", "☐") for g in N.gods_of(w.book.options))
    out.append(Table((w.t("Dieu", "God"), f, n, d), rows))
    out.append(Table((w.t("Dieu protecteur", "Patron god"),
                      w.t("Zeus invoqué (une fois par aventure)", "Zeus called upon (once an adventure)")),
                     (("", "☐"),)))
    out.append(Heading(2, w.t("Condition Physique", "Physical Condition")))
    out.append(Table(tuple(label.get(w.lang) for label in N.CONDITION_LABELS),
                     (("☐",) * len(N.CONDITION_LABELS),)))
    return out
