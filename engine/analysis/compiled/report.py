"""`gamebook explore --exhaustive --compiled`: the compiled path's figures, as data and text.

The report gives the exact best-play value (a fraction and its percentage), the
float value with its proven bound, the states and transitions, which paragraphs
took the engine path and why, and the fight strategies used (a value under the
module's fight strategies is a lower bound of best play, as for today's explorer).
"""
from __future__ import annotations

from engine.support.safe_text import clean
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.compiled.run import solve


def compiled_report(book, module, max_states: int, with_commands: bool = True, fight_nodes: bool = True,
                    sheet: int | None = None, timeout: float | None = None) -> dict:
    ex = explore_compiled(book, module, sheet=sheet, max_states=max_states, with_commands=with_commands,
                          fight_nodes=fight_nodes, timeout=timeout)
    complete = ex.bound is None
    r = solve(ex.graph, exact=complete)
    exact = r["exact"]
    return {"book": book.id, "path": "compiled", "complete": complete, "bound": ex.bound,
            "states": ex.graph.states, "transitions": int(len(ex.graph.targets)),
            "fixed_sheet": sheet, "float": r["float"], "float_bound": r["bound"],
            "exact": None if exact is None else {"fraction": f"{exact.numerator}/{exact.denominator}",
                                                 "percent": float(exact) * 100},
            "exactness": ("policies" if ex.strategies else "exact") if complete else "bounded",
            "strategies": sorted(ex.strategies), "compiled_states": ex.compiled_states,
            "engine_states": ex.engine_states, "compiled_seconds": ex.compiled_seconds,
            "engine_paragraphs": {str(n): why for n, why in sorted(ex.engine_paragraphs.items())},
            "errors": ex.errors, "explore_seconds": ex.seconds, "solve_seconds": r["seconds"],
            "graph_bytes": r["bytes"]}


def compiled_text(r: dict, lang: str, _book_path: str = "") -> str:
    fr = lang == "fr"
    lines = [f"{clean(r['book'])} : chemin compilé" if fr else f"{clean(r['book'])}: compiled path"]
    lines.append((f"  {r['states']:,} états, {r['transitions']:,} transitions ; exploration {r['explore_seconds']:.1f} s, "
                  f"résolution {r['solve_seconds']:.1f} s") if fr else
                 (f"  {r['states']:,} states, {r['transitions']:,} transitions; explored in {r['explore_seconds']:.1f} s, "
                  f"solved in {r['solve_seconds']:.1f} s"))
    if r["exact"]:
        label = "victoire en jouant au mieux" if fr else "best-play victory"
        lines.append(f"  {label} : {r['exact']['percent']:.4f} % (exact : {r['exact']['fraction']})" if fr else
                     f"  {label}: {r['exact']['percent']:.4f} % (exact: {r['exact']['fraction']})")
    else:
        lines.append(f"  borne atteinte ({r['bound']}) : au moins {r['float'] * 100:.4f} %" if fr else
                     f"  bound reached ({r['bound']}): at least {r['float'] * 100:.4f} %")
    lines.append(f"  flottant : {r['float']:.12f} ± {r['float_bound']:.1e}" if fr else
                 f"  float: {r['float']:.12f} ± {r['float_bound']:.1e}")
    if r["strategies"]:
        lines.append(("  combats joués selon les stratégies du module : " if fr else
                      "  fights played by the module's strategies: ") + ", ".join(map(clean, r["strategies"])))
    rate = r["compiled_states"] / r["compiled_seconds"] if r["compiled_seconds"] > 0 else 0
    lines.append((f"  états par programme compilé : {r['compiled_states']:,} ({rate:,.0f}/s) ; "
                  f"par le moteur : {r['engine_states']:,}") if fr else
                 (f"  states by compiled programs: {r['compiled_states']:,} ({rate:,.0f}/s); "
                  f"by the engine: {r['engine_states']:,}"))
    if r["engine_paragraphs"]:
        lines.append("  paragraphes passés par le moteur :" if fr else "  paragraphs that took the engine path:")
        lines += [f"    § {n}: {clean(why)}" for n, why in r["engine_paragraphs"].items()]
    for e in r["errors"][:10]:
        lines.append(f"  ! § {e['paragraph']}: {clean(e['type'])}: {clean(e['message'])}")
    return "\n".join(lines) + "\n"
