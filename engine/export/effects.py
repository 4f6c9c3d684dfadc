"""Effects in words: what the reader writes on the Adventure Sheet.

The core effects (gain, lose, add, set, flag, unflag) are worded here; a module's
own effects through `Words.names["effect"]` (engine/export/modules.py), with the
effect's key and value as a last resort.
"""
from __future__ import annotations

from engine.expr import Expr
from engine.expr.describe import describe
from engine.export.phrases import Words, things_named


def effects(effs, w: Words) -> str:
    """Several effects as one sentence ("" when there are none)."""
    text = clause(effs, w)
    return text[0].upper() + text[1:] + "." if text else ""


def clause(effs, w: Words) -> str:
    """Several effects as a clause, first letter as worded ("" when none)."""
    parts = [p for p in (effect(e.kind, e.value, w) for e in effs) if p]
    return (" ; " if w.fr else "; ").join(parts)


def effect(kind: str, value, w: Words) -> str:
    special = w.names.get("effect")
    if special:
        text = special(kind, value, w)
        if text is not None:
            return text
    used = w.book.meta.get("used_here") if kind == "gain" else None
    if used and any(i in used for i in value):   # format 1.2: used where it lies, not taken
        return _used_here(value, used, w)
    if kind in ("gain", "lose") and isinstance(value, dict):   # format 1.1: copies
        return ", ".join(_copies(kind, item, n, w) for item, n in value.items())
    if kind == "gain" and any(_unique(item, w) for item in value):   # format 1.2
        return ", ".join(_gain_unique(item, w) if _unique(item, w) else effect(kind, [item], w) for item in value)
    if kind in ("gain", "lose"):
        things = things_named(value, w)
        return w.t(f"prenez {things}", f"take {things}") if kind == "gain" \
            else w.t(f"rayez {things} de votre équipement", f"cross {things} off your equipment")
    if kind in ("flag", "unflag"):
        words = ", ".join(f"« {w.declared('codewords', v)} »" if w.fr else f"'{w.declared('codewords', v)}'"
                          for v in value)
        return w.t(f"notez le mot-code {words}", f"note the codeword {words}") if kind == "flag" \
            else w.t(f"rayez le mot-code {words}", f"cross off the codeword {words}")
    if kind == "add":
        return ", ".join(_add(stat, amount, w) for stat, amount in value.items())
    if kind == "set":
        return ", ".join(w.t(f"votre {w.stat(s)} passe à {_number(v, w)}",
                             f"your {w.stat(s)} becomes {_number(v, w)}") for s, v in value.items())
    if kind == "give_up":   # format 1.1: the reader picks
        return _give_up(value, w)
    if kind in ("counter-add", "counter-set", "note"):   # format 1.1 (engine/book/counters.py)
        return _counted(kind, value, w)
    if kind in ("take", "store", "restore", "sell"):   # format 1.2 (engine/book/taking.py)
        return _taking(kind, value, w)
    return f"{kind} : {value}" if w.fr else f"{kind}: {value}"


def _counted(kind: str, value, w: Words) -> str:
    if kind == "note":
        box = w.declared("notes", value)
        return w.t(f"notez le numéro de ce paragraphe dans la case « {box} »",
                   f"write this paragraph's number in the box '{box}'")
    named = {w.declared("counters", c): v for c, v in value.items()}
    if kind == "counter-set":
        return ", ".join(w.t(f"votre compte « {c} » passe à {_number(v, w)}",
                             f"your '{c}' count becomes {_number(v, w)}") for c, v in named.items())
    return ", ".join(w.t(f"ajoutez {_number(v, w)} à votre compte « {c} »",
                         f"add {_number(v, w)} to your '{c}' count") for c, v in named.items())


def _give_up(value, w: Words) -> str:
    """"rayez de votre équipement un objet de votre choix (sauf l'objet « Épée »)"."""
    count = value.get("count", 1) if isinstance(value, dict) else value
    kept = list(value.get("except") or ()) if isinstance(value, dict) else []
    what = w.t("un objet de votre choix" if count == 1 else f"{count} objets de votre choix",
               "one item of your choice" if count == 1 else f"{count} items of your choice")
    but = w.t(f" (sauf {things_named(kept, w)})", f" (except {things_named(kept, w)})") if kept else ""
    text = w.t(f"rayez de votre équipement {what}{but}", f"cross {what}{but} off your equipment")
    stats = value.get("stats") if isinstance(value, dict) else None
    if stats:   # format 1.2: "..., ou donnez 1 Provision"; with several: each may be one
        points = w.t(" ou ", " or ").join(w.points(s, 1) for s in stats)
        text += w.t(f", ou donnez {points}", f", or give {points}") if count == 1 else \
            w.t(f", chacun pouvant être remplacé par {points}", f"; each may be {points} instead")
    return text


def _used_here(value, used: dict, w: Words) -> str:
    """"utilisez sur place l'objet « Potion » (gagnez 4 points d'Endurance)", and the
    other items gained as usual."""
    counts = value if isinstance(value, dict) else {i: 1 for i in value}
    parts = []
    for item, n in counts.items():
        if item not in used:
            parts.append(effect("gain", {item: n} if n != 1 else [item], w))
            continue
        what = clause(used[item], w)
        times = w.t(f" {n} fois", f" {n} times") if n != 1 else ""
        parts.append(w.t(f"utilisez sur place{times} {things_named([item], w)}", f"use {things_named([item], w)} "
                         f"here{times}") + (f" ({what})" if what else ""))
    return ", ".join(parts)


def _taking(kind: str, value, w: Words) -> str:
    """"prenez au plus 2 objets parmi les objets « Arc » et « Orbe »"; the restore points
    as boxes of the Adventure Sheet."""
    if kind == "take":
        n, things = value["choose"], things_named(value["from"], w)
        used = w.book.meta.get("used_here") or {}
        notes = "".join(w.t(f" ; {things_named([i], w)} s'utilise sur place ({clause(used[i], w)})",
                            f"; {things_named([i], w)} is used here ({clause(used[i], w)})")
                        for i in value["from"] if i in used)
        return w.t(f"prenez au plus {n} objet{'s' if n > 1 else ''} parmi {things}",
                   f"take up to {n} of {things}") + notes
    if kind == "sell":
        money = w.module.money
        offers = [w.t(f"« {w.item(i)} » pour {w.points(money, p)}", f"'{w.item(i)}' for {w.points(money, p)}")
                  for i, p in value.items()]
        return w.t("vous pouvez vendre, un exemplaire à la fois : ", "you may sell, one copy at a time: ") \
            + ", ".join(offers)
    if kind == "store":
        return w.t(f"rayez tout votre équipement et recopiez-le dans la case « {value} »",
                   f"cross off all your equipment and copy it into the box '{value}'")
    return w.t(f"reprenez l'équipement recopié dans la case « {value} »",
               f"take back the equipment copied into the box '{value}'")


def _unique(item: str, w: Words) -> bool:
    spec = w.book.items.get(str(item))
    return spec is not None and spec.props.get("unique") is True


def _gain_unique(item: str, w: Words) -> str:
    """Format 1.2: "prenez l'objet « Bol » si vous ne l'avez pas déjà (on n'en a jamais qu'un)"."""
    things = things_named([item], w)
    return w.t(f"prenez {things} si vous ne l'avez pas déjà (on n'en a jamais qu'un)",
               f"take {things} unless you already have it (you can only ever have one)")


def _copies(kind: str, item: str, n: int, w: Words) -> str:
    """"prenez 2 exemplaires de l'objet « Flèche »" / "cross 1 copy of the item 'Arrow' off..."."""
    fr = f"{n} exemplaire{'s' if n != 1 else ''} de l'objet « {w.item(item)} »"
    en = f"{n} cop{'ies' if n != 1 else 'y'} of the item '{w.item(item)}'"
    return w.t(f"prenez {fr}", f"take {en}") if kind == "gain" \
        else w.t(f"rayez {fr} de votre équipement", f"cross {en} off your equipment")



def _add(stat: str, amount, w: Words) -> str:
    label = w.stat(stat)
    if isinstance(amount, int):
        return w.t("gagnez " if amount >= 0 else "perdez ", "gain " if amount >= 0 else "lose ") \
            + w.points(stat, abs(amount))
    text = _number(amount, w)
    if text.startswith("-"):
        return w.t(f"perdez {text[1:]} points {w.of(label)}", f"lose {text[1:]} {label} points")
    return w.t(f"ajoutez {text} à votre {label}", f"add {text} to your {label}")


def _number(value, w: Words) -> str:
    if isinstance(value, Expr):
        return describe(value, w.lang)
    return str(value)
