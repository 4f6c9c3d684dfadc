"""The transition cache: a state's moves worked out once for every state that reads alike.

Expanding a state means building its prompt, asking the module's fight hook and
playing every move through the real engine, once per outcome of its dice: about a
millisecond a state.  Most of what a state holds is not read by that: at a hub of
paragraphs, the moves depend on a few stats, the items that the conditions ask for,
a visit or two, and not on the 20 amounts of gold the hero may carry.

So the first expansion of a state is played on *tracked* copies of its parts
(stats, ceilings, items, visits, the module's extras): every key read is logged,
whatever reads it (an expression, the engine, the rule module, the fight hook);
reading a whole part (iterating it, copying it, comparing it) logs the whole
part.  The result is kept as a template: for each move, each outcome as
(probability, what changed: a diff against the state it started from).  Another
state with the same bucket (paragraph, pending activity, ending, flags: kept whole)
that has the same values at every key logged gets the same template: each
successor is its own parts with that diff applied, then keyed, lens and all,
exactly as a played one (`Explorer._state`).  The moves of that state would have
read only those values, so they would have done the same: the cache is exact.

A template is not kept when the expansion met an engine error, a bound of the
dice (a frontier) or anything that replaced a whole part of the state.
"""
from __future__ import annotations

from ...state import GameState
from .compact import Parts, freeze
from .runs import _clone

ALL = None            # a whole part read


class _Mark:
    """A value no state holds (not a tuple, so `freeze` leaves it as it is)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


MISSING = _Mark("missing")   # a key absent from the part
DELETED = _Mark("deleted")
SELF = "self"         # an outcome that leaves the state as it was (refused after a roll)
PARTS = ("stats", "initial", "items", "visits", "extra")


def _reads(name):
    def read(self, *args):
        self._log.add((self._part, ALL))
        return getattr(dict, name)(self, *args)
    return read


def _writes(name):
    """A write of keys not known in advance (update, clear...): every key of the
    part counts as written, before and after."""
    def write(self, *args, **kw):
        self._wrote.update((self._part, k) for k in dict.keys(self))
        out = getattr(dict, name)(self, *args, **kw)
        self._wrote.update((self._part, k) for k in dict.keys(self))
        return out
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

    def __getitem__(self, key):
        self._log.add((self._part, key))
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self._log.add((self._part, key))
        return dict.get(self, key, default)

    def __contains__(self, key):
        self._log.add((self._part, key))
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
    for _name in ("update", "clear", "popitem", "__ior__"):
        locals()[_name] = _writes(_name)
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
    return GameState(base.book_id, base.book_hash, base.rules, base.paragraph,
                     tracked("stats", base.stats, log, wrote), tracked("initial", base.initial, log, wrote),
                     tracked("items", base.items, log, wrote), set(base.flags),
                     tracked("visits", base.visits, log, wrote), tracked("extra", extra, log, wrote),
                     _clone(base.pending), base.ended, base.death_cause, base.dice, base.history,
                     base.lives, base.rules_version)


def bucket(key: tuple) -> tuple:
    """What a template's states share whole: paragraph, flags, pending, ending, cause."""
    return (key[0], key[4], key[7], key[8], key[9])


def part_of(state: GameState, name: str) -> dict:
    return getattr(state, name)


def diff(base: GameState, state: GameState, log: set, frozen_extra: dict):
    """What a move changed, or None when it replaced a whole part (not kept).  Only
    keys logged (read or written) can differ: a value changed in place was read
    first; `frozen_extra` is the base's extra, frozen (Parts.extra)."""
    touched: dict = {name: set() for name in PARTS}
    changes = []
    for name in PARTS:
        new = part_of(state, name)
        if type(new) is not Tracked:
            return None
        touched[name].update(k for n, k in new._wrote if n == name)
    for n, k in log:
        touched[n].add(k)
    for name in PARTS:
        new, old, keys = part_of(state, name), part_of(base, name), touched[name]
        wrote = new._wrote
        if ALL in keys:
            keys = set(dict.keys(new)) | set(dict.keys(old))
        for k in keys:
            if k is ALL:
                continue
            v = dict.get(new, k, MISSING)
            if v is MISSING:
                if dict.__contains__(old, k) or (name, k) in wrote:
                    changes.append((name, k, DELETED))
            elif name == "extra":
                v = freeze(v)
                if (name, k) in wrote or frozen_extra.get(k, MISSING) != v:
                    changes.append((name, k, v))
            elif (name, k) in wrote or dict.get(old, k, MISSING) != v:
                changes.append((name, k, v))
    return (state.paragraph, frozenset(state.flags), freeze(state.pending), state.ended,
            state.death_cause, tuple(changes))


def apply(base: Parts, change) -> Parts:
    """`base` (not changed) with a diff applied: new Parts."""
    paragraph, flags, pending, ended, cause, changes = change
    parts = {"stats": dict(base.stats), "initial": dict(base.initial), "items": dict(base.items),
             "visits": dict(base.visits), "extra": dict(base.extra)}
    for name, k, v in changes:
        if v is DELETED:
            parts[name].pop(k, None)
        else:
            parts[name][k] = v   # (extra values frozen in the diff as in Parts)
    return Parts(paragraph, parts["stats"], parts["initial"], parts["items"], flags, parts["visits"],
                 parts["extra"], pending, ended, cause)


class Memo:
    """Templates by bucket, then by the keys read, then by their values."""

    def __init__(self):
        self.table: dict = {}
        self.hits = self.misses = 0

    @staticmethod
    def values(parts: Parts, keys: tuple) -> tuple:
        """The values at `keys` of a state (extra values frozen, as in Parts)."""
        out = []
        for name, k in keys:
            part = getattr(parts, name)
            out.append(tuple(sorted(part.items(), key=repr)) if k is ALL else part.get(k, MISSING))
        return tuple(out)

    def find(self, key: tuple, base: Parts):
        by_keys = self.table.get(bucket(key))
        if by_keys:
            for keys, by_values in by_keys.items():
                found = by_values.get(self.values(base, keys))
                if found is not None:
                    self.hits += 1
                    return found
        self.misses += 1
        return None

    def keep(self, key: tuple, base: Parts, log: set, template) -> None:
        keys = tuple(sorted(log, key=repr))
        self.table.setdefault(bucket(key), {}).setdefault(keys, {})[self.values(base, keys)] = template
