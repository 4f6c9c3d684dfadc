"""The optional appendix: the exact odds of each fight (`gamebook export --odds`),
from engine/analysis/book_odds (the same figures as `gamebook odds BOOK`)."""
from __future__ import annotations

from engine.analysis.book_odds import NAMED, book_odds
from engine.export.model import Para, Table
from engine.export.phrases import Words


def appendix(book, module, w: Words) -> list:
    table = book_odds(book, module, "never")
    rows, left = table.rows, [_left_out(x, w) for x in table.left_out]
    if not rows:
        return left or [Para((w.t("Ce livre n'a aucun combat à analyser.", "This book has no fight to analyse."),))]
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
    return [Para((intro,)), Table(("§", w.t("Adversaires", "Opponents")) + tuple(heads), body)] + left


def _left_out(x, w: Words) -> Para:
    """A fight the table cannot show (too large to compute, the module failed), and why."""
    return Para((w.t(f"§ {x.paragraph} ({x.opponents}) : non calculé, {x.reason.fr}.",
                     f"§ {x.paragraph} ({x.opponents}): not computed, {x.reason.en}."),))


def _percent(value, w: Words) -> str:
    if value is None:
        return "—"
    text = f"{float(value) * 100:.1f} %"
    return text.replace(".", ",") if w.fr else text.replace(" %", "%")
