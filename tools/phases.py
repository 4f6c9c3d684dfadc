"""The CPU of a compiled run split by phase, for tools/bench_compiled.py.

Each phase is a set of functions timed while they run (CPU, `time.process_time`),
exclusively: a phase called inside another counts for itself only (fights inside a
wave are not counted again as exploring).  What no phase claims of the exploration is
"explore (not fights)": the programs, the waves' bookkeeping, the engine path.

    compile          the explorer made (the lens, the paragraphs' programs) and the
                     programs of pending activities (Compiler.pending, rescued)
    explore          the rest of the exploring (programs over batches, bookkeeping)
    fights           the fights' moves (Défis Fantastiques vector.py `_fought`,
                     Chroniques Crétoises vector_fights.py `Fought`: the chains
                     priced, their ends written over the rows)
    dedup            successors found or added (explorer `_flush`: the rows of a
                     wave gathered, the lens, hashing, the sorted tables, the rows
                     stored, the edges' targets)
    graph            the edges sorted into the CSR arrays (explorer `_graph`)
    solve float      solve.py `Solution.floats` (components, levels, sweeps)
    solve exact      exact.py `Exact.run` (the chosen moves in fractions)

Figures only: the wrapping is undone afterwards (`Phases.stop`).
"""
from __future__ import annotations

import importlib
import time

# phase -> [(module, attribute path)] of what it times
PHASES = {
    "compile": [("engine.analysis.compiled.explorer", "CompiledExplorer.__init__"),
                ("engine.analysis.compiled.compiler", "Compiler.pending"),
                ("engine.analysis.compiled.compiler", "Compiler.rescued")],
    "fights": [("engine.rules.defis_fantastiques.vector", "_fought"),
               ("engine.rules.chroniques_cretoises.vector_fights", "Fought.__call__"),
               ("engine.rules.chroniques_cretoises.vector_fights", "Fought.rejects")],
    "dedup": [("engine.analysis.compiled.explorer", "CompiledExplorer._flush"),
              ("engine.analysis.compiled.explorer", "CompiledExplorer._add")],
    "graph": [("engine.analysis.compiled.explorer", "CompiledExplorer._graph")],
    "solve float": [("engine.analysis.compiled.solve", "Solution.floats")],
    "solve exact": [("engine.analysis.compiled.exact", "Exact.run")],
}
OUTER = "explore"   # what the run itself is called while it explores
COUNTED = {"fights"}   # phases whose states are counted (the length of their first batch argument)
# the functions of a counted phase whose batch is counted (a batch is expanded by each once)
COUNTING = {"_fought", "Fought.__call__"}


class Phases:
    """Wraps the functions of PHASES (`run`: the outer phase, what none claims);
    `seconds[phase]` the exclusive CPU of each, `states[phase]` the states handed to
    each phase of COUNTED."""

    def __init__(self):
        self.seconds = {OUTER: 0.0, **{p: 0.0 for p in PHASES}}
        self.states = {p: 0 for p in COUNTED}   # states handed to each counted phase
        self._stack: list = []   # [phase, its start]: the phase running now is the last
        self._undo: list = []
        for phase, places in PHASES.items():
            for module, path in places:
                self._wrap(phase, module, path)

    def _wrap(self, phase: str, module: str, path: str) -> None:
        owner = importlib.import_module(module)
        *outer, name = path.split(".")
        for part in outer:
            owner = getattr(owner, part)
        inner = owner.__dict__[name]

        counting = phase in COUNTED and path in COUNTING

        def timed(*args, **kwargs):
            if counting:
                self.states[phase] += next(len(a) for a in args if hasattr(a, "rows"))
            self._enter(phase)
            try:
                return inner(*args, **kwargs)
            finally:
                self._leave()
        setattr(owner, name, timed)
        self._undo.append((owner, name, inner))

    def _enter(self, phase: str) -> None:
        now = time.process_time()
        if self._stack:
            top = self._stack[-1]
            self.seconds[top[0]] += now - top[1]
        self._stack.append([phase, now])

    def _leave(self) -> None:
        now = time.process_time()
        phase, since = self._stack.pop()
        self.seconds[phase] += now - since
        if self._stack:
            self._stack[-1][1] = now

    def run(self, fn, *args, **kwargs):
        """fn(...) timed as the outer phase (what no wrapped function claims)."""
        self._enter(OUTER)
        try:
            return fn(*args, **kwargs)
        finally:
            self._leave()

    def stop(self) -> None:
        for owner, name, inner in reversed(self._undo):
            setattr(owner, name, inner)
        self._undo = []
