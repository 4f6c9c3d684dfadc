"""Packed states: one row of integers a state, one column a fact, in NumPy arrays.

    column 0..4   paragraph, ending (0 none, 1 death, 2 victory), cause of death,
                  pending activity, the module's extras (the last three interned:
                  each distinct value numbered once, 0 for none)
    then          a column a stat, a stat's starting value, an item (its count),
                  a flag (0/1), a visit (0/1: the expression language asks only
                  `visited`, and a `once:` part only "entered before")

Columns are added as facts are met (a new one is MISSING, or 0 for a count, a flag,
a visit, in every state already kept).  A stat or starting value the state does not
hold is MISSING.  Rows are read and written as int64; the table stores each column
in the narrowest type its values fit (int8 first, widened when a value outside its
range appears).  Deduplication is by sorting: each row's 64-bit hash (its columns'
differences from their defaults times odd constants, summed, mixed), sorted tables
of the hashes seen, and `np.searchsorted` (a table of 65,536 hashes or more through
the directory of its top bits, directory.py); a hash found is checked against the row
kept under it (equal rows, else a `Collision`: never two states merged).
"""
from __future__ import annotations

import numpy as np

from engine.game.state import GameState
from engine.analysis.compiled.directory import directory, places
from engine.analysis.compiled.distinct import sorted_distinct
from engine.analysis.explore.compact import freeze, thaw

MISSING = -(1 << 40)
PARAGRAPH, ENDED, CAUSE, PENDING, EXTRA = range(5)
HEAD = 5
ENDINGS = (None, "death", "victory")
_PARTS = ("stats", "initial", "items", "flags", "visits")
_ATOMS = (int, str, type(None))
_PLAIN = (int, str, type(None), bool, float)


class Collision(Exception):
    """Two different states with one 64-bit hash (never merged: the run stops)."""


class Interned:
    """Values numbered in order of appearance, 0 for None."""

    def __init__(self):
        self.values, self.number = [None], {None: 0}

    def __call__(self, v) -> int:
        n = self.number.get(v)
        if n is None:
            n = self.number[v] = len(self.values)
            self.values.append(v)
        return n


class Slots:
    """The columns: (part, key) -> index, and the interned values of the head."""

    def __init__(self, display: tuple = ()):
        self.column: dict = {}
        self.names: list = [("head", "paragraph"), ("head", "ended"), ("head", "cause"),
                             ("head", "pending"), ("head", "extra")]
        self.causes, self.pendings, self.extras = Interned(), Interned(), Interned()
        self.display = frozenset(display)
        self._luts: dict = {}          # name -> an int per interned extras value
        self._by: dict = {}            # part -> {key: column}
        self._frozen: dict = {}        # the extras' items (atoms only) -> their interned number
        self._extra_values: dict = {}  # key -> the values of that module extra, interned
        self.changes: dict = {}        # a change's key -> its table (batch.py `changed`)

    def extra_lut(self, name, fn) -> np.ndarray:
        """`fn(extras)` (a dict, or None for none) of every interned extras value, as
        an int64 lookup table indexed by the EXTRA column: a module extra read as a
        column.  Each value is read once under a `name` (fn must depend on the extras
        only); the table grows as new values are interned."""
        lut = self._luts.get(name)
        values = self.extras.values
        done = 0 if lut is None else len(lut)
        if done < len(values):
            more = np.fromiter((fn(thaw(v) if v is not None else None) for v in values[done:]),
                               dtype=np.int64, count=len(values) - done)
            lut = self._luts[name] = more if lut is None else np.concatenate([lut, more])
        return lut

    def extra_plain(self, key, default):
        """The module extra `key` of every interned extras value (`default` where it is
        absent) as an object lookup table, or None when a value is not plain (a list, a
        dict: a caller may change it) or `default` cannot be a key."""
        if type(default) not in _PLAIN:
            return None
        name = ("plain", key, type(default), default)
        lut = self._luts.get(name)
        values = self.extras.values
        done = 0 if lut is None else len(lut)
        if done < len(values):
            more = [thaw(v).get(key, default) if v is not None else default for v in values[done:]]
            if any(type(x) not in _PLAIN for x in more):
                return None
            more = np.array(more + [None], dtype=object)[:-1]   # (None appended: a 1-D array of objects)
            lut = self._luts[name] = more if lut is None else np.concatenate([lut, more])
        return lut

    def extra_codes(self, key) -> tuple[np.ndarray, list]:
        """(lookup table of the module extra `key`'s value numbers, the values): 0 for
        None or absent."""
        values = self._extra_values.setdefault(key, Interned())
        return self.extra_lut(("codes", key), lambda e: values(e.get(key) if e else None)), values.values

    def __len__(self) -> int:
        return len(self.names)

    def index(self, part: str, key) -> int:
        i = self.column.get((part, key))
        if i is None:
            i = self.column[(part, key)] = len(self.names)
            self.names.append((part, key))
            self._by.setdefault(part, {})[key] = i
        return i

    def find(self, part: str, key) -> int | None:
        return self.column.get((part, key))

    def default(self, i: int) -> int:
        return MISSING if self.names[i][0] in ("stats", "initial") else 0

    def widened(self, rows: np.ndarray, width: int | None = None) -> np.ndarray:
        """`rows` widened to `width` columns (every column known by default), each
        column made since at its default; the rows themselves when wide enough."""
        width = len(self.names) if width is None else width
        if rows.shape[1] >= width:
            return rows
        pad = np.array([self.default(j) for j in range(rows.shape[1], width)], dtype=np.int64)
        return np.hstack([rows, np.broadcast_to(pad, (len(rows), len(pad)))])

    def pack(self, st: GameState) -> dict:
        """{column: value} of a game state (the columns it needs made)."""
        out = {PARAGRAPH: st.paragraph, ENDED: ENDINGS.index(st.ended), CAUSE: self.causes(st.death_cause),
               PENDING: self.pendings(freeze(st.pending) if st.pending is not None else None),
               EXTRA: self._extra(st.extra)}
        by = self._by
        for part, facts, skip in (("stats", st.stats, False), ("initial", st.initial, False),
                                  ("items", st.items, True), ("visits", st.visits, True)):
            known = by.get(part) or {}
            for k, v in facts.items():
                if v or not skip:
                    i = known.get(k)
                    out[self.index(part, k) if i is None else i] = 1 if part == "visits" else v
        known = by.get("flags") or {}
        for f in st.flags:
            i = known.get(f)
            out[self.index("flags", f) if i is None else i] = 1
        return out

    def _extra(self, extra: dict) -> int:
        """The interned number of a state's module extras (those shown aside): the
        extras made only of atoms found again by their items, without freezing."""
        key = found = None
        if all(type(v) in _ATOMS for v in extra.values()):   # (not bool: True == 1 in a key)
            key = tuple(extra.items())
            found = self._frozen.get(key)
        if found is None:
            found = self.extras(freeze({k: v for k, v in extra.items() if k not in self.display}) or None)
            if key is not None and len(self._frozen) < 1 << 16:
                self._frozen[key] = found
        return found

    def unpack(self, row, book, module) -> GameState:
        parts: dict = {p: {} for p in _PARTS}
        names = self.names
        values = row.tolist()
        for i in range(HEAD, len(values)):
            v = values[i]
            if v == MISSING or v == 0 and names[i][0] not in ("stats", "initial"):
                continue
            part, key = names[i]
            parts[part][key] = v
        extra = thaw(self.extras.values[values[EXTRA]]) or {}
        pending = self.pendings.values[values[PENDING]]
        return GameState(book.id, book.content_hash, module.id, values[PARAGRAPH], parts["stats"],
                         parts["initial"], parts["items"], set(parts["flags"]), parts["visits"],
                         extra, thaw(pending) if pending is not None else None,
                         ENDINGS[values[ENDED]], self.causes.values[values[CAUSE]],
                         rules_version=str(module.version))


def _mix(h: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, in place."""
    h ^= h >> np.uint64(30)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(27)
    h *= np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(31)
    return h


# the storage types of a column, narrowest first: kind 0 (BITS) a bit a column, eight
# columns a byte, for a column of 0s and 1s that is never MISSING (a flag, a visit, an
# item held once); then int8 .. int64, where in all but the last the type's smallest
# value stands for MISSING (so a value kept there lies strictly above it)
KINDS = (np.uint8, np.int8, np.int16, np.int32, np.int64)
BITS, INT8 = 0, 1
_LOW = [-1] + [int(np.iinfo(t).min) for t in KINDS[1:]]
_HIGH = [1] + [int(np.iinfo(t).max) for t in KINDS[1:]]


def _kind_of(lo: int, hi: int) -> int:
    """The narrowest kind past the bits holding every value from lo to hi (MISSING aside)."""
    for k in range(INT8, len(KINDS) - 1):
        if _LOW[k] < lo and hi <= _HIGH[k]:
            return k
    return len(KINDS) - 1


class Table:
    """Every state kept, found again by hash.  Stored column by column in the
    narrowest type each column's values fit (a bit for a flag, a visit, an item count
    while it is 0 or 1; int8 first for a stat or a starting value; widened to int8,
    int16, int32, int64 when a value outside its range appears), the columns of one
    type side by side in one matrix (the bits packed eight a byte); read back as int64
    rows (`take`, `rows`, `column`), MISSING where a stat is not held."""

    def __init__(self, slots: Slots):
        self.slots = slots
        self.n = 0
        self._cap = 1024
        self.kind: list = []                       # per column: its index in KINDS
        self.at: list = []                         # per column: its place in its kind's matrix
        self.members = [[] for _ in KINDS]         # per kind: its columns, in place order
        # per kind: a matrix with room for more columns (`_room`), and `store`, the view
        # of its columns in use (a new column is written in place, not copied in)
        self._room = [np.zeros((self._cap, 0), dtype=t) for t in KINDS]
        self.store = [m[:, :0] for m in self._room]
        self._order = [np.zeros(0, dtype=np.int64) for _ in KINDS]
        self._nulls = [np.zeros(0, dtype=np.int64) for _ in KINDS]
        # the hashes kept, sorted, with their rows' index: a few tables, smallest first
        self.levels = [(np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64))]
        self._directories: dict = {}   # a large table's place -> its directory (directory.py)
        self._consts = np.zeros(0, dtype=np.uint64)
        self._defaults = np.zeros(0, dtype=np.int64)
        self.widen()

    def __len__(self) -> int:
        return self.n

    @property
    def width(self) -> int:
        return len(self.kind)

    def nbytes(self) -> int:
        """Bytes of the rows kept (their capacity: the matrices grow by half, with room
        for a quarter more columns) and of the sorted hash tables and their directories."""
        return sum(m.nbytes for m in self._room) + sum(h.nbytes + i.nbytes for h, i in self.levels) + \
            sum(d.starts.nbytes for d in self._directories.values())

    # --- the columns' storage -------------------------------------------------------
    def widen(self) -> None:
        """Columns for the slots made since (their default in every row): a bit where
        the default is 0 (the head aside: its numbers are never only 0 and 1), else int8."""
        for i in range(len(self.kind), len(self.slots)):
            default = self.slots.default(i)
            kind = BITS if i >= HEAD and default == 0 else INT8
            self._attach(i, kind, _encode(np.full(self._cap, default, dtype=np.int64), kind))

    def _attach(self, i: int, kind: int, values: np.ndarray) -> None:
        """Column `i` (its stored values over the capacity) at the end of its kind's matrix."""
        if i == len(self.kind):
            self.kind.append(kind)
            self.at.append(0)
        self.kind[i], self.at[i] = kind, len(self.members[kind])
        self.members[kind].append(i)
        self._place(kind, len(self.members[kind]) - 1, values)
        self._order[kind] = np.asarray(self.members[kind], dtype=np.int64)
        self._nulls[kind] = self._nullable(kind)

    def _place(self, kind: int, p: int, values: np.ndarray) -> None:
        """`values` written as column `p` of `kind`'s matrix (of the bits: bit p % 8 of
        its byte p // 8).  When it has no room left it is copied into one a quarter
        wider (a book of hundreds of flags and visits adds its columns one by one:
        copying the whole table for each took gigabytes)."""
        room, byte = self._room[kind], p >> 3 if kind == BITS else p
        if byte >= room.shape[1]:
            wider = np.zeros((room.shape[0], byte + 1 + byte // 4), dtype=room.dtype)
            used = self.store[kind].shape[1]
            wider[:self.n, :used] = room[:self.n, :used]
            self._room[kind] = room = wider
        if kind == BITS:
            bit = np.uint8(1 << (p & 7))
            room[:, byte] &= ~bit
            room[:, byte] |= values.astype(np.uint8) * bit
        else:
            room[:, p] = values
        self.store[kind] = room[:, :self._used(kind)]

    def _used(self, kind: int) -> int:
        """The columns of `kind`'s matrix in use (of the bits: the bytes)."""
        places = len(self.members[kind])
        return (places + 7) >> 3 if kind == BITS else places

    def _stored(self, kind: int, p: int, upto: int | None = None) -> np.ndarray:
        """Column `p` of `kind`'s matrix as stored (a bit as 0 or 1), rows to `upto`
        (default: the capacity)."""
        room = self._room[kind][:upto]
        return (room[:, p >> 3] >> (p & 7)) & 1 if kind == BITS else room[:, p]

    def _nullable(self, kind: int) -> np.ndarray:
        """The places in `kind`'s matrix of the columns that may be MISSING (stats and
        starting values): the only ones whose MISSING needs translating."""
        return np.asarray([p for p, j in enumerate(self.members[kind]) if self.slots.default(j) == MISSING],
                          dtype=np.int64)

    def _retype(self, i: int, kind: int) -> None:
        """Column `i` moved to a wider kind (its values kept, MISSING too)."""
        old, pos = self.kind[i], self.at[i]
        values = _encode(_decode(self._stored(old, pos), old), kind)
        room, width = self._room[old], len(self.members[old])
        if old == BITS:   # the last bit column moved into its place (bits are not shifted)
            last = self.members[old][width - 1]
            if last != i:
                self._place(old, pos, self._stored(old, width - 1))
                self.members[old][pos], self.at[last] = last, pos
            self.members[old].pop()
        else:
            room[:, pos:width - 1] = room[:, pos + 1:width]   # the columns after it one place left
            self.members[old].pop(pos)
            for j in self.members[old][pos:]:
                self.at[j] -= 1
        self.store[old] = self._room[old][:, :self._used(old)]
        self._order[old] = np.asarray(self.members[old], dtype=np.int64)
        self._nulls[old] = self._nullable(old)
        self._attach(i, kind, values)

    def _fit(self, rows: np.ndarray) -> None:
        """Every column wide enough for the values of `rows` (MISSING aside)."""
        lo = rows.min(axis=0, initial=0)
        hi = rows.max(axis=0, initial=0)
        for i in np.flatnonzero(lo == MISSING).tolist():   # (a stat not held somewhere: the others' least)
            col = rows[:, i]
            lo[i] = col[col != MISSING].min(initial=0)
        kinds = np.asarray(self.kind, dtype=np.int64)[:rows.shape[1]]
        low = np.asarray(_LOW, dtype=np.int64)[kinds]
        high = np.asarray(_HIGH, dtype=np.int64)[kinds]
        for i in np.flatnonzero(((lo <= low) | (hi > high)) & (kinds < len(KINDS) - 1)).tolist():
            self._retype(i, _kind_of(int(lo[i]), int(hi[i])))

    def _append(self, rows: np.ndarray) -> None:
        need = self.n + len(rows)
        if need > self._cap:   # (by half: doubling a table of millions of rows doubles its peak)
            self._cap = max(need, self._cap + self._cap // 2)
            for k, room in enumerate(self._room):
                grown = np.zeros((self._cap, room.shape[1]), dtype=room.dtype)
                width = self.store[k].shape[1]
                grown[:self.n, :width] = room[:self.n, :width]
                self._room[k], self.store[k] = grown, grown[:, :width]
        self._fit(rows)
        for k, cols in enumerate(self._order):
            if len(cols):
                self.store[k][self.n:need] = self._encoded(rows, k, cols)
        self.n = need

    # --- reading rows back ------------------------------------------------------------
    def take(self, index) -> np.ndarray:
        """The rows `index` (an array of row numbers) as int64 (a copy)."""
        index = np.asarray(index, dtype=np.int64)
        out = np.empty((len(index), len(self.kind)), dtype=np.int64)
        if len(index) > 1 and index[-1] - index[0] == len(index) - 1 and (np.diff(index) == 1).all():
            index = slice(int(index[0]), int(index[-1]) + 1)   # (a wave's states follow each other: read, not gathered)
        for k, cols in enumerate(self._order):
            if not len(cols):
                continue
            to = _span(cols)
            if k == BITS:
                out[:, to] = np.unpackbits(self.store[k][index], axis=1, count=len(cols), bitorder="little")
            elif k < len(KINDS) - 1 and len(self._nulls[k]):
                # (the type's smallest value is MISSING: only a stat or a starting value
                # holds it, every other value lying above it: `_fit`)
                stored = self.store[k][index]
                out[:, to] = np.where(stored == _LOW[k], np.int64(MISSING), stored)
            else:
                out[:, to] = self.store[k][index]
        return out

    def _encoded(self, rows: np.ndarray, k: int, cols: np.ndarray) -> np.ndarray:
        """The columns `cols` of kind `k` of `rows` as stored (the bits packed, MISSING
        as the type's smallest value): after `_fit`, every value but MISSING lies above
        that value, so one `maximum` over the matrix translates MISSING (a loop over the
        columns that may hold it tested each one apart)."""
        part = rows[:, _span(cols)]
        if k == BITS:
            return np.packbits(part.astype(np.uint8), axis=1, bitorder="little")
        if k < len(KINDS) - 1 and len(self._nulls[k]):
            part = np.maximum(part, _LOW[k])
        return part.astype(KINDS[k])

    def row(self, s: int) -> np.ndarray:
        return self.take(np.array([s]))[0]

    def column(self, i: int) -> np.ndarray:
        """Column `i` of every row kept, as int64."""
        return _decode(self._stored(self.kind[i], self.at[i], self.n), self.kind[i])

    @property
    def rows(self) -> np.ndarray:
        """Every row kept, as int64 (a copy: for tests and small tables; `take` reads a few)."""
        return self.take(np.arange(self.n))

    def batch(self, packed: list[dict]) -> np.ndarray:
        """Rows of states given as {column: value} (after `widen`)."""
        self.widen()
        k = len(self.slots)
        base = np.array([self.slots.default(i) for i in range(k)], dtype=np.int64)
        out = np.tile(base, (len(packed), 1))
        for r, d in enumerate(packed):
            for i, v in d.items():
                out[r, i] = v
        return out

    def _hash(self, rows: np.ndarray) -> np.ndarray:
        """Each row's hash: its columns' differences from their defaults times random
        odd 64-bit constants, summed modulo 2^64 (one matrix product), then mixed.  A
        column at its default adds nothing (so that a column made later leaves the
        hashes kept valid).  Two different rows collide with a chance about 2^-64 for
        constants drawn independently of the book; a collision is found by comparing
        rows anyway (`Collision`), never merged."""
        k = rows.shape[1]
        if len(self._consts) < k:
            rng = np.random.default_rng(12345)
            self._consts = rng.integers(1, 1 << 63, size=max(k, 2 * len(self._consts)), dtype=np.uint64) | np.uint64(1)
        if len(self._defaults) != k:
            self._defaults = np.array([self.slots.default(j) for j in range(k)], dtype=np.int64)
        with np.errstate(over="ignore"):   # (sum((row - default) * c) = row @ c - default @ c modulo 2^64:
            # the rows not copied to subtract their defaults)
            consts = self._consts[:k]
            rows = np.asarray(rows, dtype=np.int64)
            return _mix(rows.view(np.uint64) @ consts - self._defaults.view(np.uint64) @ consts)

    def add(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(the index of each row, the indices of the rows new to the table)."""
        self.widen()
        if rows.shape[1] < self.width:
            pad = np.array([self.slots.default(i) for i in range(rows.shape[1], self.width)], dtype=np.int64)
            rows = np.hstack([rows, np.broadcast_to(pad, (len(rows), len(pad)))])
        h = self._hash(rows)
        # the batch's own repeats first (a sort of its hashes), each checked against the
        # row standing for its hash; then each distinct row looked up once
        uniq, first, inverse = sorted_distinct(h)
        again = np.flatnonzero(first[inverse] != np.arange(len(rows)))
        # (the repeats alone gathered, whole: finding the columns that differ somewhere in
        # the batch read every row twice, and cost five times as much on la-cloche-de-brumesel's
        # batches, a quarter of them repeats)
        if len(again) and not (rows[again] == rows[first[inverse[again]]]).all():
            raise Collision("two states share a 64-bit hash")
        found = self._find(uniq)
        hit = np.flatnonzero(found >= 0)
        if len(hit) and not (self.take(found[hit]) == rows[first[hit]]).all():
            raise Collision("two states share a 64-bit hash")
        fresh = np.flatnonzero(found < 0)
        new_index = np.arange(self.n, self.n + len(fresh))
        if len(fresh):
            found[fresh] = new_index
            self._append(rows[first[fresh]])
            self._keep(uniq[fresh], new_index)
        return found[inverse], new_index
    @staticmethod
    def _look(sorted_hash, sorted_index, h, out) -> None:
        if len(sorted_hash):
            at = np.minimum(np.searchsorted(sorted_hash, h), len(sorted_hash) - 1)
            hit = sorted_hash[at] == h
            out[hit] = sorted_index[at[hit]]

    def _find(self, h: np.ndarray) -> np.ndarray:
        """The index of the row kept under each hash, -1 for none."""
        out = np.full(len(h), -1, dtype=np.int64)
        for k, (sorted_hash, sorted_index) in enumerate(self.levels):
            found = self._directories.get(k)
            if found is None:
                self._look(sorted_hash, sorted_index, h, out)
            else:   # (a large table: through its directory, not a binary search)
                at = places(sorted_hash, found, h)
                hit = sorted_hash[at] == h
                out[hit] = sorted_index[at[hit]]
        return out

    def _keep(self, uniq: np.ndarray, index: np.ndarray) -> None:
        """New hashes (sorted) into the sorted tables, smallest first: a table past its
        size (4,096 times 16 to its rank) is merged into the next one, so that a call
        sorts a few thousand hashes and the big sorts are few (one sort of everything
        at every call was quadratic)."""
        levels = self.levels
        levels[0] = _merged(*levels[0], uniq, index)
        k = 0
        while len(levels[k][0]) > 4096 * 16 ** k:
            if k + 1 == len(levels):
                levels.append((np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)))
            levels[k + 1] = _merged(*levels[k + 1], *levels[k])
            levels[k] = (np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64))
            k += 1
        for j in range(k + 1):   # (the tables changed: their directories made again, or dropped)
            found = directory(levels[j][0])
            if found is None:
                self._directories.pop(j, None)
            else:
                self._directories[j] = found


def _merged(h1, i1, h2, i2) -> tuple[np.ndarray, np.ndarray]:
    """Two sorted hash tables (no hash in both) as one, the row numbers int32 while
    they fit: each of the second's place found in the first (no sort; a sort of both
    held an int64 order and two copies, 40 bytes a state at the last merge, against
    13 so)."""
    top = max(int(i1.max(initial=0)), int(i2.max(initial=0)))
    kind = np.int32 if top < 1 << 31 else np.int64
    if not len(h1) or not len(h2):
        h, i = (h2, i2) if not len(h1) else (h1, i1)
        return h, i.astype(kind, copy=False)
    place = np.searchsorted(h1, h2)
    place += np.arange(len(h2), dtype=place.dtype)   # (the second's places in the merged table)
    first = np.ones(len(h1) + len(h2), dtype=bool)
    first[place] = False
    h = np.empty(len(first), dtype=np.uint64)
    h[place], h[first] = h2, h1
    i = np.empty(len(first), dtype=kind)
    i[place], i[first] = i2, i1
    return h, i


def _span(cols: np.ndarray):
    """A kind's columns `cols` as a slice when each follows the one before (a view of
    the rows, not a copy of them), else themselves."""
    if len(cols) > 1 and not (np.diff(cols) == 1).all():
        return cols
    return slice(int(cols[0]), int(cols[0]) + len(cols))


def _encode(values: np.ndarray, kind: int) -> np.ndarray:
    """int64 values in the storage type of `kind` (MISSING as the type's smallest value;
    a bit as 0 or 1, never MISSING)."""
    if kind == len(KINDS) - 1:
        return values
    if kind == BITS:
        return values.astype(np.uint8)
    return np.where(values == MISSING, _LOW[kind], values).astype(KINDS[kind])


def _decode(stored: np.ndarray, kind: int) -> np.ndarray:
    """Stored values back as int64 (the type's smallest value as MISSING)."""
    out = stored.astype(np.int64)
    if BITS < kind < len(KINDS) - 1:
        out[stored == _LOW[kind]] = MISSING
    return out
