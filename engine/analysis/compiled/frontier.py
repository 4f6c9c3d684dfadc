"""Where a cut compiled exploration's gap lies (explore/frontier.py's account, over the
arrays): the paragraphs of the states found and not expanded, most first (each with
its rows' highest ceiling: explore/ceiling.py); the walk of the high bound's play
until it leaves the explored part; the columns that multiply the states at those
paragraphs most (each read later: nothing can forget it)."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.packed import EXTRA, HEAD, MISSING, PARAGRAPH, PENDING
from engine.analysis.compiled.witness import move_targets
from engine.analysis.explore.worth import hopeful_rows

FRONTIER_TOP, SPLITS, SAMPLE, WALK = 5, 4, 50_000, 200   # (as explore/frontier.py)


def ceilings(ex, rows) -> tuple:
    """(each row's ceiling, `Ceiling.account`) of the rows `rows` (numbers of rows of
    the compiled explorer `ex`'s table; its lens needed): explore/worth.py
    `hopeful_rows`, each row's hero from its own stats (at most their most from the row
    on: ahead.py) and its starting values (their maxima), its layer from its visits
    (explore/layers.py: a `once:` activity on a loop not yet met), and the columns of
    a stat a test spends (explore/spent.py: the danger past a test of Luck priced at
    the Luck left)."""
    table, slots = ex.table, ex.slots

    def column(part: str, stat: str):
        i = slots.find(part, stat)
        return None if i is None else table.column(i)[rows]

    def held(stat: str):
        v = column("stats", stat)
        return np.zeros(len(rows), dtype=np.int64) if v is None else np.where(v == MISSING, 0, v)
    def visited(m: int):   # (whether each row holds the visit of m; None: no row can)
        v = column("visits", m)
        return None if v is None else (v != 0) & (v != MISSING)
    paragraphs = table.column(PARAGRAPH)[rows]
    most = ex.lens.most(paragraphs, table.column(PENDING)[rows], held, slots)
    return hopeful_rows(ex.book, ex.module, ex.lens.lens.edges, slots, paragraphs, table.column(EXTRA)[rows],
                        lambda stat: column("initial", stat), MISSING, most.get, ex.lens.lens, visited, spent=True)


def frontier(ex, low, high) -> dict | None:
    """What a cut exploration left out (explore/frontier.py, over the arrays): the
    paragraphs of the states found and not expanded, most first; the walk of the high
    bound's play until it leaves the explored part; the columns that multiply the
    states at those paragraphs most.  `low`, `high`: the two bounds' Solutions."""
    if ex.bound is None:
        return None
    g, table_ = ex.graph, ex.table
    paragraph = table_.column(PARAGRAPH)
    names, counts = np.unique(paragraph[ex.frontier], return_counts=True)
    most = np.argsort(-counts, kind="stable")[:FRONTIER_TOP]
    top = [int(names[i]) for i in most]
    rows = paragraph[ex.frontier]
    return {"unexplored": [dict({"paragraph": int(names[i]), "states": int(counts[i])},
                                **_highest(ex, rows == names[i])) for i in most],
            "leaves": _leaves(g, low, high), "splits": _splits(table_, paragraph, top)}



def _highest(ex, at) -> dict:
    """{"ceiling": the highest ceiling of the frontier's rows `at` (explore/ceiling.py)},
    or nothing when none was worked out."""
    worth = getattr(ex, "worth", None)
    return {} if worth is None else {"ceiling": float(worth[at].max(initial=0.0))}


def _leaves(g, low, high) -> list[int]:
    """The paragraphs the high bound's play walks through (its best move, then the
    outcome holding most of the gap, no state twice) until it meets the frontier."""
    def gap(t: int) -> float:
        return high.f[t] - low.f[t] if t >= 0 else (1.0 if t == -2 else 0.0)
    branches = [(float(p), t) for p, t in g.roots]
    walked, out = set(), []
    for _ in range(WALK):
        branches = [(p, t) for p, t in branches if t == -2 or (t >= 0 and t not in walked)]
        if not branches:
            break
        _p, s = max(branches, key=lambda b: b[0] * gap(b[1]))
        if s == -2:
            break
        walked.add(s)
        out.append(int(g.paragraph[s]))
        k = int(high.policy[s])
        if k < 0:
            break
        branches = [(p, t) for t, p in move_targets(g, s, k).items()]
    return [n for i, n in enumerate(out) if i == 0 or out[i - 1] != n]


def _splits(table_, paragraph, top: list) -> list[dict]:
    """The columns that multiply the number of states at these paragraphs most: the
    distinct rows there over the distinct rows with that column left out (by hashes)."""
    at = np.flatnonzero(np.isin(paragraph, top))[:SAMPLE]
    if not len(at):
        return []
    rows = table_.take(at).astype(np.uint64)
    weights = np.random.default_rng(35).integers(1, 1 << 63, size=rows.shape[1], dtype=np.uint64) | np.uint64(1)
    with np.errstate(over="ignore"):
        whole_hash = rows @ weights
        whole = len(np.unique(whole_hash))
        found = []
        for i in range(HEAD, rows.shape[1]):
            without = len(np.unique(whole_hash - rows[:, i] * weights[i]))
            if without < whole:
                part, key = table_.slots.names[i]
                found.append({"part": part, "name": str(key), "factor": whole / without})
    found.sort(key=lambda x: -x["factor"])
    return found[:SPLITS]
