"""The front matter: the rules summary for the reader and the Adventure Sheet.

The summary is the module's own text, `reader.json` next to the module's code
(`{"fr": [paragraphs], "en": [...]}`); a module without one gets a sentence naming
its rules.  The sheet is built from the module's stats (`StatDef`): a box for each,
with "starting total" room for the stats whose start is a ceiling; a module adds
its own parts (`sheet` in its `export.py`: gods and the condition ladder, weapon
and armour...).
"""
from __future__ import annotations

import json
from importlib import resources

from engine.export.model import Boxes, Heading, Para, Table
from engine.export.phrases import Words
from engine.export.typeset import BOX


def summary(module, w: Words) -> list:
    """The rules for the reader, in the book's language."""
    package = type(module).__module__.rpartition(".")[0]
    try:
        data = json.loads(resources.files(package).joinpath("reader.json").read_text("utf-8"))
        paragraphs = [str(p) for p in data.get(w.lang) or data.get("fr") or []]
    except (OSError, ValueError, ModuleNotFoundError, TypeError, AttributeError):
        paragraphs = []
    creation = w.names.get("creation")
    if paragraphs and creation:   # reader.json's first paragraph creates the hero: this book's way
        paragraphs[0] = creation(w)
    if not paragraphs:
        title = module.title.get(w.lang) if hasattr(module.title, "get") else str(module.title)
        paragraphs = [w.t(f"Ce livre se joue avec les règles « {title} ».",
                          f"This book is played with the rules of '{title}'.")]
    return [Para((p,)) for p in paragraphs]


def stat_boxes(module, w: Words) -> list:
    boxes = []
    for spec in module.stats:
        label = spec.label.get(w.lang)
        if spec.ceiling:
            boxes.append((label + w.t(" — total de départ", " — starting total"), 1))
        boxes.append((label, 2 if not spec.ceiling else 1))
    return [Boxes(tuple(boxes))]


def adventure_sheet(module, w: Words) -> list:
    out = stat_boxes(module, w)
    extra = w.names.get("sheet")
    if extra:
        out += extra(w)
    out += book_boxes(w)
    out.append(Heading(2, w.t("Équipement", "Equipment")))
    out += starting_kit(w)
    out.append(Boxes(((w.t("Équipement", "Equipment"), 3), (w.t("Notes", "Notes"), 3))))
    return out


def starting_kit(w: Words) -> list:
    """What the hero starts with, copies counted (`Torche ×3`), above the box."""
    from engine.book.frontmatter import equipment
    kit = [w.item(item) + (f" ×{n}" if n != 1 else "") for item, n, _path in equipment(w.book.hero)]
    return [Para((w.t("Au départ : ", "To start with: ") + ", ".join(kit) + ".",))] if kit else []


def book_boxes(w: Words) -> list:
    """Format 1.1: a box for each counter (its start and bounds), a tick box for each
    codeword, a box for each note (the paragraph number to write down)."""
    from engine.book.counters import declared
    meta = w.book.meta
    counters, words, notes = (declared(meta, k) for k in ("counters", "codewords", "notes"))
    out = []
    if counters:
        out.append(Heading(2, w.t("Compteurs", "Counters")))
        out.append(Boxes(tuple((_counter_label(w, n, spec), 1) for n, spec in counters.items())))
    if words:
        out.append(Heading(2, w.t("Mots-codes", "Codewords")))
        out.append(Table((w.t("Mot-code", "Codeword"), w.t("Noté", "Noted")),
                         tuple((str(spec.get("name", n)), BOX) for n, spec in words.items())))
    if notes:
        out.append(Heading(2, w.t("Notes de paragraphes", "Paragraph notes")))
        out.append(Boxes(tuple((str(spec.get("name", n)) + w.t(" — n° de paragraphe", " — paragraph number"), 1)
                               for n, spec in notes.items())))
    return out


def _counter_label(w: Words, name: str, spec: dict) -> str:
    low, high = spec.get("min"), spec.get("max")
    parts = [w.t(f"départ {spec.get('start', 0)}", f"start {spec.get('start', 0)}")]
    if low is not None or high is not None:
        parts.append(w.t(f"de {'-∞' if low is None else low} à {'∞' if high is None else high}",
                         f"from {'-∞' if low is None else low} to {'∞' if high is None else high}"))
    return f"{spec.get('name', name)} ({', '.join(parts)})"
