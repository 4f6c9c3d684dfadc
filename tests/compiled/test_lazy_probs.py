"""Probabilities known as floats first (compiled/lazy.py): the float solve's bound holds
with the error a `Lazy` declares, and the exact re-solve makes the Fractions it reads
and no others (the fights' lazy ends themselves:
tests/rules/defis_fantastiques/test_lazy_ends.py)."""
from fractions import Fraction

from engine.analysis.compiled import solve
from engine.analysis.compiled.lazy import Lazy
from tests.compiled.test_solve import _graph


class _Source:
    """Exact values by entry, each `exact` call recorded."""

    def __init__(self, values: dict):
        self.values, self.made, self.calls = values, {}, []

    def exact(self, entries):
        self.calls.append(list(entries))
        return [self.values[e] for e in entries]


def test_a_float_off_by_the_error_its_lazy_declares_stays_within_the_bound():
    # a roll won 1 time in 3, its float 1e-9 relative too high and the loss's too low
    # (as far as the error declared allows): the float value is off by about 3e-10,
    # which the rounding alone (some 1e-16) does not cover; the solve's `extra` does
    p, err = Fraction(1, 3), 1e-9
    src = _Source({0: p, 1: 1 - p})
    won, lost = Lazy((float(p) * (1 + err), err, src, 0)), Lazy((float(1 - p) * (1 - err), err, src, 1))
    result = solve(_graph([[[(won, 1), (lost, 2)]], [], []], victory={1}))
    assert result["exact"] == p
    assert abs(result["float"] - float(p)) <= result["bound"]


def test_the_exact_solve_makes_only_the_fractions_it_reads():
    # state 0: a roll worth about 0.9 (two lazies of one source) or one worth about
    # 0.1 (another source's): the floats rule the second out, its Fractions never made;
    # the first's made in one call for both
    good = _Source({0: Fraction(9, 10), 1: Fraction(1, 10)})
    bad = _Source({0: Fraction(1, 10), 1: Fraction(9, 10)})
    a, b = (Lazy((float(good.values[e]), 1e-17, good, e)) for e in (0, 1))
    c, d = (Lazy((float(bad.values[e]), 1e-17, bad, e)) for e in (0, 1))
    result = solve(_graph([[[(a, 1), (b, 2)], [(c, 1), (d, 2)]], [], []], victory={1}))
    assert result["exact"] == Fraction(9, 10)
    assert bad.calls == []
    assert good.calls == [[0, 1]]


def test_a_lazy_inside_a_loop_is_made_exact_for_the_float_pass():
    # a wheel: 1 in 200 wins (state 1), 1 in 200 dies (state 2), 99 in 100 turns again,
    # that last a lazy probability whose float is 1e-9 relative too high: kept, its
    # error would come back at every turn (the value off by some 5e-8, beyond the
    # bound); the float pass reads its correctly rounded float instead
    small, err = Fraction(1, 200), 1e-9
    src = _Source({0: Fraction(99, 100)})
    again = Lazy((0.99 * (1 + err), err, src, 0))
    g = _graph([[[(small, 1), (small, 2), (again, 0)]], [], []], victory={1})
    floats = solve(g, exact=False)
    assert again.known()
    assert abs(floats["float"] - 0.5) <= floats["bound"]
    assert solve(g)["exact"] == Fraction(1, 2)
