"""What of a game state can still matter: the explorer's state keys without dead parts.

Two states that differ only in something no later step will ever read have the same
future; keeping them apart multiplies the state space for nothing.  The lens drops,
at each paragraph, what cannot be read any more on any path from it:

* visits: the expression language asks only `visited(n)` (counts are already kept
  as visited-or-not); a paragraph's visit is kept only where a `visited(n)` can still
  be evaluated on some path (all of them when a `visited` argument is computed).
  Rule modules read visits only through expressions (none of the built-in ones
  reads `state.visits`);
* the module's `passive_stats`, stats its own code never reads (gold in Défis
  Fantastiques): kept only where a book expression, an effect or a string of a
  module field of a paragraph still ahead names the stat; elsewhere set to 0;
* the marks of once-only choices taken (format 1.1, `once:N:i` flags): kept only
  where paragraph N, the one paragraph that reads them, is still ahead (a town left
  for good no longer splits every later state by the purchases made there);
* the module's `passive_items(book)` (items its code never reads: with Défis
  Fantastiques and Chroniques Crétoises, those with no weapon or armour) and, when
  it says `passive_flags`, the book's flags (codewords): kept only where an
  expression, an effect or a module field of a paragraph still ahead names them
  (a lantern bought in town and lit in the crypt no longer splits every state
  after the crypt);
* format 1.1's counters and notes: each kept only where an expression ahead names
  the counter or a `note("...")` ahead reads the note;
* the passive stats read ahead only in comparisons with numbers: capped beyond any
  use (caps.py: gold above every price ahead and all that can be spent).

What a paragraph reads comes from every effect list it holds (engine/book/
effect_lists.py); an `add:` or `set:` writes the names it holds, it reads only its
amounts (gold added in a loop that nothing reads would otherwise keep the space
endless).

"Ahead" is the static paragraph graph (choices, random outcomes, the module's exits;
a computed target may go anywhere; the module's `rescue_targets` follow every
paragraph).  The explorer checks every move against it: a
move entering a paragraph the graph says cannot follow adds the edge and marks the
lens stale, and the exploration starts again with the corrected lens (so the result
never rests on a wrong graph).
"""
from __future__ import annotations

import re
from collections import deque

from engine import expr as X
from engine.book.compiler import book_aliases
from engine.book import typed
from engine.book.effect_lists import all_effects, module_fields
from engine.expr.ast import Call, Int, Name, Str, walk
from engine.lint.checks import graph as static_graph
from engine.analysis.explore.caps import caps
from engine.analysis.explore.guards import VISIT, Guards
from engine.game.reasons import once_key
from engine.rules.base import RuleModule
from engine.analysis.explore.compact import HEAD

ALL = "*"
WORD = re.compile(r"[^\W\d]\w*")
VISITED = re.compile(r"(?:visited|visit[eé])\s*\(\s*(\d+)\s*\)")   # French names too
VISITS = re.compile(r"visited|visit[eé]")
ONCE = "once:"   # engine/game/reasons.py once_key: once:PARAGRAPH:CHOICE
WRITES = ("add", "set", "counter-add", "counter-set")   # effects that write the names they hold
NAMED = ("counters", "notes")
SHUT = ("visits", "flags", "items")   # what a closed way makes the lens forget (guards.py)   # extras that hold one value a name: each name live or not


class Lens:
    def __init__(self, book, module, guards: bool = True):
        self.book, self.module = book, module
        self.used_here = book.meta.get("used_here") or {}   # format 1.2: items used where they lie
        aliases = book_aliases(module)
        self.passive = frozenset(getattr(module, "passive_stats", ()) or ())
        self.passive_items = frozenset(module.passive_items(book) or ())
        self.passive_flags = getattr(module, "passive_flags", False) is True
        self.names = {a: n for a, n in aliases.items()}
        self.declared = {k: frozenset(book.meta.get(k) or ()) for k in NAMED}   # counters, notes
        self.reads = {n: self._reads(p) for n, p in book.paragraphs.items()}
        self.edges = {n: set() for n in book.paragraphs}
        self.open_ways: dict = {}   # paragraph -> the targets of its ways no guard closes (guards.py)
        for n, outs in static_graph(book, module).items():
            for way, target in outs:
                self.edges[n].update(book.paragraphs if target is None else (target,))
                if way.kind != "choice" or not isinstance(way.target, int):
                    found = self.open_ways.setdefault(n, set())
                    self.open_ways[n] = ALL if target is None or found is ALL else found | {target}
        rescued = [t for t in getattr(module, "rescue_targets", lambda _b: ())(book) if t in self.edges]
        self.rescued = frozenset(rescued)
        for n in self.edges:   # a death anywhere may be rescued there (module.rescue_targets)
            self.edges[n].update(rescued)
        self.stale = False
        self.learned: dict = {}   # paragraph -> the targets moves showed beyond the static graph
        self._dead: dict = {}   # paragraph -> (layout size, slots to clear, passive stat slots)
        self._between: dict = {}   # (paragraph, paragraph) -> what dies on the way
        self._shut: dict = {}   # (paragraph, held guards, layout size) -> slots dead behind closed ways
        self._compute()
        self.guards = Guards(self, guards)   # guards=False: closed ways not followed (tests)

    # --- what each paragraph reads ------------------------------------------
    def _reads(self, p) -> set:
        """Facts read at paragraph p: passive stat names, ("v", n) visits, ("v", ALL).
        Everything an expression, an effect or a module field names counts (texts
        shown to the reader do not)."""
        found: set = set()
        values: list = [module_fields(p), p.random.dice if p.random else None]
        values += [_effect_reads(e) for e in all_effects(p)]
        for c in p.choices:
            values += [c.condition, c.target_expr, dict(c.extra)]
        values += [a.condition for a in p.auto]
        values += [_effect_reads(e)   # format 1.2: what a `use_here` item does
                   for effs in self.used_here.values() for e in effs]
        if p.once and self._once_writes(p) is None:   # a `once:` paragraph reads whether it was visited
            found.add(("v", p.number))   # (unless what it does once nothing reads: `_compute`)
        if any(c.once for c in p.choices) or (p.fields and typed.spec(p) and typed.tries(p)):
            found.add(("o", str(p.number)))   # ... and its once-only choices' marks, its tries (format 1.2)
        for value in values:
            self._scan(value, found)
        return found

    def _once_writes(self, p):
        """The names the `once:` parts of p write, when those parts are only effects that
        write facts the rules never read (a passive stat, a counter, a plain item, a
        codeword): repeating them is then seen only where something ahead reads one of
        those names (`_compute`).  None: the once-only parts may matter wherever p is."""
        if set(p.once) - {"effects"}:
            return None
        names: set = set()
        for e in p.effects:
            if e.kind in ("add", "set") and hasattr(e.value, "keys"):
                written = {self.names.get(k, k) for k in e.value}
                if not all(w in self.passive or w in self.declared["counters"] for w in written):
                    return None
            elif e.kind == "gain" or (e.kind == "flag" and self.passive_flags):
                written = set(e.value)
                if e.kind == "gain" and (not written <= self.passive_items or written & set(self.used_here)
                                         or self.module.carry_limits(self.book)):   # (a full bag asks)
                    return None
            else:
                return None
            names |= written
        return names

    def _scan(self, value, found: set) -> None:
        if isinstance(value, X.Expr):
            self._expr(value, found)
        elif isinstance(value, str):
            found.update(self.names.get(w, w) for w in WORD.findall(value))
            found.update(("v", int(m)) for m in VISITED.findall(value))
            if VISITS.search(value) and not VISITED.search(value):
                found.add(("v", ALL))
        elif hasattr(value, "items"):
            for k, v in value.items():
                self._scan(k, found)
                self._scan(v, found)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for v in value:
                self._scan(v, found)

    def _expr(self, e, found: set) -> None:
        for node in walk(e.root):
            if isinstance(node, Name):
                found.add(self.names.get(node.name, node.name))
            elif isinstance(node, Call) and self.names.get(node.name, node.name) == "visited":
                arg = node.args[0] if node.args else None
                found.add(("v", arg.value) if isinstance(arg, Int) else ("v", ALL))
            elif isinstance(node, Str):
                found.add(node.value)

    # --- liveness -------------------------------------------------------------
    def _compute(self) -> None:
        """live[n]: the facts some paragraph reachable from n (n included) reads."""
        back = {n: set() for n in self.edges}
        for n, targets in self.edges.items():
            for t in targets:
                if t in back:
                    back[t].add(n)
        self.back = back
        self.reach = {n: self._closure(n) for n in self.edges}
        self.neutral = frozenset()   # (worked out below, from what is live)
        for n, p in self.book.paragraphs.items():   # a `once:` part that writes what is read ahead
            writes = self._once_writes(p) if p.once and n in self.reach else None
            if writes is not None and any(w in self.reads[q] for q in self.reach[n] for w in writes):
                self.reads[n].add(("v", n))
        self.live = {n: set() for n in self.edges}
        facts = {f for r in self.reads.values() for f in r
                 if (isinstance(f, tuple)) or f in self.passive}
        for fact in facts:
            for n in self._ahead(fact):
                self.live[n].add(fact)
        self._named: dict = {}   # an item or a flag -> the paragraphs it is live at
        self.caps = caps(self)
        self.neutral = frozenset(self._neutral_marks())

    def mark_dead(self, flag: str, live) -> bool:
        """A once-only choice's mark that nothing can read from where `live` (or what
        is read ahead) was worked out: its paragraph is no longer ahead, or the choice
        is a detour that changes nothing (`_neutral_marks`)."""
        return flag.startswith(ONCE) and (("o", flag.split(":")[1]) not in live or flag in self.neutral)

    def _neutral_marks(self):
        """The marks of the once-only choices that lead to a paragraph of text and
        straight back: the choice and that paragraph hold no effect, test, fight, dice
        or jump, every way out of it goes back (one with no condition), no condition
        reads its visit, and entering the choice's paragraph again does nothing
        (no effects, tests, fights, dice or jumps of its own).  Taking such a choice
        again leads back to the same state, so offering it again changes no value:
        its mark need not be kept (a tavern's "listen to the talk at the long table"
        no longer doubles every state of the town)."""
        if getattr(type(self.module), "entered", None) is not RuleModule.entered:
            return   # (a module that acts on entering a paragraph: a detour may not be neutral)
        for n, p in self.book.paragraphs.items():
            if not _inert(p) or n not in self.live:
                continue
            for i, c in enumerate(p.choices):
                t = self.book.paragraphs.get(c.target) if c.once and not c.stay and not c.effects else None
                if (t is not None and _inert(t) and not t.once and self.edges.get(t.number) == {n}
                        and t.choices and all(d.target == n and not d.effects and not d.stay for d in t.choices)
                        and any(d.condition is None and not d.once for d in t.choices)
                        and ("v", t.number) not in self.live[n] and ("v", ALL) not in self.live[n]):
                    yield once_key(n, i)

    def _ahead(self, fact) -> set:
        """The paragraphs from which some paragraph reading `fact` can be reached."""
        found: set = set()
        todo = deque(n for n, r in self.reads.items() if fact in r)
        while todo:
            n = todo.popleft()
            if n not in found:
                found.add(n)
                todo.extend(self.back[n])
        return found

    def _live_name(self, name, paragraph) -> bool:
        """Whether an item or a flag `name` can still be read from `paragraph`
        (worked out the first time the exploration meets it)."""
        found = self._named.get(name)
        if found is None:
            found = self._named[name] = self._ahead(name)
        return paragraph in found

    def _dead_name(self, part: str, name) -> bool:
        """An item or a flag the rules never read, that is not read from here on."""
        if part == "items":
            return name in self.passive_items
        return self.passive_flags and not name.startswith(ONCE)

    def _closure(self, n) -> set:
        seen, todo = {n}, [n]
        while todo:
            for t in self.edges[todo.pop()]:
                if t not in seen and t in self.edges:
                    seen.add(t)
                    todo.append(t)
        return seen

    def check(self, start: int | None, entered) -> None:
        """A move from paragraph `start` entered `entered`: correct the graph if it
        did not know such a path (the exploration must then start again)."""
        if start is None or start not in self.reach:
            return
        missing = [q for q in entered if q not in self.reach[start] and q in self.edges]
        if missing:
            self.edges[start].update(missing)
            self.learned.setdefault(start, set()).update(missing)
            self.stale = True

    def learn(self, learned: dict) -> None:
        """Take the corrections an exploration made (`learned`), as that exploration's lens."""
        for start, targets in learned.items():
            if start in self.edges:
                found = [t for t in targets if t in self.edges]
                self.edges[start].update(found)
                self.learned.setdefault(start, set()).update(found)
        if learned:
            self.refresh()

    def refresh(self) -> None:
        self._compute()
        self._dead, self._between, self._shut = {}, {}, {}
        self.guards.reset()
        self.stale = False

    # --- the reduction --------------------------------------------------------
    def forgotten(self) -> dict:
        """What the lens forgets somewhere: {kind: sorted names} (the report's "dropped")."""
        out: dict = {}
        everywhere = set(self.edges)
        for stat in sorted(self.passive):
            if any(stat not in self.live[n] for n in everywhere):
                out.setdefault("stats", []).append(stat)
        for key in NAMED:
            for name in sorted(self.declared[key]):
                if len(self._ahead(name) & everywhere) < len(everywhere):
                    out.setdefault(key, []).append(name)
        capped = sorted({stat for found in self.caps.values() for stat in found})
        if capped:
            out["capped"] = capped
        visits = {f[1] for r in self.reads.values() for f in r if isinstance(f, tuple) and f[0] == "v"}
        if ALL not in visits:
            out["visits"] = len(everywhere) - len(visits & everywhere)   # never read: count only
        closed = self.guards.used()
        if closed:
            out["closed"] = closed
        if self.neutral:
            out["detours"] = sorted(self.neutral)
        return out

    def strip(self, state) -> None:
        """Drop from `state` (in place) what cannot be read from its paragraph on."""
        live = self.live.get(state.paragraph, set())
        if state.visits and ("v", ALL) not in live:
            state.visits = {n: 1 for n, c in state.visits.items() if c and ("v", n) in live}
        n = state.paragraph
        dead = {f for f in state.flags if self.mark_dead(f, live)
                or self._dead_name("flags", f) and not self._live_name(f, n)}
        if dead:
            state.flags = state.flags - dead
        for key in NAMED:
            held = state.extra.get(key)
            if held:
                kept = {k: v for k, v in held.items() if self._live_name(k, n)}
                if len(kept) != len(held):
                    state.extra[key] = kept
        gone = [i for i in state.items if self._dead_name("items", i) and not self._live_name(i, n)]
        if gone:
            state.items = {i: c for i, c in state.items.items() if i not in gone}
        for stat in self.passive:
            if stat not in live:
                if state.stats.get(stat):
                    state.stats[stat] = 0
                if state.initial.get(stat):
                    state.initial[stat] = 0
        for stat, cap in self.caps.get(n, {}).items():
            if stat in live and stat in state.stats:
                state.stats[stat] = Cap(cap)(state.stats[stat])
        held = frozenset(g for g in self.guards.useful(n) if _holds(state, g))
        if held:   # ways closed for good (guards.py): what only they led to is dead too
            read = self.guards.read_ahead(n, held)
            state.visits = {v: c for v, c in state.visits.items() if self._kept("visits", v, read)}
            state.flags = {f for f in state.flags if self._kept("flags", f, read)}
            state.items = {i: c for i, c in state.items.items() if self._kept("items", i, read)}

    # --- ways closed for good (guards.py) ---------------------------------------
    def _kept(self, part: str, name, read) -> bool:
        """Whether a visit, flag or item is still read by `read` (what is read ahead)."""
        if part == "visits":
            return ("v", ALL) in read or ("v", name) in read
        if part == "flags" and name.startswith(ONCE):
            return not self.mark_dead(name, read)
        return not self._dead_name(part, name) or name in read

    def guarded(self, paragraph, find) -> tuple:
        """(slot, guard) of each guard a state at `paragraph` may hold that forgets
        something there (guards.py `useful`), among the slots `find(part, key)` knows."""
        out = []
        for g in self.guards.useful(paragraph):
            i = find("visits", g[1]) if g[0] == VISIT else find("flags", g[1])
            if i is not None:
                out.append((i, g))
        return tuple(out)

    def shut(self, paragraph, held: frozenset, columns) -> tuple:
        """The slots dead at `paragraph` in a state that holds the guards `held`, among
        `columns` ((slot, part, name) of each slot, in order: a longer list only adds)."""
        key = (paragraph, held, len(columns))
        found = self._shut.get(key)
        if found is None:
            read = self.guards.read_ahead(paragraph, held)
            found = self._shut[key] = tuple(i for i, part, name in columns if part in SHUT
                                            and not self._kept(part, name, read))
        return found

    def dying(self, start, paragraph, layout) -> tuple:
        """What dies on a move from paragraph `start` (whose dead slots are clear
        already) to `paragraph`, as slots of flat states (compact.py): (slots to
        clear, passive stat slots to reset to 0 when they hold something else,
        slots dead at `paragraph`, passive stat slots dead there, [(slot, fix)] for
        the slots whose value a fix changes from `start` to `paragraph` (the counters
        or notes dying on the way left out, a stat capped lower: `Prune`, `Cap`), {slot: fix
        at `paragraph`}); a slot the move changes is cleared, reset or fixed as the
        dead ones at `paragraph` (explorer.py)."""
        key = (start, paragraph)
        found = self._between.get(key)
        if found is None or found[0] != len(layout):
            found = self._between[key] = self._newly_dead(start, paragraph, layout)
        return found[1:]

    def _newly_dead(self, start, paragraph, layout) -> tuple:
        _s, clear_from, passive_from, fixes_from = self._slots_of(start, layout)
        _s, clear, passive, fixes = self._slots_of(paragraph, layout)
        was, was_passive = set(clear_from), set(passive_from)
        changing = tuple((i, fix) for i, fix in fixes.items() if not fix.within(fixes_from.get(i)))
        return (len(layout), tuple(i for i in clear if i not in was),
                tuple(i for i in passive if i not in was_passive), frozenset(clear), frozenset(passive),
                changing, fixes)

    def _slots_of(self, paragraph, layout) -> tuple:
        found = self._dead.get(paragraph)
        if found is None or found[0] != len(layout):
            found = self._dead[paragraph] = self._dead_slots(paragraph, layout)
        return found

    def _dead_slots(self, paragraph, layout) -> tuple:
        live = self.live.get(paragraph, set())
        clear, passive = [], []
        for i in layout.of_part["visits"]:
            n = layout.names[i - HEAD][1]
            if ("v", ALL) not in live and ("v", n) not in live:
                clear.append(i)
        for i in layout.of_part["flags"]:
            f = layout.names[i - HEAD][1]
            if self.mark_dead(f, live):
                clear.append(i)
        for part in ("items", "flags"):
            for i in layout.of_part[part]:
                name = layout.names[i - HEAD][1]
                if self._dead_name(part, name) and not self._live_name(name, paragraph):
                    clear.append(i)
        for part in ("stats", "initial"):
            for i in layout.of_part[part]:
                stat = layout.names[i - HEAD][1]
                if stat in self.passive and stat not in live:
                    passive.append(i)
        fixes = {}
        for i in layout.of_part["extra"]:
            key = layout.names[i - HEAD][1]
            dead = frozenset(k for k in self.declared.get(key, ()) if not self._live_name(k, paragraph))
            if dead:
                fixes[i] = Prune(dead)
        capped = self.caps.get(paragraph, {})
        for i in layout.of_part["stats"]:
            stat = layout.names[i - HEAD][1]
            if stat in capped and stat in live:
                fixes[i] = Cap(capped[stat])
        return len(layout), tuple(clear), tuple(passive), fixes


def _inert(p) -> bool:
    """Entering p changes nothing but the paragraph (and its visit)."""
    return not (p.effects or p.random or p.fields or p.auto or p.end or p.once)


def _holds(state, guard) -> bool:
    kind, name = guard
    return bool(state.visits.get(name)) if kind == VISIT else name in state.flags


class Prune:
    """A fix of a counters or notes slot: the frozen dict (compact.py `freeze`:
    ("{", key, value, ...)) without the dead `names`."""

    __slots__ = ("names",)

    def __init__(self, names: frozenset):
        self.names = names

    def __call__(self, frozen):
        if type(frozen) is not tuple or not frozen or frozen[0] != "{":
            return frozen
        out = ["{"]
        for k in range(1, len(frozen), 2):
            if frozen[k] not in self.names:
                out += (frozen[k], frozen[k + 1])
        return tuple(out)

    def within(self, other) -> bool:
        """Whatever this fix changes, `other` (the fix before the move) changed already."""
        return isinstance(other, Prune) and self.names <= other.names


class Cap:
    """A fix of a stat slot: no more than `cap` (caps.py)."""

    __slots__ = ("cap",)

    def __init__(self, cap: int):
        self.cap = cap

    def __call__(self, value):
        return self.cap if type(value) is int and value > self.cap else value

    def within(self, other) -> bool:
        return isinstance(other, Cap) and other.cap <= self.cap


def _effect_reads(effect):
    """What an effect reads: an `add:`/`set:` of a stat or a counter reads its amounts,
    not the name it writes (`add: {or: 30}` that nothing reads ahead is forgotten)."""
    if effect.kind == "note":   # it writes the paragraph's number: it reads nothing
        return None
    if effect.kind in WRITES and hasattr(effect.value, "values"):
        return list(effect.value.values())
    return effect.value
