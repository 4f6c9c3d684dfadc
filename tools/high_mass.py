"""Where a cut run's high bound rests: along the high solution's play from the start,
the mass that reaches each frontier paragraph and the value its ceilings carry, and
the mass of the explored ends (victory, loss).

    python -m tools.high_mass BOOK --sheet 110 --max-states 200000 [--breadth] [--top 12]

Prints the start's high value as solved (every frontier row at its ceiling, before
the roots' own ceilings cap it: compiled/run.py `high_solution`) and as reported, then
a line a paragraph: mass, value carried (mass x ceiling), its rows' ceilings (least
and most).  The mass is reach.py's `carry` along the policy (a loop's mass carried round it:
expected visits, an estimate): it guides, it proves nothing.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.packed import PARAGRAPH
from engine.analysis.compiled.reach import carry, policy_parts
from engine.analysis.compiled.run import high_solution
from engine.analysis.compiled.solve import FRONTIER
from tools.mass_run import explored, parser


def masses(ex) -> dict:
    """{"solved": the start's high value before the roots' caps, "high": after, "won",
    "lost": the mass of explored ends, "beyond": of moves to no numbered state (counted
    won), "frontier": [(paragraph, mass, value carried, least ceiling, most ceiling)],
    most value first}."""
    tops, ex.tops = ex.tops, None
    solved = high_solution(ex)
    ex.tops = tops
    high = high_solution(ex)
    g = ex.graph
    mass = carry(g, solved, lambda here: policy_parts(g, solved, here), circulate=True)
    terminal = g.terminal
    explored_end = np.diff(g.state_ptr) == 0   # (no move: an ending, or a frontier row)
    explored_end[ex.frontier] = False
    paragraph = ex.table.column(PARAGRAPH)[ex.frontier]
    worth = np.ones(len(ex.frontier)) if ex.worth is None else np.asarray(ex.worth, dtype=np.float64)
    at = mass[ex.frontier]
    rows = []
    for n in np.unique(paragraph).tolist():
        here = paragraph == n
        if at[here].sum() > 0:
            rows.append((n, float(at[here].sum()), float((at[here] * worth[here]).sum()),
                         float(worth[here].min()), float(worth[here].max())))
    rows.sort(key=lambda r: -r[2])
    final = explored_end & (mass > 0)
    beyond = 0.0   # (the mass of moves to a state not even numbered: solve.py FRONTIER, counted won)
    for src, tgt, prob in policy_parts(g, solved, np.flatnonzero(mass > 0)):
        beyond += float((mass[src] * prob)[tgt == FRONTIER].sum())
    return {"solved": solved.start(), "high": high.start(), "frontier": rows, "beyond": beyond,
            "won": float(mass[final & (terminal > 0)].sum()), "lost": float(mass[final & (terminal == 0)].sum())}


def main(argv=None) -> int:
    a = parser(__doc__, 200_000).parse_args(argv)
    found = explored(a)
    if found is None:
        return 1
    _loaded, ex = found
    if ex.bound is None:
        print("explored whole: no frontier")
        return 0
    found = masses(ex)
    print(f"start: solved {found['solved']:.6f}, reported {found['high']:.6f}; "
          f"explored ends: won {found['won']:.4f}, lost {found['lost']:.4f}; beyond {found['beyond']:.4f}")
    carried = sum(r[2] for r in found["frontier"])
    print(f"frontier: mass {sum(r[1] for r in found['frontier']):.4f}, value carried {carried:.4f}")
    for n, m, v, lo, hi in found["frontier"][:a.top]:
        print(f"  § {n:>4}  mass {m:.4f}  carries {v:.4f}  ceilings {lo:.4f}-{hi:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
