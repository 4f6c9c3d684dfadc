"""Probabilities known as floats first, made exact only when asked.

A fight's end probabilities are pushed in floats with a proven error bound
(analysis/chain_floats.py); each stays a `Lazy`: its float64 (what the float solve
reads), that bound, and a handle its exact Fraction is made from (`source.exact(
[entries])`: the module's own exact push of the roots those entries come from).  The
exact re-solve (exact.py) reads the Fractions of the edges its candidates take, a few
hundred of la-cloche-de-brumesel's 150,000 fight probabilities: `resolve` makes those
at once, one exact push a source.

A `Lazy` is a rational number to every reader that asks for one (`Fraction(p)`,
``p == q``, ``hash(p)``, ``repr(p)``: its Fraction, made then); `float(p)` and the
explorer's numbering (by identity: two lazies are two numbers, even when equal) never
make it.  Two lazies equal as Fractions are thus two probability numbers of the graph:
the solve reads them alike.
"""
from __future__ import annotations

import numbers
from fractions import Fraction
from itertools import repeat

import numpy as np


class Lazy(tuple):
    """One probability, a tuple (value, error, source, entry): `value` its float64
    (within 2**-53 + `error` relative of the exact value), `source.exact([entry])` its
    Fraction, kept by the source (`source.made`: entry -> Fraction).  A tuple made
    by `Lazy((value, error, source, entry))`, without Python code: the fights number
    some 150,000 of them on la-cloche-de-brumesel."""

    __slots__ = ()

    def __float__(self) -> float:
        return self[0]

    @property
    def error(self) -> float:
        return self[1]

    def known(self) -> bool:
        """Whether its Fraction is made already."""
        return self[3] in self[2].made

    def fraction(self) -> Fraction:
        found = self[2].made.get(self[3])
        if found is None:
            resolve([self])
            found = self[2].made[self[3]]
        return found

    @property
    def numerator(self) -> int:
        return self.fraction().numerator

    @property
    def denominator(self) -> int:
        return self.fraction().denominator

    def __eq__(self, other) -> bool:
        return self.fraction() == (other.fraction() if isinstance(other, Lazy) else other)

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.fraction())

    def __repr__(self) -> str:
        return repr(self.fraction())

    __lt__ = __le__ = __gt__ = __ge__ = None   # (no order of tuples: a probability's is its Fraction's)


numbers.Rational.register(Lazy)   # (Fraction(p) reads its numerator and denominator)


def made(values, error: float, source, entries) -> list:
    """A `Lazy` for each of `values` (floats) and `entries` of one source."""
    return list(map(Lazy, zip(np.asarray(values).tolist(), repeat(error), repeat(source),
                              np.asarray(entries).tolist())))


def resolve(items) -> None:
    """The exact Fraction of every `Lazy` among `items` not made yet, one call of its
    source's `exact` for all of that source's."""
    by_source: dict = {}
    for p in items:
        if type(p) is Lazy and not p.known():
            by_source.setdefault(id(p[2]), (p[2], set()))[1].add(p[3])
    for source, entries in by_source.values():
        entries = sorted(entries)
        source.made.update(zip(entries, source.exact(entries)))


def extra_error(fractions) -> float:
    """The largest error a probability's float may have beyond a correctly rounded
    float's (relative to the probability): a `Lazy`'s `error`, 0 for the others."""
    return max((p[1] for p in fractions if type(p) is Lazy), default=0.0)
