"""Best-play odds of victory over an explored state space (expectimax).

The value of a state is the probability of reaching a victory when the player always
picks the best move and the dice fall as they will: 1 at a victory, 0 at a final
death or an engine error, the maximum over moves of the expected value over dice
otherwise.  Fights loop (a tied round leads back to the same state), so the graph
has cycles.  It is cut into strongly connected components, solved in reverse
topological order: a component without a cycle is solved exactly in one step; a
cyclic one by value iteration (Gauss-Seidel sweeps from 0, which converges from
below to the least fixed point, i.e. the true reach probability), stopped when no
value moves by more than `TOLERANCE` or after `MAX_SWEEPS` sweeps.
States beyond the exploration bound ("frontier") count as 0 for the lower bound and
1 for the upper bound; without a bound the two are equal.
"""
from __future__ import annotations

from engine.analysis.explore.worth import Worth
from engine.analysis.explore.space import ERROR, FRONTIER, Space

TOLERANCE = 1e-12
MAX_SWEEPS = 100_000


def components(n: int, succ, roots=None) -> list[list[int]]:
    """Tarjan's strongly connected components, iteratively; a component is listed
    after every component it leads to (successors are solved first); `succ(s)`
    may list negative pseudo successors, which are skipped.  `roots`: only the
    states they reach (default: all n)."""
    index, low, on, stack, out = [-1] * n, [0] * n, [False] * n, [], []
    counter = 0
    for root in range(n) if roots is None else roots:
        if index[root] != -1:
            continue
        work = [(root, iter(succ(root)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on[root] = True
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w < 0:   # (ERROR, FRONTIER: no state)
                    continue
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on[w] = True
                    work.append((w, iter(succ(w))))
                elif on[w]:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on[w] = False
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


def space_components(space: Space) -> list[list[int]]:
    """`components` of the whole explored graph, worked out once for the solvers
    that read it (the float values, the exact values), while the space is unchanged."""
    n = len(space.states)
    found = getattr(space, "_components", None)
    if found is None or found[0] != n or found[1] != space.expanded:
        found = (n, space.expanded, components(n, space.actions.targets.__getitem__))
        space._components = found
    return found[2]


def values(space: Space, frontier: float = 0.0, worth=None) -> tuple[list[float], int]:
    """Value of every state, and the number of value-iteration sweeps used; a state
    not explored is worth `frontier`, or with `worth` (ceiling.py `Worth`, for the
    high bound) its ceiling."""
    n = len(space.states)
    value = [0.0] * n
    special = {ERROR: 0.0, FRONTIER: frontier}
    moves, shapes, targets = space.actions, space.actions.shape, space.actions.targets

    def backup(s) -> float:
        if not space.done[s]:
            return frontier if worth is None else worth.state(s)
        if not shapes[s]:
            return 1.0 if space.ended[s] == "victory" else 0.0
        best, i, succ = None, 0, targets[s]
        if worth is not None and FRONTIER in succ:
            special[FRONTIER] = worth.after(s)
        for probs in moves.floats(s):
            q = 0.0
            for p in probs:
                t = succ[i]
                i += 1
                q += p * (value[t] if t >= 0 else special[t])
            if best is None or q > best:
                best = q
        return best

    sweeps = 0
    for comp in space_components(space):
        cyclic = len(comp) > 1 or comp[0] in targets[comp[0]]
        if not cyclic:
            value[comp[0]] = backup(comp[0])
            continue
        for _ in range(MAX_SWEEPS):
            sweeps += 1
            change = 0.0
            for s in comp:
                new = backup(s)
                change = max(change, abs(new - value[s]))
                value[s] = new
            if change <= TOLERANCE:
                break
    return value, sweeps


def victory_odds(space: Space) -> dict:
    """{"low", "high", "sweeps", "sample"}: the best-play probability of victory from a
    new game (an interval when the exploration was bounded).  With a sampled start,
    low and high are the sample's means and "sample" gives its size and the 95 %
    margin of the sampling (see start.py)."""
    low, sweeps = values(space, 0.0)
    ceiling = getattr(space, "ceiling", None)   # (ceiling.py: 0 where no game can still be won)
    high, more = values(space, 1.0, None if ceiling is None else Worth(ceiling, space)) \
        if space.bound is not None else (low, 0)
    space.bounds = (low, high)   # (frontier.py reads where the gap lies)
    if space.sample:
        est = _estimate(space.sample, low, high)
        return {"low": est["low"], "high": est["high"], "sweeps": sweeps + more, "sample": est}
    start_low = min(1.0, _start(space, low, 0.0))   # float sums can overshoot by an ulp
    start_high = min(1.0, _start(space, high, 1.0)) if space.bound is not None else start_low
    return {"low": start_low, "high": start_high, "sweeps": sweeps + more, "sample": None}


def _start(space: Space, value: list[float], frontier: float) -> float:
    special = {ERROR: 0.0, FRONTIER: frontier}
    return sum(p * (value[t] if t >= 0 else special[t]) for p, t in space.root)


def _estimate(drawn: list[int], low: list[float], high: list[float]) -> dict:
    """Mean bounds over the sheets drawn, and the 95 % margin of the sampling: the
    wider of the two bounds' own (`start.margin95`; the difficulty table states the
    low bound's).  A sheet drawn after the state bound was hit is the frontier (-2):
    lost for the low bound, won for the high one, as at the root."""
    from engine.analysis.explore.start import margin95
    n = len(drawn)
    lows = [low[t] if t >= 0 else 0.0 for t in drawn]
    highs = [high[t] if t >= 0 else (1.0 if t == FRONTIER else 0.0) for t in drawn]
    return {"draws": n, "distinct": len(set(drawn)), "low": sum(lows) / n, "high": sum(highs) / n,
            "margin": max(margin95(lows), margin95(highs))}
