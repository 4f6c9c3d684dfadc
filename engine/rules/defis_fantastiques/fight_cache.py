"""A fight's exact odds kept by the fight's constants, so that a fight solved once is
not solved again: in memory for the process (the REPL's `chances`, the hover, the
rows of `gamebook odds` that meet the same fight), and on disk beside the
compiled-book cache (engine/lint/loader.py `cache_dir()`, folder `fights`), since the
same fights recur across sheets, runs and books.

The key is everything the solver reads (the arguments of `ff_fight` or
`family_chances`, written out by `repr`) and the digest of the model's source files
(the fight chain, its solvers, the rules they read, the generic chain solvers): an
edited rule or solver never reads an old answer.  Values are stored exactly, every
Fraction as "p/q"; an entry is sealed with the compiled books' key
(docs/security.md): an unreadable, edited or foreign one is ignored and solved again.  The
disk cache is off with GAMEBOOK_NO_CACHE, like the compiled books; a write that fails
(read-only or full disk) only loses the entry.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import json
from collections import OrderedDict
from fractions import Fraction
from pathlib import Path

from engine.analysis.result import FightOdds
from engine.analysis.stored_only import NotStored, only_stored

MODEL_FILES = ("model.py", "fight_chain.py", "odds_solver.py", "odds_special.py", "ff_layered.py",
               "ff_noluck.py", "ff_together.py", "ff_together_mass.py", "ff_wintable.py", "odds.py",
               "fight_cache.py", "fight_vec.py")
MEMORY_ENTRIES = 512
_memory: OrderedDict = OrderedDict()


@functools.lru_cache(maxsize=1)
def model_digest() -> str | None:
    """The digest of the sources the odds are computed by (and the engine's version);
    None when a source cannot be read (an install without them): then no disk cache."""
    from engine import __version__
    from engine.analysis import chain
    here = Path(__file__).resolve().parent
    h = hashlib.sha256(__version__.encode())
    try:
        for path in [here / name for name in MODEL_FILES] + [Path(chain.__file__),
                                                           Path(chain.__file__).with_name("chain_arrays.py"),
                                                           Path(chain.__file__).with_name("chain_pushes.py")]:
            h.update(path.read_bytes())
    except OSError:
        return None
    return h.hexdigest()


def folder() -> Path | None:
    """Where the fights are kept on disk: beside the compiled books; None: no disk cache."""
    from engine.lint.loader import cache_dir
    books = cache_dir() if model_digest() is not None else None
    return None if books is None else books / "fights"


def _secret(where: Path, create: bool = False) -> bytes | None:
    """The compiled books' sealing key (engine/lint/cache_seal.py), which seals the fights too."""
    from engine.lint.cache_seal import cache_key
    return cache_key(where.parent, create=create)


def key(kind: str, arguments: tuple) -> str:
    return hashlib.sha256(f"{model_digest()}\0{kind}\0{arguments!r}".encode()).hexdigest()


def kept(kind: str, arguments: tuple, solve, encode, decode):
    """`decode(encode(solve()))`, from memory or disk when this fight was solved before;
    inside `stored_only()` (the hover), NotStored rather than solving."""
    name = key(kind, arguments)
    stored = _memory.get(name)
    if stored is None:
        stored = _read(name, decode)
    if stored is None:
        if only_stored():
            raise NotStored(kind)
        stored = encode(solve())
        _write(name, stored)
    _memory[name] = stored
    _memory.move_to_end(name)
    while len(_memory) > MEMORY_ENTRIES:
        _memory.popitem(last=False)
    return decode(stored)


def forget_memory() -> None:
    """Empty the in-memory part (for measuring, and for tests)."""
    _memory.clear()


def _read(name: str, decode):
    """The entry stored under `name`, when its seal is the cache's and it decodes; else None
    (edited, copied from elsewhere, or another fight's: solved again)."""
    from engine.lint.cache_seal import unseal
    where = folder()
    if where is None:
        return None
    try:
        data = unseal((where / f"{name}.json").read_bytes(), _secret(where))
        entry = json.loads(data) if data is not None else None
        value = entry["value"] if isinstance(entry, dict) and entry.get("key") == name else None
        if value is not None:
            decode(value)
    except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
        return None
    return value


def _write(name: str, value) -> None:
    from engine.lint.cache_seal import seal
    from engine.support.atomic import write_bytes
    where = folder()
    if where is None:
        return
    with contextlib.suppress(OSError):
        where.mkdir(parents=True, exist_ok=True)
        secret = _secret(where, create=True)
        if secret is not None:   # an unsealed entry would never be read
            data = json.dumps({"key": name, "value": value}, separators=(",", ":")).encode("utf-8")
            write_bytes(where / f"{name}.json", seal(data, secret), new_mode=0o600)


def fraction(text: str) -> Fraction:
    return Fraction(text)


def text(value) -> str:
    return str(Fraction(value))


def encode_odds(odds: FightOdds) -> dict:
    return {"win": text(odds.win), "lose": text(odds.lose),
            "outcomes": {k: text(v) for k, v in odds.outcomes.items()},
            "hero_final": [[k, text(v)] for k, v in odds.hero_final.items()],
            "rounds": None if odds.expected_rounds is None else text(odds.expected_rounds),
            "policy": odds.policy, "advice": odds.advice}


def decode_odds(entry: dict) -> FightOdds:
    return FightOdds(fraction(entry["win"]), fraction(entry["lose"]),
                     {k: fraction(v) for k, v in entry["outcomes"].items()},
                     {k: fraction(v) for k, v in entry["hero_final"]},
                     None if entry["rounds"] is None else fraction(entry["rounds"]),
                     entry["policy"], entry["advice"])


def encode_chances(values: list) -> list:
    return [text(v) for v in values]


def decode_chances(entry: list) -> list:
    return [fraction(v) for v in entry]
