"""The book's solved values kept on disk, for play's advice and the editor's hover.

When `gamebook explore BOOK --exhaustive` explores a book completely, every explored
state's best-play probability of victory is written to the compiled-book cache
(engine/lint/loader.py `cache_dir()`, folder `values`), one file for each book and
starting sheet (`--sheet N`, or every sheet at once).  A state is named by a 64-bit
key of its facts *after the lens* (lens.py: what no later step reads is dropped), so
that any game state that projects onto an explored state finds its value, whatever
sheet it started from.  The key depends on the facts only, not on how an explorer
packs them (`fact_hash`: a hash of each (slot name, value) pair, XORed together,
Zobrist-style), so another explorer can write the same files.

A file holds: the keys, sorted (uint64, little-endian), the values in the same order
(float64: enough for advice), the start's exact fraction, the lens's corrections of
the paragraph graph (edges a move showed that the static graph missed: the same lens
must project play's states), and per paragraph its best value and whether it is
doomed.  It is keyed by a digest of the compiled book and of the engine's sources and
version (an edited book or rule never reads old values), and sealed like the compiled
books (engine/lint/cache_seal.py): a file that is unreadable, edited, foreign or
stale is ignored with a warning, never believed.  GAMEBOOK_NO_CACHE turns it off.
"""
from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import json
import sys
from array import array
from bisect import bisect_left
from pathlib import Path

from engine.diagnostics import Message
from engine.analysis.explore.compact import HEAD, MISSING

FORMAT = 1
FOLDER = "values"
HEAD_NAMES = (None, "paragraph", "ended", "cause", "pending")
WINDOW = 60   # bits of a state's integer hashed through one memo (several slots at once)


# --- keys ---------------------------------------------------------------------
@functools.lru_cache(maxsize=1 << 16, typed=True)   # (typed: a flag's True is not the value 1)
def fact_hash(name, value) -> int:
    """The 64-bit hash of one fact (a slot's name and its value, frozen as compact.py)."""
    return int.from_bytes(hashlib.blake2b(repr((name, value)).encode(), digest_size=8).digest(), "little")


def slot_name(layout, i: int):
    return HEAD_NAMES[i] if i < HEAD else layout.names[i - HEAD]


def flat_key(flat: tuple) -> int:
    """The key of a flat state (compact.py: its layout first, then its head and slots)."""
    layout, key = flat[0], 0
    for i in range(1, len(flat)):
        v = flat[i]
        if v is not MISSING and (v is not None or i >= HEAD):   # (None: nothing in the head, a value after)
            key ^= fact_hash(slot_name(layout, i), v)
    return key


class Keys:
    """The keys of a layout's state integers (compact.py `Layout.encode`): the slots
    cut into windows of up to WINDOW bits, each window's hash kept by its bits."""

    def __init__(self, layout):
        self.layout = layout
        self.windows: list = []
        slots: list = []
        start = layout.offset[1]
        for i in range(1, len(layout)):
            end = layout.offset[i] + layout.width[i]
            if slots and end - start > WINDOW:
                self._window(start, slots)
                slots, start = [], layout.offset[i]
            slots.append(i)
        if slots:
            self._window(start, slots)

    def _window(self, start: int, slots: list) -> None:
        lay = self.layout
        end = lay.offset[slots[-1]] + lay.width[slots[-1]]
        self.windows.append((start, (1 << (end - start)) - 1, {}, tuple(slots)))

    def __call__(self, code: int) -> int:
        key = 0
        for start, mask, memo, slots in self.windows:
            bits = (code >> start) & mask
            if bits:
                found = memo.get(bits)
                if found is None:
                    found = memo[bits] = self._hash(bits << start, slots)
                key ^= found
        return key

    def _hash(self, code: int, slots) -> int:
        lay, key = self.layout, 0
        for i in slots:
            c = (code >> lay.offset[i]) & ((1 << lay.width[i]) - 1)
            if c:
                key ^= fact_hash(slot_name(lay, i), lay.values[i][c])
        return key


def state_key(lens, packer, state) -> int:
    """The key of a game state as the explorer keeps it: its lens projection, packed."""
    copy = state.copy()
    if lens is not None:
        lens.strip(copy)
    return flat_key(packer.pack(copy))


# --- where and under which name ---------------------------------------------------
# what cannot change a value: the front ends, and this file and the readers of the
# values (a change of how keys are made changes FORMAT)
FRONT_ENDS = {"repl", "lsp", "web", "export", "renumber", "commands", "cli.py", "__main__.py"}
READERS = {"analysis/explore/values.py", "analysis/book_values.py", "analysis/live.py"}


@functools.lru_cache(maxsize=1)
def engine_digest() -> str:
    """The digest of the engine's sources and version (the rules, the game, the explorer:
    every module but the front ends and the readers of the values)."""
    from engine import __version__
    top = Path(__file__).resolve().parents[2]
    h = hashlib.sha256(f"{FORMAT}\0{__version__}".encode())
    for path in sorted(top.rglob("*.py")):
        parts = path.relative_to(top).parts
        if parts[0] not in FRONT_ENDS and "/".join(parts) not in READERS:
            with contextlib.suppress(OSError):
                h.update("/".join(parts).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


MODEL_FIELDS = ("id", "title", "language", "rules", "start", "hero", "items", "paragraphs", "options", "meta")


def book_digest(book, module) -> str:
    """The digest of the compiled book (its model's text: every paragraph, effect and
    expression), the rule module and the engine."""
    h = hashlib.sha256(engine_digest().encode())
    h.update(f"\0{module.id}\0{module.version}\0{type(module).__module__}\0".encode())
    for part in MODEL_FIELDS:   # (not its file name nor its bytes' hash: the editor's copy is the same book)
        h.update(repr(getattr(book, part)).encode() + b"\0")
    return h.hexdigest()


def folder() -> Path | None:
    from engine.lint.loader import cache_dir
    books = cache_dir()
    return None if books is None else books / FOLDER


def book_prefix(book) -> str:
    """The start of every values file of a book, whatever its version (to tell stale ones)."""
    return hashlib.sha256(book.id.encode()).hexdigest()[:16]


def file_name(book, digest: str, sheet: int | None) -> str:
    return f"{book_prefix(book)}-{digest}-{'all' if sheet is None else sheet}.json"


# --- writing ----------------------------------------------------------------------
def store(book, module, space, values, start_exact: str | None, route=()) -> Path | None:
    """Write the values of a completely explored space (and the best route's
    [paragraph, value] from the likeliest start); the file, or None (no cache, or the
    disk refused: the values are then only lost)."""
    keys = Keys(space.states.layout)
    pairs = sorted(zip(map(keys, space.states.rows), map(float, values)))
    ks, vs = array("Q", (k for k, _v in pairs)), array("d", (v for _k, v in pairs))
    return write(book, module, space.fixed_sheet, ks, vs, start_exact, space.learned,
                 paragraph_summary(space, values), route)


def write(book, module, sheet: int | None, ks: array, vs: array, start_exact: str | None, learned: dict,
          paragraphs: dict, route=()) -> Path | None:
    """Write one values file, whichever explorer made it: the keys sorted (`ks`, native
    order) and their values (`vs`), the start's exact fraction, the lens's corrections
    (`learned`), the per-paragraph summary (`paragraphs`, as `summary` makes it) and the best route."""
    from engine.lint.cache_seal import cache_key, seal
    from engine.support.atomic import write_bytes
    where = folder()
    if where is None:
        return None
    if sys.byteorder != "little":
        ks, vs = array("Q", ks), array("d", vs)
        ks.byteswap()
        vs.byteswap()
    digest = book_digest(book, module)
    entry = {"format": FORMAT, "key": digest, "book": book.id, "sheet": sheet,
             "start": start_exact, "states": len(ks), "learned": _learned(learned),
             "paragraphs": paragraphs, "route": [[n, float(v)] for n, v in route],
             "keys": base64.b64encode(ks.tobytes()).decode("ascii"),
             "values": base64.b64encode(vs.tobytes()).decode("ascii")}
    path = where / file_name(book, digest, sheet)
    try:
        where.mkdir(parents=True, exist_ok=True)
        secret = cache_key(where.parent, create=True)   # (the compiled books' key, as the fights')
        if secret is None:
            return None
        data = json.dumps(entry, separators=(",", ":")).encode("utf-8")
        write_bytes(path, seal(data, secret), new_mode=0o600, follow_links=False)
    except OSError:
        return None
    _forget_older(where, path)
    return path


def _forget_older(where: Path, path: Path) -> None:
    """Remove the files of older versions of the same book and sheet (never read again)."""
    prefix, _, rest = path.name.partition("-")
    sheet = rest.rpartition("-")[2]
    for old in where.glob(f"{prefix}-*-{sheet}"):
        if old.name != path.name and len(old.name) == len(path.name):
            with contextlib.suppress(OSError):
                old.unlink()


def _learned(learned: dict) -> dict:
    return {str(n): sorted(ts) for n, ts in sorted(learned.items())}


def paragraph_summary(space, values) -> dict:
    """{paragraph: [best value, states, doomed]} over the explored states that can still
    move (not an ending): doomed when every one of them is worth 0."""
    return summary((n, float(values[s])) for s, n in enumerate(space.paragraph)
                   if space.done[s] and not space.final[s] and not space.ended[s])


def summary(pairs) -> dict:
    """The per-paragraph summary of (paragraph, value) pairs, one a state that can move."""
    out: dict = {}
    for n, v in pairs:
        row = out.get(n)
        if row is None:
            out[n] = [v, 1, v == 0]
        else:
            row[0], row[1], row[2] = max(row[0], v), row[1] + 1, row[2] and v == 0
    return {str(n): row for n, row in sorted(out.items())}


# --- reading ----------------------------------------------------------------------
UNREADABLE = Message("les valeurs du livre gardées dans {path} sont illisibles ou altérées : ignorées "
                     "(relancez « gamebook explore … --exhaustive » pour les refaire)",
                     "the book's values kept in {path} are unreadable or altered: ignored "
                     "(run 'gamebook explore … --exhaustive' again to remake them)")
STALE = Message("des valeurs de ce livre ont été calculées pour une autre version du livre ou du moteur : "
                "ignorées (relancez « gamebook explore … --exhaustive »)",
                "values of this book were computed for another version of the book or of the engine: "
                "ignored (run 'gamebook explore … --exhaustive' again)")


class Table:
    """One values file: sorted keys and their values, and what the hover reads."""

    def __init__(self, entry: dict, keys: array, values: array):
        self.sheet, self.start = entry.get("sheet"), entry.get("start")
        self.learned = {int(n): [int(t) for t in ts] for n, ts in entry.get("learned", {}).items()}
        self.paragraphs = {int(n): (float(r[0]), int(r[1]), bool(r[2]))
                           for n, r in entry.get("paragraphs", {}).items()}
        self.route: dict = {}   # paragraph -> the best route's first value there
        for n, v in entry.get("route", []):
            self.route.setdefault(int(n), float(v))
        self.keys, self.values = keys, values

    def get(self, key: int) -> float | None:
        i = bisect_left(self.keys, key)
        return self.values[i] if i < len(self.keys) and self.keys[i] == key else None


def load(book, module) -> tuple[list[Table], list[Message]]:
    """Every values file kept for this book as it is now, and warnings (a file
    unreadable, altered or made for another version of the book: ignored)."""
    where = folder()
    if where is None or not where.is_dir():
        return [], []
    digest, prefix = book_digest(book, module), book_prefix(book)
    tables, warnings, stale = [], [], False
    try:
        names = sorted(p.name for p in where.iterdir() if p.name.startswith(prefix + "-"))
    except OSError:
        return [], []
    for name in names:
        if not name.startswith(f"{prefix}-{digest}-"):
            stale = True
            continue
        table = _read(where / name, digest)
        if table is None:
            warnings.append(Message(UNREADABLE.fr.format(path=where / name), UNREADABLE.en.format(path=where / name)))
        else:
            tables.append(table)
    if stale and not tables:
        warnings.append(STALE)
    return tables, warnings


def _read(path: Path, digest: str) -> Table | None:
    from engine.lint.cache_seal import cache_key, unseal
    try:
        data = unseal(path.read_bytes(), cache_key(path.parent.parent))
        entry = json.loads(data) if data is not None else None
        if not isinstance(entry, dict) or entry.get("format") != FORMAT or entry.get("key") != digest:
            return None
        keys, values = array("Q"), array("d")
        keys.frombytes(base64.b64decode(entry["keys"], validate=True))
        values.frombytes(base64.b64decode(entry["values"], validate=True))
        if sys.byteorder != "little":
            keys.byteswap()
            values.byteswap()
        if len(keys) != len(values) or len(keys) != entry.get("states"):
            return None
        return Table(entry, keys, values)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
