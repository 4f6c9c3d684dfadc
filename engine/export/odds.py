"""The optional appendix: the exact odds of each fight (`gamebook export --odds`),
from engine/analysis/book_odds (the same figures as `gamebook odds BOOK`)."""
from __future__ import annotations

from engine.analysis.book_odds import NAMED, book_rows
from engine.export.model import Para, Table
from engine.export.phrases import Words


def appendix(book, module, w: Words) -> list:
    rows = book_rows(book, module)
    if not rows:
        return [Para((w.t("Ce livre n'a aucun combat à analyser.", "This book has no fight to analyse."),))]
    columns = []
    for row in rows:
        columns += [c for c in row.win if c not in columns]
    heads = [w.t(*NAMED[c]) if c in NAMED else c for c in columns]
    intro = w.t("Probabilité de ne pas perdre chaque combat pour le héros de départ, s'il ne dépense "
                "rien de ce que les règles permettent de dépenser en combat.",
                "The probability of not losing each fight for the starting hero, if he spends "
                "nothing the rules let him spend in a fight.")
    body = tuple((str(r.paragraph), r.opponents) + tuple(_percent(r.win.get(c), w) for c in columns)
                 for r in rows)
    return [Para((intro,)), Table(("§", w.t("Adversaires", "Opponents")) + tuple(heads), body)]


def _percent(value, w: Words) -> str:
    if value is None:
        return "—"
    text = f"{float(value) * 100:.1f} %"
    return text.replace(".", ",") if w.fr else text.replace(" %", "%")
