"""`gamebook odds BOOK`: the win probability of every combat of a book.

The rule module does the series-specific part: ``hero_variants(book)`` gives
the starting sheets (``("typical", state)``, ``("weakest", ...)``,
``("strongest", ...)``, and for rolled characters many variants carrying
``state.extra["weight"]``), ``fight_odds(book, state, spec)`` the exact odds
of one combat field.  Here: iterate, average and print.

The table is computed with ``policy="never"``: the hero neither tests his
Luck nor spends Honour (a fixed, cautious baseline, and fast: one no-Luck
table serves every rolled Stamina, where optimal Luck is a solve per variant,
up to tenths of a second for three enemies "together").  The odds of one fight
with the optimal policy are what `gamebook odds --luck/--honour` and the REPL
give.

The figure is P(the hero does not lose): P(win) for Fighting Fantasy; for a
Cretan Chronicles group fight, which ends "all badly wounded" by the rules,
P(win) + P(all badly wounded).

Columns: every named variant except the weighted ones, and ``average``, the
exact weighted mean over the weighted variants (weights need not sum to 1).
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from fractions import Fraction

from engine.analysis.render import share, tr
from engine.analysis.result import exact

NAMED = {"typical": ("typique", "typical"), "weakest": ("le plus faible", "weakest"),
         "strongest": ("le plus fort", "strongest"), "average": ("moyenne", "average")}


@dataclass
class Row:
    """One combat: where, against whom, and P(win) per column."""

    paragraph: int
    field: str
    opponents: str
    win: dict = field(default_factory=dict)  # column -> Fraction


def opponents(spec) -> str:
    """Readable opponents of a combat spec (modules use an ``enemies`` list)."""
    enemies = spec.get("enemies") if isinstance(spec, dict) else None
    if not isinstance(enemies, list):
        return "?"
    names = [str(e.get("name", "?")) if isinstance(e, dict) else str(e) for e in enemies]
    return ", ".join(names)


def variant_columns(variants) -> tuple[list, list]:
    """(named variants shown as columns, weighted variants averaged)."""
    weighted = [(n, s) for n, s in variants if "weight" in s.extra]
    named = [(n, s) for n, s in variants if "weight" not in s.extra or n in NAMED]
    return named, weighted


def book_rows(book, module, policy: str = "never") -> list[Row]:
    """P(win) of every combat for every starting variant of the book."""
    named, weighted = variant_columns(list(module.hero_variants(book)))
    rows = []
    for number in sorted(book.paragraphs):
        paragraph = book.paragraphs[number]
        for name in module.activity_fields:
            if name not in paragraph.fields:
                continue
            spec = paragraph.fields[name]
            row = Row(number, name, opponents(spec))
            if _fill(row, book, module, spec, named, weighted, policy):
                rows.append(row)
    return rows


def _fill(row, book, module, spec, named, weighted, policy) -> bool:
    """Compute the row's columns; False when the field is not a combat."""
    states = [s for _l, s in named + weighted]
    wins = module.fight_wins(book, states, spec, policy=policy)
    if wins is None:
        wins = []
        for state in states:
            odds = module.fight_odds(book, state, spec, policy=policy)
            if odds is None:
                return False
            wins.append(1 - odds.lose)
    for (label, _s), win in zip(named, wins):
        row.win[label] = win
    if weighted:
        total = num = Fraction(0)
        for (_label, state), win in zip(weighted, wins[len(named):]):
            weight = Fraction(state.extra["weight"])
            total += weight
            num += weight * win
        row.win["average"] = num / total
    return bool(row.win)


def run_book(args, lang: str) -> int:
    from engine.diagnostics import Severity, render_text
    from engine.loader import load_book
    loaded = load_book(args.book)
    errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    if not loaded.ok:
        sys.stderr.write(render_text(errors or loaded.diagnostics, lang) + "\n")
        return 1
    try:
        rows = book_rows(loaded.book, loaded.module)
    except ValueError as err:
        sys.stderr.write(tr(lang, f"combat impossible à analyser : {err}\n",
                            f"a combat cannot be analysed: {err}\n"))
        return 1
    if args.format == "json":
        print(json.dumps([_row_json(r) for r in rows], ensure_ascii=False, indent=2))
    else:
        print(render_rows(rows, lang, loaded.book.title))
    return 0


def _row_json(row: Row) -> dict:
    return {"paragraph": row.paragraph, "field": row.field, "opponents": row.opponents,
            "win": {k: float(v) for k, v in row.win.items()},
            "win_exact": {k: exact(v) for k, v in row.win.items()}}


def render_rows(rows: list[Row], lang: str, title: str) -> str:
    if not rows:
        return tr(lang, f"{title} : aucun combat analysable.", f"{title}: no combat to analyse.")
    columns = []
    for row in rows:
        columns += [c for c in row.win if c not in columns]
    heads = [tr(lang, *NAMED[c]) if c in NAMED else c for c in columns]
    width = max(len(r.opponents) for r in rows + [Row(0, "", tr(lang, "adversaires", "opponents"))])
    lines = [title, "", f"{'§':>5s}  {tr(lang, 'adversaires', 'opponents'):<{width}s}  "
             + "  ".join(f"{h:>14s}" for h in heads)]
    for row in rows:
        cells = [f"{share(row.win[c], lang):>14s}" if c in row.win else f"{'-':>14s}"
                 for c in columns]
        lines.append(f"{row.paragraph:>5d}  {row.opponents:<{width}s}  " + "  ".join(cells))
    return "\n".join(lines)
