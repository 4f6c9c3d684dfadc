"""Explorer results as plain data (the JSON format) and as a readable text report."""
from __future__ import annotations

from fractions import Fraction

from engine.lint.checks import graph as static_graph, reachable
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.frontier import frontier, labelled
from engine.analysis.explore.findings import best_route, deciding, difficulty, doomed, figure, reach
from engine.analysis.explore.runs import Stats
from engine.analysis.explore.solve import victory_odds
from engine.analysis.explore.explorer import explore
from engine.analysis.explore.space import Space, path_to


def replay_spec(seed: int, moves, faces=()) -> str:
    spec = f"{seed}:{moves if isinstance(moves, str) else ','.join(moves)}"
    return spec + (":" + ",".join(map(str, faces)) if faces else "")


def static_reachable(book, module) -> set[int]:
    return reachable(book, static_graph(book, module))


def random_report(book, module, stats: Stats) -> dict:
    runs = max(1, stats.runs)
    never = sorted(set(book.paragraphs) - set(stats.hits))
    problems = []
    for key, p in sorted(stats.problems.items(), key=lambda kv: kv[1]["example"]["index"]):
        ex = p["example"]
        problems.append({"kind": p["outcome"], "count": p["count"], "paragraph": ex["paragraph"],
                         "type": ex.get("type"), "message": ex.get("message"),
                         **({"loop": ex["loop"]} if ex.get("loop") else {}),   # (its paragraphs)
                         "replay": replay_spec(ex["seed"], ex["moves"]), "traceback": ex.get("traceback")})
    return {
        "book": book.id, "runs": stats.runs,
        "outcomes": {k: {"runs": v, "share": v / runs} for k, v in sorted(stats.outcomes.items())},
        "endings": {k: v for k, v in sorted(stats.endings.items())},
        "paragraphs": {str(n): {"runs": stats.hits[n], "visits": stats.visits[n]}
                       for n in sorted(stats.hits)},
        "never_reached": never, "mean_steps": stats.steps / runs,
        "longest": _example(stats.longest), "shortest": _example(stats.shortest), "problems": problems,
    }


def _example(ex):
    return None if ex is None else {"steps": ex["steps"], "paragraph": ex["paragraph"],
                                    "replay": replay_spec(ex["seed"], ex["moves"])}


def exhaustive(book, module, max_states: int = 200_000, timeout: float = 20.0,
               with_commands: bool = True, fight_nodes: bool = True, seed: int = 0,
               sheet: int | None = None, saving: bool = False, keep: bool = False,
               focused: bool = False) -> dict:
    """Explore every state (or as many as the bounds allow) and summarise (the JSON
    format of `--exhaustive`).  `sheet`: start from the one sheet creation rolls
    with that seed, the likeliest states first (likely.py: cut short, what is left
    is what only unlikely ways lead to); `focused`: the focused walks first there too
    (focus.py: a low bound sooner on a space too large, slower on one explored whole).
    `saving`: explore again without the lens, within the same bounds, and say how
    many states forgetting saved ("saved").  `keep`: write the solved values of a
    complete exploration to the cache for play and the editor (values.py; "values":
    the file, or None when nothing was kept)."""
    options = dict(max_states=max_states, timeout=timeout, with_commands=with_commands,
                   fight_nodes=fight_nodes, seed=seed, sheet=sheet, focused=sheet is None or focused,
                   likely=sheet is not None)
    space = explore(book, module, **options)
    report = exhaustive_report(book, module, space)
    if keep:
        report["values"] = _keep(book, module, space, report)
    if saving:
        full = explore(book, module, lens=False, **options)
        report["saved"] = {"with": len(space.states), "without": len(full.states),
                           "without_complete": full.bound is None}
    return report


def _keep(book, module, space: Space, report: dict) -> str | None:
    """Where the values were written (values.py), or None (not complete, or no cache)."""
    from engine.analysis.explore import values
    if not report["complete"] or space.solution is None:
        return None
    route = [(x["paragraph"], x["odds"]["value"]) for x in report.get("best_route") or ()]
    path = values.store(book, module, space, space.solution[0], report.get("exact"), route)
    return None if path is None else str(path)


def exhaustive_report(book, module, space: Space, findings: bool = True) -> dict:
    """The report of an explored space; `findings=False` leaves out the exact
    solver's part (for `lint --deep`, whose time limit it would not respect)."""
    complete = space.bound is None and not space.sample
    statically = static_reachable(book, module)
    locks = {}
    for s in space.soft_locks:
        locks.setdefault(space.paragraph[s], s)
    errors = {}
    for e in space.errors:
        key = (e["type"], e["message"], e["paragraph"])
        if key not in errors:
            moves, faces = path_to(space, e["state"]) if e["state"] is not None else ([], [])
            moves = moves + ([e["move"]] if e["move"] else [])
            errors[key] = dict(e, replay=replay_spec(0, moves, faces + e["faces"]))
    victory = victory_odds(space)
    if space.bound is not None and not space.sample:
        victory["gap"] = victory["high"] - victory["low"]
    cut, space.bounds = labelled(frontier(space, *space.bounds), module), None   # (millions of floats: not kept)
    return (_exact_part(space, complete, victory) if findings else {}) | {
        "book": book.id, "complete": complete, "bound": space.bound, "states": len(space.states),
        "expanded": space.expanded, "seconds": space.seconds,
        "transitions": sum(map(len, space.actions.targets)),
        "victory": victory, "exactness": exactness(space, victory), "frontier": cut,
        "strategies": sorted(space.strategies), "restarts": space.restarts, "dropped": space.dropped,
        "victory_reachable": any(e == "victory" for e in space.ended),
        "reached": sorted(space.reached),
        "unreachable_in_play": sorted(statically - space.reached) if complete else [],
        "not_reached": sorted(statically - space.reached),
        "soft_locks": [{"paragraph": n, "replay": replay_spec(0, *path_to(space, s))}
                       for n, s in sorted(locks.items())],
        "errors": [{k: v for k, v in e.items() if k != "state"} for e in errors.values()],
    }


def _exact_part(space: Space, complete: bool, victory: dict) -> dict:
    """The exact solver's figures (exact.py, findings.py): the value as a fraction
    when every state was explored, and what the values say about the book.  With a
    bound or a sample, unexplored states count as lost (the figures are then low
    bounds) and "exact" is null."""
    # (a cut space's frontier is worth 0: its moves tie, nothing is ruled out, and
    # solving every state is then quicker than finding what best play needs)
    values, policy = exact_values(space, everywhere=not complete)
    space.solution = (values, policy)
    start = sum((p * (values[t] if t >= 0 else 0) for p, t in space.root), Fraction(0))
    if complete:
        victory["low"] = victory["high"] = float(start)
    mass = reach(space, policy)
    part = {"best_route": best_route(space, values, policy),
            "deciding": deciding(space, values, policy, mass),
            "doomed": doomed(space, values) if complete else [],
            "difficulty": difficulty(space, values)}
    if not complete:
        _low_bounds(part)
    return part | {"exact": figure(start)["exact"] if complete else None,
                   "fixed_sheet": space.fixed_sheet, "low_bounds": not complete}


def _low_bounds(data) -> None:
    """An exploration cut short: its figures are low bounds, not exact fractions."""
    if isinstance(data, dict):
        if "exact" in data:
            data["exact"] = None
        for v in data.values():
            _low_bounds(v)
    elif isinstance(data, list):
        for v in data:
            _low_bounds(v)


def exactness(space: Space, victory: dict) -> str:
    """What the odds are: "exact" (every state, no fight policy), "policies" (every
    state, fights played by the module's strategies: a lower bound of best play),
    "bounded" (states left unexplored), "sampled" (a sample of the starting sheets)."""
    if space.sample:
        return "sampled"
    if space.bound is not None:
        return "bounded"
    return "policies" if space.strategies else "exact"
