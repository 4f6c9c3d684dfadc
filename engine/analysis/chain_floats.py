"""A solved fight chain's ends pushed in floats, with a proven relative error bound.

`chain_pushes.push_arrays` pushes each root's masses to the ends exactly, in Python
integers over a scale ``M**L`` that grows with the chain's depth (hundreds of digits
on la-cloche-de-brumesel): most of a fight's cost in the compiled explorer, for
probabilities of which the float solve reads only the float64 and the exact re-solve
the Fraction of a few hundred (the edges of the policy's candidates).  `push_floats`
makes the same pairs (root, end key) with the same pushes, each mass a float in
NumPy's extended precision (``np.longdouble``: x87's 64-bit significand on x86-64),
and bounds their error:

* every mass is a sum of products of positive terms (the root's 1, each edge's
  ``weight / normaliser``, rounded once); along one path a term meets one rounding
  for its edge's ratio, one for the product, and at most ``g - 1`` for the sums of
  the pairs merged at a level (``g`` the most pairs merged into one there), and at
  most ``g - 1`` more where the ends merge: with ``N`` the total of those over the
  levels, each term is its exact value times at most ``N`` factors ``(1 + d)``,
  ``|d| <= u`` (``u`` the extended unit roundoff), so the mass is within
  ``gamma(N) = N u / (1 - N u)`` relative of the exact one (Higham, Accuracy and
  Stability of Numerical Algorithms, lemma 3.1; positive terms: no cancellation);
* the float64 of the mass (one more rounding, ``2**-53`` relative) is then within
  ``2**-53 + gamma(N) (1 + 2**-53)`` relative of the exact probability: the correctly
  rounded float's error plus ``error``, the extra the float solve adds to its bounds
  (solve.py `extra`; about 1e-17 on la-cloche-de-brumesel, below 2**-53 itself).

Where the extended type is plain float64 (some platforms), ``gamma`` is far larger
than ``2**-53``: `usable` says so, and the caller pushes exactly instead.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.chain_pushes import pushes

UNIT = float(np.finfo(np.longdouble).eps) / 2   # the extended type's unit roundoff (round to nearest)
FLOAT64 = 2.0 ** -53
MOST_EXTRA = FLOAT64 / 4   # an extra error above it: the extended type is too short, pushed exactly


def gamma(roundings: int) -> float:
    """Higham's gamma_N: the relative error bound of N roundings of positive terms,
    rounded up (one more unit in the last place of a float64)."""
    nu = roundings * UNIT
    return float(np.nextafter(nu / (1.0 - nu), np.inf)) if nu < 0.5 else 1.0


def push_floats(pushed, roots) -> tuple:
    """`chain_pushes.push_arrays`'s entries as floats: (root position, end key, the
    float64 of each probability, sorted by root then key, the masses 0 left out; and
    `error`, the bound each float's relative error may exceed a correctly rounded
    float's by: the module's docstring).  The same pairs as `push_arrays` (the same
    edges, weights all positive: no float mass is 0 where an exact one is not)."""
    roots = np.asarray(roots, dtype=np.int64)
    if not roots.size:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros(0), 0.0
    level = pushed.level[roots]
    who, key, mass, merges = pushes(pushed, roots, np.ones(roots.size, dtype=np.longdouble), pushed.ratio)
    # (each level down: its merges, then one rounding for the edge's ratio and one for the product)
    roundings = merges + 2 * int(level.max())
    error = float(np.nextafter(gamma(roundings) * (1 + FLOAT64), np.inf))
    return who, key, mass.astype(np.float64), error


def usable(error: float) -> bool:
    """Whether floats of this extra error may stand for the exact probabilities."""
    return error <= MOST_EXTRA
