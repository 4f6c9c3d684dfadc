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
module's functions.  A condition is evaluated in three values (true, false, maybe);
a way out is followed unless its condition is false.  Every choice of the rules
(a fight's win, lose or escape, a test's success or failure, a random outcome) is
followed, with the effects of its outcome perhaps applied.  Facts the rules may
give by themselves (`module.grants(book)`: a fight's spoils, a weapon effect) and
names that a module effect mentions are unknown from then on.

So the exploration over-approximates play: a paragraph it never enters is never
entered in any game, and when it reaches no victory no game is won
(tests/analysis/test_reach.py compares it with the exact exploration on every
book that one completes).  Per paragraph at most `MAX_KEPT` states are kept apart;
beyond that they are joined into one (still sound, less precise), so the work is
bounded by the paragraphs times that number.
"""
from __future__ import annotations

from collections import deque

from engine.book.compiler import book_aliases
from engine.book.effect_lists import carrier, effect_lists
from engine.book.model import book_endings
from engine.expr.ast import Binary, Bool, Call, Int, Name, Str, Unary, walk
from engine.lint.checks import graph as static_graph

NO, YES, MAYBE = 0, 1, 2   # a fact's abstract value (an item is NO or MAYBE)
TOP = object()             # a number or a name not known here
MAX_KEPT = 64              # distinct states kept at one paragraph before joining them
# effect operations: an item gone for sure, a flag set or cleared, an item perhaps
# gained (held or not stays held or not for a flag), anything, every item perhaps back
REMOVE_ALL, SET_FLAG, CLEAR_FLAG, PERHAPS, ANY, ALL_ITEMS = range(6)
REMOVING = ("lose", "store", "sell", "give_up")   # what only takes items away


def join(a: tuple, b: tuple) -> tuple:
    return tuple(x if x == y else MAYBE for x, y in zip(a, b))


class Reach:
    """The abstract exploration of `book` under `module` (run at construction).

    `states[n]`: the abstract states in which paragraph n is entered (after its
    visit is counted, before its effects); `reached`: those paragraphs;
    `victory`: whether some state can win."""

    def __init__(self, book, module, max_kept: int = MAX_KEPT):
        self.book, self.module, self.max_kept = book, module, max_kept
        self.aliases = book_aliases(module)
        self.edges = static_graph(book, module)
        self._facts()
        self._programs: dict = {}
        self.rescue = [t for t in getattr(module, "rescue_targets", lambda _b: ())(book) or ()
                       if t in book.paragraphs]
        self.victory = False
        self.states: dict = {}
        self.merged: set = set()   # paragraphs whose states are joined into one
        self.other_wins = other_wins(book)
        self._explore()

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
        for expr in self._expressions():
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
        self.names = [("flag", f) for f in sorted(read["flag"], key=str)
                      if isinstance(f, str) and ":" not in f and f not in free_flags]
        self.names += [("has", i) for i in sorted(read["has"], key=str)
                       if isinstance(i, str) and i not in free_items]
        if not self.any_visit:
            self.names += [("visited", n) for n in sorted(read["visited"]) if n in self.book.paragraphs]
        self.index = {fact: i for i, fact in enumerate(self.names)}
        self.items = [i for i, (kind, _) in enumerate(self.names) if kind == "has"]

    def _expressions(self):
        for p in self.book.paragraphs.values():
            for c in p.choices:
                yield from (e for e in (c.condition, c.target_expr) if e is not None)
            yield from (a.condition for a in p.auto if a.condition is not None)
            yield from p.puzzle_if.values()

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
        return tuple(MAYBE if name in held else NO for _kind, name in self.names)

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
        out = list(state)
        for i, op in program:
            if op == ALL_ITEMS:
                for j in self.items:
                    out[j] = MAYBE
            elif op == REMOVE_ALL or op == CLEAR_FLAG:
                out[i] = NO
            elif op == SET_FLAG:
                out[i] = YES
            elif op == ANY or out[i] == NO:
                out[i] = MAYBE
        return tuple(out)

    # --- the exploration ----------------------------------------------------
    def _explore(self) -> None:
        book = self.book
        if book.start not in book.paragraphs:
            return
        todo = deque()
        self._arrive(book.start, self.start_state(), todo)
        while todo:
            n, state = todo.popleft()
            if state in self.states.get(n, ()):
                for t, after in self.successors(n, state):
                    if t is None:
                        self.victory = True
                    else:
                        self._arrive(t, after, todo)

    def _arrive(self, n, state, todo) -> None:
        i = self.index.get(("visited", n))
        if i is not None and state[i] != YES:
            state = state[:i] + (YES,) + state[i + 1:]
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
        p = self.book.paragraphs[n]
        entered = self.apply(self.program(p.effects), state)
        if "effects" in p.once:   # not applied again on a later visit
            entered = join(entered, state)
        decided = entered
        owned = {c.path for c in p.choices} | {a.path for a in p.auto} | set(self._owners(p))
        for path, effects in effect_lists(p):   # the rules' outcomes, a give-up's `none:`, perhaps
            if path != p.path + ("effects",) and carrier(path) not in owned and effects:
                decided = join(decided, self.apply(self.program(effects), entered))
        stays = [c for c in p.choices if c.stay]
        while stays:   # format 1.2: actions, taken any number of times
            before = decided
            for c in stays:
                if self.truth(c.condition, n, decided) != NO:
                    decided = join(decided, self.apply(self.program(c.effects), decided))
            if decided == before:
                break
        return entered, decided

    def successors(self, n, state):
        """(target or None for a victory, state entering it) for each way out."""
        p = self.book.paragraphs[n]
        entered, decided = self.settled(n, state)
        owners = self._owners(p)
        for jump in p.auto:   # the first whose condition holds
            holds = self.truth(jump.condition, n, entered)
            if holds == NO:
                continue
            after = self.apply(self.program(jump.effects), entered)
            if jump.end == "victory":
                yield None, after
            elif jump.target is not None and jump.target in self.book.paragraphs:
                yield jump.target, after
            if holds == YES:
                return
        for t in self.rescue:   # a death anywhere may be rescued there
            yield t, decided
        if p.end is not None:
            if p.end == "victory":
                yield None, decided
            return
        if n in self.other_wins:   # a rule's outcome or a give-up's `none:` that wins
            yield None, decided
        for e, t in self.edges.get(n, ()):
            owner = owners.get(tuple(e.path[:-1]))
            if e.kind == "auto":
                continue
            after = decided
            if owner is not None:
                if self.truth(getattr(owner, "condition", None), n, decided) == NO:
                    continue
                after = self.apply(self.program(owner.effects), decided)
            for target in (self.book.paragraphs if t is None else (t,)):
                if target in self.book.paragraphs:
                    yield target, after

    def _owners(self, p) -> dict:
        """path of a choice or a random outcome -> it (its condition and effects)."""
        out = {c.path: c for c in p.choices}
        out.update((o.path, o) for o in (p.random.outcomes if p.random else ()))
        return out

    # --- conditions in three values -----------------------------------------
    def truth(self, expr, n, state) -> int:
        """YES, NO or MAYBE: the value of condition `expr` at paragraph n in `state`
        (no condition: YES)."""
        if expr is None:
            return YES
        value = self.value(expr.root, n, state)
        return value if value in (YES, NO) and type(value) is int else MAYBE

    def value(self, node, n, state):
        if isinstance(node, Bool):
            return YES if node.value else NO
        if isinstance(node, (Int, Str)):
            return node.value if isinstance(node, Str) else ("int", node.value)
        if isinstance(node, Name):
            return ("int", n) if self.aliases.get(node.name, node.name) == "here" else TOP
        if isinstance(node, Call):
            return self._call(node, state)
        if isinstance(node, Unary):
            inner = self.value(node.operand, n, state)
            if node.op == "not":
                return {YES: NO, NO: YES}.get(inner, MAYBE) if type(inner) is int else MAYBE
            return ("int", -inner[1]) if isinstance(inner, tuple) else TOP
        if isinstance(node, Binary):
            return self._binary(node, n, state)
        return TOP

    def _call(self, node, state):
        name = self.aliases.get(node.name, node.name)
        arg = node.args[0] if node.args else None
        literal = arg.value if isinstance(arg, (Str, Int)) else None
        kind = "has" if name == "count" else name
        i = self.index.get((kind, literal))
        if i is None:
            return MAYBE if name in ("has", "flag", "visited") else TOP
        if name == "count":
            return ("int", 0) if state[i] == NO else TOP
        return state[i]

    def _binary(self, node, n, state):
        op = node.op
        left = self.value(node.left, n, state)
        if op in ("and", "or"):
            stop = NO if op == "and" else YES
            if left == stop and type(left) is int:
                return stop
            right = self.value(node.right, n, state)
            if right == stop and type(right) is int:
                return stop
            both = (left, right)
            return (YES if op == "and" else NO) if all(type(v) is int and v != MAYBE for v in both) \
                else MAYBE
        right = self.value(node.right, n, state)
        known = [v for v in (left, right) if isinstance(v, str) or isinstance(v, tuple)
                 or (type(v) is int and v != MAYBE)]
        if len(known) < 2:
            return MAYBE if op in ("==", "!=", "<", "<=", ">", ">=") else TOP
        a, b = (v[1] if isinstance(v, tuple) else v for v in (left, right))
        try:
            result = {"==": lambda: a == b, "!=": lambda: a != b, "<": lambda: a < b, "<=": lambda: a <= b,
                      ">": lambda: a > b, ">=": lambda: a >= b, "+": lambda: ("int", a + b),
                      "-": lambda: ("int", a - b), "*": lambda: ("int", a * b),
                      }[op]()
        except (TypeError, ZeroDivisionError, KeyError):
            return TOP
        return (YES if result else NO) if isinstance(result, bool) else result


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
