"""Book-level checks over a compiled Book: targets, reachability, dead ends, grants.

Each check is a small generator of Diagnostics; `CHECKS` lists them in order.  The
rule module adds its own with `module.lint(book)`.  Codes and their documentation
live in `engine/lint/codes.py`.
"""
from __future__ import annotations

import bisect
from collections import deque
from typing import Iterable

from engine import expr as X
from engine.book.model import Book
from engine.diagnostics import Diagnostic, error, note, warning
from engine.book.model import OUTCOME_ENDS, book_endings
from engine.support.fold import fold
from engine.book import giving, typed
from engine.rules.base import Exit


def exits(book: Book, module, number: int) -> list[Exit]:
    """Every way out of a paragraph: choices, random outcomes and the module's fields."""
    p = book.paragraphs[number]
    out = [Exit("choice", c.target if c.target is not None else c.target_expr, c.path + ("to",),
                c.text, dashed=c.target is None) for c in p.choices if not c.stay]   # (1.2: an action stays)
    if p.random is not None:
        out += [Exit("random", o.target, o.path + ("to",), f"{o.low}-{o.high}") for o in p.random.outcomes]
    if p.auto:
        from engine.lint.flow import auto_exits
        out += auto_exits(p)
    out += list(module.exits(p))
    out += typed.exits(p)   # format 1.1: numbers the player computes (secret links)
    out += giving.exits(p)   # format 1.2: what happens when nothing is given
    if p.outcome_ends:   # format 1.2: an outcome that ends the game or carries on leads to no paragraph
        out = [e for e in out if not (type(e.target) is int and e.target in OUTCOME_ENDS)]
    return out


def static_target(target, here: int, aliases=X.NO_ALIASES) -> int | None:
    """The paragraph a target leads to when it can be known without playing."""
    if isinstance(target, int):
        return target
    if target is None:
        return None
    try:
        value = X.evaluate(target, _HereOnly(here), aliases)
    except Exception:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class _HereOnly:
    def __init__(self, here):
        self.here = here

    def variable(self, name):
        if name == "here":
            return self.here
        raise LookupError(name)

    def call(self, name, args):
        raise LookupError(name)

    def roll(self, count, sides):
        raise LookupError("dice")


def graph(book: Book, module) -> dict[int, list[tuple[Exit, int | None]]]:
    from engine.book.compiler import book_aliases
    from engine.book.counters import note_read, note_writers
    aliases = book_aliases(module)   # `ici + 1` is as static as `here + 1`
    writers = note_writers(book)     # a `to:` reading a note leads back to where it was written
    out = {}
    for n in book.paragraphs:
        out[n] = []
        for e in exits(book, module, n):
            note = note_read(e.target)
            if note is not None and writers.get(note):
                out[n] += [(e, t) for t in writers[note]]
            else:
                out[n].append((e, static_target(e.target, n, aliases)))
    return out


def reachable(book: Book, edges) -> set[int]:
    return set(reach_order(book, edges))


def reach_order(book: Book, edges) -> list[int]:
    """The paragraphs the start reaches, in the (breadth-first) order it reaches them."""
    seen, todo = {}, deque([book.start])
    while todo:
        n = todo.popleft()
        if n in seen or n not in book.paragraphs:
            continue
        seen[n] = None
        todo.extend(t for _, t in edges.get(n, ()) if t is not None)
    return list(seen)


def check_targets(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    if book.start not in book.paragraphs:
        yield error("unknown-target", doc.span(("start",)),
                    f"le paragraphe de départ {book.start} n'existe pas",
                    f"the start paragraph {book.start} does not exist")
    own = getattr(module, "self_checked_exits", ())  # kinds the module reports with its own code
    for n, outs in edges.items():
        for e, t in outs:
            # 0: a paragraph name no paragraph has, already reported (unknown-paragraph-name)
            if t is not None and t != 0 and t not in book.paragraphs and e.kind not in own and e.kind != "puzzle":
                yield error("unknown-target", doc.span(e.path),
                            f"le paragraphe {t} n'existe pas (depuis le {n})",
                            f"paragraph {t} does not exist (from {n})")


def _blind(e, t) -> bool:
    """A jump known only in play; not a note's that nothing writes (it reads 0, no
    paragraph: `read-before-written` or `unknown-note` says so)."""
    from engine.book.counters import note_read
    return e.target is not None and t is None and note_read(e.target) is None


def check_reachability(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    """Follow every exit whose target is known without playing (numbers and
    expressions of `here` only, such as `here + 20`).  A truly dynamic jump (one
    that reads the hero's stats or dice) or a paragraph the schema rejected could
    lead anywhere: when one of them is reachable, nothing is reported, with a note."""
    if not isinstance(doc.data.get("start"), int) or book.start not in book.paragraphs:
        return  # the start is already reported, once: every paragraph would follow
    seen = reachable(book, edges)
    if seen & ctx["broken"]:
        return  # a paragraph the schema rejected may hide any exit; its errors come first
    won = sorted(n for n, kind in book_endings(book).items() if kind == "victory")
    blind = sorted(n for n in seen if any(_blind(e, t) for e, t in edges.get(n, ())))
    if not won:   # no jump, however dynamic, can lead to a victory the book does not have
        yield _no_victory(doc, won)
    if blind:
        n = blind[0]
        dyn = next(e for e, t in edges[n] if _blind(e, t))
        yield note("reachability-unchecked", doc.span(dyn.path),
                   f"accessibilité non vérifiée : le saut du paragraphe {n} dépend de la partie",
                   f"reachability not checked: the jump from paragraph {n} depends on play")
        return
    if won and not seen & set(won):
        yield _no_victory(doc, won)
    for n, p in book.paragraphs.items():
        if n not in seen:
            yield warning("unreachable", doc.span(p.path, key=True),
                          f"le paragraphe {n} est inaccessible depuis le départ ({book.start})",
                          f"paragraph {n} cannot be reached from the start ({book.start})")


def _no_victory(doc, won: list[int]) -> Diagnostic:
    """No victory among the paragraphs the start reaches, by the graph alone (which
    follows every exit whatever its condition: `--deep` also plays the conditions).
    An ending that an `auto:` jump makes counts; a dead end is no victory."""
    fr = (f"aucune victoire n'est accessible depuis le départ (victoires : {', '.join(map(str, won))})"
          if won else "le livre n'a aucune victoire : ajoutez un paragraphe « end: victory »")
    en = (f"no victory can be reached from the start (victories: {', '.join(map(str, won))})"
          if won else "the book has no victory: add a paragraph with 'end: victory'")
    return warning("no-victory", doc.span(("start",)), fr, en)


def check_dead_ends(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    for n, p in book.paragraphs.items():
        if n in ctx["broken"]:
            continue
        if not p.text.strip():
            yield warning("empty-paragraph", doc.span(p.path, key=True),
                          f"le paragraphe {n} n'a pas de texte", f"paragraph {n} has no text")
        # (an automatic ending is one; so is, format 1.2, an outcome that ends the game or carries
        # on; an activity with no outcome is the module's to report: combat-no-outcome, test-missing-target)
        if p.end is None and not edges[n] and not any(a.end for a in p.auto) and not p.outcome_ends \
                and not any(f in p.fields for f in module.activity_fields):
            yield error("dead-end", doc.span(p.path, key=True),
                        f"le paragraphe {n} n'a ni choix ni issue : ajoutez des choix ou « end: death|victory »",
                        f"paragraph {n} has no way out: add choices or 'end: death|victory'")
        if p.end is not None and any(not e.dashed and e.kind != "auto" for e, _ in edges[n]):  # a hidden jump (Zeus) may leave an ending
            yield warning("ending-with-exits", doc.span(p.path + ("end",)),
                          f"le paragraphe {n} est une fin mais propose des sorties",
                          f"paragraph {n} is an ending but has ways out")


def check_random(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    """Overlapping and missing results of each `random:` roll, by intervals: a range
    of a billion results costs what a range of six does."""
    for n, p in book.paragraphs.items():
        if p.random is None:
            continue
        span = X.dice_range(p.random.dice)
        covered: list[tuple[int, int]] = []   # disjoint, sorted (low, high) so far
        for o in p.random.outcomes:
            if o.low > o.high:
                continue
            twice = _covered_parts(covered, o.low, o.high)
            if twice:   # reported once; the rest of the range still counts as covered
                yield error("random-overlap", doc.span(o.path),
                            f"le résultat {_ranges(twice)} mène à deux issues",
                            f"result {_ranges(twice)} leads to two outcomes")
            _cover(covered, o.low, o.high)
            if span and (o.low < span[0] or o.high > span[1]):
                yield error("random-out-of-range", doc.span(o.path + ("range",)),
                            f"l'issue {o.low}-{o.high} sort des résultats possibles de "
                            f"{X.describe(p.random.dice)} ({span[0]} à {span[1]})",
                            f"the outcome {o.low}-{o.high} is outside what "
                            f"{X.describe(p.random.dice)} can roll ({span[0]} to {span[1]})")
        missing = _gaps(covered, *span) if span else []
        if missing:
            yield error("random-gap", doc.span(p.random.path),
                        f"aucune issue pour {_ranges(missing)}", f"no outcome for {_ranges(missing)}")


def _covered_parts(covered: list, low: int, high: int) -> list[tuple[int, int]]:
    """The parts of low..high already inside the sorted disjoint `covered` intervals."""
    i = max(bisect.bisect_right(covered, (low, float("inf"))) - 1, 0)   # the last starting at or before low
    parts = []
    for a, b in covered[i:]:
        if a > high:
            break
        if b >= low:
            parts.append((max(a, low), min(b, high)))
    return parts


def _cover(covered: list, low: int, high: int) -> None:
    """Add low..high to the sorted disjoint intervals, merging what touches it."""
    i = bisect.bisect_left(covered, (low, low))
    if i and covered[i - 1][1] >= low - 1:   # touches the one before
        i -= 1
    j = i
    while j < len(covered) and covered[j][0] <= high + 1:
        low, high = min(low, covered[j][0]), max(high, covered[j][1])
        j += 1
    covered[i:j] = [(low, high)]


def _gaps(covered: list, low: int, high: int) -> list[tuple[int, int]]:
    """The parts of low..high that no interval covers."""
    gaps, at = [], low
    for a, b in covered:
        if b < at:
            continue
        if a > high:
            break
        if a > at:
            gaps.append((at, a - 1))
        at = max(at, b + 1)
    if at <= high:
        gaps.append((at, high))
    return gaps


def check_grants(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    """A condition on an item, flag or module reference (god...) that nothing in
    the book can ever give can never hold (unless it is negated: `not flag("x")`
    then always holds).  Module names compare folded, as play compares them."""
    grants = {k: set(v) for k, v in ctx["grants"].items()}
    for kind, values in module.grants(book).items():
        grants.setdefault(kind, set()).update(values)
    folded = {k: {fold(v) for v in values} for k, values in grants.items() if k not in EXACT}
    checked = {"item", "flag"} | set(grants)
    if ctx["broken"]:   # a paragraph refused by the schema: what it gives is unknown
        return
    if set(grants.get("item", ())) - set(book.items):   # a gain of an unknown item: which one was meant
        checked.discard("item")
    never = []
    for i, (kind, value, path, offset, negated) in enumerate(ctx["references"]):
        if negated or kind not in checked:
            continue
        if kind == "item" and value not in book.items:
            continue  # already reported as an unknown item
        given = value in grants.get(kind, ()) if kind in EXACT else fold(value) in folded.get(kind, ())
        if not given:
            never.append((i, kind, value, path, offset))
    from engine.lint.guards import closing_victory, never_granted
    fatal = closing_victory(book, edges, ctx, never)
    for i, kind, value, path, offset in never:
        yield never_granted(doc, (kind, _KIND_FR.get(kind, kind)), value, (path, offset),
                            grants.get(kind, ()), i in fatal)


EXACT = X.EXACT_KINDS  # the author's own ids compare exactly, module names folded
_KIND_FR = {"item": "objet", "flag": "drapeau", "god": "dieu"}


def _ranges(intervals: list[tuple[int, int]]) -> str:
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in intervals)


def check_bounds(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    """A choice's condition that the module's bounds on its stats rule out."""
    from engine.lint.bounds import never_holds
    bounds = getattr(module, "stat_bounds", lambda b: {})(book)
    if not bounds:
        return
    aliases = dict(module.stat_aliases())
    for n, p in book.paragraphs.items():
        for c in p.choices:
            if c.condition is not None and never_holds(c.condition, bounds, aliases):
                names = sorted(X.free_references(c.condition, aliases) & set(bounds))
                where = ", ".join(f"{s} {_bound(bounds[s])}" for s in names)
                yield warning("condition-never-holds", doc.span(c.path + ("if",)),
                              f"cette condition ne peut jamais être vraie ({where.replace(' to ', ' à ')})",
                              f"this condition can never hold ({where})")


def _bound(bound) -> str:
    low, high = bound
    return f"{low} to {high}" if high is not None else f">= {low}"


def check_puzzles(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    return typed.check(book, doc, doc.data)


def check_auto(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    from engine.lint import flow as format11
    yield from format11.check_auto(book, module, doc, edges, ctx)
    yield from format11.check_auto_cycles(book, module, doc, edges, ctx)
    yield from format11.check_choices(book, module, doc, edges, ctx)


def check_unwritten(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    from engine.lint.unwritten import check
    return check(book, doc, edges, ctx["references"])


def check_carry(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    from engine.lint.carry import check
    return check(book, module, doc, reach_order(book, edges))


def check_restores(book, module, doc, edges, ctx) -> Iterable[Diagnostic]:
    from engine.book.taking import check_restores   # format 1.2 restore points
    return check_restores(book, doc)


CHECKS = (check_targets, check_reachability, check_dead_ends, check_random, check_grants,
          check_bounds, check_puzzles, check_auto, check_unwritten, check_carry, check_restores)


def lint(book: Book, module, compiled, doc, complete: bool = True) -> list[Diagnostic]:
    edges = graph(book, module)
    ctx = {"complete": complete, "broken": compiled.broken, "grants": compiled.grants,
           "references": compiled.references, "doc": doc}
    out: list[Diagnostic] = []
    for check in CHECKS:
        out.extend(check(book, module, doc, edges, ctx))
    if complete:
        out.extend(module.lint(book, doc))
    return out
