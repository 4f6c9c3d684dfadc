"""`lint --deep` on the compiled path: the book's states explored within a wall clock,
and what play meets in them.

The compiled explorer (compiled/explorer.py) runs until `deadline` (a
`time.monotonic()` time), checked between its batches of states; a call into the
module that the exploration makes (the module's vector rules over a batch, a
fight's pricing) is stopped there by lint's watch (`Cut`, given to
watchdog.watching), and the exploration is cut cleanly (`slow-fight`).  A hook
of play (one the engine calls while playing a move) keeps the hook bound, and a
hook that never returns still fails the module.  The lens is the one
deep.py builds against its clock (None: none in time, the states merged less).
The findings are compiled/findings.py's without the values (nothing solved): the
paragraphs reached, unreachable in play when every start was explored whole, the
soft-locks and the engine errors, each with the replay witness.py finds through
the real engine (every one, not the report's first ten).

A book whose creation rolls more than `MAX_SHEETS` sheets (four rolled stats of
Défis Fantastiques: thousands) is explored for one sheet (`SHEET`, as
`explore --sheet 1`): what it finds is certain, but it proves nothing of the other
sheets, and deep.py says so.
"""
from __future__ import annotations

import time

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.findings import play_findings
from engine.analysis.compiled.forget import Forget
from engine.analysis.compiled.report import MAX_SHEETS
from engine.analysis.compiled.sheets import rolled

MAX_STATES = 5_000_000   # (a few GB at most; real100 has 3.3 million for one sheet)
SHEET = 1                # the one sheet explored when creation rolls too many
SLOW = 0.5               # of the exploration's time: one call into the module that long is a slow fight


class Cut:
    """What lint's watch asks at each tick about the call into the module under way
    (watchdog.watching `cut`): None, a hook (bounded as any); "" the exploration's own
    work (not bounded); past the deadline, why it is stopped there: "slow-fight" when
    that one call has taken `SLOW` of the exploration's time or more (a fight too
    long to price), else "timeout" (the clock ran out while a batch was priced)."""

    def __init__(self, clock=time.monotonic):
        self.explorer, self.begun, self.deadline, self.clock = None, None, None, clock
        self._entry, self._since = None, 0.0   # the call seen at the last tick, since when

    def __call__(self, entry) -> str | None:
        x = self.explorer
        if x is None or not x.interruptible or not _from_analysis(entry):
            return None
        now = self.clock()
        if entry is not self._entry:
            self._entry, self._since = entry, now
        if now < self.deadline:
            return ""
        return "slow-fight" if now - self._since >= SLOW * (self.deadline - self.begun) else "timeout"


def _from_analysis(entry) -> bool:
    """Whether the analysis made this call into the module (not the engine, playing)."""
    caller = entry.f_back
    return caller is not None and str(caller.f_globals.get("__name__", "")).startswith("engine.analysis.")


def sheet_to_explore(book, module) -> tuple[int | None, int] | None:
    """(the sheet to explore: None for every start at once, how many sheets creation
    rolls), or None when creation fails (today's explorer reports it, with its replay)."""
    try:
        count = len(rolled(book, module))
    except Exception:  # noqa: BLE001 - the failure is a finding: deep.py leaves it to today's explorer
        return None
    return (None if count <= MAX_SHEETS else SHEET), count


def explore(book, module, lens, deadline: float, sheet: int | None = None, max_states: int = MAX_STATES,
            cut: Cut | None = None) -> dict:
    """The findings of a compiled exploration until `deadline` (today's report's
    fields: complete, bound, states, expanded, reached, victory_reachable,
    unreachable_in_play, not_reached, soft_locks, errors)."""
    explorer = CompiledExplorer(book, module, sheet=sheet, max_states=max_states, lens=False, deadline=deadline)
    explorer.lens = Forget(book, module, lens) if lens is not None else None
    if cut is not None:
        cut.explorer, cut.begun, cut.deadline = explorer, cut.clock(), deadline
    try:
        ex = explorer.run()
    finally:
        if cut is not None:
            cut.explorer = None
    complete = ex.bound is None
    out = play_findings(book, module, explorer, ex, complete and sheet is None, replays=None)
    held = {(e["type"], e["message"], e["paragraph"]) for e in out["errors"]}
    out["errors"] += [e for e in ex.errors if (e["type"], e["message"], e["paragraph"]) not in held]
    return out | {"complete": complete, "bound": ex.bound, "states": ex.graph.states,
                  "expanded": ex.graph.states - len(ex.frontier), "restarts": explorer.restarts}
