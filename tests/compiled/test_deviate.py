"""The deviations from the closed play (compiled/deviate.py): other moves tried where
the play loses most, each closed by the play itself afterwards.

closure-feather.yaml (tests/compiled/closure, Défis Fantastiques): Skill 8, Luck 8.
The road from the crossroads to the col has three tests of Luck that cost a point
whichever way they go, so the hero comes to the col at Luck 5.  Two steps aside from
the crossroads (§ 40, § 41, and back) lies a black feather; at the col the old woman
burns it (§ 3 -> § 4, the flag `aveugle`), and the watcher (§ 5) no longer sees the
hero: a test of Skill (§ 6) instead of a test of Luck (§ 7), each failure a death.
Berries at the crossroads (Provisions +1, for ever) make the space endless.

    without the feather: P(2d6 <= 5) = 10/36 = 5/18
    with it:             P(2d6 <= 8) = 26/36 = 13/18   (best play's value)

The plan does not fetch it: the routes price § 7's test of Luck for the fresh hero
(Luck 8: 26/36), the same as § 6's test of Skill, so the feather is worth only its
steps.  The closed play takes the road straight (5/18) and policy iteration keeps it:
the lighthouse's move was never explored, so the low bound values it at nothing.  The
deviations try it at the crossroads (the play's mass there is 1, the high bound 13/18
against its 5/18), and close it with the play: back at the crossroads with the feather
the twin (the start but for the feather) takes the road; at the col the twin's state
has one way, this one two: the way the feather opened is taken.  The solve after it
takes the better of both: 13/18, best play's value, and the bounds meet.
"""
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from engine.analysis.compiled import deviate, focus
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.focus import Focus
from engine.analysis.compiled.run import high_solution, solve
from tests.analysis_fixtures.support import load

FEATHER = Path(__file__).parent / "closure" / "closure-feather.yaml"
WITHOUT, WITH = 5 / 18, 13 / 18
MILL = Path(__file__).parent / "closure" / "closure-mill.yaml"


@pytest.fixture
def small_waves(monkeypatch):
    monkeypatch.setattr(focus, "FEW", 2)
    monkeypatch.setattr(focus, "GROW", 0.1)


def bounds(cut: int, order=None, path=FEATHER) -> tuple:
    book, module, _ = load(path)
    order = order or Focus(first=20)
    ex = CompiledExplorer(book, module, sheet=1, order=order, max_states=cut).run()
    assert ex.bound == "max-states"
    return solve(ex.graph, exact=False)["float"], high_solution(ex).start(), order


@pytest.mark.parametrize("cut", [100, 200, 400])
def test_a_deviation_fetches_the_feather(cut, small_waves):
    low, high, order = bounds(cut)
    assert low == pytest.approx(WITH, abs=1e-12) and high >= WITH - 1e-12
    tried = [r for r in order.rounds if r.get("deviations")]
    assert tried and tried[0]["low"] == pytest.approx(WITHOUT, abs=1e-12)


@pytest.mark.parametrize("cut", [100, 200])
def test_without_deviations_the_play_passes_the_lighthouse(cut, small_waves, monkeypatch):
    """No deviation (focus.DEVIATE 0): the closed play is the road straight, 5/18."""
    monkeypatch.setattr(focus, "DEVIATE", 0)
    low, high, _order = bounds(cut)
    assert low == pytest.approx(WITHOUT, abs=1e-12) and high >= WITH - 1e-12


def test_the_deviations_are_tried_where_the_play_loses_most(small_waves, monkeypatch):
    """Planted bug: the deviations ranked by the least to gain first, one tried: the
    crossroads' lighthouse (mass 1, 13/18 against 5/18) is not the one tried, and the
    low bound stays at 5/18; ranked as they should be, one is enough."""
    monkeypatch.setattr(deviate, "TRIES", 1)
    assert bounds(200)[0] == pytest.approx(WITH, abs=1e-12)
    real = deviate.candidates

    def least_first(g, lows, high, paragraph, mass, most=1):
        states, moves = real(g, lows, high, paragraph, mass, most=1 << 20)
        return states[::-1][:most], moves[::-1][:most]
    monkeypatch.setattr(deviate, "candidates", least_first)
    assert bounds(200)[0] == pytest.approx(WITHOUT, abs=1e-12)


def test_the_twin_takes_the_way_the_item_opened(small_waves, monkeypatch):
    """Planted bug: the twin's own move always copied (the new way not taken): the
    feather is fetched but never given, and the deviation wins nothing more."""
    monkeypatch.setattr(deviate.Deviations, "_opened", staticmethod(lambda own, theirs: []))
    assert bounds(200)[0] == pytest.approx(WITHOUT, abs=1e-12)


def test_twins_ignore_items_flags_and_visits():
    """`Twins.of`: a state whose row differs from one of the play's in an item column
    only is its twin; one that differs in a stat is none."""
    class Slots:
        names = [("head", "paragraph"), ("stats", "chance"), ("items", "plume"), ("flags", "aveugle")]

        @staticmethod
        def widened(rows):
            return rows

    class Table:
        slots = Slots()
        rows = np.array([[1, 8, 0, 0], [1, 8, 1, 1], [1, 7, 1, 0], [3, 8, 0, 0]], dtype=np.int64)

        def take(self, states):
            return self.rows[states]
    twins = deviate.Twins(Table(), np.array([0, 3]), np.array([1.0, 1.0]))
    assert twins.of(np.array([1, 2, 3])).tolist() == [0, -1, 3]


# closure-mill.yaml: the feather's road, then beyond the col a valley, the guard's test
# of Luck or, three steps aside, the miller's boat (1d6: 1-4, 24/36).  Luck 8, three
# fords: 5 at the col.  The straight play: the watcher's test of Luck at 5 (10/36), the
# guard's at 4 (6/36): 60/1296.  The first round of deviations, from the straight play
# (its mass at the start and, 10/36 of it, at the valley): the feather, 26/36 then the
# guard at Luck 5, 10/36: 260/1296; the mill from the straight play's valley, 10/36 ×
# 24/36 = 240/1296, less.  The valley the feather's road reaches (Luck 5, the flag) is
# not the straight play's, and its twin is none (Luck differs), so the usual pick there
# takes the guard (the routes price his test for the fresh hero at 26/36, above the
# boat's 24/36).  The second round, from the feather's play: the mill there, 26/36 ×
# 24/36 = 624/1296 = 13/27, best play's value.
MILL_ONE, MILL_BEST = 260 / 1296, 624 / 1296


def _deviation_rounds(order) -> list:
    return [r["low"] for r in order.rounds if r.get("deviations")]


@pytest.mark.parametrize("cut", [100, 400])
def test_a_second_round_of_deviations_finds_the_mill(cut, small_waves):
    low, high, order = bounds(cut, path=MILL)
    assert low == pytest.approx(MILL_BEST, abs=1e-12) and high >= MILL_BEST - 1e-12
    rounds = _deviation_rounds(order)
    assert rounds[:2] == [pytest.approx(60 / 1296, abs=1e-12), pytest.approx(MILL_ONE, abs=1e-12)]
    ends = [bool(r.get("deviations")) for r in order.rounds if r.get("end")]
    first = ends.index(True)
    assert ends[first + 1], "the second round begins at the solve after the first, no closure between"


def test_one_round_of_deviations_stops_at_the_feather(small_waves, monkeypatch):
    """Planted bug: one round a run (session 36's DEVIATE): the feather, not the mill."""
    monkeypatch.setattr(focus, "DEVIATE", 1)
    low, _high, order = bounds(200, path=MILL)
    assert low == pytest.approx(MILL_ONE, abs=1e-12) and len(_deviation_rounds(order)) == 1


def test_the_rounds_stop_once_one_raises_nothing(small_waves, monkeypatch):
    """After the round that found the mill, one more round (the last raised the
    bound), which finds nothing to explore, and the run stops."""
    monkeypatch.setattr(focus, "DEVIATE", 50)
    _low, _high, order = bounds(200, path=MILL)
    rounds = _deviation_rounds(order)
    assert len(rounds) == 3 and rounds[2] == pytest.approx(MILL_BEST, abs=1e-12)


def test_a_round_begins_only_after_one_that_raised_the_low_bound(monkeypatch):
    """`Focus._deviating`: no round after one that left the low bound where it began
    (a round costs two solves of the whole graph and its walks); after one that raised
    it by more than CLOSED of the gap it began with (the order's high bound, 1 here,
    less 0.5), the next begins, from its low bound, with ENDS closures of its own.
    Planted bugs caught: the rise not checked; the closures' count not begun again."""
    class Tried:
        def __init__(self, closure):
            pass

        def start(self, g, worth, lows, pooled, table):
            return 3
    monkeypatch.setattr(focus, "Deviations", Tried)
    f = Focus()
    f.x = SimpleNamespace(lens=object(), table=None)
    f.v = f.pooled = np.zeros(4)
    f.walker, f.rounds = None, [{"high": 1.0}]
    f.deviated, f.deviated_at, f.ends = 1, 0.5, 5
    g = SimpleNamespace(states=4)
    assert not f._deviating(g, SimpleNamespace(start=lambda: 0.5 + focus.RISE / 2))
    assert not f._deviating(g, SimpleNamespace(start=lambda: 0.5 + 0.09))   # (0.09 of a gap of 0.5: under CLOSED)
    assert f._deviating(g, SimpleNamespace(start=lambda: 0.65))
    assert (f.deviated, f.deviated_at, f.ends, f.rounds[-1]["deviations"]) == (2, 0.65, 0, 3)
