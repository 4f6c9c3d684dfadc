"""One call: the arrays of a space solved, floats then exact, with its figures."""
from __future__ import annotations

import time
from dataclasses import replace
from fractions import Fraction

import numpy as np

from engine.analysis.compiled.dominance import low_graph, tightened
from engine.analysis.compiled.exact import Exact
from engine.analysis.compiled.graph import Graph
from engine.analysis.compiled.solve import Solution
from engine.support.heap import give_back


def solve(g: Graph, exact: bool = True) -> dict:
    """{"float": the start's float value, "bound": its proven error bound, "exact":
    the start's exact value (a Fraction; None when not asked), "roots" (each root's
    exact value, in the graph's order, when exact), "levels", "sweeps",
    "wanted" (states solved exactly), "seconds", "bytes" (the graph's arrays),
    "solution" (the float values and policy of every state: solve.py `Solution`, its
    policy the exact solve's where it solved a state)}."""
    began = time.process_time()
    sol = Solution(g).floats()
    give_back()   # (the components' sorts: support/heap.py)
    out = {"float": sol.start(), "bound": sol.bound(), "levels": sol.levels, "sweeps": sol.sweeps,
           "exact": None, "wanted": 0, "bytes": g.nbytes(), "solution": sol}
    if exact:
        ex = Exact(sol)
        out["exact"] = ex.run()
        out["wanted"] = len(ex.value)
        out["roots"] = [_fraction(ex._v(t)) for _p, t in g.roots]
        for s, m in ex.policy.items():   # (best play's moves where solved exactly: a loop's ties
            sol.policy[s] = m            # broken towards a way out, which the floats' first best is not)
    out["seconds"] = time.process_time() - began
    return out


def _fraction(q) -> Fraction:
    return Fraction(int(q.numerator), int(q.denominator))


def high_bound(ex) -> float:
    """The start's value with every state not explored counted as won (the high bound
    of a cut exploration, `explorer.Explored`)."""
    return high_solution(ex).start()


def high_solution(ex) -> Solution:
    """The floats of a cut exploration with every state not explored counted at its
    ceiling (explore/ceiling.py; won where none was worked out), or at an explored
    state's high value where dominance bounds it (dominance.py `tightened`); each root
    at most its own ceiling (`Explored.tops`): its value is at most both, so the least
    is sound (the-clock-of-vennick: rows inside the pendulum knight's fight, whose
    rounds leave the module's odds unread, count 99.6 % where the start's layered
    ceiling, the knight met first, is 96.76 %)."""
    terminal = ex.graph.terminal.astype(np.float64)
    if ex.worth is None:
        terminal[ex.frontier if ex.hopeless is None else ex.frontier[~ex.hopeless]] = 1
    else:   # (ceiling.py: each state not explored at its ceiling, 0: lost)
        terminal[ex.frontier] = ex.worth
    comps = []   # (dominance's solves again: the same edges, one set of components)

    def solved(t):
        found = Solution(replace(ex.graph, terminal=t), frontier=1.0).floats(comps[0] if comps else None)
        comps[:] = [found.comps]
        return found
    sol = tightened(solved, terminal, getattr(ex, "dominance", None))
    tops = getattr(ex, "tops", None)
    if tops is not None:
        for (_p, t), top in zip(ex.graph.roots, tops.tolist()):
            if t >= 0 and sol.f[t] > top:
                sol.f[t] = top
    return sol


def low_solution(ex, exact: bool) -> dict:
    """`solve` of an exploration: a cut one's frontier states counted as lost, or at an
    explored state's value where dominance bounds them (dominance.py `low_graph`)."""
    return solve(low_graph(ex.graph, getattr(ex, "dominance", None)), exact=exact)
