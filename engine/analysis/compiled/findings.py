"""What the compiled arrays say about a book, as today's report says it (explore/report.py):
the paragraphs reached and those unreachable in play, the soft-locks and engine errors
with a replay, the best route with its moves, the rolls and fights that decide it, the
doomed paragraphs, the sheets' table, and what the lens forgot.

The values are the array solver's floats (within their proven bound of best play's;
`exact` null, the start's exact fraction given apart); a route, replay or move's words
are found again through the real engine (witness.py).
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engine.analysis.compiled.packed import ENDED, PARAGRAPH
from engine.analysis.compiled.reach import policy_parts, reach_mass
from engine.analysis.compiled.witness import Witness, move_targets
from engine.analysis.explore.findings import MAX_ROUTE, TOP, table
from engine.analysis.explore.report import replay_spec
from engine.lint.checks import graph as static_graph, reachable
from engine.support.heap import give_back

MAX_REPLAYS = 10   # soft-locks and errors played again at most (one a paragraph)
MAX_PASSING = 400  # states played again to find the paragraphs a move only passes through


def as_figure(v, exact=None) -> dict:
    return {"value": float(v), "exact": None if exact is None else str(Fraction(exact))}


def findings(book, module, explorer, ex, r: dict, complete: bool) -> dict:
    """The report's findings (today's JSON fields) of a compiled exploration `ex` made
    by `explorer`, solved as `r` (run.py `solve`)."""
    g, sol, table_ = ex.graph, r["solution"], ex.table
    witness = Witness(explorer, g)
    paragraph, ended = table_.column(PARAGRAPH), table_.column(ENDED)
    moves = np.diff(g.state_ptr.astype(np.int64))
    give_back()   # (what the solve freed, before the findings' passes: support/heap.py)
    return play_findings(book, module, explorer, ex, complete, witness) | {
        "best_route": best_route(witness, g, sol, r.get("exact") if complete else None),
        "deciding": deciding(witness, g, sol, paragraph),
        "doomed": doomed(paragraph, (ended == 0) | (~_over(explorer, ended) & (moves > 0)), sol.f)
        if complete else [],
        "difficulty": _difficulty(g, r) if complete else None,
        "dropped": explorer.lens.lens.forgotten() if explorer.lens is not None else {},
        "restarts": explorer.restarts, "low_bounds": not complete}


def play_findings(book, module, explorer, ex, complete: bool, witness=None, replays: int | None = MAX_REPLAYS) -> dict:
    """What play can meet, without the values (`lint --deep`): the paragraphs reached,
    unreachable in play (when `complete`) and not reached, whether a victory is, the
    soft-locks and the engine errors with their replays (in `replays` paragraphs at
    most; None: every one)."""
    g, table_ = ex.graph, ex.table
    witness = witness or Witness(explorer, g)
    paragraph, ended = table_.column(PARAGRAPH), table_.column(ENDED)
    moves = np.diff(g.state_ptr.astype(np.int64))
    open_ = np.ones(g.states, dtype=bool)
    open_[ex.frontier] = False
    reached = reached_paragraphs(table_)
    edges = static_graph(book, module)
    statically = reachable(book, edges)
    passed, unsure = passed_through(explorer, witness, statically - reached, edges, paragraph, open_)
    reached |= passed
    locked = np.flatnonzero((ended == 0) & (moves == 0) & open_)
    return {"reached": sorted(reached), "victory_reachable": bool((ended == 2).any()),
            "unreachable_in_play": sorted(statically - reached - unsure) if complete else [],
            "not_reached": sorted(statically - reached),
            "soft_locks": _locks(witness, locked, paragraph, replays),
            "errors": _errors(witness, g, paragraph, replays)}


def _over(explorer, ended) -> np.ndarray:
    """Each state's game over for good (explorer.py: a victory, a death nothing rescues)."""
    return explorer.over(np.arange(len(ended)))


def reached_paragraphs(table_) -> set:
    """The paragraphs of the states, and those a state's visits say it entered (a
    column made after the last row was added: its default, 0, in every row)."""
    out = set(np.unique(table_.column(PARAGRAPH)).tolist())
    for i, (part, name) in enumerate(table_.slots.names[:table_.width]):
        if part == "visits" and (table_.column(i) > 0).any():
            out.add(name)
    return out


def passed_through(explorer, witness, candidates: set, edges: dict, paragraph, expanded) -> tuple[set, set]:
    """(the candidates a move passes through, those not proven either way).  A paragraph
    a move enters and leaves at once (an `auto:` jump) holds no state, and the lens may
    have forgotten its visit: the states at the paragraphs leading there (themselves,
    or through other candidates) are played again by the engine, whose visits say it.
    Only states the run `expanded` (a mask) are: a cut run may have stopped at one
    whose fight the module never finished pricing (lint --deep's clock)."""
    if not candidates:
        return set(), set()
    before: dict = {}
    for n, outs in edges.items():
        for _e, t in outs:
            before.setdefault(t, set()).add(n)
    moving = ~_over(explorer, explorer.table.column(ENDED))
    held = set(np.unique(paragraph[moving]).tolist())   # (a paragraph where no state moves is passed through)
    sources: set = set()
    for c in candidates:
        todo, seen = list(before.get(c, ())), set()
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                if n not in held:
                    todo += before.get(n, ())
        sources |= seen & held
    at = np.flatnonzero(np.isin(paragraph, sorted(sources)) & moving & expanded)
    found = set()
    for s in at[:MAX_PASSING].tolist():
        state = witness.state(s)
        for _text, _m, outcomes in witness.moves(state):
            for _f, succ, _p in outcomes:
                if not isinstance(succ, Exception):
                    found |= {n for n, c in succ.visits.items() if c and c > state.visits.get(n, 0)} & candidates
    return found, (candidates - found if len(at) > MAX_PASSING else set())


def _locks(witness, locked, paragraph, replays: int | None = MAX_REPLAYS) -> list:
    first: dict = {}
    for s in locked.tolist():
        first.setdefault(int(paragraph[s]), s)
    out = []
    for n, s in sorted(first.items())[:replays]:
        found = witness.replay(s)
        out.append({"paragraph": n, "replay": None if found is None else replay_spec(*found[:3])})
    return out


def _errors(witness, g, paragraph, replays: int | None = MAX_REPLAYS) -> list:
    """One engine error a paragraph (type, message), with the replay that raises it."""
    src = error_sources(g)
    if not len(src):
        return []
    first: dict = {}
    for s in src.tolist():
        first.setdefault(int(paragraph[s]), s)
    out, seen = [], set()
    for n, s in sorted(first.items())[:replays]:
        found = witness.replay(s)
        if found is None:
            continue
        seed, moves_, faces, state = found
        for text, _m, outcomes in witness.moves(state):
            for f, exc, _p in outcomes:
                key = (type(exc).__name__, str(exc), n)
                if isinstance(exc, Exception) and key not in seen:
                    seen.add(key)
                    out.append({"paragraph": n, "type": key[0], "message": key[1], "move": text, "faces": f,
                                "replay": replay_spec(seed, moves_ + [text], faces + f)})
    return out


PART = 1 << 22   # edges read at a time (`error_sources`)


def error_sources(g) -> np.ndarray:
    """The states with an edge to ERROR (-1), in increasing order: the targets read a
    part at a time, each error's state found from the pointers (an int64 copy of every
    target and each edge's state held 16 bytes an edge: 1.9 GB on le-taureau-d-airain's
    118 M edges, the report's peak, for a book with no engine error)."""
    t, found = g.targets, []
    for a in range(0, len(t), PART):
        hit = np.flatnonzero(t[a:a + PART] == -1)
        if len(hit):
            found.append(hit + a)
    if not found:
        return np.zeros(0, dtype=np.int64)
    edge_ptr = np.asarray(g.move_ptr[np.asarray(g.state_ptr, dtype=np.int64)], dtype=np.int64)
    return np.unique(np.searchsorted(edge_ptr, np.concatenate(found), side="right") - 1)


def route_states(g, sol) -> list:
    """[(state, its best move)] from the likeliest start (keep.py `route`)."""
    if not g.roots:
        return []
    s = max(g.roots, key=lambda pt: pt[0])[1]
    out, seen = [], set()
    while s >= 0 and s not in seen and sol.policy[s] >= 0 and len(out) < MAX_ROUTE:
        seen.add(s)
        k = int(sol.policy[s])
        out.append((s, k))
        reach = move_targets(g, s, k)
        hopeful = [(p, x) for x, p in reach.items() if x >= 0 and sol.f[x] > 0] or list(map(tuple, map(reversed, reach.items())))
        s = max(hopeful, key=lambda pt: pt[0])[1]
    return out


def best_route(witness, g, sol, exact) -> list:
    """Today's best route: each step's paragraph, move (its words, by the engine) and value."""
    steps = route_states(g, sol)
    return [{"paragraph": int(g.paragraph[s]), "move": _words(witness, s, k),
             "odds": as_figure(sol.f[s], exact if i == 0 and len(g.roots) == 1 else None)}
            for i, (s, k) in enumerate(steps)]


def deciding(witness, g, sol, paragraph) -> list:
    """The rolls and fights of best play where the value drops most (findings.py
    `deciding`, over the floats): reach under best play times the expected loss."""
    f = sol.f
    give_back()   # (the free pages of the passes before: support/heap.py)
    mass = reach_mass(g, sol)
    loss = np.zeros(g.states)
    outcomes = np.zeros(g.states, dtype=np.int64)
    for src, tgt, prob in policy_parts(g, sol, np.arange(g.states)):   # (a run of states at a time)
        a, b = int(src[0]), int(src[-1]) + 1
        after = np.where(tgt >= 0, f[np.maximum(tgt, 0)], 0.0)
        before = f[src]
        worse = after < before - 1e-12
        loss[a:b] = np.bincount(src[worse] - a, weights=prob[worse] * (before - after)[worse], minlength=b - a)
        outcomes[a:b] = np.bincount(src - a, minlength=b - a)
    weight = mass * loss
    chosen = np.flatnonzero((weight > 0) & (outcomes >= 2))
    chosen = chosen[np.argsort(-weight[chosen], kind="stable")]
    out, seen = [], set()
    for s in chosen[:MAX_REPLAYS * TOP].tolist():
        k = int(sol.policy[s])
        words = _words(witness, s, k)
        if (int(paragraph[s]), words) in seen:
            continue
        seen.add((int(paragraph[s]), words))
        reach = move_targets(g, s, k)
        worst = min(f[t] if t >= 0 else 0.0 for t in reach)
        lost = sum(p for t, p in reach.items() if t < 0 or f[t] == 0)
        out.append({"paragraph": int(paragraph[s]), "move": words,
                    "odds_before": as_figure(f[s]), "lost_here": as_figure(lost), "worst_after": as_figure(worst)})
        if len(out) == TOP:
            break
    return out


def _words(witness, s: int, k: int) -> str:
    """Move `k` of state `s` in the player's words (`#k` when the engine finds none alike)."""
    return witness.text(witness.state(s), s, k) or f"#{k + 1}"


def doomed(paragraph, moving, values) -> list:
    """Paragraphs reached where every state that can still move (`moving`: a mask; a
    death the module may rescue can) is worth 0, not an ending."""
    moving = np.flatnonzero(moving)
    at, inverse = np.unique(paragraph[moving], return_inverse=True)
    inverse = inverse.reshape(-1)
    states = np.bincount(inverse, minlength=len(at))
    worth = np.bincount(inverse, weights=values[moving] != 0, minlength=len(at))   # (the states worth more than 0)
    return [{"paragraph": int(n), "states": int(k)} for n, k, w in zip(at.tolist(), states.tolist(), worth.tolist())
            if w == 0]


def _difficulty(g, r: dict) -> dict | None:
    if len(g.roots) < 2 or not r.get("roots"):
        return None
    return table([(v, p) for (p, _t), v in zip(g.roots, r["roots"])])

