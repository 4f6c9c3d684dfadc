"""`gamebook explore --exhaustive --compiled` without `--sheet` on a book whose creation
rolls several sheets: every sheet explored and solved alone (sheets.py), and the
difficulty table over them, as data and text.

When every sheet completes, the table is exact: how many sheets, the weakest, median
and strongest sheet's value and the mean over the sheets (each sheet's exact value
times its probability), each a fraction (findings.py `table`); the best-play victory
from a new game is that mean.  When a sheet is cut (`--max-states`, `--timeout`: each
sheet's own bounds), the victory is the two bounds' means and no table is given.
The report says how many sheets and groups (sheets.py: those that differ only in a
passive stat) and in how many spaces they were explored (groups together where the
starting values no later step can reach are forgotten: forget.py, ceilings.py), the
states over all of them and the largest space's,
the CPU time (exploring, solving) summed over the sheets, and the wall time on the
processes used.
"""
from __future__ import annotations

from fractions import Fraction

from engine.analysis.render import number
from engine.analysis.explore.findings import table
from engine.analysis.explore.text import SHORT, difficulty_lines, odds_range
from engine.analysis.compiled.reasons import count, path_lines
from engine.analysis.compiled.sheets import explore_sheets
from engine.support.safe_text import clean


def table_report(book, module, sheets: list, jobs: int = 1, **options) -> dict:
    """The figures as data (the JSON format): "difficulty" (the table, or None when a
    sheet was cut), "exact" (the mean as a fraction and its percentage), "victory"."""
    done = explore_sheets(book, module, sheets, jobs=jobs, **options)
    found = done["sheets"]
    complete = all(f["value"] is not None for _p, f in found)
    mean = sum((p * f["value"] for p, f in found), Fraction(0)) if complete else None
    why: dict = {}
    for _p, f in found:
        for n, reason in f["engine_paragraphs"].items():
            why.setdefault(n, reason)
    return {"book": book.id, "path": "compiled", "complete": complete,
            "bound": next((f["bound"] for _p, f in found if f["bound"]), None),
            "sheets": len(found), "groups": done["groups"], "explorations": done["explorations"], "cut_sheets": sum(1 for _p, f in found if f["value"] is None),
            "states": sum(f["states"] for _p, f in found), "largest": max(f["states"] for _p, f in found),
            "exact": None if mean is None else {"fraction": f"{mean.numerator}/{mean.denominator}",
                                                "percent": float(mean) * 100},
            "victory": {"low": float(sum((p * Fraction(f["low"]) for p, f in found), Fraction(0))),
                        "high": float(sum((p * Fraction(f["high"]) for p, f in found), Fraction(0)))},
            "exactness": ("policies" if done["strategies"] else "exact") if complete else "bounded",
            "difficulty": table([(f["value"], p) for p, f in found]) if complete else None,
            "strategies": done["strategies"], "errors": done["errors"],
            "compiled_states": sum(f["compiled_states"] for _p, f in found),
            "engine_states": sum(f["engine_states"] for _p, f in found),
            "engine_paragraphs": {str(n): r for n, r in sorted(why.items())},
            "explore_seconds": sum(f["explore_seconds"] for _p, f in found),
            "solve_seconds": sum(f["solve_seconds"] for _p, f in found),
            "wall_seconds": done["wall_seconds"], "jobs": done["jobs"]}


def table_text(r: dict, lang: str) -> str:
    fr = lang == "fr"
    n = lambda x: count(x, lang)                                             # noqa: E731
    d = lambda x, k: number(x, lang, k)                                      # noqa: E731
    cpu = r["explore_seconds"] + r["solve_seconds"]
    lines = [f"{clean(r['book'])} : chemin compilé, chaque personnage tiré" if fr else
             f"{clean(r['book'])}: compiled path, every rolled character",
             (f"  {n(r['sheets'])} personnages en {n(r['groups'])} groupes explorés en {n(r['explorations'])} "
              f"espaces ({r['jobs']} processus) : "
              f"{n(r['states'])} états en tout, {n(r['largest'])} au plus pour un espace ; CPU {d(cpu, 1)} s (exploration "
              f"{d(r['explore_seconds'], 1)} s, résolution {d(r['solve_seconds'], 1)} s), durée {d(r['wall_seconds'], 1)} s")
             if fr else
             (f"  {n(r['sheets'])} characters in {n(r['groups'])} groups explored in {n(r['explorations'])} "
              f"space{'' if r['explorations'] == 1 else 's'} ({r['jobs']} process{'' if r['jobs'] == 1 else 'es'}): "
              f"{n(r['states'])} states in all, at most {n(r['largest'])} in one; CPU {d(cpu, 1)} s (exploring {d(r['explore_seconds'], 1)} s, "
              f"solving {d(r['solve_seconds'], 1)} s), wall {d(r['wall_seconds'], 1)} s")]
    label = "victoire en jouant au mieux, moyenne sur les personnages" if fr else \
        "best-play victory, mean over the characters"
    if r["exact"]:
        exact = r["exact"]["fraction"]
        shown = f" (exact : {exact})" if fr else f" (exact: {exact})"
        lines.append(f"  {label} : {d(r['exact']['percent'], 4)} %" + (shown if len(exact) <= 2 * SHORT else "")
                     if fr else f"  {label}: {d(r['exact']['percent'], 4)} %" + (shown if len(exact) <= 2 * SHORT else ""))
    else:
        odds = odds_range(r["victory"]["low"], r["victory"]["high"], lang)
        cut = (f"{n(r['cut_sheets'])} personnages coupés ({r['bound']})" if fr else
               f"{n(r['cut_sheets'])} characters cut ({r['bound']})")
        lines.append(f"  {label} : {odds} ; {cut}" if fr else f"  {label}: {odds}; {cut}")
    lines += path_lines(r, lang)
    if r["difficulty"]:
        lines += ["  " + line for line in difficulty_lines(r["difficulty"], lang)]
    return "\n".join(lines) + "\n"
