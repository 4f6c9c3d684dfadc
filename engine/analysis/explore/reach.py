"""Where play can go at all: an abstract exploration, small where the exact one is not.

The exact exploration (explorer.py) keeps every stat, every dice roll and every
fight; on a real book that is millions of states.  Reachability needs far less: a
state here is the paragraph plus the discrete facts that the book's conditions test,
each known or not:

* a flag that some `flag("x")` reads: not set, set, or either (a join);
* an item that some `has("x")`/`count("x")` reads: not held, or perhaps held (a
  removal the rules make by themselves, a full backpack, a fight, is never
  followed, so "held for sure" is never claimed; `lose: [x]` does remove it);
* a paragraph that some `visited(n)` reads: visited or not (exact: entering it is
  the only way).

Everything else is unknown: stats, counters, notes, dice, fights, tests, the
module's functions.  A condition is evaluated in three values (true, false, maybe:
three_valued.py); a way out is followed unless its condition is false.  Every choice
of the rules (a fight's win, lose or escape, a test's success or failure, a random
outcome) is followed, with the effects of its outcome perhaps applied.  Facts the
rules may give by themselves (`module.grants(book)`: a fight's spoils, a weapon
effect) are never followed, and names that a module effect mentions are unknown
from then on; the start is what the hero's sheet names and what a game the rules
start holds, perhaps held.  Where no condition ahead reads a fact any more (the
static graph), it is forgotten, as the exact explorer's lens does.

So the exploration over-approximates play: a paragraph it never enters is never
entered in any game, and when it reaches no victory no game is won
(tests/analysis/test_reach.py compares it with the exact exploration on every
book and documentation example at hand).  Per paragraph at most `MAX_KEPT` states
are kept apart; beyond that they are joined into one (still sound, less precise),
so the work is bounded by the paragraphs times that number; `timeout` cuts it, and
then it claims nothing (`complete` is False).
"""
from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from engine.book.compiler import book_aliases
from engine.book.effect_lists import carrier, effect_lists
from engine.book.model import book_endings
from engine.expr.ast import Call, Int, Str, walk
from engine.lint.checks import graph as static_graph
from engine.analysis.explore.three_valued import MAYBE, NO, YES, ThreeValued, fact, join, with_fact  # noqa: F401

MAX_KEPT = 64              # distinct states kept at one paragraph before joining them
# effect operations: an item gone for sure, a flag set or cleared, an item perhaps
# gained (held or not stays held or not for a flag), anything, every item perhaps back
REMOVE_ALL, SET_FLAG, CLEAR_FLAG, PERHAPS, ANY, ALL_ITEMS = range(6)
REMOVING = ("lose", "store", "sell", "give_up")   # what only takes items away


class Reach(ThreeValued):
    """The abstract exploration of `book` under `module` (run at construction).

    `states[n]`: the abstract states in which paragraph n is entered (after its
    visit is counted, before its effects); `reached`: those paragraphs;
    `victory`: whether some state can win."""

    def __init__(self, book, module, max_kept: int = MAX_KEPT, timeout: float | None = None):
        self.book, self.module, self.max_kept = book, module, max_kept
        self.aliases = book_aliases(module)
        self.edges = static_graph(book, module)
        self.rescue = [t for t in getattr(module, "rescue_targets", lambda _b: ())(book) or ()
                       if t in book.paragraphs]
        self._facts()
        self._programs: dict = {}
        self._plans: dict = {}
        self.victory = False
        self.states: dict = {}
        self.merged: set = set()   # paragraphs whose states are joined into one
        self.other_wins = other_wins(book)
        self.complete = True   # False: cut by `timeout` (then nothing it says is proven)
        self._explore(None if timeout is None else time.monotonic() + timeout)

    @property
    def reached(self) -> set:
        return set(self.states)

    # --- the facts tracked --------------------------------------------------
    def _facts(self) -> None:
        """Index every flag, item and visit a condition reads by a literal name."""
        grants = self.module.grants(self.book) or {}
        free_items, free_flags = set(grants.get("item", ())), set(grants.get("flag", ()))
        read = {"flag": set(), "has": set(), "visited": set()}
        self.any_visit = False
        where: dict = {}   # paragraph -> the facts its conditions read
        for n, expr in self._expressions():
            for node in walk(expr.root):
                if not isinstance(node, Call):
                    continue
                name = self.aliases.get(node.name, node.name)
                arg = node.args[0] if node.args else None
                kind = "has" if name == "count" else name
                if kind == "visited" and not isinstance(arg, Int):
                    self.any_visit = True
                elif kind in read and isinstance(arg, (Str, Int)):
                    read[kind].add(arg.value)
                    where.setdefault(n, set()).add((kind, arg.value))
        self.names = [("flag", f) for f in sorted(read["flag"], key=str)
                      if isinstance(f, str) and ":" not in f and f not in free_flags]
        self.names += [("has", i) for i in sorted(read["has"], key=str)
                       if isinstance(i, str) and i not in free_items]
        if not self.any_visit:
            self.names += [("visited", n) for n in sorted(read["visited"]) if n in self.book.paragraphs]
        self.index = {fact: i for i, fact in enumerate(self.names)}
        self.item_bits = sum(1 << i for i, (kind, _) in enumerate(self.names) if kind == "has")
        self.live = self._liveness({n: {self.index[f] for f in facts if f in self.index}
                                    for n, facts in where.items()})

    def _expressions(self):
        for n, p in self.book.paragraphs.items():
            for c in p.choices:
                yield from ((n, e) for e in (c.condition, c.target_expr) if e is not None)
            yield from ((n, a.condition) for a in p.auto if a.condition is not None)
            yield from ((n, e) for e in p.puzzle_if.values())

    def _liveness(self, reads: dict) -> dict:
        """paragraph -> for each fact, whether a condition of some paragraph the graph
        reaches from it (itself included) reads it.  Elsewhere a fact is forgotten
        (made unknown): that merges states that differ only in what nothing reads
        again, as the exact explorer's lens does."""
        book, everything = self.book, 0
        bits = {n: sum(1 << i for i in reads.get(n, ())) for n in book.paragraphs}
        for b in bits.values():
            everything |= b
        back: dict = {n: set() for n in book.paragraphs}
        for n, outs in self.edges.items():
            for _e, t in outs:
                if t is None:   # a jump computed in play: anything may be read after it
                    bits[n] = everything
                elif t in back:
                    back[t].add(n)
            for t in self.rescue:
                back[t].add(n)
        todo = deque(book.paragraphs)
        while todo:
            n = todo.popleft()
            for m in back.get(n, ()):
                if bits[m] | bits[n] != bits[m]:
                    bits[m] |= bits[n]
                    todo.append(m)
        return bits

    def start_state(self) -> tuple:
        """Nothing set, nothing visited; perhaps held: what the hero's sheet names and
        what a game the rules start holds (a module's default equipment).  A game
        that cannot start leaves every item perhaps held."""
        held = set(_strings(self.book.hero))
        try:
            from engine.game import Game
            from engine.game.dice import SeededDice
            started = Game(self.book, self.module, SeededDice(0), narrate=False).state
            held |= set(started.items) | set(started.flags)
        except Exception:  # noqa: BLE001 - the exact exploration reports why
            held |= {name for _kind, name in self.names}
        return 0, sum(1 << i for i, (_kind, name) in enumerate(self.names) if name not in held)

    # --- effects ------------------------------------------------------------
    def program(self, effects: tuple) -> tuple:
        """An effect list as operations on the facts (compiled once a list)."""
        key = id(effects)
        found = self._programs.get(key)
        if found is None or found[0] is not effects:
            found = self._programs[key] = (effects, tuple(self._compile(effects, depth=0)))
        return found[1]

    def _compile(self, effects, depth: int, perhaps: bool = False):
        """The operations of `effects`; `perhaps`: each may or may not happen (an
        item the player may take, what using it where it lies then does)."""
        used = self.book.meta.get("used_here") or {}
        for e in effects:
            kind, value = e.kind, e.value
            if kind in ("gain", "take"):
                items = value if kind == "gain" else (value.get("from") or () if hasattr(value, "get") else ())
                for item in items:
                    yield from self._op(("has", item), PERHAPS)
                    if item in used and depth < 4:   # format 1.2: what using it where it lies does
                        yield from self._compile(used[item], depth + 1, perhaps or kind == "take")
            elif kind == "lose" and not isinstance(value, dict) and not perhaps:
                for item in value:
                    yield from self._op(("has", item), REMOVE_ALL)
            elif kind in ("flag", "unflag"):
                for f in value:
                    yield from self._op(("flag", f), ANY if perhaps else SET_FLAG if kind == "flag" else CLEAR_FLAG)
            elif kind == "restore":   # what was stored comes back
                yield (None, ALL_ITEMS)
            elif kind not in REMOVING + ("add", "set", "note", "counter-add", "counter-set"):
                for word in _strings(value):   # a module effect: what it names may change
                    for k in ("flag", "has"):
                        yield from self._op((k, word), ANY)

    def _op(self, fact, op):
        i = self.index.get(fact)
        if i is not None:
            yield (i, op)

    def apply(self, program: tuple, state: tuple) -> tuple:
        if not program:
            return state
        yes, no = state
        for i, op in program:
            bit = 0 if i is None else 1 << i
            if op == ALL_ITEMS:
                no &= ~self.item_bits
            elif op == REMOVE_ALL or op == CLEAR_FLAG:
                yes, no = yes & ~bit, no | bit
            elif op == SET_FLAG:
                yes, no = yes | bit, no & ~bit
            elif op == ANY:
                yes, no = yes & ~bit, no & ~bit
            else:   # PERHAPS: not held becomes unknown
                no &= ~bit
        return yes, no

    # --- the exploration ----------------------------------------------------
    def _explore(self, deadline: float | None) -> None:
        book = self.book
        if book.start not in book.paragraphs:
            return
        todo = deque()
        self._arrive(book.start, self.start_state(), todo)
        done = 0
        while todo:
            done += 1
            if deadline is not None and done % 256 == 0 and time.monotonic() > deadline:
                self.complete = False
                return
            n, state = todo.popleft()
            if state in self.states.get(n, ()):
                for t, after in self.successors(n, state):
                    if t is None:
                        self.victory = True
                    else:
                        self._arrive(t, after, todo)

    def _arrive(self, n, state, todo) -> None:
        i = self.index.get(("visited", n))
        live = self.live[n]
        if i is not None:
            state = with_fact(state, i, YES)
        state = state[0] & live, state[1] & live
        kept = self.states.setdefault(n, set())
        if state in kept:
            return
        if n in self.merged or len(kept) >= self.max_kept:   # too many: one state joining them all
            whole = state
            for s in kept:
                whole = join(whole, s)
            self.merged.add(n)
            if whole in kept:
                return
            kept.clear()
            state = whole
        kept.add(state)
        todo.append((n, state))

    def settled(self, n, state) -> tuple:
        """(the state once paragraph n's own effects are applied, the state in which
        its choices and the rules' outcomes are decided)."""
        plan = self._plan(n)
        entered = self.apply(plan.effects, state)
        if plan.once:   # not applied again on a later visit
            entered = join(entered, state)
        decided = entered
        for program in plan.outcomes:   # the rules' outcomes, a give-up's `none:`, perhaps
            decided = join(decided, self.apply(program, entered))
        while plan.stays:   # format 1.2: actions, taken any number of times
            before = decided
            for condition, program in plan.stays:
                if self.truth(condition, n, decided) != NO:
                    decided = join(decided, self.apply(program, decided))
            if decided == before:
                break
        return entered, decided

    def successors(self, n, state):
        """(target or None for a victory, state entering it) for each way out."""
        p, plan = self.book.paragraphs[n], self._plan(n)
        entered, decided = self.settled(n, state)
        if self.rescue:   # a death anywhere (an effect, a jump's, a fight) may be rescued there
            dying = decided
            for _jump, program in plan.autos:
                dying = join(dying, self.apply(program, entered))
            for t in self.rescue:
                yield t, dying
        for jump, program in plan.autos:   # the first whose condition holds
            holds = self.truth(jump.condition, n, entered)
            if holds == NO:
                continue
            after = self.apply(program, entered)
            if jump.end == "victory":
                yield None, after
            elif jump.target is not None and jump.target in self.book.paragraphs:
                yield jump.target, after
            if holds == YES:
                return
        if p.end is not None:
            if p.end == "victory":
                yield None, decided
            return
        if n in self.other_wins:   # a rule's outcome or a give-up's `none:` that wins
            yield None, decided
        for condition, program, targets in plan.ways:
            if condition is not None and self.truth(condition, n, decided) == NO:
                continue
            after = self.apply(program, decided)
            for target in targets:
                yield target, after

    def _plan(self, n) -> "_Plan":
        """What paragraph n does, compiled once: its effects, the rules' outcomes' and
        the actions', its `auto:` jumps and its other ways out with their conditions."""
        found = self._plans.get(n)
        if found is not None:
            return found
        p = self.book.paragraphs[n]
        owners = {c.path: c for c in p.choices}
        owners.update((o.path, o) for o in (p.random.outcomes if p.random else ()))
        owned = set(owners) | {a.path for a in p.auto}
        outcomes = tuple(self.program(effects) for path, effects in effect_lists(p)
                         if path != p.path + ("effects",) and carrier(path) not in owned and effects)
        ways = []
        for e, t in self.edges.get(n, ()):
            if e.kind == "auto":
                continue
            owner = owners.get(tuple(e.path[:-1]))
            targets = tuple(m for m in (self.book.paragraphs if t is None else (t,)) if m in self.book.paragraphs)
            ways.append((getattr(owner, "condition", None), self.program(owner.effects) if owner else (), targets))
        found = self._plans[n] = _Plan(
            self.program(p.effects), "effects" in p.once, tuple(o for o in outcomes if o),
            tuple((c.condition, self.program(c.effects)) for c in p.choices if c.stay),
            tuple((a, self.program(a.effects)) for a in p.auto), tuple(ways))
        return found


@dataclass(frozen=True)
class _Plan:
    effects: tuple
    once: bool
    outcomes: tuple
    stays: tuple
    autos: tuple
    ways: tuple


def other_wins(book) -> set:
    """The paragraphs that a module outcome or a give-up may end with a victory (what
    `book_endings` finds beyond `end:` and the `auto:` jumps, which are followed here)."""
    endings = book_endings(book)
    return {n for n, kind in endings.items() if kind == "victory" and book.paragraphs[n].end is None
            and not any(a.end == "victory" for a in book.paragraphs[n].auto)} | {
        n for n, p in book.paragraphs.items() if "victory" in p.outcome_ends.values()}


def _strings(value):
    """Every string in a nested value (keys too)."""
    if isinstance(value, str):
        yield value
    elif hasattr(value, "items"):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _strings(v)
