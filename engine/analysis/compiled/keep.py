"""The compiled path's solved values kept as today's explorer keeps them (explore/values.py).

`gamebook explore --exhaustive --compiled` writes the same values file as today's
explorer for the same book and sheet, so that play's `chances`, the editor's hover
and the web page read either alike:

- a state's key is `values.flat_key` of its facts after the lens: the packed row's
  columns (packed.py) named as today's slots, (part, key), a flag as True, the head's
  paragraph, ending, cause and pending activity, and each of the module's extras
  under ("extra", name).  The rows are already projected by the lens (forget.py, the
  same lens as today's), so the keys are the ones play computes from its state.  A
  column's hash is worked out once for each value met there, and the keys of all rows
  are XORed column by column;
- its value is the array solver's float64 value (solve.py), within its proven bound
  of best play's, the start's exact fraction the exact solve's;
- the per-paragraph summary (best value, states, doomed) is over the states that can
  still move, as today's; the best route follows the solver's policy from the
  likeliest start, to the likeliest successor that can still win.

A game over for good is kept by the compiled explorer as its paragraph, ending and
cause only (nothing follows it): its key names those facts, where today's file keys
it by the first state that reached it; play values such an ending by what it is
(book_values.py), never by its key.  A book's counters and notes are module extras:
the lens drops from them the names nothing reads ahead (forget.py, as `Lens.strip`
does to play's state), and each extra is hashed as compact.py packs it, so their
keys are play's too (tests/compiled/test_values.py).  An exploration made without
the lens keeps nothing (`UNKEYED`): its states are not the ones play looks up.
"""
from __future__ import annotations

from array import array
from fractions import Fraction

import numpy as np

from engine.analysis.compiled.packed import CAUSE, ENDED, ENDINGS, HEAD, PARAGRAPH, PENDING
from engine.analysis.explore import values as kept
from engine.diagnostics import Message

MAX_ROUTE = 200   # (as findings.py)
SPAN = 1 << 20    # a column whose values span less is hashed through a table indexed by value

UNKEYED = Message("Valeurs non gardées : exploration faite sans oublier ce que rien ne lit plus, ses états "
                  "ne sont donc pas ceux que le jeu cherche (relancez avec l'oubli)",
                  "Values not kept: explored without forgetting what nothing reads any more, so its states "
                  "are not those play looks up (run again with forgetting on)")


def _head_fact(slots, i: int, v: int) -> int:
    if i == PARAGRAPH:
        return kept.fact_hash("paragraph", v)
    if i == ENDED:
        return kept.fact_hash("ended", ENDINGS[v])
    if i == CAUSE:
        return kept.fact_hash("cause", slots.causes.values[v])
    if i == PENDING:
        return kept.fact_hash("pending", slots.pendings.values[v])
    frozen, key = slots.extras.values[v], 0   # ("{", name, value, name, value, ...)
    for j in range(1, len(frozen), 2):
        key ^= kept.fact_hash(("extra", frozen[j]), frozen[j + 1])
    return key


def fact(slots, i: int, v: int) -> int:
    """The hash of value `v` in column `i`, as today's slot would hold it."""
    if i < HEAD:
        return _head_fact(slots, i, v)
    part, name = slots.names[i]
    return kept.fact_hash((part, name), True if part == "flags" else v)


def row_keys(rows, slots) -> np.ndarray:
    """The `values.flat_key` of each packed row (uint64).  `rows`: a matrix of packed
    rows, or the table itself (packed.py `Table`: read a column at a time, its narrow
    columns never all widened to int64 at once)."""
    if hasattr(rows, "column"):
        n, width, column = rows.n, rows.width, rows.column
    else:
        (n, width), column = rows.shape, (lambda i: rows[:, i])
    keys = np.zeros(n, dtype=np.uint64)
    for i in range(width):
        col = column(i)
        absent = -1 if i == PARAGRAPH else (0 if i < HEAD else slots.default(i))
        at = np.flatnonzero(col != absent)
        if not len(at):
            continue
        vals = col[at]
        lo, hi = int(vals.min()), int(vals.max())
        if hi - lo < SPAN:
            met = np.flatnonzero(np.bincount(vals - lo)) + lo
            table = np.zeros(hi - lo + 1, dtype=np.uint64)
            table[met - lo] = [fact(slots, i, int(v)) for v in met.tolist()]
            keys[at] ^= table[vals - lo]
        else:
            met, inverse = np.unique(vals, return_inverse=True)
            hashes = np.array([fact(slots, i, int(v)) for v in met.tolist()], dtype=np.uint64)
            keys[at] ^= hashes[inverse.reshape(-1)]
    return keys


def route(graph, sol) -> list:
    """[(paragraph, value)] of the best route from the likeliest start (findings.py
    `best_route`, over the arrays): best play's move, then its likeliest successor
    that can still win (any, if none can), the edges to one successor summed."""
    if not graph.roots:
        return []
    s = max(graph.roots, key=lambda pt: pt[0])[1]
    sp, mp, t, probs = sol.sp, sol.mp, sol.t, graph.probs
    out, seen = [], set()
    while s >= 0 and s not in seen and sol.policy[s] >= 0 and len(out) < MAX_ROUTE:
        seen.add(s)
        out.append((int(graph.paragraph[s]), float(sol.f[s])))
        m = int(sp[s]) + int(sol.policy[s])
        reach: dict = {}   # successor -> its probability (the graph may reach one by several edges)
        for e in range(int(mp[m]), int(mp[m + 1])):
            reach[int(t[e])] = reach.get(int(t[e]), 0.0) + float(probs[e])
        hopeful = [(p, x) for x, p in reach.items() if x >= 0 and sol.f[x] > 0] or [(p, x) for x, p in reach.items()]
        s = max(hopeful, key=lambda pt: pt[0])[1]
    return out


def store(book, module, explored, sol, exact: Fraction | None, sheet: int | None):
    """Write the values of a complete compiled exploration: the file, None (no cache,
    or the disk refused), or UNKEYED (see above)."""
    explorer_lens = explored.lens
    if explorer_lens is None:
        return UNKEYED
    table, slots = explored.table, explored.table.slots
    keys = row_keys(table, slots)
    order = np.argsort(keys, kind="stable")
    ks, vs = array("Q"), array("d")
    ks.frombytes(keys[order].astype(np.uint64).tobytes())
    vs.frombytes(sol.f[order].astype(np.float64).tobytes())
    moving = np.flatnonzero(table.column(ENDED) == 0)
    paragraphs = kept.summary(zip(table.column(PARAGRAPH)[moving].tolist(), sol.f[moving].tolist()))
    return kept.write(book, module, sheet, ks, vs, None if exact is None else str(exact),
                      explorer_lens.lens.learned, paragraphs, route(explored.graph, sol))
