"""The compiled explorer's focused order: past a first budget explored in breadth, the
states that best play can still reach first, in batches.

A cut exploration's two bounds differ by what its frontier (the states found and not
expanded) may still be worth.  Take the high bound's solution (solve.py `Solution`,
each frontier state at its ceiling: explore/worth.py) and its policy pi; the start's
probability mass carried forward along pi (the chosen move at each choice, every
dice outcome) reaches each frontier state f with some probability r(f).  The low
bound is at least pi's value with the frontier counted lost, so

    high - low  <=  sum over the frontier of r(f) * ceiling(f).

Expanding first the states holding most of that sum is what can close the gap.
A *round* solves the explored graph (both bounds, float64), carries the mass
(`reach`) and then expands, wave after wave, the frontier states holding most of
r * ceiling (COVER of it, FEW to MOST states a wave); between two solves, the states a
wave finds get their mass from their parent by one step of the high bound's choice
(`_push`: each expanded state's move with the best expectation over its successors'
ceilings or last values, the first of equal ones, as the solver's).  A round ends once
it has added GROW times the states explored before it (so that the solves together
cost a small multiple of the last one), or when no mass is left where it pushed;
then the next round solves again.

Once the rounds reach the run's bound (`max_states`), the run ends with the *policy
closures* (closure.py; `closing=False`: never): one fixed play's every state explored
to its ends, so that the low bound is at least that play's value; then a solve, and
the play improved and closed again (ENDS closures at most, while the low bound
rises), then rounds of deviations from it (deviate.py: other moves tried where the play
loses most, each closed by the play), while each closes more than CLOSED of the gap it
began with, then closures again, beyond the bound by CLOSE of it (or LEAST states) at most.  Why at the end and not within the
rounds: a closure's states moved every later round's end (la-couronne-de-sel at
1,000,000 states: 50.67 % without the closures, 50.04 % with them, 40.65 % with the
plan's gear); at the end they leave the rounds as they were, so the low bound is at
least the rounds' own (exploring more never lowers it) and at least the closed play's.

The order only guides: the report's bounds are worked out afresh over the whole
explored graph (run.py), as after a breadth-first run, so they are sound whatever the
order.  When a round finds no mass left on the frontier (every state pi reaches is
explored, or its ceiling is 0), the two bounds have met; what is left is then explored
in breadth, so that a run within its bound completes, with the same states and the
same exact value as breadth-first.  With a `gap` target, the run stops at the first
round whose bounds are within it (the bound "gap").
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.analysis.compiled.closure import Closure
from engine.analysis.compiled.deviate import Deviations
from engine.analysis.compiled.picks import Steps, Wear, moves_of, sorted_edges
from engine.analysis.compiled.plan import Plan
from engine.analysis.compiled.snapshot import snapshot
from engine.analysis.compiled.mass import reach, spread
from engine.analysis.compiled.packed import ENDED, EXTRA, MISSING, PARAGRAPH
from engine.analysis.compiled.solve import Solution
from engine.analysis.explore.worth import ceiling_of, hopeful_rows

FIRST = 200_000   # states explored in breadth before the first round
GROW = 0.5        # a round adds at most this share of the states explored before it
CLOSE = 0.5       # the closures at the end (closure.py) add at most this share of the bound beyond it
LEAST = 4096      # ... or this many states, if more
ENDS = 8          # ... in this many closures at most after each round of deviations (and before the first), each after a solve
RISE = 1e-4       # ... while the low bound rose by more than this since the last (0.01 point)
SHARE = 0.01      # ... or by more than this share of itself
FEW = 8192        # states a focused wave expands at least (fewer only when no more hold mass)
MOST = 1 << 16    # ... and at most
DEVIATE = 8       # rounds of deviations from the settled play (deviate.py) a run at most, each while the last
CLOSED = 0.2      # ... closed more than this share of the gap between the bounds it began with


class Focus:
    """The order of a `CompiledExplorer` (its `order`): `begin` at the start of a run,
    `next(found)` after each wave (the states it found, and those of the wave left
    unexpanded) gives the states to expand next; `left(wave)` every state kept back;
    `stopped` why the run stopped early ("gap"), `rounds` each round's figures (the
    states, both bounds, the frontier's r * ceiling and the paragraphs holding most)."""

    def __init__(self, gap: float = 0.0, first: int | None = None, closing: bool = True, planning: bool = True):
        self.gap, self.first = gap, FIRST if first is None else first
        self.closing = closing   # the run ended by policy closures (closure.py)
        self.planning = planning   # ... its picks following the plan that gathers items (plan.py)

    def begin(self, x, roots) -> None:
        self.x, self.roots = x, roots
        self.mode = "breadth"        # then "focused", then "rest" (breadth again: the bounds met)
        self.stopped = None
        self.rounds: list = []       # per round: {"states", "low", "high", "mass"}
        self.known = 0               # states whose ceiling and pooling are set
        size = max(x.table.n, 1)
        self.pooled = np.zeros(size, dtype=bool)   # found, not expanded, not a game over
        self.over = np.zeros(size, dtype=bool)     # a game over (nothing to expand)
        self.r = np.zeros(size)                    # mass the high bound's play carries there (estimated between solves)
        self.s = np.zeros(size)                    # ... play spread over every best move (`spread`)
        self.v = np.zeros(size)                    # its worth: ceiling, or the last high value
        self.hot = np.zeros(0, dtype=np.int64)     # pooled states that may hold mass
        self.mark = 0                              # the edges made before the wave under way
        self.added = self.budget = 0
        self.bound = None                          # the explorer's own bound while the closures go beyond it
        self._p = np.zeros(0)
        self._planned = None                       # the plan, while one closure goes without it (`_unplanned`)
        self.deviated = 0                          # the rounds of deviations begun (deviate.py)
        self.deviated_at = 0.0                     # ... the low bound when the last began
        self._ceiling = (None, 0, None)            # (the lens's edges, how many, their `Ceiling`: `_ceilings`)
        self.closure = Closure(None if x.lens is None or self.planning else
                               Steps(x.book, x.module, lambda: x.table.column(PARAGRAPH)),
                               Wear(lambda: x.table, x.module),
                               self._plan if x.lens is not None and self.planning else None)
        self.walker = self.closure                 # the closure walked, or the deviations

    # --- the explorer's hook ---------------------------------------------------
    def next(self, found: np.ndarray) -> np.ndarray:
        x = self.x
        if self.mode == "rest" or (self.mode == "breadth" and x.table.n < self.first):
            return found
        self._admit(found)
        if self.mode == "closure":
            wave = self._close()
            return wave if len(wave) else self._end()
        if x.table.n > x.max_states:   # (the closures, then every state pooled: the explorer stops at its bound)
            return self._end() if self.closing else self._stop()
        if self.mode == "breadth":
            self.mode = "focused"
            return self._round()
        self._push()
        if self.added >= self.budget:
            return self._round()
        wave = self._choose(self.added >= self.budget // 4)
        return wave if len(wave) else self._round()

    def left(self, wave: np.ndarray) -> np.ndarray:
        """The states of `wave` and every state kept back, each once (the explorer's
        bound given back, were the closures at the end cut)."""
        if self.bound is not None:
            self.x.max_states, self.bound = self.bound, None
        if self.mode == "breadth" or not self.known:
            return wave
        return np.union1d(wave, np.flatnonzero(self.pooled[:self.known]))

    def summary(self) -> dict:
        """The order used, for the report: "focused" when a round was solved."""
        if not self.rounds:
            return {"order": "breadth"}
        last = self.rounds[-1]
        return {"order": "focused", "first": self.first, "rounds": len(self.rounds),
                "gap": last["high"] - last["low"], "gap_target": self.gap, "history": self.rounds,
                "rest": self.mode == "rest"}

    def _plan(self) -> Plan:
        """The plan (plan.py) over the lens's paragraph graph, its chances for the first
        root's starting stats."""
        x = self.x
        root = next((t for _p, t in self.roots if t >= 0), 0)
        row = x.table.take(np.asarray([root]))[0]
        initial = {}
        for d in x.module.stats:
            i = x.slots.find("initial", d.name)
            if i is not None and i < len(row) and row[i] != MISSING:
                initial[d.name] = int(row[i])
        return Plan(x.book, x.module, x.lens.lens.edges, initial or None, lambda: x.table)

    # --- the states found ------------------------------------------------------
    def _grow(self, n: int) -> None:
        if n <= len(self.pooled):
            return
        size = max(n, 2 * len(self.pooled))
        for name in ("pooled", "over", "r", "s", "v"):
            old = getattr(self, name)
            new = np.zeros(size, dtype=old.dtype)
            new[:len(old)] = old
            setattr(self, name, new)

    def _admit(self, found: np.ndarray) -> None:
        """The states of the last wave pooled (those of the wave left unexpanded again;
        the new ones with their ceiling, unless a game over: then their value)."""
        x = self.x
        self._grow(x.table.n)
        new = np.arange(self.known, x.table.n, dtype=np.int64)
        self.known = x.table.n
        if len(new):
            rows = x.table.take(new)
            over = self.over[new] = x._over(rows[:, ENDED]) | x._final(new)
            self.v[new] = self._ceilings(rows)
            self.v[new[over]] = rows[over, ENDED] == 2
            self.added += len(new)
        self.pooled[found[~self.over[found]]] = True

    def _ceilings(self, rows: np.ndarray) -> np.ndarray:
        """Each row's ceiling (explore/worth.py), 1 without the lens's graph.  One
        `Ceiling` serves every wave while the lens's graph is the same (it only grows:
        the same dict, its edges counted), so that what its routes priced is priced once a run, not
        once a wave (la-couronne-de-sel at 1 M states: 1,581 waves, 149 s of 448)."""
        x = self.x
        if x.lens is None:
            return np.ones(len(rows))
        edges = x.lens.lens.edges
        size = sum(len(ts) for ts in edges.values())
        if self._ceiling[0] is not edges or self._ceiling[1] != size:
            self._ceiling = (edges, size, ceiling_of(x.book, x.module, edges))

        def initial(stat):
            i = x.slots.find("initial", stat)
            return None if i is None or i >= rows.shape[1] else rows[:, i]
        worth, _account = hopeful_rows(x.book, x.module, edges, x.slots, rows[:, PARAGRAPH],
                                       rows[:, EXTRA], initial, MISSING, ceiling=self._ceiling[2])
        return worth

    # --- a round ---------------------------------------------------------------
    def _round(self) -> np.ndarray:
        """Both bounds solved over what is explored; the mass carried along the high
        bound's play; the first wave of the round (or the rest in breadth, or nothing:
        the gap reached)."""
        x, n = self.x, self.x.table.n
        g = snapshot(x, self.roots, self.v[:n], self.pooled[:n])
        high = Solution(g).floats()
        lows = Solution(replace(g, terminal=g.terminal * ~self.pooled[:n])).floats(high.comps)   # (the same edges)
        low = lows.start()
        self.r[:n], self.s[:n] = reach(high, g.roots)
        pool = np.flatnonzero(self.pooled[:n])
        self.v[:n] = high.f
        w = self.r[pool] * self.v[pool]
        self.rounds.append({"states": n, "low": low, "high": high.start(), "mass": float(w.sum()),
                            "paragraphs": _where(x.table.column(PARAGRAPH)[pool], w)})
        self.hot = pool[(w > 0) | (self.s[pool] * self.v[pool] > 0)]
        self.added, self.budget = 0, max(FEW, int(GROW * n))
        if self.gap > 0 and self.rounds[-1]["high"] - low <= self.gap:
            self.stopped = "gap"
            return np.zeros(0, dtype=np.int64)
        if not (w > 0).any():   # (no mass on the frontier: the bounds have met)
            self.mode = "rest"
            self.pooled[:] = False
            return pool
        return self._choose(False)

    def _stop(self) -> np.ndarray:
        """Every state kept back: the explorer, past its bound, stops."""
        if self.bound is not None:
            self.x.max_states, self.bound = self.bound, None
        return np.flatnonzero(self.pooled[:self.known])

    def _end(self) -> np.ndarray:
        """The next closure at the end (module docstring): both bounds solved over what
        is explored, the play improved and walked; or, after ENDS of them, once the low
        bound no longer rises or the closures' share is spent, every state kept back
        (`_stop`).  Each is a round of its own in the figures ("closure": the states it
        reached and expanded, whether it was complete).

        Only the first end solves the high bound: after it, each state's worth (`v`) is
        its high value then, or its ceiling for a state found since, which is all the
        picks read of the high bound (the report's bounds are solved afresh, run.py);
        the figures' "high" is the first end's, still a high bound (exploring more
        never raises it).  The closures stop once one raised the low bound by at most
        RISE and at most SHARE of itself (the-clock-of-vennick, sheet 110, at 1 M
        states: 0, 0.0014 %, 68.50 %, 68.72 %, 68.94 %, then 0.00001 point; the three
        closures after it, each after two solves of the whole graph, added 0.0003
        point).  Once settled so (or after a closure that expanded nothing), the
        deviations (deviate.py, `_deviating`) are tried, round after round while each
        closes enough of its gap, and the closures go on after the last while the low
        bound rises (ENDS of them at most)."""
        x, n = self.x, self.x.table.n
        if self.bound is None:
            if self.mode == "closure":
                return self._stop()
            self.bound, self.mode, self.ends = x.max_states, "closure", 0
            x.max_states = self.bound + max(int(CLOSE * self.bound), LEAST)
        ends = [r["low"] for r in self.rounds if r.get("end")]
        idle = bool(ends) and not self.rounds[-1].get("closure", {}).get("expanded")
        if self.ends >= ENDS or n >= x.max_states or (idle and (self.deviated >= DEVIATE or
                                                                 self.rounds[-1].get("deviations"))):
            return self._stop()   # (a closure that expanded nothing: the same graph, the same play)
        g = snapshot(x, self.roots, self.v[:n], self.pooled[:n])
        lows = Solution(replace(g, terminal=g.terminal * ~self.pooled[:n])).floats()
        if ends:   # (the high values of the first end kept: see the docstring)
            top = self.rounds[-1]["high"]
        else:
            high = Solution(g).floats(lows.comps)   # (the same edges)
            self.v[:n], top = high.f, high.start()
            del high
        low = lows.start()
        self.rounds.append({"states": n, "low": low, "high": top, "end": True})
        self.ends += 1
        after = len(self.rounds) > 1 and self.rounds[-2].get("deviations")   # (the next round at once: see `_deviating`)
        settled = idle or (len(ends) and not rose(ends[-1], low) and not self._unplanned(low))
        if (settled or after) and not self._deviating(g, lows):
            if settled:
                return self._stop()
        if not self.rounds[-1].get("deviations"):   # (a closure: after a round too, when no other follows it)
            self._replanned()
            self.walker = self.closure
            self.closure.begin(g, self.v[:n], lows.f, self.pooled[:n])
        self.mark = len(x.e_state)   # (the snapshot joined the edges listed)
        del lows, g
        wave = self._close()
        return wave if len(wave) else self._end()

    def _unplanned(self, low: float) -> bool:
        """Whether the next closure goes on without the plan (its picks by the steps
        still to a victory and the wear, as before the plan): once, where the plan's
        closed play won nothing (the low bound still 0 after a closure), which would
        otherwise stop the closures with a low bound of 0 (vlow32's "stall's way back
        free", vlow33's toll on the-clock-of-vennick: the first closure, 1,167 states,
        complete without a victory).  The plan comes back after it (`_replanned`): the
        steps' play, closed, gives the low values that the next closures improve."""
        c, x = self.closure, self.x
        if low > 0 or self._planned is not None or c.plan is None or x.lens is None:
            return False
        self._planned, c.plan = c.plan, None
        c.far = Steps(x.book, x.module, lambda: x.table.column(PARAGRAPH))
        return True

    def _replanned(self) -> None:
        """The plan back in the picks after the one closure without it (`_unplanned`)."""
        c = self.closure
        if self._planned is not None and c.plan is None and self.rounds[-2:-1] and \
                self.rounds[-2].get("unplanned"):
            c.plan, c.far = self._planned, None
        if c.plan is None and self._planned is not None:
            self.rounds[-1]["unplanned"] = True

    def _deviating(self, g, lows) -> bool:
        """Whether a round of deviations from the settled play begins (deviate.py):
        other moves tried where the play loses most, each closed by the play.  Once
        the closures settle; again after each round that closed more than CLOSED of the
        gap it began with (the order's high bound less the low one), DEVIATE rounds at
        most.  A round tries its moves against the play the last one left, so
        improvements chain: a move worth trying only where an earlier deviation leads
        (the mill in the valley the feather's road reaches: closure-mill.yaml) is a
        candidate once the play goes there
        (la-couronne-de-sel at 1 M states, the order's bounds 50.3 %–99.95 % when the
        closures settle, then after each round 65.2 %, 79.1 %, 85.4 %, 87.5 %: each closed
        30 %, 40 %, 30 %, 14 % of its gap; eight rounds reach 89.8 %, each under 4 % of
        its gap after the fourth).  The next round begins right after the solve that
        follows a round, with no closure between: the solve takes the better of the
        play and every deviation, and a closure of that play raised the low bound in
        none of eight rounds (0 to 2,232 states each; one solve of the whole graph a
        round instead of two); the round starts from the play the last one walked
        (its picks at the states it reached), as a closure would have."""
        if self.deviated >= DEVIATE or self.x.lens is None:
            return False
        low = lows.start()
        if self.deviated and not (rose(self.deviated_at, low) and
                                  low - self.deviated_at > CLOSED * (self.rounds[-1]["high"] - self.deviated_at)):
            return False
        self.deviated += 1
        self.deviated_at, self.ends = low, 0
        self.walker = Deviations(self.walker)   # (the play the last closure or round walked)
        self.rounds[-1]["deviations"] = self.walker.start(g, self.v[:g.states], lows, self.pooled[:g.states],
                                                          self.x.table)
        return self.rounds[-1]["deviations"] > 0

    def _close(self) -> np.ndarray:
        """The next wave of the policy closure (closure.py): the moves of the states the
        last wave expanded picked, the play walked on; nothing once it is complete (each
        round's figures: "closure", the states it reached, those it expanded, and
        whether it was complete)."""
        x = self.x
        if len(x.e_state) > self.mark:
            self.walker.expanded(*self._since(), self.v, self.pooled)
        wave = self.walker.walk(self.pooled, self.v, MOST)
        done = self.rounds[-1].get("closure", {}).get("expanded", 0) + len(wave)
        self.rounds[-1]["closure"] = {"reached": int(self.walker.reached), "complete": self.walker.complete,
                                      "expanded": int(done)}
        self.pooled[wave] = False
        x._flush()
        self.mark = len(x.e_state)
        return wave

    def _since(self) -> tuple:
        """The edges made since `mark` (in order of state and move), their probabilities
        as floats."""
        st, mv, tg, pr = sorted_edges(self.x, self.mark)
        self.mark = len(self.x.e_state)
        return st, mv, tg, self._probs()[pr]

    def _choose(self, solve_soon: bool) -> np.ndarray:
        """The pooled states the high bound's play reaches, most r * worth first (MOST
        at most), then, up to FEW, those that play spread over its best moves reaches
        most; nothing when the former are none and `solve_soon` (a round is due), or
        when neither holds mass.  The explorer's edges from here on are theirs (`_push`)."""
        hot = np.unique(self.hot[self.pooled[self.hot]])
        w, ws = self.r[hot] * self.v[hot], self.s[hot] * self.v[hot]
        keep = (w > 0) | (ws > 0)
        hot, w, ws = hot[keep], w[keep], ws[keep]
        ahead = np.flatnonzero(w > 0)
        if not len(hot) or (solve_soon and not len(ahead)):
            self.hot = hot
            return np.zeros(0, dtype=np.int64)
        ahead = ahead[np.argsort(-w[ahead], kind="stable")][:MOST]
        rest = np.flatnonzero(w <= 0)
        rest = rest[np.argsort(-ws[rest], kind="stable")][:max(FEW - len(ahead), 0)]
        taken = np.zeros(len(hot), dtype=bool)
        taken[ahead] = taken[rest] = True
        chosen = hot[taken]
        self.hot = hot[~taken]
        self.pooled[chosen] = False
        self.x._flush()
        self.mark = len(self.x.e_state)
        return chosen

    def _push(self) -> None:
        """The mass of the states the last wave expanded, pushed one step: along each
        one's move of best expectation (over its successors' worth), the first of equal
        ones, to every outcome; the expanded state's worth that expectation."""
        if len(self.x.e_state) <= self.mark:
            return
        st, mv, tg, p = self._since()
        mp, sp, states = moves_of(st, mv)
        for mass, first in ((self.s, False), (self.r, True)):
            src, tgt, w, has, best = spread(sp, mp, tg, p, self.v, first)
            src = states[src]
            other = tgt != src
            np.add.at(mass, tgt[other], mass[src[other]] * w[other])
            self.hot = np.concatenate([self.hot, np.unique(tgt[other][self.pooled[tgt[other]]])])
        self.v[states[has]] = best

    def _probs(self) -> np.ndarray:
        """The float of each probability the explorer numbered."""
        fr = self.x.fractions
        if len(self._p) < len(fr):
            self._p = np.concatenate([self._p, np.asarray([float(p) for p in fr[len(self._p):]])])
        return self._p


def rose(before: float, after: float) -> bool:
    """Whether a closure raised the low bound from `before` to `after` enough to close
    the play again (focus.py `_end`): by more than RISE (0.01 point) or by more than
    SHARE of the bound itself (from 0 to 0.0014 %, the first closure of the-clock-of-
    vennick's, is a rise: the next one reached 68.50 %)."""
    return after - before > RISE or after - before > SHARE * after


def _where(paragraphs: np.ndarray, w: np.ndarray, top: int = 5) -> list:
    """[[paragraph, its frontier's share of r * ceiling, its frontier states holding some]],
    most first."""
    held = w > 0
    if not held.any():
        return []
    names, at = np.unique(paragraphs[held], return_inverse=True)
    mass = np.bincount(at.reshape(-1), weights=w[held])
    states = np.bincount(at.reshape(-1))
    return [[int(names[i]), float(mass[i]), int(states[i])] for i in np.argsort(-mass, kind="stable")[:top]]
