"""The difficulty table over every rolled sheet, on the compiled path.

Creation is played over every roll of its dice (`EnginePath.starts`); roll sequences
that give the same sheet (the same packed row) are one sheet, their probabilities
summed.  The starting value of a stat the module declares passive (`passive_stats`:
its rules never read it; Défis Fantastiques' gold) is read by nothing, the books
reading only a stat's current value, so it is dropped from the sheet: then sheets
that differ only in a passive stat (gold 14 or 24) meet as soon as their gold does
(spent, or capped by the lens where it is beyond any use).  Such sheets are a group,
explored together in one space from their several starts and solved once; each
sheet's exact value is its start's (`run.solve` "roots"), exactly the value `--sheet`
gives that sheet alone (tests/compiled/test_table.py).  Where the module declares
what raises its stats (`ceiling_gains`), the explorer also forgets a starting value
no later step can reach (forget.py `reach`, ceilings.py), so that sheets of other
Stamina or Luck meet too: consecutive groups are then explored together, as many as
the largest group's states allow (`Sheets`).  The table's mean is the sum
of each sheet's value times its probability, exactly (findings.py `table`).

What does not depend on the sheet is made once a process, not once a group: the
book's programs, the engine path's templates, the module's fight chains and their
priced ends (explorer.py: one `CompiledExplorer` run again, `run(starts=...)`).  The
groups go in the order of their stats, strongest first, so that a fight's chains are
built over the grid of the highest Endurance and Luck first and the weaker sheets'
fights are found in it.  With `jobs` above 1 the groups are cut into consecutive
chunks handed to worker processes (workers.py: a worker that dies has its chunk done
again), each keeping its own explorer from chunk to chunk; the table is merged in
the parent.  A group cut by `max_states` or `timeout` (each group's own bounds)
gives each of its sheets two bounds instead of its value, and the table is then
bounded too.
"""
from __future__ import annotations

import pickle
import time
from fractions import Fraction

from engine.analysis.compiled.engine_path import EnginePath
from engine.analysis.compiled.packed import Slots
from engine.analysis.compiled.run import high_solution, low_solution
from engine.analysis.compiled.runs import run_chunks, run_ends, together

CHUNKS_A_JOB = 8   # chunks a worker: balance between workers; each chunk's fights warm in its worker
PAIR = 3           # groups a chunk at least: a worker's first group goes alone (its size unknown), then two together


def rolled(book, module) -> list[tuple[Fraction, object]]:
    """[(probability, starting state)] of every distinct sheet creation can roll (a
    passive stat's starting value dropped), strongest first (by its stats, then its
    other columns, each in decreasing order)."""
    slots = Slots(getattr(module, "display_extra", ()))
    passive = tuple(getattr(module, "passive_stats", ()) or ())
    merged: dict = {}
    for p, st in EnginePath(book, module).starts(None):
        for stat in passive:
            st.initial.pop(stat, None)
        key = tuple(sorted(slots.pack(st).items()))
        held = merged.get(key)
        merged[key] = (Fraction(p) + (held[0] if held else 0), held[1] if held else st)
    order = sorted(merged, key=lambda key: _strength(key, slots), reverse=True)
    return [merged[key] for key in order]


def _strength(key: tuple, slots) -> tuple:
    stats = [v for col, v in key if slots.names[col][0] == "stats"]
    return (stats, [v for _col, v in key])


def groups(sheets: list, module, together: bool = True) -> list[list[int]]:
    """The sheets' numbers, a list a group explored together: those that differ only
    in a passive stat (each alone when not `together`), in the sheets' order.  Any
    grouping gives each sheet its exact value (its own start's); a group only pays
    where its sheets' states meet."""
    if not together:
        return [[i] for i in range(len(sheets))]
    passive = set(getattr(module, "passive_stats", ()) or ())
    by: dict = {}
    for i, (_p, st) in enumerate(sheets):
        key = (st.paragraph, tuple(sorted((k, v) for k, v in st.stats.items() if k not in passive)),
               tuple(sorted(st.initial.items())), tuple(sorted(st.items.items())))
        by.setdefault(key, []).append(i)
    return list(by.values())


def resident_bytes() -> int | None:
    """This process's resident memory now (Linux), or None where it cannot be read."""
    import os
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class Sheets:
    """One explorer, run again for each group of sheets of the chunks it is given; made
    anew when what it keeps between groups (the fight chains and their priced ends of
    every Skill and maxima met) holds more than `KEPT_BYTES` of memory.

    Its explorer forgets the starting values no later step can reach (forget.py
    `reach`, where the module declares its gains: ceilings.py), so that groups of
    sheets meet too: consecutive groups are then explored together, as many as keep
    one exploration under `MERGED_STATES` states (and 6/10 of the states a run may
    explore) by the largest a group has taken, cut at the ends of the runs of groups
    that meet (runs.py)
    (the first group alone; the rolled fixture's 36 groups in two explorations,
    la-cloche-de-brumesel's 1.8 M-state groups by three, the six Lucks of a Skill and
    Stamina in two spaces)."""

    KEPT_BYTES = 1 << 30
    MERGED_STATES = 6_000_000

    def __init__(self, book, module, options: dict, together: bool = True):
        self.book, self.module, self.options, self.together = book, module, options, together
        self.explorer = self._made()
        self.fresh = 0   # explorers made anew
        self.group_states = None   # the most states a group took in one exploration so far

    def _made(self):
        from engine.analysis.compiled.explorer import CompiledExplorer
        ex = CompiledExplorer(self.book, self.module, **self.options)
        self.meet = ex.lens is not None and ex.lens.reach()   # (groups may meet: explored together)
        return ex

    def _together(self, at: int, ends: list[int]) -> int:
        """How many groups from `at` to explore together next (`ends`: where each
        group's run ends, runs.py)."""
        if not (self.meet and self.together and self.group_states):
            return 1
        room = min(self.MERGED_STATES, self.options.get("max_states", self.MERGED_STATES) * 6 // 10)
        return together(at, ends, int(room // self.group_states))

    def _kept(self) -> None:
        """The group's states and edges let go; the explorer made anew when what it
        keeps holds too much."""
        self.explorer._clear()
        held = resident_bytes()
        if held is not None and held > self.KEPT_BYTES:
            import gc
            self.explorer = None
            gc.collect()
            self.explorer = self._made()
            self.fresh += 1

    def explore(self, chunk: list) -> list[dict]:
        """[group: [(number, probability, state)]] -> each sheet's figures: "number",
        "value" (its exact Fraction, or None when its group was cut), "low" and "high"
        (its bounds); and its group's "states", "seconds" (CPU), ... on the group's
        first sheet (0 on the others)."""
        out, at = [], 0
        ends = run_ends([g[0][2] for g in chunk], getattr(self.module, "passive_stats", ()) or ())
        while at < len(chunk):
            many = self._together(at, ends)
            group = [sheet for g in chunk[at:at + many] for sheet in g]
            at += many
            began = time.process_time()
            total = sum(p for _n, p, _st in group)
            ex = self.explorer.run(starts=[(p / total, st) for _n, p, st in group])
            complete = ex.bound is None
            r = low_solution(ex, exact=complete)
            if complete:
                lows = highs = values = r["roots"]
            else:
                values = [None] * len(group)
                lows = [float(r["solution"].f[t]) if t >= 0 else 0.0 for _p, t in ex.graph.roots]
                high = high_solution(ex)
                highs = [float(high.f[t]) if t >= 0 else 0.0 for _p, t in ex.graph.roots]
            self.group_states = max(self.group_states or 0, ex.graph.states / many)
            figures = {"states": ex.graph.states, "bound": ex.bound, "explore_seconds": ex.seconds,
                       "explorations": 1,
                       "solve_seconds": r["seconds"], "seconds": time.process_time() - began,
                       "compiled_states": ex.compiled_states, "engine_states": ex.engine_states,
                       "engine_paragraphs": dict(ex.engine_paragraphs)}
            for k, (number, _p, _st) in enumerate(group):
                out.append({"number": number, "value": values[k], "low": float(lows[k]), "high": float(highs[k]),
                            "group": len(group), **(figures if k == 0 else _nothing(figures))})
            out[-1]["strategies"] = sorted(self.explorer.engine.strategies)
            out[-1]["errors"] = list(self.explorer.engine.errors)
            self.explorer.engine.errors.clear()   # (each error said once)
            del ex, r
            self._kept()
        return out


def _nothing(figures: dict) -> dict:
    """A group's figures counted once: zero on its other sheets."""
    return {k: (v if k in ("bound", "engine_paragraphs") else 0) for k, v in figures.items()}


def chunks(count: int, jobs: int, ends: list[int] | None = None) -> list[range]:
    """Consecutive groups, about CHUNKS_A_JOB chunks a worker (one chunk a job alone),
    at least PAIR groups a chunk (groups meet only within a chunk, after the first:
    `Sheets`); cut at the ends of the runs of groups that meet where `ends` says them
    (runs.py)."""
    if jobs <= 1:
        return [range(count)] if count else []
    size = max(PAIR, -(-count // (jobs * CHUNKS_A_JOB)))
    if ends is not None:
        return run_chunks(ends, size)
    return [range(a, min(count, a + size)) for a in range(0, count, size)]


_held: dict = {}   # a worker process's own `Sheets`, by its book's task key (kept from chunk to chunk)


def _work(payload: bytes):
    """A worker's chunk: its sheets explored by the process's explorer (made at its first
    chunk), the rule module watched as in the parent; a HookTimeout returned, not raised."""
    from engine.rules.watchdog import HookTimeout, watching
    key, book, module, options, together, chunk, seconds = pickle.loads(payload)
    if key not in _held:
        _held.clear()
        _held[key] = Sheets(book, module, options, together)
    try:
        with watching(module, seconds):
            return _held[key].explore(chunk)
    except HookTimeout as late:
        return late


def explore_sheets(book, module, sheets: list | None = None, jobs: int = 1, hook_seconds: float | None = None,
                   together: bool = True, **options) -> dict:
    """Every rolled sheet (`rolled`, or those given) explored and solved: {"sheets":
    [(probability, figures)] in the order given, "groups", "explorations" (groups
    explored together are one: `Sheets`), "wall_seconds", "jobs", "strategies",
    "errors"}; `options` those of `CompiledExplorer`."""
    from engine.analysis.explore.pool import capped
    sheets = rolled(book, module) if sheets is None else sheets
    made = [[(i, sheets[i][0], sheets[i][1]) for i in g] for g in groups(sheets, module, together)]
    jobs = min(capped(jobs), max(1, len(made)))
    began = time.monotonic()
    if jobs == 1:
        found = Sheets(book, module, options, together).explore(made)
    else:
        ends = run_ends([g[0][2] for g in made], getattr(module, "passive_stats", ()) or ())
        parts = [[made[i] for i in part] for part in chunks(len(made), jobs, ends if together else None)]
        found = _pooled(book, module, options, together, parts, jobs, hook_seconds)
    by = {f["number"]: f for f in found}
    return {"sheets": [(p, by[i]) for i, (p, _st) in enumerate(sheets)], "groups": len(made),
            "explorations": sum(f["explorations"] for f in found),
            "wall_seconds": time.monotonic() - began, "jobs": jobs,
            "strategies": sorted({s for f in found for s in f.get("strategies", ())}),
            "errors": [e for f in found for e in f.get("errors", ())]}


def _pooled(book, module, options, together, parts, jobs, hook_seconds) -> list:
    import multiprocessing
    from engine.analysis.explore.parallel import dumps
    from engine.analysis.explore.pool import check_stop, signals_stop_the_pool
    from engine.analysis.explore.workers import run_pooled
    from engine.rules.watchdog import HookTimeout, hook_timeout
    key = (book.id, id(book), time.time())
    payloads = [dumps((key, book, module, options, together, part, hook_seconds or hook_timeout())) for part in parts]
    found = []
    with signals_stop_the_pool():
        for result in run_pooled(multiprocessing.get_context(), jobs, payloads, _work):
            check_stop()
            if isinstance(result, HookTimeout):
                raise result
            found += result
    return found
