"""Where the low bound's play loses its mass: the start's mass carried along the low
solution's play to its ends, summed by paragraph.

    python -m tools.low_mass BOOK [--sheet 110] [--max-states 300000] [--breadth]
                             [--watch 38,221,7] [--top 12]

Explores BOOK with the compiled path (`CompiledExplorer`, the focused order unless
`--breadth`) up to `--max-states`, solves the low bound as the report does (run.py
`low_solution`: a frontier row at its dominated explored row's value, else lost), then
carries the start's mass along that solution's play (reach.py `carry`, a loop's
states circulated: their expected visits) and sums it where the play ends: a victory, a death
(by the paragraph it dies in), a frontier row left lost (by its paragraph).  For each
paragraph of `--watch`, the mass entering it by the hero's stats (each stat with a
starting value, and the items the plan reads as gear) is printed too.

Figures only (floats); nothing is asserted.  Run it from the worktree whose code you
measure.  `losses` is the part the tests read.
"""
from __future__ import annotations

import numpy as np

from tools.mass_run import explored, parser


def losses(ex, solution) -> dict:
    """{"won", "dead": {paragraph: mass}, "lost": {paragraph: mass}, "mass"} of an
    exploration `ex` and its low solution (run.py `low_solution`'s "solution"): the
    start's mass carried along the solution's play, summed at its ends."""
    from engine.analysis.compiled.packed import ENDED, PARAGRAPH
    from engine.analysis.compiled.reach import carry, policy_parts
    g = solution.g
    mass = carry(g, solution, lambda here: policy_parts(g, solution, here), circulate=True)
    ended = ex.table.column(ENDED)[:g.states]
    paragraph = ex.table.column(PARAGRAPH)[:g.states]
    frontier = np.zeros(g.states, dtype=bool)
    if ex.frontier is not None:
        frontier[np.asarray(ex.frontier, dtype=np.int64)] = True
    frontier &= ended == 0

    def by_paragraph(where):
        at = np.flatnonzero(where & (mass > 0))
        out: dict = {}
        for n, m in zip(paragraph[at].tolist(), mass[at].tolist()):
            out[int(n)] = out.get(int(n), 0.0) + m
        return dict(sorted(out.items(), key=lambda kv: -kv[1]))
    return {"won": float(mass[ended == 2].sum()), "dead": by_paragraph(ended == 1),
            "lost": by_paragraph(frontier), "mass": mass}


def watched(ex, mass: np.ndarray, paragraph: int, module) -> dict:
    """{(stat values..., items...): mass} of the states at `paragraph` the play enters."""
    from engine.analysis.compiled.packed import MISSING, PARAGRAPH
    table, slots = ex.table, ex.table.slots
    at = np.flatnonzero((table.column(PARAGRAPH)[:len(mass)] == paragraph) & (mass > 0))
    if not len(at):
        return {}
    rows = table.take(at)
    stats = [d.name for d in module.stats if slots.find("stats", d.name) is not None]
    items = sorted(k for (part, k) in slots.column if part == "items")
    out: dict = {}
    for row, m in zip(rows, mass[at]):
        key = tuple(f"{s}={row[i]}" for s in stats
                    if (i := slots.find("stats", s)) < len(row) and row[i] != MISSING) + \
            tuple(k for k in items if (i := slots.find("items", k)) < len(row) and row[i] > 0)
        out[key] = out.get(key, 0.0) + float(m)
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def main(argv=None) -> int:
    ap = parser(__doc__, 300_000)
    ap.add_argument("--watch", default="")
    args = ap.parse_args(argv)
    from engine.analysis.compiled.run import low_solution
    run = explored(args)
    if run is None:
        return 1
    loaded, ex = run
    r = low_solution(ex, exact=False)
    found = losses(ex, r["solution"])
    print(f"low {r['float']:.6%}, states {ex.graph.states}; the play wins {found['won']:.6%}")
    for what in ("dead", "lost"):
        print(f"{what}:", ", ".join(f"§ {n} {m:.4%}" for n, m in list(found[what].items())[:args.top]))
    for n in [int(x) for x in args.watch.split(",") if x.strip()]:
        print(f"§ {n}:")
        for key, m in list(watched(ex, found["mass"], n, loaded.module).items())[:args.top]:
            print(f"  {m:.4%}  {' '.join(key)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
