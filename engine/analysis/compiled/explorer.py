"""The compiled explorer: every state of a book, wave by wave, into the arrays of graph.py.

Each wave takes the states found by the last one.  Those waiting at the choices of
a paragraph with a program (programs.py) are expanded together, a batch per
paragraph; every other state (an activity pending: a fight, a test, a roll; a
paragraph without a program; a state its program hands over) goes to the engine
path (engine_path.py), one by one.  Both give moves as (text, [(probability,
successor)]); successors are packed (packed.py) and found or added by hash.  The
result says which paragraphs took the engine path and why, so that coverage never
depends on the compiler: a program only saves time.

Bounds: `max_states` between the slices of a wave (smaller as it nears: it holds
within one), `timeout` (CPU seconds) between waves; `deadline` (a
`time.monotonic()` time: `lint --deep`'s wall clock) between the batches of a wave,
and in a call into the module that a watch stops past it (`interruptible`, TimeUp:
a fight's pricing).  The slice of the wave under way when the deadline passes is left
unexplored, its edges dropped, as if the run had stopped before it.
"""
from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import compress

import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.edges import Edges
from engine.analysis.compiled.distinct import numbered
from engine.analysis.compiled.engine_path import ERROR, SELF, EnginePath
from engine.analysis.compiled.fights import Probabilities, Spread
from engine.analysis.compiled.lazy import Lazy
from engine.analysis.compiled.forget import Forget
from engine.analysis.explore.nodes import MACRO
from engine.analysis.compiled.graph import Graph, edge_probs, narrow
from engine.analysis.compiled.packed import ENDED, PARAGRAPH, PENDING, Slots, Table
from engine.analysis.compiled.compiler import Compiler, Unsupported
from engine.analysis.compiled.reasons import Reason
from engine.analysis.compiled.steps import handed
from engine.analysis.compiled.frontier import ceilings as row_ceilings
from engine.analysis.compiled.fought import fought
from engine.analysis.compiled.dominance import dominance
from engine.analysis.compiled.monotone import ahead, monotone
from engine.analysis.explore.compact import thaw
from engine.analysis.compiled.templates import ERROR as ERROR_T, SELF as SELF_T, Templates
from engine.rules.watchdog import TimeUp
from engine.support.heap import give_back

FRONTIER = -2
LATER = -3      # a target below: a successor waiting to be added with the rest of its wave
FLUSH = 1 << 15   # successors waiting at most (then found or added at once)
DEAD = -1       # the "pending activity" of a dead state's program (the module's rescues)
CHUNK = 1 << 13   # states a program expands at once at most (a fight's are many rows each)
SLICE = 1 << 16   # states of a wave expanded together at most
# ... and at most so many bytes of int64 rows (a book of 250 columns has rows of 2 KB):
# the peak while exploring is these batches' rows, not the states kept
FLUSH_BYTES, CHUNK_BYTES, SLICE_BYTES = 16 << 20, 4 << 20, 32 << 20
FEW = 64          # states of a wave expanded together at least


@dataclass
class Explored:
    graph: Graph
    table: Table
    engine_paragraphs: dict = field(default_factory=dict)   # paragraph -> why its states took the engine path
    compiled_states: int = 0
    engine_states: int = 0
    bound: str | None = None
    strategies: set = field(default_factory=set)
    errors: list = field(default_factory=list)
    seconds: float = 0.0
    compiled_seconds: float = 0.0                            # CPU of the programs (adding their states included)
    moves_text: list = field(default_factory=list)           # per move: its text
    frontier: object = None                                  # the states found but not expanded (a cut run)
    lens: object = None                                      # the lens the rows were projected by (forget.py)
    hopeless: object = None                                  # per frontier state: no game can still win it (ceiling.py)
    ceiling: dict | None = None                              # how many and why (ceiling.py `account`)
    worth: object = None                                     # per frontier state: its ceiling (ceiling.py)
    dominance: object = None                                 # its pairs with explored states (dominance.py)
    tops: object = None                                      # per root: its ceiling (a cut run; ceiling.py)


class CompiledExplorer:
    def __init__(self, book, module, sheet: int | None = None, with_commands: bool = True,
                 fight_nodes: bool = True, max_states: int = 10_000_000, programs: bool = True,
                 batched: bool = True, timeout: float | None = None, lens: bool = True, once: bool = False,
                 deadline: float | None = None, order=None, dominance: bool = True):
        self.book, self.module, self.sheet, self.max_states = book, module, sheet, max_states
        self.dominance, self._monotone = dominance, None   # a cut run's frontier bounded by dominance (dominance.py)
        self.order = order   # which states found to expand next (focus.py `Focus`); None: every one, breadth-first
        self.once = once   # run once (`explore_compiled`): the fight chains not kept past the exploring
        self.timeout = timeout   # CPU seconds, checked between waves
        self.deadline = deadline   # wall clock (time.monotonic), checked between batches
        self.interruptible = False   # a call into the module may be stopped here (TimeUp): not while adding
        self.slots = Slots(getattr(module, "display_extra", ()))
        self.table = Table(self.slots)
        self.engine = EnginePath(book, module, with_commands, fight_nodes)
        self.lens = Forget(book, module) if lens else None
        self.restarts = 0   # explorations started again with the lens's graph corrected
        self.compiler = Compiler(book, module, with_commands, self.engine.cache, fight_nodes) if programs else None
        if programs and self.lens is not None:   # (a visit no step reads is not written: forget.py)
            self.compiler.unread_visit = self.lens.unread_visit
        if programs:
            self.programs, self.why = self.compiler.compile()
        else:
            self.programs, self.why = {}, {n: Reason("programs-off") for n in book.paragraphs}
        self._pending: dict = {}       # (paragraph, pending id) -> its program or None
        self.why_pending: dict = {}    # ... -> why none
        self._dens: dict = {}
        self.rules = getattr(module, "vector_rules", None)
        self.templates, self.batched = Templates(self), batched
        self._probs: dict = {}
        self._by_id: dict = {}   # id(probability) -> (it, its number)
        self._ids, self._seen = {}, []   # `_prob_of`
        self._tables: dict = {}          # `_numbered`
        self.fractions: list = []
        # edges as parallel lists as they are made: (state, move order, target, probability id);
        # breadth-first, each slice's sorted into `edges` once it is expanded (edges.py)
        self.e_state, self.e_move, self.e_target, self.e_prob = [], [], [], []
        self.edges = Edges()
        self.texts: dict = {}
        self.engine_paragraphs: dict = {}
        self.compiled_states = self.engine_states = 0
        self.compiled_seconds = 0.0
        self._waiting, self._waiting_n, self._fixed = [], 0, 0
        self._growth = 1   # the most new states a state of a wave gave (`_rows`: slices under the bound)
        self._default_row = np.zeros(0, dtype=np.int64)
        self._starts = None
        self._finals, self._finals_at = set(), None   # deaths nothing can rescue (`_final_deaths`)

    def _prob(self, p) -> int:
        """The number of a probability (a float apart from the fraction it equals); the
        same object found again by its identity first (the engine hands the same
        probabilities over and over: a Fraction's hash and fields cost more)."""
        seen = self._by_id.get(id(p))
        if seen is not None and seen[0] is p:
            return seen[1]
        if type(p) is Lazy:   # (a number of its own: lazy.py)
            self.fractions.append(p)
            return len(self.fractions) - 1
        key = (p.numerator, p.denominator) if not isinstance(p, float) else ("f", p)
        i = self._probs.get(key)
        if i is None:
            i = self._probs[key] = len(self.fractions)
            self.fractions.append(p)
        if len(self._by_id) < 1 << 16:
            self._by_id[id(p)] = (p, i)   # (p kept alive: its id is not reused meanwhile)
        return i

    def _new_numbers(self, probs: list) -> np.ndarray:
        """The numbers of new probabilities; each `Lazy` (known as a float first: lazy.py)
        a new number of its own, never compared (its Fraction is made only if the exact
        solve reads it), the others by `_prob`."""
        lazy = np.fromiter(map(_is_lazy, probs), dtype=bool, count=len(probs))
        out = np.empty(len(probs), dtype=np.int64)
        at = np.flatnonzero(lazy)
        out[at] = len(self.fractions) + np.arange(len(at))
        self.fractions.extend(compress(probs, lazy.tolist()))
        for i in np.flatnonzero(~lazy).tolist():
            out[i] = self._prob(probs[i])
        return out

    def _prob_of(self, p) -> int:
        """`_prob` of a probability met again as the same object (a fight's ends are
        kept in the module's cache): found by identity, its hash not worked out again
        (the object kept alive in `_seen`, so that its identity is not reused)."""
        i = self._ids.get(id(p))
        if i is None:
            i = self._ids[id(p)] = self._prob(p)
            self._seen.append(p)
        return i

    def _numbered(self, table) -> np.ndarray:
        """The probability number of each entry of a `Probabilities` table (which only
        grows): each entry numbered once, the table kept alive with its numbers."""
        held = self._tables.get(id(table))
        ids = held[1] if held is not None and held[0] is table else np.zeros(0, dtype=np.int64)
        if len(ids) < len(table):
            ids = np.concatenate([ids, self._new_numbers(table[len(ids):])])
            self._tables[id(table)] = (table, ids)
        return ids

    def _pack(self, states) -> np.ndarray:
        return self.table.batch([self.slots.pack(st) for st in states])

    def run(self, starts: list | None = None) -> Explored:
        """Every state; again from the start, with the lens's graph corrected, when a
        move showed that graph wrong (what the lens forgot may then matter).  `starts`:
        the roots [(probability, game state)] (default: the sheet's, or every creation);
        an explorer run again keeps its programs, templates and fight chains (sheets.py
        explores sheet after sheet so), its states and edges made anew."""
        began = time.process_time()
        self._starts = starts
        if self.table.n:
            self._clear()
            self.compiled_seconds = 0.0
        # no automatic collection meanwhile: each full one walks every node of the
        # module's fight chains (millions of tuples, none in a cycle to free), 12 % of
        # the CPU of le-taureau-d-airain's first 200,000 states
        collecting = gc.isenabled()
        gc.disable()
        try:
            while True:
                found = self._run(began)
                if self.lens is None or not self.lens.lens.stale:
                    found.lens = self.lens
                    return found
                self.restarts += 1
                self.lens.lens.refresh()
                self.lens.masks.clear()
                self._clear()
        finally:
            if collecting:
                gc.enable()

    def _clear(self) -> None:
        """No state or edge kept (what the programs and the fights learnt stays)."""
        self.table = Table(self.slots)
        self.e_state, self.e_move, self.e_target, self.e_prob = [], [], [], []
        self.edges = Edges()
        self._waiting, self._waiting_n, self._fixed = [], 0, 0
        self.engine_paragraphs = {}
        self.compiled_states = self.engine_states = 0
        self._finals, self._finals_at = set(), None

    def _add(self, rows: np.ndarray, own: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Rows found or added, as `project` keeps them.  `own`: the rows may be changed
        in place."""
        held, self.interruptible = self.interruptible, False   # (the table half changed: no stop)
        try:
            rows, final = self.project(rows, own)
            idx, new = self.table.add(rows)
        finally:
            self.interruptible = held
        if final.any():
            self._finals.update(idx[final].tolist())
            self._finals_at = None
        return idx, new

    def project(self, rows: np.ndarray, own: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """(the rows as the table keeps them, which of them are deaths nothing can rescue):
        widened to every column, what no later step reads forgotten (the lens), and a
        game over for good (a victory, a death nothing can rescue) kept as its
        paragraph, ending and cause only (nothing follows it: its value is its
        ending's), as today's explorer keeps it."""
        self.table.widen()
        padded = self.slots.widened(rows, len(self.slots))
        own = own or padded is not rows
        rows = padded
        if self.lens is not None:
            rows = self.lens.strip(rows, self.slots, copy=not own)
            own = True
        over = self._over(rows[:, ENDED])
        final = self._final_deaths(rows, (rows[:, ENDED] == 1) & ~over)
        over |= final
        if over.any():
            rows = rows if own else rows.copy()
            rows[over, PENDING:] = self._defaults(rows.shape[1])[PENDING:]
        return rows, final

    def _final_deaths(self, rows: np.ndarray, dead: np.ndarray) -> np.ndarray:
        """Which of the `dead` rows no rescue is offered to (today's explorer's `_final`:
        the module's `on_death` offers none; Chroniques Crétoises: Zeus called already,
        a death by Shame, Shame above Honour, no place to be raised): by the offered
        masks of the module's rescues where a program holds them, else by its
        `on_death` state by state.  Such a death is a game over for good."""
        final = np.zeros(len(rows), dtype=bool)
        if not dead.any():
            return final
        para = rows[:, PARAGRAPH]
        for n in np.unique(para[dead]).tolist():
            sel = np.flatnonzero(dead & (para == n))
            program = self.program(n, DEAD)
            if program is not None:
                batch = Batch(rows[sel], self.slots)
                offered = np.zeros(len(sel), dtype=bool)
                for _key, on, _rescue, _entered in program.rescues:
                    offered |= on(batch)
                final[sel] = ~offered
                continue
            game = self.engine.game
            for s in sel.tolist():
                game.state = self.slots.unpack(rows[s], self.book, self.module)
                final[s] = not self.module.on_death(game, game.state.death_cause or "").rescues
        return final

    def over(self, states: np.ndarray) -> np.ndarray:
        """Which of the kept `states` are a game over for good (nothing to expand)."""
        return self._over(self.table.column(ENDED)[states]) | self._final(states)

    def _final(self, states: np.ndarray) -> np.ndarray:
        """Which of the kept `states` are a death nothing can rescue (`_final_deaths`)."""
        if not self._finals:
            return np.zeros(len(states), dtype=bool)
        if self._finals_at is None:
            self._finals_at = np.fromiter(self._finals, dtype=np.int64, count=len(self._finals))
        return np.isin(states, self._finals_at)

    def _later(self, *blocks: np.ndarray) -> np.ndarray:
        """Successor rows (blocks of them, in order) found or added later, with the
        others of their wave (one call to `_add` for many paragraphs and groups: its
        cost is mostly a call's); their targets meanwhile, numbers from LATER down that
        `_flush` replaces."""
        base = self._waiting_n
        self._waiting += blocks
        self._waiting_n += sum(len(b) for b in blocks)
        return LATER - base - np.arange(self._waiting_n - base, dtype=np.int64)

    def _flush(self, at_least: int = 0) -> np.ndarray:
        """The successors waiting found or added (when more than `at_least` wait, or
        their rows more than FLUSH_BYTES), a few thousand rows at a time; the edges
        listed since made one array each, in the narrowest types (a state, a target:
        int32; a move, a probability's number: uint8 or uint16 mostly), with their real
        targets; the states new to the table."""
        if at_least and self._waiting_n <= self._rows(at_least, FLUSH_BYTES):
            return np.zeros(0, dtype=np.int64)
        new = [np.zeros(0, dtype=np.int64)]
        if self._waiting:
            idx, at = np.empty(self._waiting_n, dtype=np.int64), 0
            for rows in self._stacked(self._rows(FLUSH, FLUSH_BYTES)):
                idx[at:at + len(rows)], fresh = self._add(rows, own=True)
                new.append(fresh)
                at += len(rows)
        if len(self.e_target) > self._fixed:
            index = np.int32 if self.table.n < 1 << 31 else np.int64
            for edges, top in ((self.e_state, None), (self.e_move, 0), (self.e_target, None),
                               (self.e_prob, len(self.fractions))):
                joined = np.concatenate(edges[self._fixed:])
                edges[self._fixed:] = [joined.astype(index if top is None else
                                                     narrow(max(top, int(joined.max(initial=0)), 1)))]
            t = self.e_target[-1]
            later = np.flatnonzero(t <= LATER)
            if len(later):
                t[later] = idx[LATER - t[later]]
            self._fixed = len(self.e_target)
        return np.concatenate(new)

    def _stacked(self, most: int):
        """The successors waiting, in order, as int64 matrices of `most` rows at most
        (each widened to every column, those made since at their default); each block
        let go once copied (the rows of one flush are not all held twice)."""
        self.table.widen()
        width, left = len(self.slots), self._waiting_n
        defaults = self._defaults(width)
        blocks, self._waiting, self._waiting_n = self._waiting, [], 0
        rows, at = None, 0
        for j, b in enumerate(blocks):
            blocks[j], done = None, 0
            while done < len(b):
                if rows is None:
                    rows, at = np.empty((min(most, left), width), dtype=np.int64), 0
                k = min(len(b) - done, len(rows) - at)
                rows[at:at + k, :b.shape[1]] = b[done:done + k]
                rows[at:at + k, b.shape[1]:] = defaults[b.shape[1]:]   # (columns made since)
                at, done, left = at + k, done + k, left - k
                if at == len(rows):
                    yield rows
                    rows = None

    def _defaults(self, k: int) -> np.ndarray:
        if len(self._default_row) != k:
            self._default_row = np.array([self.slots.default(j) for j in range(k)], dtype=np.int64)
        return self._default_row

    def _run(self, began) -> Explored:
        starts = self._starts if self._starts is not None else self.engine.starts(self.sheet)
        idx, new = self._add(self._pack([st for _p, st in starts]))
        roots = [(p, int(i)) for (p, _st), i in zip(starts, idx)]
        bound = None
        wave = new
        expanded = np.zeros(0, dtype=bool)
        if self.order is not None:
            self.order.begin(self, roots)
        while len(wave):
            if self.table.n > self.max_states:
                bound = "max-states"
                break
            if self.timeout is not None and time.process_time() - began > self.timeout:
                bound = "timeout"
                break
            # (a slice of the wave at a time: its rows are int64 while it is expanded; the
            # states of a wave cut by the bound are left to the frontier, with the new ones)
            found, at = [], 0
            try:
                self.interruptible = True
                while at < len(wave) and self.table.n <= self.max_states:
                    self._late()
                    step = self._rows(SLICE, SLICE_BYTES, self.max_states - self.table.n)
                    before = self.table.n
                    found.append(self._wave(wave[at:at + step]))
                    self._growth = max(self._growth, -(-(self.table.n - before) // len(wave[at:at + step])))
                    at += step
            except TimeUp as late:
                bound = late.args[0] if late.args else "timeout"
                wave = self._cut(int(wave[at]))
                break
            finally:
                self.interruptible = False
            wave = np.concatenate(found + [wave[at:]])
            if self.order is not None:   # (it keeps back the states it does not give: `left`)
                wave = self.order.next(wave)
        if self.order is not None:
            bound = bound or self.order.stopped
            wave = self.order.left(wave)
        n = self.table.n
        frontier = wave[~self.over(wave)] if bound else np.zeros(0, dtype=np.int64)
        hopeless = ceiling = worth = None
        if len(frontier) and self.lens is not None:   # (ceiling.py: each row's ceiling, 0: lost)
            worth, ceiling = self.ceilings(frontier)
            hopeless = worth == 0
        # (each root at most its own ceiling too: run.py `high_solution`)
        tops = self.ceilings(np.array([t for _p, t in roots], dtype=np.int64))[0] if worth is not None else None
        if self.once:   # the module's fight chains are not read by the graph: their
            # memory given back before its sort (a restart or a later use makes them again)
            self.engine.cache.clear()
            self._pending.clear()   # (the fights' programs hold each fighter's answers: made again if asked)
            self._compacted()
            # the chains' cycles (a fight's solver and its caches): a full collection, not
            # the youngest generation's alone (0.016 s against 0.04 on la-cloche-de-brumesel,
            # but le-taureau-d-airain's peak 2.98 GB against 2.79: what the older
            # generations hold matters there)
            gc.collect()
        give_back()   # (what the batches and the chains held, before the graph's sort)
        # (a row below its ceiling of 1 stays a state of its own: the high bound reads its
        # ceiling; so does a row dominance bounds: dominance.py)
        dom = self._dominance(frontier, worth)
        graph = self._graph(n, roots, frontier if worth is None else
                            np.setdiff1d(frontier[worth == 1], dom.rows() if dom is not None else []))
        if dom is not None:
            dom.settled((np.diff(graph.state_ptr.astype(np.int64)) > 0) | self.over(np.arange(n)), frontier)
        give_back()
        del expanded
        return Explored(graph, self.table, self.engine_paragraphs, self.compiled_states, self.engine_states,
                        bound, set(self.engine.strategies), list(self.engine.errors),
                        time.process_time() - began, self.compiled_seconds, frontier=frontier,
                        hopeless=np.zeros(len(frontier), dtype=bool) if hopeless is None else hopeless,
                        ceiling=ceiling, worth=worth, dominance=dom, tops=tops)

    def _dominance(self, frontier, worth):
        """The frontier's pairs with explored rows over the book's monotone stats
        (dominance.py, monotone.py), or None: no ceilings, no such stat, or `dominance` off."""
        if not self.dominance or worth is None or not len(frontier):
            return None
        if self._monotone is None:
            self._monotone = monotone(self.book, self.module)
        stats = {s: at for s, at in ahead(self.lens.lens, self._monotone).items() if at}
        return dominance(self.table, frontier, worth, stats) if stats else None

    def _compacted(self) -> None:
        """(A run once, its fights priced) the probabilities' numbering caches let go and
        the distinct probabilities copied anew.  Those objects were made while the fights
        were priced, among the fight chains' millions of tuples in the interpreter's
        arenas (1 MB each, given back to the system only once empty): each one kept
        alive pinned an arena the chains had filled.  le-taureau-d-airain at 1,000,000
        states: 349 -> 261 MB resident once the chains are freed (100 MB of the rest
        came back only when the explorer itself was dropped)."""
        self._tables, self._seen, self._ids, self._by_id, self._dens = {}, [], {}, {}, {}
        self.fractions = [p if type(p) is Lazy else _copied(p) for p in self.fractions]
        self._probs = {(p.numerator, p.denominator) if not isinstance(p, float) else ("f", p): i
                       for i, p in enumerate(self.fractions) if type(p) is not Lazy}   # (never looked up: `_new_numbers`)

    def ceilings(self, rows) -> tuple:
        """(each row's ceiling, how many and why: ceiling.py `account`) of the table's
        rows `rows` (row numbers; the lens needed): compiled/frontier.py `ceilings`, the
        rows inside a fight under way priced from their own state (fought.py)."""
        return fought(self, rows, *row_ceilings(self, rows))

    def _late(self) -> None:
        """TimeUp once the wall-clock deadline has passed."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise TimeUp("timeout")

    def _cut(self, first: int) -> np.ndarray:
        """The states from `first` on (the slice under way and all found since) left
        unexplored: the successors waiting added, the edges made from those states
        dropped; those states."""
        self._flush()
        if self.edges.last >= first:
            self.edges.drop_from(first)
        keep = [st < first for st in self.e_state]
        for edges in (self.e_state, self.e_move, self.e_target, self.e_prob):
            edges[:] = [e[k] for e, k in zip(edges, keep)]
        self._fixed = len(self.e_state)
        return np.arange(first, self.table.n, dtype=np.int64)

    def _rows(self, most: int, budget: int, room: int | None = None) -> int:
        """States or rows to take together: `most`, fewer when their int64 rows would pass
        `budget` bytes, and, given the `room` left under the bound, few enough that
        their successors fit in it (FEW at least)."""
        rows = min(most, budget // (8 * max(len(self.slots), 1)))
        if room is not None:
            rows = min(rows, room // self._growth)
        return max(rows, FEW)

    def _over(self, ended: np.ndarray) -> np.ndarray:
        """A game over for good (a victory; a death the module never rescues): nothing
        follows it, so it needs no expanding (its value is its ending's)."""
        return (ended == 2) | ((ended == 1) & bool(getattr(self.rules, "no_rescue", False)))

    # --- one wave ---------------------------------------------------------------
    def _wave(self, states: np.ndarray) -> np.ndarray:
        rows = self.table.take(states)
        ended = rows[:, ENDED]
        found = []
        terminal = self._over(ended) | self._final(states)
        waiting = (ended == 0) & (rows[:, PENDING] == 0)
        para = rows[:, PARAGRAPH]
        to_engine = ~terminal
        busy = (ended == 0) & (rows[:, PENDING] != 0)
        dead = (ended == 1) & ~terminal   # (a death the module may still rescue)
        began = time.process_time()
        for n, pend, sel in _groups(para, rows[:, PENDING], waiting, busy, dead):
            program = self.program(n, pend)
            if program is None:
                continue
            chunk = self._rows(CHUNK, CHUNK_BYTES)
            for at in range(0, len(sel), chunk):   # (a chunk at a time: its successors' rows are int64)
                self._late()
                part = sel[at:at + chunk]
                left = self._compiled(program, states[part], rows[part])
                to_engine[part] = False
                to_engine[part[left]] = True
                if left.any():
                    self.engine_paragraphs.setdefault(n, Reason("handed-over"))
                found.append(self._fresh)
        found.append(self._flush())   # (the programs' successors: their time counted as theirs)
        self.compiled_seconds += time.process_time() - began
        found += self._templated(states[to_engine], rows[to_engine])
        found.append(self._flush())
        if self.order is None:
            self._sorted()
        return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)

    def _sorted(self) -> None:
        """The edges listed (a slice's, every one made: `_wave`) sorted into `edges`,
        unless their states do not all come after those kept there (edges.py)."""
        if not self.e_state:
            return
        joined = [xs[0] if len(xs) == 1 else np.concatenate(xs)
                  for xs in (self.e_state, self.e_move, self.e_target, self.e_prob)]
        if self.edges.add(*joined):
            self.e_state, self.e_move, self.e_target, self.e_prob = [], [], [], []
            self._fixed = 0

    def program(self, n: int, pend: int):
        """The program of the states at paragraph `n` with pending activity `pend` (0:
        waiting at its choices; DEAD: dead there, the module may rescue them), or None
        (they take the engine path, the reason kept)."""
        if pend == 0:
            return self.programs.get(n)
        key = (n, pend)
        if key not in self._pending:
            self._pending[key] = None
            if self.compiler is not None:
                try:
                    self._pending[key] = self.compiler.rescued(n) if pend == DEAD else \
                        self.compiler.pending(n, thaw(self.slots.pendings.values[pend]))
                except Unsupported as exc:
                    self.why_pending[key] = exc.reason
        return self._pending[key]

    def program_of(self, row):
        """The program of a state (its packed row), or None: `program` of its
        paragraph and activity, or of its death when the module may rescue it."""
        if self._over(np.asarray([row[ENDED]]))[0]:
            return None
        return self.program(int(row[PARAGRAPH]), DEAD if int(row[ENDED]) == 1 else int(row[PENDING]))

    def _moved(self, src: np.ndarray, dst: np.ndarray) -> None:
        """Moves of a program from paragraphs `src` to `dst`, checked against the lens's
        graph (a program enters its target only)."""
        if self.lens is None or not len(src):
            return
        a = int(src[0])
        if (src == a).all() and int(dst.min()) >= 0:   # (one paragraph's batch, as most: its targets counted)
            self.entered(a, [b for b in np.flatnonzero(np.bincount(dst)).tolist() if b != a])
            return
        moves, _which = numbered([src, dst])   # (distinct.py: paragraph numbers, no sort of the moves)
        for a, b in moves:
            if a != b:
                self.entered(a, (b,))

    def entered(self, start: int, paragraphs) -> None:
        """A move from `start` entered `paragraphs`: a path the lens's graph does not
        know makes it stale (the exploration starts again)."""
        if self.lens is not None:
            self.lens.lens.check(start, paragraphs)

    def _why(self, n: int, pend: int) -> str:
        """Why a state at `n` (pending `pend`) takes the engine path, for the report."""
        if pend:
            return self.why_pending.get((n, pend)) or Reason("pending")
        return self.why.get(n) or Reason("handed-over")

    def _counts(self, den: int) -> np.ndarray:
        """The probability ids of 0/den .. den/den."""
        ids = self._dens.get(den)
        if ids is None:
            ids = self._dens[den] = np.array([self._prob(Fraction(k, den)) for k in range(den + 1)], dtype=np.int64)
        return ids

    def _compiled(self, program, states: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Expand a batch with its program (its successors found or added with the
        others of the wave, `_later`); the mask of states left to the engine.  `rows`
        are the batch's own (a gathered copy: the program may change them in place,
        their paragraphs kept before)."""
        para = rows[:, PARAGRAPH].copy()
        # (every column made so far: a program's writes widen it less)
        batch = Batch(self.slots.widened(rows), self.slots)
        moves, engine = handed(*program.run(batch))
        keep = ~engine
        order = np.zeros(len(states), dtype=np.int64)   # each state's next move number
        one = self._prob(1)
        edges, blocks, at, shared = [], [], 0, {}
        sources, dests = [], []   # (the paragraphs of the moves not spread: checked by the lens at once)
        for key, offered, outcomes in moves:
            take = offered & keep
            every = take.all()
            if not every and not take.any():
                continue
            for out in outcomes:
                if isinstance(out, Spread):   # (fights.py: a distribution per state)
                    at = self._spread(out, take, keep, states, para, order, edges, blocks, at, shared)
                    continue
                counts, den, nxt = out
                t = take if counts is None else take & (counts > 0)
                # (the states taken as positions, found once; every state of the batch
                # taken, as most often: its arrays themselves, the outcome's rows not copied)
                t = slice(None) if every and t is take else np.flatnonzero(t)
                if not len(states[t]):
                    continue
                probs = np.full(len(states[t]), one, dtype=np.int64) if counts is None else self._counts(den)[counts[t]]
                edges.append((states[t], order[t].copy(), at, probs))
                sources.append(para[t])
                dests.append(nxt.rows[t, PARAGRAPH])
                blocks.append(nxt.rows[t])
                at += len(probs)
            self.texts.setdefault(key, len(self.texts))
            if key.startswith(MACRO):   # a module's strategy, named in the report as the engine path's
                self.engine.strategies.add(key[len(MACRO):])
            order[take] += 1
        self.compiled_states += int(keep.sum())
        self._fresh = np.zeros(0, dtype=np.int64)
        if blocks:
            if sources:
                self._moved(np.concatenate(sources), np.concatenate(dests))
            idx = self._later(*blocks)
            for src, mv, start, probs in edges:
                self.e_state.append(src)
                self.e_move.append(mv)
                self.e_target.append(idx[start] if isinstance(start, np.ndarray) else idx[start:start + len(src)])
                self.e_prob.append(probs)
            self._fresh = self._flush(FLUSH)
        return engine

    def _spread(self, out, take, keep, states, para, order, edges, blocks, at, shared) -> int:
        """The edges of a `Spread` for the states taken; its successor rows added once
        for the moves sharing them (those made from a state kept)."""
        sel = take[out.src]
        if not sel.any():
            return at
        place = shared.get(id(out.nxt))
        if place is None:
            used = keep[out.origin]
            # (no state handed over, as most often: the rows themselves, not copied; a
            # module's fight makes its successors' rows anew at each call and never
            # changes them after: DF vector.py `_fought`, CC vector_fights.py `_finished`)
            if used.all():
                place = at + np.arange(len(used))
                succ = out.nxt.rows
            else:
                place = np.full(len(used), -1, dtype=np.int64)
                place[used] = at + np.arange(int(used.sum()))
                succ = out.nxt.rows[used]
            shared[id(out.nxt)] = place
            blocks.append(succ)
            at += len(succ)
            self._moved(para[out.origin[used]], succ[:, PARAGRAPH])   # (a fight's states share their paragraph)
        src = out.src[sel]
        if isinstance(out.table, Probabilities):
            probs = self._numbered(out.table)[out.probs[sel]]
        else:
            used, inverse = np.unique(out.probs[sel], return_inverse=True)
            probs = np.array([self._prob_of(out.table[i]) for i in used.tolist()],
                             dtype=np.int64)[inverse.reshape(-1)]
        edges.append((states[src], order[src].copy(), place[out.row[sel]], probs))
        return at

    def _templated(self, states: np.ndarray, rows: np.ndarray) -> list:
        """The engine path in batches (templates.py), by paragraph and pending activity;
        what a template cannot hold, one state at a time."""
        found = []
        if not self.batched:
            return [self._engine(states.tolist())]
        head = rows[:, [PARAGRAPH, PENDING, ENDED]]
        _u, inverse = np.unique(head, axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
        for g in range(int(inverse.max(initial=-1)) + 1):
            self._late()
            sel = inverse == g
            n = int(rows[sel][0, PARAGRAPH])
            if int(rows[sel][0, ENDED]) == 0:
                self.engine_paragraphs.setdefault(n, self._why(n, int(rows[sel][0, PENDING])))
            done, left = self.templates.expand(states[sel], rows[sel])
            for members, group_rows, acts in done:
                self.engine_states += len(members)
                found.append(self._apply(members, group_rows, acts))
            found.append(self._engine(left.tolist()))
        return found

    def _apply(self, members, group_rows, acts) -> np.ndarray:
        """The edges of a group's shared play: each outcome's writes over its rows
        (every outcome's successors found or added in one call)."""
        group_rows = self.slots.widened(group_rows)
        m = len(members)
        edges, blocks = [], []   # (move, probability id, targets or the block number)
        for k, (_text, outcomes) in enumerate(acts):
            for p, w in outcomes:
                if w is SELF_T:
                    target = members
                elif w is ERROR_T:
                    target = np.full(m, -1, dtype=np.int64)
                else:
                    succ = group_rows.copy()
                    for col, v in w.items():   # (the play's columns were made before the call)
                        succ[:, col] = v
                    target = len(blocks)
                    blocks.append(succ)
                edges.append((k, self._prob(p), target))
        if blocks:
            idx = self._later(*blocks)
        for k, prob, target in edges:
            self.e_state.append(members)
            self.e_move.append(np.full(m, k, dtype=np.int64))
            self.e_target.append(idx[target * m:(target + 1) * m] if isinstance(target, int) else target)
            self.e_prob.append(np.full(m, prob, dtype=np.int64))
        return self._flush(FLUSH)

    def _engine(self, states) -> np.ndarray:
        """States one by one through the real engine; their successors found or added
        together, in one call."""
        e_state, moves, targets, probs, packed = [], [], [], [], []
        for s, row in zip(states, self.table.take(states)):
            self._late()
            self.engine_states += 1
            n = int(row[PARAGRAPH])
            if int(row[ENDED]) == 0:
                self.engine_paragraphs.setdefault(n, self._why(n, int(row[PENDING])))
            state = self.slots.unpack(row, self.book, self.module)
            for k, (_text, branches) in enumerate(self.engine.expand(state)):
                for p, st in branches:
                    if self.lens is not None and st is not SELF and st is not ERROR:
                        self.entered(n, [m for m, c in st.visits.items() if c and (c > 1 or m not in state.visits)]
                                     + [st.paragraph])
                    e_state.append(s)
                    moves.append(k)
                    probs.append(self._prob(p))
                    if st is SELF:
                        targets.append(s)
                    elif st is ERROR:
                        targets.append(-1)
                    else:
                        targets.append(-2 - len(packed))   # (the packed successor's number, below)
                        packed.append(self.slots.pack(st))
        if not moves:
            return np.zeros(0, dtype=np.int64)
        targets = np.asarray(targets, dtype=np.int64)
        if packed:
            idx = self._later(self.table.batch(packed))
            later = targets <= -2
            targets[later] = idx[-2 - targets[later]]
        self.e_state.append(np.asarray(e_state, dtype=np.int64))
        self.e_move.append(np.asarray(moves, dtype=np.int64))
        self.e_target.append(targets)
        self.e_prob.append(np.asarray(probs, dtype=np.int64))
        return self._flush(FLUSH)

    # --- the arrays ---------------------------------------------------------------
    def _graph(self, n: int, roots, frontier) -> Graph:
        if not self.e_state:   # (every edge in order already: edges.py)
            state_ptr, move_ptr, tg, pr = self.edges.arrays(n)
            self._fixed = 0
            return self._made(n, roots, frontier, state_ptr, move_ptr, tg, pr)
        if len(self.edges):   # (some listed out of order: all sorted together, as they were made)
            for name, kept in zip(("e_state", "e_move", "e_target", "e_prob"), self.edges.listed()):
                getattr(self, name).insert(0, kept)
            self.edges = Edges()
        cat = (lambda xs: xs[0] if len(xs) == 1 else np.concatenate(xs) if xs else np.zeros(0, dtype=np.int64))
        joined = []
        for name in ("e_state", "e_move", "e_target", "e_prob"):
            joined.append(cat(getattr(self, name)))
            setattr(self, name, [])   # (each list the graph's now: not kept twice while it is built)
        tg, pr = joined[2:]
        del joined[2:]
        self._fixed = 0
        move_state, new_move, order = _sorted_moves(joined, n)   # (its states and moves let go as it sorts)
        tg = tg[order]
        pr = pr[order]
        del order
        move_ptr = np.append(np.flatnonzero(new_move), len(tg))
        del new_move
        state_ptr = np.searchsorted(move_state, np.arange(n + 1))
        del move_state
        return self._made(n, roots, frontier, state_ptr, move_ptr, tg, pr)

    def _made(self, n: int, roots, frontier, state_ptr, move_ptr, tg, pr) -> Graph:
        """The graph of the edges in order (targets `tg`, probability numbers `pr`), its
        pointers, the states of the `frontier` marked FRONTIER in the targets."""
        ended = self.table.column(ENDED)
        moves_per = np.diff(state_ptr)
        terminal = ((ended == 2) & (moves_per == 0)).astype(np.uint8)
        if len(frontier):   # (a mask over the states: `np.isin` sorted a copy of every edge)
            front = np.zeros(n, dtype=bool)
            front[frontier] = True
            for a in range(0, len(tg), PART):   # (a part at a time: no mask or copy of every edge)
                part = tg[a:a + PART]
                hit = front[np.maximum(part, 0)]
                hit &= part >= 0
                part[hit] = FRONTIER
            del front
        pr = pr.astype(narrow(max(len(self.fractions), 1)), copy=False)
        paragraph = self.table.column(PARAGRAPH)
        return Graph(state_ptr.astype(narrow(int(state_ptr[-1])), copy=False),
                     move_ptr.astype(narrow(max(len(tg), 1)), copy=False),
                     tg.astype(narrow(max(n, 2), signed=True), copy=False), edge_probs(self.fractions, pr),
                     pr, list(self.fractions), terminal,
                     paragraph.astype(narrow(max(int(paragraph.max(initial=0)), 1), signed=True)), roots)


PART = 1 << 22   # edges at a time where a whole-edges temporary would be int64


def _is_lazy(p) -> bool:
    return type(p) is Lazy


def _copied(p):
    """A probability as a new object (a Fraction's numerator and denominator new ints:
    its division by their gcd makes them), equal to `p` and of its type."""
    if isinstance(p, Fraction):
        return Fraction(p.numerator, p.denominator)
    return p + 0.0 if isinstance(p, float) else p


def _sorted_moves(edges: list, n: int):
    """The edges in order of (state, move), stably (a move's outcomes keep their order):
    (each move's state, where a move begins among the edges sorted, the edges' order).
    `edges`: [each edge's state, its move], emptied (the arrays freed once read).
    Each edge one int64 key, (state, move) above its own number, sorted in place: the
    order read back as 32-bit numbers (a `lexsort` held an int64 order beside its
    keys and their sorted copies); `lexsort` where the keys do not fit."""
    st, mv = edges
    edges.clear()
    e = len(st)
    moves = int(mv.max(initial=0)) + 1
    if n * moves >= 1 << 31 or e >= 1 << 32:
        order = np.lexsort((mv, st))
        st, mv = st[order], mv[order]
        new_move = np.ones(e, dtype=bool)
        new_move[1:] = (st[1:] != st[:-1]) | (mv[1:] != mv[:-1])
        return st[new_move], new_move, order
    key = st.astype(np.int64)
    del st
    key *= moves
    key += mv
    del mv
    key <<= 32
    for a in range(0, e, PART):
        key[a:a + PART] |= np.arange(a, min(e, a + PART), dtype=np.int64)
    key.sort()
    order = np.empty(e, dtype=np.uint32)
    for a in range(0, e, PART):
        order[a:a + PART] = key[a:a + PART] & 0xFFFFFFFF
    key >>= 32   # (each edge's state and move)
    new_move = np.ones(e, dtype=bool)
    new_move[1:] = key[1:] != key[:-1]
    return key[new_move] // moves, new_move, order


def _groups(para: np.ndarray, pending: np.ndarray, waiting: np.ndarray, busy: np.ndarray, dead: np.ndarray):
    """(paragraph, pending activity, the positions of its states) of a wave's states,
    by one stable sort: the states waiting at their choices by paragraph (pending 0),
    then those with an activity under way by paragraph and activity, then the dead by
    paragraph (pending DEAD), each group's positions in increasing order (a scan of
    the whole wave for each group cost as much as the groups' programs on small ones)."""
    kind = np.where(waiting, 0, np.where(busy, 1, 2))
    at = np.flatnonzero(waiting | busy | dead)
    pend = np.where(busy, pending, 0)
    k, n, p = kind[at], para[at], pend[at]
    if len(at) and min(int(n.min()), int(p.min())) >= 0 and max(int(n.max()), int(p.max())) < 1 << 30:
        order = at[np.argsort((k << 60) | (n << 30) | p, kind="stable")]   # (one key a state, one sort)
    else:
        order = at[np.lexsort((p, n, k))]
    k, n, p = kind[order], para[order], pend[order]
    cut = np.flatnonzero((k[1:] != k[:-1]) | (n[1:] != n[:-1]) | (p[1:] != p[:-1])) + 1
    for lo, hi in zip(np.concatenate(([0], cut)).tolist(), np.concatenate((cut, [order.size])).tolist()):
        if hi > lo:
            yield int(n[lo]), DEAD if k[lo] == 2 else int(p[lo]), order[lo:hi]


def explore_compiled(book, module, **options) -> Explored:
    return CompiledExplorer(book, module, once=True, **options).run()
