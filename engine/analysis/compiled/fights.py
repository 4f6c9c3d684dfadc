"""Activities a module's vector rules play over arrays with a distribution per state.

A fight priced by the module's own fight model (its `fight_outcomes` hook) ends in
a distribution that differs from one state to the next (each state's Endurance,
Luck, armour...), so a strategy's successors are not one batch aligned with the
states, as a choice's or a test's are (programs.py), but a `Spread`: many successor
rows, each with the state it comes from and its exact probability.

The module's vector rules make the moves (`rules.fight(book, number, pending,
steps, cache)`, None when they do not play that activity); `Steps` lends them what
the compiler knows of the book (an outcome's effects and the paragraph it enters,
a stat changed, the after-change rule), so that what follows an activity is the
compiler's own doing, as after a test.  Nothing here names a module.
"""
from __future__ import annotations

from fractions import Fraction
from math import gcd
from typing import NamedTuple

import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.packed import PENDING


class Spread(NamedTuple):
    """A move's outcomes: outcome i goes from state `src[i]` of the batch to the
    successor `nxt.rows[row[i]]` with probability `table[probs[i]]` (exact; `table`
    a list that may grow between moves but never changes an entry, as `Probabilities`:
    the explorer numbers each entry once).  `nxt`
    may be shared by several moves (an end two strategies reach is one row); its row
    k was made from state `origin[k]` (and from others that make the same row, where
    a module shares it: none of them left to the engine path, since the explorer adds
    a row where `origin` is kept and `steps.handed` hands over the `origin` of a row
    handed over; CC fight_rows.py `twins`)."""

    src: np.ndarray
    probs: np.ndarray
    table: list
    nxt: Batch
    row: np.ndarray
    origin: np.ndarray


class Probabilities(list):
    """Exact probabilities numbered in order of appearance, each once (a list that only
    grows: a `Spread`'s `table`, which the explorer numbers entry by entry once)."""

    def __init__(self):
        super().__init__()
        self.number: dict = {}
        self.asked: dict = {}   # (numerator, denominator) as asked -> its number
        self.deferred: list = []   # [(source, each of its entries' code, then number once made)]

    def __call__(self, p) -> int:
        """The number of an exact probability (a Fraction or an int)."""
        return self.ratio(p.numerator, p.denominator)

    def ratio(self, numerator: int, denominator: int) -> int:
        """The number of numerator/denominator (found by its lowest terms: a pair of
        integers hashes faster than a Fraction, and is made only when new; a pair asked
        before is found as asked, without its gcd: the ends of a fight's starting
        points repeat their numerators over one scale, about 5 asks in 6 on
        la-cloche-de-brumesel)."""
        i = self.asked.get((numerator, denominator))
        if i is None:
            i = self.asked[(numerator, denominator)] = self._lowest(numerator, denominator)
        return i

    def lazy(self, values, error: float, source, entries) -> np.ndarray:
        """The numbers of new probabilities known as floats (`values`, each within
        2**-53 + `error` relative of its exact value), each a `lazy.Lazy` made exact by
        `source.exact` when read (each its own number: they are not compared)."""
        from engine.analysis.compiled.lazy import made
        start = len(self)
        self.extend(made(values, error, source, entries))
        return np.arange(start, len(self), dtype=np.int64)

    def codes(self, source) -> np.ndarray:
        """A code for each entry of `source` (its `floats` within 2**-53 + `error`
        relative, `exact(entries)` their Fractions: explore_rows.py `_Grid`), standing
        for its probability until it is read: -1 - (the source's place << 32 | the
        entry), negative; `numbers` numbers them, each a `lazy.Lazy` made then and
        written over its code in the array given here (the caller keeps it).  So only
        the entries some state reads are numbered (la-cloche-de-brumesel: the roots
        priced ahead, vector.py `_boxed`, a third of them never read)."""
        place, size = len(self.deferred), len(source.floats)
        if size >= 1 << _ENTRY or place >= 1 << (62 - _ENTRY):
            raise ValueError("too many deferred probabilities")
        codes = -1 - ((place << _ENTRY) | np.arange(size, dtype=np.int64))
        self.deferred.append((source, codes))
        return codes

    def numbers(self, codes: np.ndarray) -> np.ndarray:
        """The number of each probability of `codes` (numbers, or codes of `codes`: each
        entry's `lazy.Lazy` made on its first reading, then kept by its source)."""
        codes = np.asarray(codes, dtype=np.int64)
        at = np.flatnonzero(codes < 0)
        if not len(at):
            return codes
        out = codes.copy()
        raw = -1 - codes[at]
        place, entry = raw >> _ENTRY, raw & ((1 << _ENTRY) - 1)
        for k in np.unique(place).tolist():
            source, held = self.deferred[k]
            mine = np.flatnonzero(place == k)
            wanted = entry[mine]
            new = wanted[held[wanted] < 0]
            if len(new):   # (each once, in increasing order: marked among the source's entries, not sorted)
                seen = np.zeros(len(held), dtype=bool)
                seen[new] = True
                fresh = np.flatnonzero(seen)
                held[fresh] = self.lazy(source.floats[fresh], source.error, source, fresh)
            out[at[mine]] = held[wanted]
        return out

    def _lowest(self, numerator: int, denominator: int) -> int:
        common = gcd(numerator, denominator)
        key = (numerator // common, denominator // common)
        i = self.number.get(key)
        if i is None:
            i = self.number[key] = len(self)
            self.append(Fraction(*key))
        return i


_ENTRY = 32   # the bits of a deferred code (`Probabilities.codes`) for the entry


class Steps:
    """The compiler's steps an activity's outcomes are made of (over batches)."""

    def __init__(self, compiler, number: int, guarded):
        self.compiler, self.number, self.guarded = compiler, number, guarded

    def outcome(self, where: tuple, target, stay: bool = False) -> list:
        """game/outcomes.py `outcome(where)` then `goto(target)` (or, `stay` and no
        target, the activity over and the paragraph's choices next), as lists of
        steps; Unsupported when the compiler does not know them."""
        return self.compiler.outcome_steps(self.compiler.book.paragraphs[self.number], where, target, stay)

    def add(self, stat: str, amount: int):
        """game/core.py `change(stat, delta=amount)` (a stat's other name resolved)."""
        name = self.compiler.aliases.get(stat, stat)
        return self.compiler._change(name, lambda b: (np.full(len(b), amount, dtype=np.int64),
                                                      np.zeros(len(b), bool)), True)

    def after_change(self, batch) -> None:
        self.compiler._after_change(batch)


class Activity:
    """The program of the states at a paragraph whose pending activity the module's
    vector rules play: their moves, the states they leave to the engine (`rejects`)."""

    def __init__(self, book, paragraph: int, moves, rules):
        self.book, self.paragraph, self.moves, self.rules = book, paragraph, moves, rules

    def run(self, batch: Batch):
        engine = self.rules.rejects(batch, self.book)
        handed = getattr(self.moves, "rejects", None)   # the states the moves themselves leave
        if handed is not None:
            engine = engine | handed(batch)
        return self.moves(batch), engine


def stacked(blocks: list, slots) -> np.ndarray:
    """Row blocks of different widths as one array (a column made since: its default)."""
    width = max(b.shape[1] for b in blocks)
    out = [slots.widened(b, width) for b in blocks]
    return np.concatenate(out) if out else np.zeros((0, width), dtype=np.int64)


def cleared(batch) -> None:
    """The activity over (where the game goes on): nothing pending."""
    batch.rows[:, PENDING] = np.where(batch.ended == 0, 0, batch.rows[:, PENDING])
