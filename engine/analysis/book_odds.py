"""`gamebook odds BOOK`: the win probability of every combat of a book.

The rule module does the series-specific part: ``hero_variants(book)`` gives
the starting sheets (``("typical", state)``, ``("weakest", ...)``,
``("strongest", ...)``, and for rolled characters many variants carrying
``state.extra["weight"]``), ``fight_odds(book, state, spec)`` the exact odds
of one combat field.  Here: iterate, average, and say what was assumed.

`gamebook odds BOOK` asks for ``policy="optimal"``: the hero uses at best what
the rules let him spend in a fight (Luck in Défis Fantastiques, Honour in
Chroniques Crétoises), as a player can.  A variant may state its own policy in
``state.extra["odds_policy"]`` (``"never"``: that sheet never spends), and
each column says the policy it assumes (Défis Fantastiques prices its 396
rolled sheets with Luck at best, sheets differing only by Stamina and Luck
sharing one solve: ``fight_wins``).  `book_rows` keeps ``"never"`` for the
export's appendix and the editor, which say so.

The figure is P(the hero does not lose): P(win) for Fighting Fantasy; for a
Cretan Chronicles group fight, which ends "all badly wounded" by the rules,
P(win) + P(all badly wounded).

No fight is left out silently: a combat field (a mapping with an ``enemies``
list) the module gives no odds for, or whose analysis fails, is listed with the
reason; a module with no odds at all (no ``hero_variants``) is said to be so.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from fractions import Fraction

from engine.analysis.fight_inputs import fight_too_large
from engine.analysis.render import book_text, tr
from engine.analysis.result import exact
from engine.book.model import DEATH
from engine.diagnostics import Message
from engine.support.safe_text import clean

NAMED = {"typical": ("typique", "typical"), "weakest": ("le plus faible", "weakest"),
         "strongest": ("le plus fort", "strongest"), "average": ("moyenne", "average")}


@dataclass
class Row:
    """One combat: where, against whom, and P(win) per column."""

    paragraph: int
    field: str
    opponents: str
    win: dict = field(default_factory=dict)  # column -> Fraction
    ends: dict = field(default_factory=dict)  # format 1.1 endings (hurt, timeout): outcome -> Fraction, first column
    notes: list = field(default_factory=list)  # (why a column cannot win: Message, [columns]), the module's


@dataclass
class Column:
    """What a column assumes: the sheet (named variants) or how many rolled sheets
    it averages, and the policy ("optimal", "never", or "mixed" in an average)."""

    name: str
    policy: str
    sheet: dict = field(default_factory=dict)   # stat label Message -> value
    sheets: int = 0


@dataclass
class LeftOut:
    """A combat the table does not show, and why."""

    paragraph: int
    field: str
    opponents: str
    reason: Message


@dataclass
class BookOdds:
    rows: list
    left_out: list
    columns: list
    has_odds: bool      # False: the rule module computes no fight odds at all
    module: str
    spending: Message | None = None   # what the policies spend (the module's `fight_spending`)


def opponents(spec) -> str:
    """Readable opponents of a combat spec (modules use an ``enemies`` list)."""
    enemies = spec.get("enemies") if isinstance(spec, dict) else None
    if not isinstance(enemies, list):
        return "?"
    names = [str(e.get("name", "?")) if isinstance(e, dict) else str(e) for e in enemies]
    return clean(", ".join(names))


def is_fight(spec) -> bool:
    return isinstance(spec, dict) and isinstance(spec.get("enemies"), list)


def variant_columns(variants) -> tuple[list, list]:
    """(named variants shown as columns, weighted variants averaged)."""
    weighted = [(n, s) for n, s in variants if "weight" in s.extra]
    named = [(n, s) for n, s in variants if "weight" not in s.extra or n in NAMED]
    return named, weighted


def book_rows(book, module, policy: str = "never") -> list[Row]:
    """P(win) of every combat for every starting variant of the book."""
    return book_odds(book, module, policy).rows


def book_odds(book, module, policy: str = "optimal") -> BookOdds:
    """Every combat of the book: its row, or the reason it has none."""
    named, weighted = variant_columns(list(module.hero_variants(book)))
    out = BookOdds([], [], _columns(module, named, weighted, policy), bool(named or weighted),
                   str(getattr(module, "id", "?")), getattr(module, "fight_spending", None))
    for number in sorted(book.paragraphs):
        paragraph = book.paragraphs[number]
        for name in module.activity_fields:
            spec = paragraph.fields.get(name)
            if spec is None:
                continue
            row = Row(number, name, opponents(spec))
            too_large = fight_too_large(spec)
            if too_large is not None:   # refused before any solver sees it
                out.left_out.append(LeftOut(number, name, row.opponents, too_large))
                continue
            try:
                filled = out.has_odds and _fill(row, book, module, spec, named, weighted, policy)
            except Exception as err:   # noqa: BLE001 (a module's failure is reported, the rest goes on)
                out.left_out.append(LeftOut(number, name, row.opponents, _failed(err)))
                continue
            if filled:
                out.rows.append(row)
            elif is_fight(spec):
                out.left_out.append(LeftOut(number, name, row.opponents, _why_none(spec, out)))
    return out


def _failed(err: Exception) -> Message:
    text = clean(f"{type(err).__name__}: {err}")
    return Message(f"le calcul a échoué ({text})", f"the computation failed ({text})")


def _why_none(spec, out: BookOdds) -> Message:
    if not out.has_odds:
        return Message(f"le module « {out.module} » ne calcule pas de chances",
                       f"the module '{out.module}' computes no odds")
    return Message("le module ne donne pas de chances pour ce combat",
                   "the module gives no odds for this fight")


def _columns(module, named, weighted, policy) -> list[Column]:
    """The columns in table order, each with the sheet and the policy it assumes."""
    shown = _sheet_stats(module, [s for _n, s in named + weighted])
    cols = [Column(label, state.extra.get("odds_policy", policy),
                   {d.label: state.stats.get(d.name) for d in shown}) for label, state in named]
    if weighted:
        policies = {s.extra.get("odds_policy", policy) for _n, s in weighted}
        cols.append(Column("average", policies.pop() if len(policies) == 1 else "mixed",
                           sheets=len(weighted)))
    return cols


def _sheet_stats(module, states) -> list:
    """The module's stats worth naming in a column's sheet: those the variants
    differ in, or (one sheet) every one it has a non-zero value for."""
    defs = [d for d in getattr(module, "stats", ()) if not d.derived or len(states) == 1]
    differ = [d for d in defs if len({s.stats.get(d.name) for s in states}) > 1]
    return differ or [d for d in defs if states and states[0].stats.get(d.name)]


SPECIAL_ENDS = ("hurt", "timeout", "escape")   # endings beside win and loss: specials, escape


def _fill(row, book, module, spec, named, weighted, policy) -> bool:
    """Compute the row's columns; False when the module gives no odds for the field."""
    states = [s for _l, s in named + weighted]
    # format 1.2: a special ending written `{end: death}` (model.DEATH) is a fight lost too
    fatal = [k for k in SPECIAL_ENDS if isinstance(spec, dict) and DEATH in (spec.get(k), _to(spec.get(k)))]
    if "escape" in fatal:   # an escape to death is never better than fighting on: priced without it
        spec, fatal = {k: v for k, v in spec.items() if k != "escape"}, [k for k in fatal if k != "escape"]
    wins = None if fatal else module.fight_wins(book, states, spec, policy=policy)
    if wins is None:
        wins = []
        for state in states:
            odds = module.fight_odds(book, state, spec, policy=policy)
            if odds is None:
                return False
            wins.append(1 - odds.lose - sum(odds.outcomes.get(k, 0) for k in fatal))
    for (label, _s), win in zip(named, wins):
        row.win[label] = win
    if named and isinstance(spec, dict) and any(k in spec for k in SPECIAL_ENDS):
        odds = module.fight_odds(book, named[0][1], spec, policy=policy)
        row.ends = {k: v for k, v in (odds.outcomes.items() if odds else ()) if k not in ("win", "lose", *fatal)}
    row.notes = _zero_notes(book, module, spec, named)
    if weighted:
        total = num = Fraction(0)
        for (_label, state), win in zip(weighted, wins[len(named):]):
            weight = Fraction(state.extra["weight"])
            total += weight
            num += weight * win
        row.win["average"] = num / total
    return bool(row.win)


def _to(outcome):
    """An object outcome's target (`escape: {to: ...}`), else None."""
    return outcome.get("to") if isinstance(outcome, dict) else None


def _zero_notes(book, module, spec, named) -> list:
    """Why a named column's sheet can win no victory (the module's sure causes, its
    `fight_zero_reason` hook): [(Message, [columns])], one entry per distinct cause."""
    hook = getattr(module, "fight_zero_reason", None)
    if hook is None:
        return []
    notes: list = []
    for label, state in named:
        reason = hook(book, state, spec)
        if reason is None:
            continue
        for message, columns in notes:
            if message.en == reason.en and message.fr == reason.fr:
                columns.append(label)
                break
        else:
            notes.append((reason, [label]))
    return notes


def run_book(args, lang: str) -> int:
    from engine.diagnostics import Severity, render_text
    from engine.lint.loader import load_book
    loaded = load_book(args.book)
    errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    if not loaded.ok:
        sys.stderr.write(render_text(errors or loaded.diagnostics, lang) + "\n")
        return 1
    from engine.game.faults import BookFault
    try:
        table = book_odds(loaded.book, loaded.module)
    except BookFault as fault:   # the starting sheets cannot be made: the start paragraph fails
        sys.stderr.write(fault.located().get(lang) + "\n")
        return 1
    if args.format == "json":
        print(json.dumps(_json(table), ensure_ascii=False, indent=2))
    else:
        print(book_text(table, lang, clean(loaded.book.title), NAMED))
    return 0


def _json(table: BookOdds) -> list:
    """One entry a combat, in the book's order: its columns' P(not lose) with the
    policy each assumes, or (``win`` empty) why it is ``left_out``."""
    policy = {c.name: c.policy for c in table.columns}
    out = [_row_json(r) | {"policy": {k: policy.get(k) for k in r.win}} for r in table.rows]
    out += [{"paragraph": x.paragraph, "field": x.field, "opponents": x.opponents, "win": {},
             "win_exact": {}, "left_out": {"en": x.reason.en, "fr": x.reason.fr}} for x in table.left_out]
    return sorted(out, key=lambda r: r["paragraph"])


def _row_json(row: Row) -> dict:
    return {"paragraph": row.paragraph, "field": row.field, "opponents": row.opponents,
            "win": {k: float(v) for k, v in row.win.items()},
            "win_exact": {k: exact(v) for k, v in row.win.items()},
            **({"ends": {k: float(v) for k, v in row.ends.items()},
                "ends_exact": {k: exact(v) for k, v in row.ends.items()}} if row.ends else {}),
            **({"notes": [{"columns": cols, "fr": m.fr, "en": m.en} for m, cols in row.notes]}
               if row.notes else {})}
