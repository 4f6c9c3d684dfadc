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
    return w.t(f"rayez de votre équipement {what}{but}", f"cross {what}{but} off your equipment")


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
