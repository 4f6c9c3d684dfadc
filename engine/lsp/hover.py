"""Hover: a target shows its paragraph's opening lines, a combat its exact odds for
the starting sheet (without and with the module's resources: Luck, Honour), an
expression its type, a field its documentation in the book's language.

The odds are the ones `gamebook odds BOOK` prints (`engine.analysis.book_odds`),
solved by the rule module; they are cached by the fight (its data and the hero sheet,
options and items it is priced with), so that an edit elsewhere in the book keeps them.
A hover answers at once (issue 32): odds already solved (here, or kept by the module's
fight cache, in memory or on disk: looked up inside `stored_only()`) are shown;
otherwise a placeholder, and the fight is solved in a background thread, one at a
time, so that the next hover shows them.  A fight is never queued twice; an edit of
its book cancels the fights of that book still waiting (`forget`).
"""
from __future__ import annotations

import json
import logging
import re
import threading
from concurrent.futures import ThreadPoolExecutor

from lsprotocol import types as T

from engine.diagnostics import Message
from engine.lsp import fields
from engine.lsp.context import place

log = logging.getLogger(__name__)

_ODDS: dict = {}
_JOBS: dict = {}          # fight key -> (document uri, Future) of a fight queued or being solved
_LOCK = threading.Lock()  # _ODDS and _JOBS are read by the server, written by the worker too
_WORKER: list = []        # the one background thread, made at the first costly hover
PENDING = "pending"       # what `_odds` answers while the fight is being solved
announce = None           # the server's log: announce(fr, en) when a fight starts being solved
_POLICIES = (("never", "sans ressources", "without resources"),
             ("optimal", "ressources au mieux", "resources at best"))


def hover(snap, lines, line: int, col: int, included: bool = False) -> T.Hover | None:
    """What the hover at (line, col) of `lines` shows; in a file the book includes
    (`included`), its fights and fields (the index of targets and expressions is the
    book's own text's)."""
    if snap is None or snap.book is None:
        return None
    for part in (_combat, _field) if included else (_target, _combat, _expression, _field):
        text = part(snap, lines, line, col)
        if text:
            return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text))
    return None


def _target(snap, lines, line, col) -> str | None:
    o = snap.index.at(line, col) if snap.index else None
    if o is None or o.kind != "paragraph" or o.value is None:
        return None
    if o.role == "def":   # a paragraph's own number: what the kept values say of it
        said = kept_values(snap, o.value)
        return f"**§{o.value}**\n\n" + said if said else None
    p = snap.book.paragraphs.get(o.value)
    if p is None:
        return None
    opening = "\n".join(p.text.strip().splitlines()[:4])
    said = kept_values(snap, o.value)
    return f"**§{o.value}**" + (f" ({lines.line(o.line)[o.col:o.end]})" if o.role == "computed" else "") \
        + "\n\n" + opening + ("\n\n" + said if said else "")


_VALUES: list = []   # [(book, tables)]: the kept values of the last books hovered (values.py)


def kept_values(snap, number: int) -> str:
    """The best-play chance of paragraph `number` and whether it is doomed, from the
    values `gamebook explore --exhaustive` kept for this very book ("" when none: no
    exploration is started from a hover)."""
    from engine.analysis.book_values import paragraph_lines
    from engine.analysis.explore import values
    with _LOCK:
        found = next((tables for book, tables in _VALUES if book is snap.book), None)
    if found is None:
        found, _warnings = values.load(snap.book, snap.module)   # (a stale or broken file: nothing)
        with _LOCK:
            _VALUES[:] = [(snap.book, found)] + _VALUES[:3]
    return "  \n".join(paragraph_lines(found, number, snap.language))


def _combat(snap, lines, line, col) -> str | None:
    where = place(lines, line, col)
    path = where.path + ([where.key] if where.key else [lines.word_around(line, col)[2]])
    if len(path) < 3 or path[0] != "paragraphs":
        return None
    field = path[2]
    p = _paragraph_at(snap.book, path[1])
    if p is None or field not in snap.module.activity_fields or field not in p.fields:
        return None
    return odds_text(snap, p.fields[field], snap.language, f"§{p.number} ({field})")


def _paragraph_at(book, key):
    """The paragraph written under `key` in `paragraphs:`: its number, or (format 1.1) its name."""
    if str(key).isdigit() and int(key) in book.paragraphs:
        return book.paragraphs[int(key)]
    return next((p for p in book.paragraphs.values() if len(p.path) > 1 and p.path[-1] == key), None)


def odds_text(snap, spec, lang: str, label: str = "") -> str | None:
    """P(win) of the combat `spec` for each starting sheet, as a small Markdown table;
    when the book itself makes the fight fail (a modifier dividing by zero), why; while
    the fight is being solved in the background, a placeholder."""
    rows = _odds(snap, spec, label)
    fr = lang == "fr"
    if rows is PENDING:
        return ("*Calcul des chances en cours… survolez de nouveau dans un instant*" if fr else
                "*Computing the odds… hover again in a moment*")
    if isinstance(rows, Message):
        return "**" + ("Chances de ne pas perdre : incalculables" if fr else "Odds of not losing: not computed") \
            + "**\n\n" + rows.get(lang)
    if not rows:
        return None
    head = "| " + ("héros" if fr else "hero") + " | " + " | ".join(
        (f if fr else e) for _p, f, e in _POLICIES if any(_p in r for _n, r in rows)) + " |"
    # (1 - P(lose): a timed fight that ends by timeout is not lost, and not won either)
    out = ["**" + ("Chances de ne pas perdre (exactes)" if fr else "Exact odds of not losing") + "**", "",
           head, "|---" * (head.count("|") - 1) + "|"]
    for name, row in rows:
        cells = [_percent(row[p], fr) for p, _f, _e in _POLICIES if p in row]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def _percent(value, fr: bool) -> str:
    text = f"{float(value) * 100:.1f} %"
    return text.replace(".", ",") if fr else text.replace(" %", "%")


def _odds(snap, spec, label: str = "") -> list | Message | str:
    """The rows of the table, or the message of the book's error that stops the fight, or
    PENDING while it is solved in the background."""
    from engine.analysis.fight_inputs import fight_too_large
    from engine.analysis.stored_only import NotStored, stored_only
    too_large = fight_too_large(spec)   # (an enemy of Endurance 100,000: why, at once)
    if too_large is not None:
        return too_large
    key = (snap.module.id, json.dumps([spec, snap.book.hero, dict(snap.book.options),
                                       {i: dict(it.props) for i, it in snap.book.items.items()}],
                                      sort_keys=True, default=str))
    with _LOCK:
        if key in _ODDS:
            return _ODDS[key]
    if getattr(snap.module, "fights_kept", False):   # solved before, in memory or on disk?
        try:
            with stored_only():
                return _keep(key, _rows(snap, spec))
        except NotStored:
            pass
    _start(key, snap.uri, label, lambda: _keep(key, _rows(snap, spec)))
    with _LOCK:   # (solved while the stored odds were looked up: shown now)
        return _ODDS.get(key, PENDING)


def _keep(key, rows):
    with _LOCK:
        if len(_ODDS) > 256:
            _ODDS.clear()
        _ODDS[key] = rows
    return rows


def _start(key, uri: str, label: str, solve) -> None:
    """Solve the fight `key` in the background thread, unless it is queued, solving or
    solved already."""
    def run():
        try:
            solve()
        except Exception:   # an engine bug: logged, the hover shows no odds rather than waiting
            log.exception("the odds of a fight failed")
            _keep(key, [])
    with _LOCK:
        if key in _ODDS:   # solved meanwhile (between the caller's look and now): not again
            return
        job = _JOBS.get(key)
        if job is not None and not job[1].done():
            return
        if not _WORKER:
            _WORKER.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="gamebook-odds"))
        for old in [k for k, (_u, f) in _JOBS.items() if f.done()]:
            del _JOBS[old]
        _JOBS[key] = (uri, _WORKER[0].submit(run))
    if announce is not None:
        name = uri.rstrip("/").rsplit("/", 1)[-1]
        announce(f"gamebook : calcul des chances de {label} ({name}) en arrière-plan",
                 f"gamebook: computing the odds of {label} ({name}) in the background")


def forget(uri: str) -> None:
    """The document `uri` changed: its fights still waiting for the thread are dropped (the
    one being solved finishes; its odds, kept by the fight, serve if the fight is unchanged)."""
    with _LOCK:
        for key, (owner, future) in list(_JOBS.items()):
            if owner == uri and future.cancel():
                del _JOBS[key]


def settle() -> None:
    """Wait until every fight queued is solved (for a caller in the same process: tests)."""
    with _LOCK:
        futures = [f for _u, f in _JOBS.values()]
    for future in futures:
        if not future.cancelled():
            future.exception()


def _rows(snap, spec) -> list | Message:
    """Solve the fight for each of the first starting sheets (NotStored passes through)."""
    from engine.analysis.book_odds import NAMED, variant_columns
    from engine.game.faults import BookFault
    rows = []
    try:
        named, _weighted = variant_columns(list(snap.module.hero_variants(snap.book)))
        for name, state in named[:3]:
            row = {}
            for policy, _f, _e in _POLICIES:
                odds = snap.module.fight_odds(snap.book, state, spec, policy=policy)
                if odds is not None:
                    row[policy] = 1 - odds.lose
            if row:
                label = NAMED.get(name, (name, name))[snap.language != "fr"]
                rows.append((label, row))
    except BookFault as fault:   # the book's own error, located: what the author must fix
        d = fault.diagnostic
        where = f" ({d.span.line + 1}:{d.span.col + 1})" if d.span.line >= 0 else ""
        rows = Message(d.message.fr + where, d.message.en + where)
    except (ValueError, ArithmeticError, KeyError, TypeError):
        rows = []  # a fight the solver refuses (a stalemate...): no odds, no crash
    return rows


def _expression(snap, lines, line, col) -> str | None:
    """The type of the expression under the cursor (a condition, a computed target...)."""
    text = lines.line(line)
    comp = snap.compiled
    for (source, kind), expr in comp.exprs.items():
        for m in re.finditer(re.escape(source), text):
            if m.start() <= col <= m.end() and not source.strip().isdigit():
                from engine import expr as X
                result = comp.checked.get((source, kind)) or X.check(expr, comp.env)
                fr = snap.language == "fr"
                kind_word = {"condition": ("condition", "condition"), "target": ("cible", "target"),
                             "number": ("nombre", "number"), "dice": ("dés", "dice")}[kind][not fr]
                return f"`{source}`: {kind_word}, " + ("type " if fr else "type ") + f"`{result.type or '?'}`"
    return None


def _field(snap, lines, line, col) -> str | None:
    start, end, word = lines.word_around(line, col)
    if not word or not lines.line(line)[end:].lstrip().startswith(":"):
        return None
    where = place(lines, line, start)
    schema = fields.schema_of(snap.module)
    sub = fields.fields_at(schema, where.path).get(word)
    if sub is None:
        return None
    doc = fields.description(schema, sub, snap.language)
    return f"**{word}**" + (f"\n\n{doc}" if doc else "")
