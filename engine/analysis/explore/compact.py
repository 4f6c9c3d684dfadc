"""Compact explorer states: a game state as nested tuples, interned.

The explorer keeps every distinct state it meets; before, each was its canonical
JSON text (about 50 µs to make with sorted keys, and parsed again to expand it).
Here a state is a tuple of its parts (paragraph, stats, initial, items, flags,
visits, extra, pending, ending, cause of death), each part a tuple that many states
share (interned: one object for every state with the same items, the same sheet
ceilings...).  The history, the dice source and the module's display-only extras
are left out, as before; visits are kept as visited-or-not.

Nested data (`extra`, `pending`: plain JSON-like data) is frozen without losing
what JSON would tell apart: a dict becomes ("{", key, value, ...) in key order, a
list ("[", ...), True/False ("?", b) and a float ("f", x) (so that 1, True and 1.0
stay three values, as "1", "true" and "1.0" did).
"""
from __future__ import annotations

from ...state import GameState

FINAL = "end"   # first element of a final ending's key (a state's is its paragraph)


_ATOMS = (int, str, type(None))   # kept as they are (bool and float are not: see above)


def freeze(v):
    t = type(v)
    if t is dict:
        keys = _ordered(v)   # (mixed key types: by their text)
        out = ["{"]
        for k in keys:   # atoms inline: a call only for what is nested
            x = v[k]
            out += (k if type(k) in _ATOMS else freeze(k), x if type(x) in _ATOMS else freeze(x))
        return tuple(out)
    if t is list or t is tuple:
        return ("[",) + tuple(x if type(x) in _ATOMS else freeze(x) for x in v)
    if t is bool:
        return ("?", v)
    if t is float:
        return ("f", v)
    return v


def thaw(v):
    if type(v) is not tuple:
        return v
    head = v[0]
    if head == "{":
        return {thaw(v[i]): thaw(v[i + 1]) for i in range(1, len(v), 2)}
    if head == "[":
        return [thaw(x) for x in v[1:]]
    return v[1]   # ("?", bool) or ("f", float)


class Packer:
    """Makes and reads compact states; `table` interns their parts."""

    def __init__(self, display: tuple = ()):
        self.display = frozenset(display)
        self.table: dict = {}

    def _intern(self, part):
        return self.table.setdefault(part, part)

    def pack(self, state: GameState) -> tuple:
        extra = state.extra
        if self.display:
            extra = {k: v for k, v in extra.items() if k not in self.display}
        it = self._intern
        return (state.paragraph, it(tuple(sorted(state.stats.items()))),
                it(tuple(sorted(state.initial.items()))), it(tuple(sorted(state.items.items()))),
                it(tuple(sorted(state.flags))), it(tuple(sorted(n for n, c in state.visits.items() if c))),
                it(freeze(extra)) if extra else (), freeze(state.pending) if state.pending is not None else None,
                state.ended, state.death_cause)

    def pack_parts(self, parts: Parts) -> tuple:
        """As `pack`, from Parts (whose extra and pending are frozen already)."""
        extra = parts.extra
        if self.display:
            extra = {k: v for k, v in extra.items() if k not in self.display}
        it, frozen = self._intern, ["{"]
        for k in _ordered(extra):
            frozen += (k, extra[k])
        return (parts.paragraph, it(tuple(sorted(parts.stats.items()))),
                it(tuple(sorted(parts.initial.items()))), it(tuple(sorted(parts.items.items()))),
                it(tuple(sorted(parts.flags))), it(tuple(sorted(n for n, c in parts.visits.items() if c))),
                it(tuple(frozen)) if extra else (), parts.pending, parts.ended, parts.death_cause)


class Parts:
    """A state's parts as the lens and `Packer.pack_parts` need them, without
    thawing: `extra` maps each key to its frozen value, `pending` is frozen."""

    __slots__ = ("paragraph", "stats", "initial", "items", "flags", "visits", "extra", "pending",
                 "ended", "death_cause")

    def __init__(self, paragraph, stats, initial, items, flags, visits, extra, pending, ended, cause):
        self.paragraph, self.stats, self.initial, self.items = paragraph, stats, initial, items
        self.flags, self.visits, self.extra, self.pending = flags, visits, extra, pending
        self.ended, self.death_cause = ended, cause


def parts_of(key: tuple) -> Parts:
    p, stats, initial, items, flags, visits, extra, pending, ended, cause = key
    return Parts(p, dict(stats), dict(initial), dict(items), flags, dict.fromkeys(visits, 1),
                 {extra[i]: extra[i + 1] for i in range(1, len(extra), 2)}, pending, ended, cause)


def _ordered(keys):
    try:
        return sorted(keys)
    except TypeError:   # as `freeze`
        return sorted(keys, key=repr)


def unpack(key: tuple) -> list:
    """The parts of a compact state as plain data, in the order of `Packer.pack`."""
    p, stats, initial, items, flags, visits, extra, pending, ended, cause = key
    return [p, dict(stats), dict(initial), dict(items), list(flags), list(visits),
            thaw(extra) if extra else {}, thaw(pending) if pending is not None else None, ended, cause]


def rebuild(book, module, key: tuple) -> GameState:
    p, stats, initial, items, flags, visits, extra, pending, ended, cause = unpack(key)
    return GameState(book.id, book.content_hash, module.id, p, stats, initial, items, set(flags),
                     {n: 1 for n in visits}, extra, pending, ended, cause,
                     rules_version=str(module.version))
