"""What the exact values say about a book: the best route, the fights (and other
rolls) that decide it, the doomed paragraphs, and the difficulty over the starting
sheets.  Every figure is an exact fraction of `exact.exact_values` (written
"n/d" in JSON, with its float) when the space was explored completely.

* best route: from the likeliest start, the best move in each state; after a roll,
  the likeliest outcome that can still win (the route a winning reader most often
  takes);
* deciding chance nodes: the rolls and fights of best play where the value drops
  most: reach probability under best play times the expected loss of the roll
  (sum of p * (v(s) - v(t)) over the outcomes t worse than s);
* doomed paragraphs: reached in play, every state there is worth 0 (victory is no
  longer possible under any play), and not an ending: the point of no return;
* difficulty: each distinct starting sheet's exact value with its probability, and
  the weakest, median, strongest and mean sheet.
"""
from __future__ import annotations

from fractions import Fraction

from engine.analysis.explore.space import Space

TOP = 5
MAX_ROUTE = 200


def figure(x) -> dict:
    """An exact value as JSON: {"value": float, "exact": "n/d"} (None when a float)."""
    exact = str(Fraction(x)) if isinstance(x, (int, Fraction)) else None
    return {"value": float(x), "exact": exact}


def reach(space: Space, policy) -> dict:
    """Probability of reaching each state under best play from the root, in floats
    (it only ranks the deciding nodes; states on a cycle counted once per entry: an
    upper bound there, enough to rank)."""
    from engine.analysis.explore.solve import components
    mass: dict = {}
    for p, t in space.root:
        if t >= 0:
            mass[t] = mass.get(t, 0.0) + float(p)
    chosen = {}

    def succ(s):
        branches = chosen[s] = [(float(p), t) for p, t in _chosen(space, policy, s) if t >= 0]
        return [t for _p, t in branches]

    starts = [t for _p, t in space.root if t >= 0]
    for comp in reversed(components(len(space.states), succ, starts)):   # parents first
        entered = sum(mass.get(s, 0.0) for s in comp)
        for s in comp:
            m = mass[s] = entered
            if m:
                for p, t in chosen[s]:
                    if t not in comp:
                        mass[t] = mass.get(t, 0.0) + m * p
    return mass


def _chosen(space, policy, s) -> list:
    return space.actions.move(s, policy[s]) if policy[s] >= 0 and space.actions.has_moves(s) else []


def best_route(space: Space, value, policy) -> list[dict]:
    if not space.root:
        return []
    s = max(space.root, key=lambda pt: pt[0])[1]
    route, seen = [], set()
    while s >= 0 and s not in seen and policy[s] >= 0 and len(route) < MAX_ROUTE:
        seen.add(s)
        text, branches = space.actions[s][policy[s]]
        route.append({"paragraph": space.paragraph[s], "move": text, "odds": figure(value[s])})
        hopeful = [(p, t) for p, t in branches if t >= 0 and value[t] > 0] or branches
        s = max(hopeful, key=lambda pt: pt[0])[1]
    return route


def deciding(space: Space, value, policy, mass: dict) -> list[dict]:
    found = []
    floats: dict = {}   # (the weights only rank: floats of the exact values)
    for s, m in mass.items():
        branches = _chosen(space, policy, s)
        if not m or len(branches) < 2:
            continue
        for t in (s, *(t for _p, t in branches)):
            if t >= 0 and t not in floats:
                floats[t] = float(value[t])
        here = floats[s]
        loss = sum(float(p) * (here - (floats[t] if t >= 0 else 0.0)) for p, t in branches
                   if t < 0 or value[t] < value[s])
        if loss > 0:
            found.append((m * loss, s))
    found.sort(key=lambda x: -x[0])
    seen: set = set()   # one line per paragraph and move (its heaviest state)
    found = [f for f in found if (space.paragraph[f[1]], _move(space, policy, f[1])) not in seen
             and not seen.add((space.paragraph[f[1]], _move(space, policy, f[1])))]
    return [{"paragraph": space.paragraph[s], "move": _move(space, policy, s),
             "odds_before": figure(value[s]), "lost_here": figure(_lost(space, value, policy, s)),
             "worst_after": figure(_worst(space, value, policy, s))}
            for _w, s in found[:TOP]]


def _worst(space, value, policy, s):
    """The odds after the node's worst outcome."""
    return min(value[t] if t >= 0 else Fraction(0) for _p, t in _chosen(space, policy, s))


def _lost(space, value, policy, s):
    """The share of the node's outcomes after which victory is impossible."""
    return sum((p for p, t in _chosen(space, policy, s) if t < 0 or value[t] == 0), Fraction(0))


def _move(space, policy, s) -> str:
    return space.actions.shape[s][policy[s]][0]


def doomed(space: Space, value) -> list[dict]:
    by: dict = {}
    for s, n in enumerate(space.paragraph):
        if space.done[s] and not space.final[s]:
            by.setdefault(n, []).append(value[s])
    return [{"paragraph": n, "states": len(vs)} for n, vs in sorted(by.items()) if all(v == 0 for v in vs)]


def difficulty(space: Space, value) -> dict | None:
    """The starting sheets' values: every sheet with its probability (exact), or the
    sheets drawn (sampled: the mean's 95 % margin stated)."""
    if len(space.root) < 2 and not space.sample:
        return None
    if space.sample:
        return _sampled(space, value)
    return table([(value[t] if t >= 0 else Fraction(0), p) for p, t in space.root])


def table(sheets: list) -> dict:
    """The table of [(a sheet's exact value, its probability)] (the same sheet may come
    twice: its roll sequences): how many, the weakest, median (the value where half the
    probability is reached) and strongest sheet, and the mean (each value times its
    probability), exactly."""
    sheets = sorted(sheets, key=lambda vp: vp[0])
    total, acc, median = sum(p for _, p in sheets), Fraction(0), sheets[-1][0]
    for v, p in sheets:
        acc += p
        if 2 * acc >= total:
            median = v
            break
    return {"sheets": len(sheets), "weakest": figure(sheets[0][0]), "median": figure(median),
            "strongest": figure(sheets[-1][0]), "mean": figure(sum((v * p for v, p in sheets), Fraction(0))),
            "sampled": False, "margin": 0.0}


def _sampled(space: Space, value) -> dict:
    from engine.analysis.explore.start import margin95
    vs = sorted(float(value[t]) if t >= 0 else 0.0 for t in space.sample)
    n = len(vs)
    as_float = lambda x: {"value": x, "exact": None}  # noqa: E731
    return {"sheets": n, "weakest": as_float(vs[0]), "median": as_float(vs[n // 2]),
            "strongest": as_float(vs[-1]), "mean": as_float(sum(vs) / n), "sampled": True,
            "margin": margin95(vs)}
