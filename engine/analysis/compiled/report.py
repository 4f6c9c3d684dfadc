"""`gamebook explore --exhaustive` (the compiled path, its default): the figures, as data and text.

The report gives what today's report gives (explore/report.py, the same JSON fields:
the best-play value, exact as a fraction "n/d" when complete, the best route, the
deciding rolls and fights, the soft-locks and engine errors with replays, the
paragraphs unreachable in play, the doomed paragraphs, what the lens forgot, where a
cut run's gap lies: findings.py), and its own: the float value with its proven bound,
the states and transitions, which paragraphs took the engine path and why, the states
by programs and by the engine, and the fight strategies used (a value under the
module's fight strategies is a lower bound of best play, as for today's explorer).
A cut run gives two bounds, as today's explorer: the states not explored counted as
lost (low) and as won (high).  A complete run keeps its values for play and the
editor (keep.py), as today's explorer does.  A book whose start fails (a loop of
jumps at `start:`) has no state to begin from: today's explorer reports it.
"""
from __future__ import annotations

from fractions import Fraction

from engine.support.safe_text import clean
from engine.analysis.render import number
from engine.analysis.explore.text import (bounded, dropped_lines, exactness_lines, findings_lines, frontier_lines,
                                         kept_lines, odds_range, places_lines)
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.findings import findings
from engine.analysis.compiled.focus import Focus
from engine.analysis.compiled.frontier import frontier
from engine.analysis.explore.frontier import labelled
from engine.analysis.compiled.keep import UNKEYED, store
from engine.analysis.compiled.reasons import count, path_lines
from engine.analysis.compiled.run import high_solution, low_solution

MAX_SHEETS = 256   # rolled sheets explored as one space too, for the findings (as today's explorer)
PLACES = ("reached", "victory_reachable", "unreachable_in_play", "not_reached", "soft_locks", "best_route",
          "deciding", "doomed", "dropped", "restarts")


def compiled_report(book, module, max_states: int, with_commands: bool = True, fight_nodes: bool = True,
                    sheet: int | None = None, timeout: float | None = None, keep: bool = False,
                    jobs: int = 1, saving: bool = False, focused: bool = True, gap: float = 0.0) -> dict:
    """The figures as data (the JSON format).  `keep`: write the solved values of a
    complete exploration for play and the editor, as today's explorer (keep.py;
    "values": the file, or None when nothing was kept, "values_unkeyed" saying why).
    Without `sheet`, when creation rolls several sheets: every sheet explored alone
    (sheets.py, in `jobs` processes; `max_states` and `timeout` each sheet's) and the
    difficulty table over them (`table_report`; no values kept).  `focused`: one space
    explored past focus.py's first budget in its focused order (else breadth-first
    throughout), stopping once its bounds are within `gap` (0: never)."""
    options = dict(max_states=max_states, with_commands=with_commands, fight_nodes=fight_nodes, timeout=timeout)
    if not _starts(book, module, sheet):   # (today's explorer reports the start's failure, with its replay)
        from engine.analysis.explore.report import exhaustive
        return exhaustive(book, module, max_states, timeout or 20.0, with_commands, fight_nodes=fight_nodes,
                          sheet=sheet, keep=keep, saving=saving) | {"path": "engine"}
    if sheet is None:
        from engine.analysis.compiled.sheets import rolled
        sheets = rolled(book, module)
        if len(sheets) > 1:
            from engine.analysis.compiled.table import table_report
            r = table_report(book, module, sheets, jobs=jobs, **options)
            if r["exact"] is not None:   # (the JSON's exact value as today's: "n/d", its percentage apart)
                r["exact_percent"], r["exact"] = r["exact"]["percent"], str(Fraction(r["exact"]["fraction"]))
            if len(sheets) <= MAX_SHEETS:   # (the findings of today's report, over every start at once)
                whole = _space(book, module, None, options, keep)   # (its values kept for every start, as today's)
                r |= {k: whole[k] for k in PLACES + (("values",) if keep else ())}
                r["errors"] = _merged(r["errors"], whole["errors"])
            return r
    return _space(book, module, sheet, options, keep, saving, Focus(gap) if focused else None)


def _space(book, module, sheet, options: dict, keep: bool = False, saving: bool = False, order=None) -> dict:
    """One space explored (one sheet, or every start as its roots), solved and reported;
    `order`: focus.py's `Focus`, or None (breadth-first)."""
    explorer = CompiledExplorer(book, module, sheet=sheet, once=True, order=order, **options)
    ex = explorer.run()
    complete = ex.bound is None
    r = low_solution(ex, exact=complete)
    exact = r["exact"]
    out = _figures(book, ex, r, complete, sheet)
    out["victory"] = {"low": float(exact), "high": float(exact)} if complete else {}
    if not complete:
        high = high_solution(ex)
        out["victory"] = {"low": r["float"], "high": high.start()}
        out["victory"]["gap"] = out["victory"]["high"] - out["victory"]["low"]
        out["frontier"] = labelled(frontier(ex, r["solution"], high), module)
        if out["frontier"] is not None:   # (the rows the ceiling counts as lost: explore/ceiling.py)
            out["frontier"]["ceiling"] = ex.ceiling
            if ex.dominance is not None:   # (the frontier rows bounded by explored ones: dominance.py)
                out["frontier"]["dominance"] = ex.dominance.account()
    out |= findings(book, module, explorer, ex, r, complete)
    out["errors"] = _merged(out["errors"], ex.errors)
    out["order"] = order.summary() if order is not None else {"order": "breadth"}
    if keep:
        out["values"] = None
        if complete:
            path = store(book, module, ex, r["solution"], exact, sheet)
            out["values_unkeyed"] = path is UNKEYED
            out["values"] = None if path is None or path is UNKEYED else str(path)
    if saving:
        full = CompiledExplorer(book, module, sheet=sheet, once=True, lens=False, **options).run()
        out["saved"] = {"with": ex.graph.states, "without": full.graph.states, "without_complete": full.bound is None}
    return out


def _starts(book, module, sheet) -> bool:
    """Whether a new game starts (a loop of jumps at the start, a module failing at
    creation: the compiled path has no state to begin from)."""
    from engine.game.core import Game
    from engine.game.dice import SeededDice
    try:
        Game(book, module, SeededDice(0 if sheet is None else sheet), undo=False, narrate=False)
    except Exception:  # (the failure is the report's finding: today's explorer tells it)
        return False
    return True


def _merged(errors: list, more: list) -> list:
    """`errors` and those of `more` it does not hold (the same type, message and paragraph)."""
    held = {(e["type"], e["message"], e["paragraph"]) for e in errors}
    return errors + [e for e in more if (e["type"], e["message"], e["paragraph"]) not in held]


def _figures(book, ex, r: dict, complete: bool, sheet) -> dict:
    exact = r["exact"]
    return {"book": book.id, "path": "compiled", "complete": complete, "bound": ex.bound,
            "states": ex.graph.states, "transitions": int(len(ex.graph.targets)),
            "fixed_sheet": sheet, "float": r["float"], "float_bound": r["bound"],
            "exact": None if exact is None else str(Fraction(int(exact.numerator), int(exact.denominator))),
            "exact_percent": None if exact is None else float(exact) * 100,
            "exactness": ("policies" if ex.strategies else "exact") if complete else "bounded",
            "strategies": sorted(ex.strategies), "compiled_states": ex.compiled_states,
            "engine_states": ex.engine_states, "compiled_seconds": ex.compiled_seconds,
            "engine_paragraphs": {str(n): why for n, why in sorted(ex.engine_paragraphs.items())},
            "explore_seconds": ex.seconds, "solve_seconds": r["seconds"], "seconds": ex.seconds + r["seconds"],
            "graph_bytes": r["bytes"], "expanded": ex.graph.states - len(ex.frontier), "frontier": None,
            "ceiling": ex.ceiling}


def compiled_text(r: dict, lang: str, book_path: str = "BOOK") -> str:
    if r.get("path") == "engine":
        from engine.analysis.explore.text import exhaustive_text
        return exhaustive_text(r, lang, book_path)
    if "sheets" in r:
        from engine.analysis.compiled.table import table_text
        lines = [] if r["complete"] else [bounded(r["bound"], count(r["states"], lang), lang)]
        lines += ["  " + line for line in kept_lines(r, lang)]
        if "soft_locks" in r:
            lines += findings_lines(r, lang, with_table=False) + places_lines(r, lang, book_path)
        exact = r["exact"] and {"fraction": r["exact"], "percent": r["exact_percent"]}
        return table_text(r | {"exact": exact}, lang) + "".join(line + "\n" for line in lines)
    fr = lang == "fr"
    n = lambda x: count(x, lang)                       # noqa: E731
    d = lambda x, k: number(x, lang, k)                # noqa: E731
    lines = [f"{clean(r['book'])} : chemin compilé" if fr else f"{clean(r['book'])}: compiled path"]
    lines.append((f"  {n(r['states'])} états, {n(r['transitions'])} transitions ; exploration "
                  f"{d(r['explore_seconds'], 1)} s, résolution {d(r['solve_seconds'], 1)} s") if fr else
                 (f"  {n(r['states'])} states, {n(r['transitions'])} transitions; explored in "
                  f"{d(r['explore_seconds'], 1)} s, solved in {d(r['solve_seconds'], 1)} s"))
    odds = odds_range(r["victory"]["low"], r["victory"]["high"], lang)
    lines.append(f"  victoire en jouant au mieux : {odds}" if fr else f"  best-play victory: {odds}")
    if r["victory"]["low"] != r["victory"]["high"]:   # (bounds that meet: the value, proven)
        lines.append(bounded(r["bound"], n(r["expanded"]), lang))
        lines += order_lines(r.get("order"), lang) + frontier_lines(r, lang)
    lines += exactness_lines(r, lang)
    lines.append(f"  flottant : {d(r['float'], 12)} ± {r['float_bound']:.1e}" if fr else
                 f"  float: {d(r['float'], 12)} ± {r['float_bound']:.1e}")
    rate = r["compiled_states"] / r["compiled_seconds"] if r["compiled_seconds"] > 0 else 0
    lines += path_lines(r | {"errors": ()}, lang, rate) + dropped_lines(r, lang)
    lines += ["  " + line for line in ([UNKEYED.get(lang)] if r.get("values_unkeyed") else kept_lines(r, lang))]
    lines += findings_lines(r, lang) + places_lines(r, lang, book_path)
    return "\n".join(lines) + "\n"


def order_lines(order: dict | None, lang: str) -> list[str]:
    """The order of a cut run, when focused (focus.py): its rounds and the gap each solve found."""
    if not order or order.get("order") != "focused":
        return []
    fr = lang == "fr"
    first, rounds = count(order["first"], lang), len(order["history"])
    gaps = ", ".join(f"{count(h['states'], lang)} : {number(100 * (h['high'] - h['low']), lang, 2)}" if fr else
                     f"{count(h['states'], lang)}: {number(100 * (h['high'] - h['low']), lang, 2)}"
                     for h in order["history"])
    return [(f"  Ordre : en largeur jusqu'à {first} états, puis concentré sur ce que le meilleur jeu peut "
             f"encore atteindre ({rounds} résolutions ; écart en points à chacune, par états : {gaps})") if fr else
            (f"  Order: breadth-first up to {first} states, then focused on what best play can still reach "
             f"({rounds} solves; the gap in points at each, by states: {gaps})")]
