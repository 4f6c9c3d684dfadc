"""Compact explorer states: a game state as one flat tuple over a shared layout.

The explorer keeps every distinct state it meets, makes hundreds of thousands of
them, and makes most of them from another state and a known change (the transition
cache, transitions.py).  So a state is one tuple:

    (layout, paragraph, ending, cause of death, pending activity, value, value, ...)

where each value sits at the slot the `Layout` gave its fact: a stat, a ceiling, an
item, a flag, a visit or one of the module's extras, e.g. ("stats", "endurance").
A fact the state does not hold is MISSING there; trailing MISSING slots are cut, so
that one state has one tuple whatever the layout has grown to since.

The explorer keeps and compares its states as integers: the layout numbers the
values met at each slot (0: MISSING) and gives each slot a run of bits (one for a
flag or a visit), so a state is the sum of its slots' numbers shifted to their
bits, about 60 bytes (la-couronne-de-sel, 69 slots).  A successor is its parent's
integer with a few slots' bits replaced, the lens's dead facts among them: one AND
and one OR worked out once for each change of the transition cache and paragraph
it is made from (explorer.py); a template's reads are one AND.  A slot that meets
more values than its bits can number is widened, and the exploration starts again.
`states[s]` gives the flat tuple back.

The history, the dice source and the module's display-only extras are left out;
visits are kept as visited-or-not (the expression language asks only `visited`).
Nested data (`extra`, `pending`: plain JSON-like data) is frozen without losing
what JSON would tell apart: a dict becomes ("{", key, value, ...) in key order, a
list ("[", ...), True/False ("?", b) and a float ("f", x) (so that 1, True and 1.0
stay three values, as "1", "true" and "1.0" did).
"""
from __future__ import annotations

from engine.game.state import GameState

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


class Overflow(Exception):
    """A slot met more distinct values than its width of bits can number: the
    exploration starts again with the slot widened (`Layout.widen`)."""

    def __init__(self, slot: int):
        super().__init__(slot)
        self.slot = slot


# Bits a slot is given first, by part (a flag or a visit is there or not; a head's
# paragraph, ending, cause and pending activity first): widened when too few.
WIDTH = {"flags": 1, "visits": 1, "stats": 8, "initial": 8, "items": 8, "extra": 12}
HEAD_WIDTH = (0, 16, 4, 8, 20)


class Layout:
    """The slot of every fact met so far: grows, never reorders.  It is the first
    element of every state tuple (compared by identity: one per exploration).

    It also numbers the values met at each slot (0: MISSING, or None in the head)
    and gives each slot a run of bits, so that a state is one integer too (`encode`):
    a successor is then its parent's integer with the bits of a few slots replaced
    (`mask`, `code`), and a template's reads one AND (transitions.py)."""

    __slots__ = ("slot", "names", "of_part", "width", "offset", "codes", "values", "_masks", "__weakref__")

    def __init__(self):
        self.slot: dict[tuple, int] = {}              # (part, key) -> index in a state tuple
        self.names: list[tuple] = []                  # index - HEAD -> (part, key)
        self.of_part: dict[str, list[int]] = {p: [] for p in PARTS}
        self.width: list[int] = list(HEAD_WIDTH)      # index -> bits
        self.offset: list[int] = [0] * HEAD           # index -> its lowest bit
        self.codes: list[dict] = [{}] + [{None: 0} for _ in range(1, HEAD)]   # index -> value -> number
        self.values: list[list] = [[]] + [[None] for _ in range(1, HEAD)]     # index -> number -> value
        self._place()   # (offsets, and the cache of part masks)

    def __len__(self) -> int:
        return HEAD + len(self.names)

    def index(self, part: str, key) -> int:
        i = self.slot.get((part, key))
        if i is None:
            i = self.slot[(part, key)] = HEAD + len(self.names)
            self.names.append((part, key))
            self.of_part[part].append(i)
            self.width.append(WIDTH[part])
            self.offset.append(self.offset[-1] + self.width[-2])
            self.codes.append({MISSING: 0})
            self.values.append([MISSING])
        return i

    def __repr__(self) -> str:
        return f"Layout({len(self.names)} slots)"

    # --- states as integers ---------------------------------------------------
    def _place(self) -> None:
        """Each slot's lowest bit, from the widths."""
        at = 0
        for i, w in enumerate(self.width):
            self.offset[i] = at
            at += w
        self._masks = {}

    def widen(self, i: int) -> None:
        """Slot i gets twice the bits: every state's integer changes (a new exploration)."""
        self.width[i] *= 2
        self._place()

    def code(self, i: int, v) -> int:
        """Value v at slot i, as the bits of a state's integer."""
        codes = self.codes[i]
        c = codes.get(v)
        if c is None:
            c = len(self.values[i])
            if c >> self.width[i]:
                raise Overflow(i)
            codes[v] = c
            self.values[i].append(v)
        return c << self.offset[i]

    def mask(self, i: int) -> int:
        return ((1 << self.width[i]) - 1) << self.offset[i]

    def at(self, code: int, i: int):
        """The value at slot i of a state's integer."""
        return self.values[i][(code >> self.offset[i]) & ((1 << self.width[i]) - 1)]

    @property
    def head_mask(self) -> int:
        return (1 << (self.offset[HEAD - 1] + self.width[HEAD - 1])) - 1

    def part_mask(self, part: str, start: int = 0) -> int:
        """The bits of a part's slots from its `start`-th on (as the layout is now)."""
        key = (part, start, len(self.names))
        found = self._masks.get(key)
        if found is None:
            found = 0
            for i in self.of_part[part][start:]:
                found |= self.mask(i)
            self._masks[key] = found
        return found

    def encode(self, flat: tuple) -> int:
        """A flat state (its layout this one) as an integer."""
        code, put = 0, self.code
        for i in range(1, len(flat)):
            v = flat[i]
            if v is not MISSING:
                code |= put(i, v)
        return code

    def decode(self, code: int) -> tuple:
        """The flat state of an integer: trailing MISSING slots cut, as `close`."""
        out, values, offset, width = [self], self.values, self.offset, self.width
        n, top = len(self), code.bit_length()
        i = 1
        while i < n and offset[i] < top:
            out.append(values[i][(code >> offset[i]) & ((1 << width[i]) - 1)])
            i += 1
        while i < HEAD:
            out.append(None)
            i += 1
        while len(out) > HEAD and out[-1] is MISSING:
            out.pop()
        return tuple(out)


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


class States:
    """Every state of one exploration, each as its integer (`Layout.encode`): a
    sequence of flat state tuples to its readers, `code(s)` the integer itself."""

    __slots__ = ("rows", "layout")

    def __init__(self, layout: Layout | None = None):
        self.layout = layout if layout is not None else Layout()
        self.rows: list[int] = []

    def append(self, code: int) -> None:
        self.rows.append(code)

    def code(self, s: int) -> int:
        return self.rows[s]

    def __getitem__(self, s: int) -> tuple:
        return self.layout.decode(self.rows[s])

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        decode = self.layout.decode
        return (decode(r) for r in self.rows)


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
