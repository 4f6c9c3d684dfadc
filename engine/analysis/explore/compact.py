"""Compact explorer states: a game state as one flat tuple over a shared layout.

The explorer keeps every distinct state it meets, makes hundreds of thousands of
them, and makes most of them from another state and a known change (the transition
cache, transitions.py).  So a state is one tuple:

    (layout, paragraph, ending, cause of death, pending activity, value, value, ...)

where each value sits at the slot the `Layout` gave its fact: a stat, a ceiling, an
item, a flag, a visit or one of the module's extras, e.g. ("stats", "endurance").
A fact the state does not hold is MISSING there; trailing MISSING slots are cut, so
that one state has one tuple whatever the layout has grown to since.  A successor
is then a copy of its parent's tuple with a few slots set (`with_changes`), the
lens's dead facts reset by slot (lens.py), and hashing a tuple of small values.

The history, the dice source and the module's display-only extras are left out;
visits are kept as visited-or-not (the expression language asks only `visited`).
Nested data (`extra`, `pending`: plain JSON-like data) is frozen without losing
what JSON would tell apart: a dict becomes ("{", key, value, ...) in key order, a
list ("[", ...), True/False ("?", b) and a float ("f", x) (so that 1, True and 1.0
stay three values, as "1", "true" and "1.0" did).

The explorer keeps its states in `States`: each state as its *pieces*, runs of
PIECE slots, one object for every state holding the same run.  A successor differs
from its parent in a few slots, so most of its pieces are its parent's: a state
costs about 110 bytes there instead of 600 as one tuple (la-couronne-de-sel, 69
slots a state); `states[s]` gives the flat tuple back.
"""
from __future__ import annotations

from itertools import chain

from ...state import GameState

FINAL = "end"   # first element of a final ending's key (a state's is its layout)
HEAD = 5        # layout, paragraph, ended, death cause, pending: then the slots
PARTS = ("stats", "initial", "items", "flags", "visits", "extra")


class _Missing:
    """No fact at this slot (not a tuple, so `freeze` leaves it as it is)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"

    def __reduce__(self):
        return "MISSING"


MISSING = _Missing()
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


class Layout:
    """The slot of every fact met so far: grows, never reorders.  It is the first
    element of every state tuple (compared by identity: one per exploration)."""

    __slots__ = ("slot", "names", "of_part", "__weakref__")

    def __init__(self):
        self.slot: dict[tuple, int] = {}              # (part, key) -> index in a state tuple
        self.names: list[tuple] = []                  # index - HEAD -> (part, key)
        self.of_part: dict[str, list[int]] = {p: [] for p in PARTS}

    def __len__(self) -> int:
        return HEAD + len(self.names)

    def index(self, part: str, key) -> int:
        i = self.slot.get((part, key))
        if i is None:
            i = self.slot[(part, key)] = HEAD + len(self.names)
            self.names.append((part, key))
            self.of_part[part].append(i)
        return i

    def __repr__(self) -> str:
        return f"Layout({len(self.names)} slots)"


class Packer:
    """Makes and reads the flat states of one exploration (`layout`)."""

    def __init__(self, display: tuple = ()):
        self.display = frozenset(display)
        self.layout = Layout()

    def pack(self, state: GameState) -> tuple:
        lay = self.layout
        index = lay.index
        vals: dict[int, object] = {}
        for part in ("stats", "initial", "items"):
            for k, v in getattr(state, part).items():
                vals[index(part, k)] = v
        for f in state.flags:
            vals[index("flags", f)] = True
        for n, c in state.visits.items():
            if c:
                vals[index("visits", n)] = 1
        display = self.display
        for k, v in state.extra.items():
            if k not in display:
                vals[index("extra", k)] = v if type(v) in _ATOMS else freeze(v)
        head = (lay, state.paragraph, state.ended, state.death_cause,
                freeze(state.pending) if state.pending is not None else None)
        if not vals:
            return head
        out = [MISSING] * (max(vals) + 1)
        for i, v in vals.items():
            out[i] = v
        return head + tuple(out[HEAD:])


PIECE = 8   # slots a piece


class States:
    """Every state of one exploration, as its pieces (see the module's text): a
    sequence of flat state tuples to its readers."""

    __slots__ = ("rows", "_pieces")

    def __init__(self):
        self.rows: list[tuple] = []      # per state: its pieces
        self._pieces: list[dict] = []    # per place: a run of slots -> the one object kept for it

    def key(self, flat: tuple) -> tuple:
        """The pieces of a flat state: what the explorer's index is keyed by (equal
        pieces for equal states).  One table per place of a piece: runs at two
        places are runs of other facts, and a run of flags (True) would else stand
        for an equal run of counts (1) elsewhere, as equal tuples do."""
        pieces, out = self._pieces, []
        for j, i in enumerate(range(0, len(flat), PIECE)):
            if j == len(pieces):
                pieces.append({})
            run = flat[i:i + PIECE]
            out.append(pieces[j].setdefault(run, run))
        return tuple(out)

    def append(self, pieces: tuple) -> None:
        self.rows.append(pieces)

    def __getitem__(self, s: int) -> tuple:
        return tuple(chain.from_iterable(self.rows[s]))

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return (tuple(chain.from_iterable(r)) for r in self.rows)


def with_changes(key: tuple, head: tuple, changes: tuple) -> list:
    """`key` with a new head (paragraph, ended, cause, pending) and its slots changed:
    a list, for the lens to reset dead slots in before `close` makes it a key."""
    vals = list(key)
    vals[1:HEAD] = head
    n = len(vals)
    for i, v in changes:
        if i >= n:
            vals += [MISSING] * (i + 1 - n)
            n = i + 1
        vals[i] = v
    return vals


def close(vals: list) -> tuple:
    """The key of a list of slots: trailing MISSING cut (one tuple for one state)."""
    while len(vals) > HEAD and vals[-1] is MISSING:
        vals.pop()
    return tuple(vals)


class Parts:
    """A state's parts as dicts and sets (tests and people; the explorer reads slots)."""

    __slots__ = ("paragraph", "stats", "initial", "items", "flags", "visits", "extra", "pending",
                 "ended", "death_cause")

    def __init__(self, paragraph, stats, initial, items, flags, visits, extra, pending, ended, cause):
        self.paragraph, self.stats, self.initial, self.items = paragraph, stats, initial, items
        self.flags, self.visits, self.extra, self.pending = flags, visits, extra, pending
        self.ended, self.death_cause = ended, cause


def parts_of(key: tuple) -> Parts:
    """The parts of a state, extra and pending still frozen."""
    lay = key[0]
    parts: dict = {p: {} for p in PARTS}
    for i in range(HEAD, len(key)):
        v = key[i]
        if v is not MISSING:
            part, k = lay.names[i - HEAD]
            parts[part][k] = v
    return Parts(key[1], parts["stats"], parts["initial"], parts["items"], frozenset(parts["flags"]),
                 parts["visits"], parts["extra"], key[4], key[2], key[3])


def content(key: tuple) -> tuple:
    """What a state holds, whatever its layout: hashable, equal for the same state
    in two explorations (whose layouts give slots in other orders)."""
    if key[0] == FINAL:
        return key
    lay = key[0]
    facts = sorted(((lay.names[i - HEAD], key[i]) for i in range(HEAD, len(key)) if key[i] is not MISSING),
                   key=repr)
    return key[1:HEAD] + tuple(facts)


def _ordered(keys):
    try:
        return sorted(keys)
    except TypeError:   # as `freeze`
        return sorted(keys, key=repr)


def unpack(key: tuple) -> list:
    """The parts of a compact state as plain data: paragraph, stats, initial, items,
    flags, visits, extra, pending, ended, cause (flags and visits sorted lists)."""
    p = parts_of(key)
    return [p.paragraph, dict(sorted(p.stats.items())), dict(sorted(p.initial.items())),
            dict(sorted(p.items.items())), sorted(p.flags), sorted(p.visits),
            {k: thaw(v) for k, v in sorted(p.extra.items(), key=lambda kv: repr(kv[0]))},
            thaw(p.pending) if p.pending is not None else None, p.ended, p.death_cause]


def rebuild(book, module, key: tuple) -> GameState:
    p, stats, initial, items, flags, visits, extra, pending, ended, cause = unpack(key)
    return GameState(book.id, book.content_hash, module.id, p, stats, initial, items, set(flags),
                     {n: 1 for n in visits}, extra, pending, ended, cause,
                     rules_version=str(module.version))
