"""The difficulty table over every rolled sheet, on the compiled path.

Creation is played over every roll of its dice (`EnginePath.starts`); roll sequences
that give the same sheet (the same packed row) are one sheet, their probabilities
summed.  Each sheet is then explored and solved alone, from its start, exactly as
`--sheet` explores one: its exact value is a Fraction, and the table's mean is the
sum of each sheet's value times its probability, exactly (findings.py `table`).

What does not depend on the sheet is made once a process, not once a sheet: the
book's programs, the engine path's templates, the module's fight chains and their
priced ends (explorer.py: one `CompiledExplorer` run again, `run(starts=...)`).  The
sheets go in the order of their stats, strongest first, so that a fight's chains are
built over the grid of the highest Endurance and Luck first and the weaker sheets'
fights are found in it.  With `jobs` above 1 the sheets are cut into consecutive
chunks handed to worker processes (workers.py: a worker that dies has its chunk done
again), each keeping its own explorer from chunk to chunk; the table is merged in
the parent.  A sheet cut by `max_states` or `timeout` (each sheet's own bounds)
gives two bounds instead of its value, and the table is then bounded too.
"""
from __future__ import annotations

import pickle
import time
from fractions import Fraction

from engine.analysis.compiled.engine_path import EnginePath
from engine.analysis.compiled.packed import Slots
from engine.analysis.compiled.run import high_bound, solve

CHUNKS_A_JOB = 8   # chunks a worker: balance between workers; each chunk's fights warm in its worker


def rolled(book, module) -> list[tuple[Fraction, object]]:
    """[(probability, starting state)] of every distinct sheet creation can roll,
    strongest first (by its stats, then its other columns, each in decreasing order)."""
    slots = Slots(getattr(module, "display_extra", ()))
    merged: dict = {}
    for p, st in EnginePath(book, module).starts(None):
        key = tuple(sorted(slots.pack(st).items()))
        held = merged.get(key)
        merged[key] = (Fraction(p) + (held[0] if held else 0), held[1] if held else st)
    order = sorted(merged, key=lambda key: _strength(key, slots), reverse=True)
    return [merged[key] for key in order]


def _strength(key: tuple, slots) -> tuple:
    stats = [v for col, v in key if slots.names[col][0] == "stats"]
    return (stats, [v for _col, v in key])


class Sheets:
    """One explorer, run again for each sheet of the chunks it is given."""

    def __init__(self, book, module, options: dict):
        from engine.analysis.compiled.explorer import CompiledExplorer
        self.explorer = CompiledExplorer(book, module, **options)

    def explore(self, sheets: list) -> list[dict]:
        """[(number, state)] -> each sheet's figures: "value" (its exact Fraction, or
        None when cut), "low" and "high" (its bounds), "states", "seconds" (CPU)."""
        out = []
        for number, state in sheets:
            began = time.process_time()
            ex = self.explorer.run(starts=[(1, state)])
            complete = ex.bound is None
            r = solve(ex.graph, exact=complete)
            low = high = r["exact"] if complete else r["float"]
            if not complete:
                high = high_bound(ex)
            out.append({"number": number, "value": r["exact"], "low": float(low), "high": float(high),
                        "states": ex.graph.states, "bound": ex.bound, "explore_seconds": ex.seconds,
                        "solve_seconds": r["seconds"], "seconds": time.process_time() - began,
                        "compiled_states": ex.compiled_states, "engine_states": ex.engine_states,
                        "engine_paragraphs": dict(ex.engine_paragraphs)})
        x = self.explorer
        if out:
            out[-1]["strategies"], out[-1]["errors"] = sorted(x.engine.strategies), list(x.engine.errors)
            x.engine.errors.clear()   # (each error said once)
        return out


def chunks(count: int, jobs: int) -> list[range]:
    """Consecutive sheets, about CHUNKS_A_JOB chunks a worker (one chunk a job alone)."""
    if jobs <= 1:
        return [range(count)] if count else []
    size = max(1, -(-count // (jobs * CHUNKS_A_JOB)))
    return [range(a, min(count, a + size)) for a in range(0, count, size)]


_held: dict = {}   # a worker process's own `Sheets`, by its book's task key (kept from chunk to chunk)


def _work(payload: bytes):
    """A worker's chunk: its sheets explored by the process's explorer (made at its first
    chunk), the rule module watched as in the parent; a HookTimeout returned, not raised."""
    from engine.rules.watchdog import HookTimeout, watching
    key, book, module, options, sheets, seconds = pickle.loads(payload)
    if key not in _held:
        _held.clear()
        _held[key] = Sheets(book, module, options)
    try:
        with watching(module, seconds):
            return _held[key].explore(sheets)
    except HookTimeout as late:
        return late


def explore_sheets(book, module, sheets: list | None = None, jobs: int = 1, hook_seconds: float | None = None,
                   **options) -> dict:
    """Every rolled sheet (`rolled`, or those given) explored and solved: {"sheets":
    [(probability, figures)] in the order given, "wall_seconds", "jobs", "strategies",
    "errors"}; `options` those of `CompiledExplorer`."""
    from engine.analysis.explore.pool import capped
    sheets = rolled(book, module) if sheets is None else sheets
    jobs = min(capped(jobs), max(1, len(sheets)))
    began = time.monotonic()
    parts = chunks(len(sheets), jobs)
    if jobs == 1:
        found = Sheets(book, module, options).explore([(i, sheets[i][1]) for i in range(len(sheets))])
    else:
        found = _pooled(book, module, options, sheets, parts, jobs, hook_seconds)
    by = {f["number"]: f for f in found}
    return {"sheets": [(p, by[i]) for i, (p, _st) in enumerate(sheets)],
            "wall_seconds": time.monotonic() - began, "jobs": jobs,
            "strategies": sorted({s for f in found for s in f.get("strategies", ())}),
            "errors": [e for f in found for e in f.get("errors", ())]}


def _pooled(book, module, options, sheets, parts, jobs, hook_seconds) -> list:
    import multiprocessing
    from engine.analysis.explore.parallel import dumps
    from engine.analysis.explore.pool import check_stop, signals_stop_the_pool
    from engine.analysis.explore.workers import run_pooled
    from engine.rules.watchdog import HookTimeout, hook_timeout
    key = (book.id, id(book), time.time())
    payloads = [dumps((key, book, module, options, [(i, sheets[i][1]) for i in part],
                       hook_seconds or hook_timeout())) for part in parts]
    found = []
    with signals_stop_the_pool():
        for result in run_pooled(multiprocessing.get_context(), jobs, payloads, _work):
            check_stop()
            if isinstance(result, HookTimeout):
                raise result
            found += result
    return found
