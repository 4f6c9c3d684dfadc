"""The transition cache: a move worked out once for every state that reads alike.

Expanding a state means building its prompt, asking the module's fight hook and
playing every move through the real engine, once per outcome of its dice: a
fraction of a millisecond a move.  Most of what a state holds is not read by a
move: at a hub of paragraphs, a choice depends on the stats its condition names,
the death check of Endurance, the items held, a visit or two, and not on the 20
amounts of gold the hero may carry nor on the Provisions left.

So the first time, each part of the work is played on *tracked* copies of the
state's parts (stats, ceilings, items, flags, visits, the module's extras): every
key read is logged, whatever reads it (an expression, the engine, the rule module,
the fight hook); reading a whole part (iterating it, copying it, comparing it) logs
the whole part.  Three kinds of templates are kept, each with its own log:

* the *menu* of a state: its moves (the prompt's enabled answers and the module's
  commands), when no fight hook answers there;
* each *move* of such a menu: its outcomes, each (probability, what changed: a diff
  of slots against the state it started from, compact.py);
* the *whole* expansion of a state where the fight hook answers (its strategies'
  outcomes are worked out from values the hook read, so they are kept with them).

Another state with the same bucket (paragraph, pending activity, ending, cause:
kept whole) that has the same values at every slot logged gets the same template:
each successor is its own slots with that diff applied, then keyed, lens and all,
exactly as a played one (`Explorer._state`).  The moves of that state would have
read only those values, so they would have done the same: the cache is exact.
A template is not kept when its work met an engine error, a bound of the dice (a
frontier) or anything that replaced a whole part of the state.
"""
from __future__ import annotations

from engine.game.state import GameState
from engine.analysis.explore.compact import MISSING, freeze
from engine.analysis.explore.runs import _clone

ALL = None            # a whole part read
SELF = "self"         # an outcome that leaves the state as it was (refused after a roll)
DICTS = ("stats", "initial", "items", "visits", "extra")


def _reads(name):
    def read(self, *args):
        self._log.add((self._part, ALL))
        return getattr(dict, name)(self, *args)
    return read


class _Whole:
    """Logged as the key written when a part was rewritten whole (clear, popitem...):
    which keys another state would lose is not known, so no template is kept."""

    def __repr__(self) -> str:
        return "WHOLE"


WHOLE = _Whole()


def _writes(name):
    """A write of keys not known in advance (clear, popitem): the part counts as
    rewritten whole (`diff` then keeps no change: the template is not kept)."""
    def write(self, *args, **kw):
        self._wrote.add((self._part, WHOLE))
        return getattr(dict, name)(self, *args, **kw)
    return write


class Tracked(dict):
    """A dict that logs, in shared sets, the keys read (ALL when read whole) and the
    keys written (a write of the value already there is still a write: another
    state may hold another value there)."""

    __slots__ = ("_log", "_wrote", "_part")

    def __setitem__(self, key, value):
        self._wrote.add((self._part, key))
        dict.__setitem__(self, key, value)

    def __delitem__(self, key):
        self._wrote.add((self._part, key))
        dict.__delitem__(self, key)

    # A key read after this play wrote it is not logged: what it holds then is what
    # the play wrote, which follows from what it read before (logged).
    def __getitem__(self, key):
        k = (self._part, key)
        if k not in self._wrote:
            self._log.add(k)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        k = (self._part, key)
        if k not in self._wrote:
            self._log.add(k)
        return dict.get(self, key, default)

    def __contains__(self, key):
        k = (self._part, key)
        if k not in self._wrote:
            self._log.add(k)
        return dict.__contains__(self, key)

    def setdefault(self, key, default=None):
        self._log.add((self._part, key))
        self._wrote.add((self._part, key))
        return dict.setdefault(self, key, default)

    def pop(self, key, *default):
        self._log.add((self._part, key))
        self._wrote.add((self._part, key))
        return dict.pop(self, key, *default)

    for _name in ("__iter__", "__len__", "__eq__", "__ne__", "__repr__", "__or__", "__ror__",
                  "__reversed__", "keys", "values", "items", "copy", "__reduce_ex__"):
        locals()[_name] = _reads(_name)
    def update(self, *args, **kw):
        """Only the keys given are written (the others keep their values, unread)."""
        other = dict(*args, **kw)
        self._wrote.update((self._part, k) for k in other)
        dict.update(self, other)

    def __ior__(self, other):
        self.update(other)
        return self

    for _name in ("clear", "popitem"):
        locals()[_name] = _writes(_name)
    del _name
    __hash__ = None


def _set_reads(name):
    def read(self, *args):
        self._log.add(("flags", ALL))
        return getattr(set, name)(self, *args)
    return read


def _set_writes(name):
    """A write of flags not known in advance (clear, pop, intersection...): the flags
    count as rewritten whole (no template kept)."""
    def write(self, *args):
        self._wrote.add(("flags", WHOLE))
        return getattr(set, name)(self, *args)
    return write


class TrackedSet(set):
    """The flags as a set that logs, as `Tracked`, each flag asked and each written
    (a whole read when iterated, copied, compared or combined)."""

    __slots__ = ("_log", "_wrote")

    def __contains__(self, key):
        k = ("flags", key)
        if k not in self._wrote:   # (as Tracked: not after this play wrote it)
            self._log.add(k)
        return set.__contains__(self, key)

    def add(self, key):
        self._wrote.add(("flags", key))
        set.add(self, key)

    def discard(self, key):
        self._wrote.add(("flags", key))
        set.discard(self, key)

    def remove(self, key):
        self._log.add(("flags", key))
        self._wrote.add(("flags", key))
        set.remove(self, key)

    for _name in ("__iter__", "__len__", "__eq__", "__ne__", "__repr__", "__or__", "__ror__",
                  "__and__", "__rand__", "__sub__", "__rsub__", "__xor__", "__rxor__", "__le__",
                  "__lt__", "__ge__", "__gt__", "copy", "issubset", "issuperset", "isdisjoint",
                  "union", "intersection", "difference", "symmetric_difference", "__reduce_ex__"):
        locals()[_name] = _set_reads(_name)
    def update(self, *others):
        """Only the flags given are written (the others stay as they are, unread)."""
        given = [f for other in others for f in other]
        self._wrote.update(("flags", f) for f in given)
        set.update(self, given)

    def difference_update(self, *others):
        given = [f for other in others for f in other]
        self._wrote.update(("flags", f) for f in given)
        set.difference_update(self, given)

    def __ior__(self, other):
        self.update(other)
        return self

    def __isub__(self, other):
        self.difference_update(other)
        return self

    for _name in ("clear", "pop", "intersection_update", "symmetric_difference_update",
                  "__iand__", "__ixor__"):
        locals()[_name] = _set_writes(_name)
    del _name
    __hash__ = None


def tracked(part: str, data: dict, log: set, wrote: set) -> Tracked:
    t = Tracked(data)
    t._log, t._wrote, t._part = log, wrote, part
    return t


def tracked_copy(base: GameState, log: set) -> GameState:
    """A copy of `base` whose parts log their reads into `log` and their writes into
    a set of their own, `state.extra._wrote` (history shared, as `runs.light_copy`)."""
    extra, wrote = {k: _clone(v) for k, v in base.extra.items()}, set()
    flags = TrackedSet(base.flags)
    flags._log, flags._wrote = log, wrote
    return GameState(base.book_id, base.book_hash, base.rules, base.paragraph,
                     tracked("stats", base.stats, log, wrote), tracked("initial", base.initial, log, wrote),
                     tracked("items", base.items, log, wrote), flags,
                     tracked("visits", base.visits, log, wrote), tracked("extra", extra, log, wrote),
                     _clone(base.pending), base.ended, base.death_cause, base.dice, base.history,
                     base.lives, base.rules_version)


def diff(key: tuple, state: GameState, log: set, layout, display=frozenset()):
    """What a move changed in the state of `key`, as (head, slot changes, paragraphs
    entered), or None when it replaced a whole part (not kept).  Only keys written
    can differ, and the module's extras read (a nested value changed in place was
    read first).  A key written is in the change even when its value is the one the
    state had: another state may hold another value there."""
    for name in DICTS:
        if type(getattr(state, name)) is not Tracked:
            return None
    if type(state.flags) is not TrackedSet:
        return None
    wrote = state.extra._wrote
    if any(k is WHOLE for _part, k in wrote):
        return None   # a part rewritten whole: which keys another state loses is not known
    extra = state.extra
    index, changes, entered = layout.index, [], []
    n = len(key)
    for part, k in wrote:
        if part == "flags":
            v = True if set.__contains__(state.flags, k) else MISSING
        else:
            if part == "extra" and k in display:
                continue
            v = dict.get(getattr(state, part), k, MISSING)
            if v is not MISSING:
                if part == "extra":
                    v = freeze(v)
                elif part == "visits":
                    if v:
                        entered.append(k)
                    v = 1 if v else MISSING
        changes.append((index(part, k), v))
    nested = [k for n_, k in log if n_ == "extra" and k is not ALL and ("extra", k) not in wrote]
    if ("extra", ALL) in log:
        nested = [k for k in dict.keys(extra) if ("extra", k) not in wrote]
    for k in nested:   # read, not written: changed in place only if nested
        v = dict.get(extra, k, MISSING)
        if v is MISSING or type(v) in _FLAT or k in display:
            continue
        v = freeze(v)
        i = index("extra", k)
        if (key[i] if i < n else MISSING) != v:
            changes.append((i, v))
    changes.sort(key=_first)
    head = (state.paragraph, state.ended, state.death_cause,
            freeze(state.pending) if state.pending is not None else None)
    return head, tuple(changes), tuple(entered)


_FLAT = (int, str, bool, float, type(None))


def _first(pair):
    return pair[0]


class Memo:
    """Templates by bucket (a state's head bits) and name (a menu, a move, a whole
    state), then by the slots read (their bits, one mask), then by their values
    there (the state's integer AND that mask)."""

    def __init__(self, layout):
        self.layout = layout
        self.table: dict = {}
        self.hits = self.misses = 0
        self.read = None   # the row of the template last found: (mask, parts read whole, ...)

    def masks(self, log: set) -> tuple:
        """The bits of the keys logged, and the parts read whole as (part, its slots now)."""
        lay, mask, whole = self.layout, 0, []
        for part, k in log:
            if k is ALL:
                whole.append((part, len(lay.of_part[part])))
                mask |= lay.part_mask(part)
            else:
                mask |= lay.mask(lay.index(part, k))
        return mask, tuple(sorted(whole))

    def find(self, where: tuple, code: int):
        """The template kept under `where` for a state (its integer)."""
        for row in self.table.get(where, ()):
            if row[1] and code & self._guard(row[3], row[1]):
                continue   # (a part read whole: the state holds something at a later slot)
            found = row[2].get(code & row[0])
            if found is not None:
                self.hits += 1
                self.read = row   # (its mask and parts read whole first)
                return found
        self.misses += 1
        return None

    def _guard(self, guard: list, whole) -> int:
        """The bits of the slots the layout gave a part read whole since the template
        was kept (a state holding something there is not the same: not compared),
        worked out again when the layout has grown."""
        size = len(self.layout.names)
        if guard[0] != size:
            bits = 0
            for part, count in whole:
                bits |= self.layout.part_mask(part, count)
            guard[:] = [size, bits]
        return guard[1]

    def keep(self, where: tuple, code: int, log: set, template, also=()) -> None:
        """`also`: the (mask, whole) of templates the work took from the cache."""
        mask, whole = self.masks(log)
        if also:
            for a in also:
                mask |= a[0]
            whole = tuple(sorted(set(whole).union(*(a[1] for a in also))))
        rows = self.table.setdefault(where, [])
        for row in rows:
            if row[0] == mask and row[1] == whole:
                row[2][code & mask] = template
                return
        rows.append((mask, whole, {code & mask: template}, [-1, 0]))
