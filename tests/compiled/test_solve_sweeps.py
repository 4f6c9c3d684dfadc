"""The sweeps of a level's cyclic components (compiled/sweeps.py): each component
stops at its own criterion and the arrays swept are cut down to those still going;
each component's floats are those it gets solved alone, and its bound holds."""
import random
from fractions import Fraction

import numpy as np
import pytest

from engine.analysis.compiled import solve
from engine.analysis.compiled.solve import Solution
from engine.analysis.compiled.sweeps import _Part
from tests.compiled.test_solve import _graph

# loop A (states a, a+1): from a, a roll: 1/10 won, 1/10 lost, 8/10 to a+1, which goes
# back to a: v = 1/10 + 8/10 v, v = 1/2; its sequences come together by 0.8 every two
# sweeps (some 280 sweeps to 1e-13).
# loop B (states b..b+3): b -> b+1 -> b+2 -> b+3 -> b by choices, and from b+3 a roll:
# 1/5 won, 4/5 lost: worth 1/5; its low sequence is there in 4 sweeps, its high one
# held at 1 (a loop kept open) until taken as one state, then there in a sweep.


def _slow(a, won, lost):
    return [[[(Fraction(1, 10), won), (Fraction(1, 10), lost), (Fraction(8, 10), a + 1)]],
            [[(Fraction(1), a)]]]


def _fast(b, won, lost):
    return [[[(Fraction(1), b + 1)]], [[(Fraction(1), b + 2)]], [[(Fraction(1), b + 3)]],
            [[(Fraction(1), b)], [(Fraction(1, 5), won), (Fraction(4, 5), lost)]]]


def _both():
    """State 0: a roll, half to loop A (1, 2), half to loop B (3..6); 7 won, 8 lost."""
    root = [[[(Fraction(1, 2), 1), (Fraction(1, 2), 3)]]]
    return _graph(root + _slow(1, 7, 8) + _fast(3, 7, 8) + [[], []], victory={7})


def _alone(loop):
    """State 0 a sure step to the loop (1..), then the won and lost states."""
    states = _slow(1, 3, 4) if loop == "slow" else _fast(1, 5, 6)
    won = len(states) + 1
    return _graph([[[(Fraction(1), 1)]]] + states + [[], []], victory={won})


def test_a_slow_loop_and_a_fast_one_each_get_their_own_floats(monkeypatch):
    # The level of A and B: B stops after a few sweeps and is cut out (it holds more
    # than half of what is swept), A is swept alone to the end; each gets the floats
    # and bounds of its own solve, bit for bit (the same sweeps), and the start's
    # value is 1/2 * 1/2 + 1/2 * 1/5 = 7/20.
    swept = []
    sweep = _Part.sweep
    monkeypatch.setattr(_Part, "sweep", lambda self, c: swept.append(len(self.sel)) or sweep(self, c))
    result = solve(_both())
    monkeypatch.undo()
    assert result["exact"] == Fraction(7, 20)
    sol = result["solution"]
    slow, fast = Solution(_alone("slow")).floats(), Solution(_alone("fast")).floats()
    assert sol.f[1:3].tolist() == slow.f[1:3].tolist() and sol.e[1:3].tolist() == slow.e[1:3].tolist()
    assert sol.f[3:7].tolist() == fast.f[1:5].tolist() and sol.e[3:7].tolist() == fast.e[1:5].tolist()
    assert abs(sol.f[1] - 0.5) <= sol.e[1] < 1e-9 and abs(sol.f[3] - 0.2) <= sol.e[3] < 1e-9
    # (B and A together a few sweeps, A alone to the end, then B alone with its loop
    # taken as one state: main swept both for some 280 sweeps, then both again)
    a, b, c = swept.count(6), swept.count(2), swept.count(4)
    assert swept == [6] * a + [2] * b + [4] * c
    assert 0 < a <= 6 and b > 200 and 0 < c <= 4


def _quick(c, won, lost):
    """Loop C (c..c+2): from c a roll, 1/2 won, 1/4 lost, 1/4 on to c+1, then c+2,
    then back: v = 1/2 + v/4 = 2/3; its gap shrinks by 4 every three sweeps."""
    return [[[(Fraction(1, 2), won), (Fraction(1, 4), lost), (Fraction(1, 4), c + 1)]],
            [[(Fraction(1), c + 2)]], [[(Fraction(1), c)]]]


def _interleaved():
    """A (1, 3) and C (2, 4, 5) with their states numbered in turn; 6 won, 7 lost."""
    return [[[(Fraction(1, 2), 1), (Fraction(1, 2), 2)]],
            [[(Fraction(1, 10), 6), (Fraction(1, 10), 7), (Fraction(8, 10), 3)]],
            [[(Fraction(1, 2), 6), (Fraction(1, 4), 7), (Fraction(1, 4), 4)]],
            [[(Fraction(1), 1)]], [[(Fraction(1), 5)]], [[(Fraction(1), 2)]], [], []]


@pytest.mark.parametrize("layout", ["in turn", "interleaved"])
def test_a_loop_of_dice_that_has_met_is_cut_out_before_a_slower_one(monkeypatch, layout):
    # A and C at one level, both loops of dice (no choice: nothing kept open): C
    # meets (its own gap below 1e-13) in some 70 sweeps and is cut out (it holds more
    # than half), A goes on alone; each gets its own solve's floats bit for bit; the
    # start: 1/2 * 1/2 + 1/2 * 2/3 = 7/12.  Interleaved, their states are numbered in
    # turn (a component's stop read over its own members, not a run of states).
    root = [[[(Fraction(1, 2), 1), (Fraction(1, 2), 3)]]]
    if layout == "in turn":
        g, a_at, c_at = _graph(root + _slow(1, 6, 7) + _quick(3, 6, 7) + [[], []], victory={6}), [1, 2], [3, 4, 5]
    else:
        g, a_at, c_at = _graph(_interleaved(), victory={6}), [1, 3], [2, 4, 5]
    swept = []
    sweep = _Part.sweep
    monkeypatch.setattr(_Part, "sweep", lambda self, c: swept.append(len(self.sel)) or sweep(self, c))
    result = solve(g)
    monkeypatch.undo()
    assert result["exact"] == Fraction(7, 12)
    sol = result["solution"]
    quick = Solution(_graph([[[(Fraction(1), 1)]]] + _quick(1, 4, 5) + [[], []], victory={4})).floats()
    slow = Solution(_alone("slow")).floats()
    assert sol.f[c_at].tolist() == quick.f[1:4].tolist() and sol.e[c_at].tolist() == quick.e[1:4].tolist()
    assert sol.f[a_at].tolist() == slow.f[1:3].tolist() and sol.e[a_at].tolist() == slow.e[1:3].tolist()
    assert abs(sol.f[c_at[0]] - 2 / 3) <= sol.e[c_at[0]] < 1e-9 and abs(sol.f[1] - 0.5) <= sol.e[1] < 1e-9
    a, b = swept.count(5), swept.count(2)
    assert swept == [5] * a + [2] * b and 30 < a < 120 and b > 100


def test_the_fast_loop_alone_is_not_cut_from_itself():
    # One component: nothing to cut; the floats are the level's.
    sol = Solution(_alone("fast")).floats()
    assert abs(sol.f[1] - 0.2) <= sol.e[1] < 1e-9


@pytest.mark.parametrize("seed", range(6))
def test_many_loops_of_one_level_keep_their_bounds(seed):
    # Random loops of dice and choices, all reached from the start by one roll (one
    # level); each float within its bound of the exact value (the start's solved
    # exactly; each loop's start alone too, its float read in the level's solve).
    rnd = random.Random(seed)
    loops, at = [], 1
    for _ in range(rnd.randint(3, 9)):
        size = rnd.randint(1, 4)
        loops.append((at, size, rnd.randint(1, 9), rnd.random() < 0.5))
        at += size
    won, lost = at, at + 1
    states = [[[(Fraction(1, len(loops)), first) for first, *_ in loops]]]
    for first, size, odds, choice in loops:
        for i in range(size):
            nxt = first + (i + 1) % size
            if i < size - 1:
                states.append([[(Fraction(1), nxt)]])
            elif choice:
                states.append([[(Fraction(1), nxt)], [(Fraction(odds, 10), won), (Fraction(10 - odds, 10), lost)]])
            else:
                states.append([[(Fraction(odds, 20), won), (Fraction(1, 20), lost), (Fraction(19 - odds, 20), nxt)]])
    g = _graph(states + [[], []], victory={won})
    result = solve(g)
    sol = result["solution"]
    expected = Fraction(0)
    for first, size, odds, choice in loops:
        value = Fraction(odds, 10) if choice else Fraction(odds, odds + 1)
        expected += value / len(loops)
        assert abs(sol.f[first] - float(value)) <= sol.e[first] < 1e-9
    assert result["exact"] == expected
    assert abs(result["float"] - float(expected)) <= result["bound"]


def test_no_part_outlives_its_solve():
    # A part whose high sweep held the part itself (a bound method in a closure) lived
    # on, with its arrays, until the cyclic collector came: the-clock-of-vennick at 1 M
    # held some 240 MB more at its peak.  Without the collector, none is left.
    import gc
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        solve(_both())
        assert not [o for o in gc.get_objects() if isinstance(o, _Part)]
    finally:
        if was:
            gc.enable()
