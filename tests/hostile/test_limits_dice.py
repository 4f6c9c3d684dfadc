"""Rolls and ranges far beyond a book's needs: lint works on intervals (nothing is
enumerated value by value), the explorer counts totals by convolution and stops a move
whose rolls have too many outcomes (a bound it reports), so none of them hangs."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from engine.support import limits
from engine.analysis.explore import expansion
from engine.analysis.explore.report import exhaustive
from engine.analysis.explore.space import TooManyOutcomes, roll_outcomes
from engine.lint.loader import load_book
from tests.hostile._limits_support import book_text, one_line, run


def _roll_book(dice: str, outcomes: str) -> str:
    return book_text(f"  1:\n    text: Départ.\n    random: {{dice: {dice}, outcomes: [{outcomes}]}}\n"
                     "  2: {text: Victoire, end: victory}\n  3: {text: Mort, end: death}\n")


def test_a_huge_roll_and_a_hundred_million_wide_range_lint_clean(tmp_path):
    path = tmp_path / "dice.yaml"   # 100d100 * 100d100 rolls 10,000 to 100,000,000
    path.write_text(_roll_book("100d100 * 100d100", "{range: [10000, 100000000], to: 2}"),
                    encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_billion_wide_range_beyond_the_roll_is_out_of_range_not_a_hang(tmp_path):
    path = tmp_path / "dice.yaml"
    path.write_text(_roll_book("100d100 * 100d100", f"{{range: [4, {limits.MAX_INT}], to: 2}}"),
                    encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 1 and "random-out-of-range" in result.stdout, result.stdout


def test_gaps_and_overlaps_of_wide_ranges_are_told_as_intervals(tmp_path):
    path = tmp_path / "gaps.yaml"
    path.write_text(_roll_book("100d100 * 100d100", "{range: [10000, 50000], to: 2}, "
                               "{range: [40000, 60000], to: 3}, {range: [70000, 99999999], to: 2}"),
                    encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 1
    assert one_line(result, "gaps.yaml:9:82", "random-overlap", "result 40000-50000 leads to two outcomes")
    assert one_line(result, "gaps.yaml:9:13", "random-gap", "no outcome for 60001-69999, 100000000")


def test_a_range_beyond_max_int_is_a_located_error(tmp_path):
    path = tmp_path / "range.yaml"
    path.write_text(_roll_book("1d6", "{range: [4, 100000000000], to: 2}, {range: [1, 3], to: 3}"),
                    encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 1 and one_line(result, "range.yaml:9:", "number-too-large")


@pytest.mark.parametrize("count, sides", [(1, 6), (2, 6), (3, 4), (4, 3), (2, 100)])
def test_totals_by_convolution_match_every_face_listed(count, sides):
    ways: dict = {}
    for faces in product(range(1, sides + 1), repeat=count):
        ways[sum(faces)] = ways.get(sum(faces), 0) + 1
    got = roll_outcomes(count, sides, by_sum=True)
    assert [sum(f) for f, _ in got] == sorted(ways)
    assert [p for _, p in got] == [Fraction(ways[t], sides ** count) for t in sorted(ways)]   # exact
    assert all(len(f) == count and list(f) == sorted(f) and 1 <= min(f) <= max(f) <= sides
               for f, _ in got)


def test_100d100_totals_are_counted_not_listed():
    got = roll_outcomes(100, 100, by_sum=True)
    assert len(got) == 9901 and got[0][0] == (1,) * 100 and got[-1][0] == (100,) * 100
    assert sum(p for _, p in got) == 1


def test_faces_of_100_dice_read_one_by_one_are_refused():
    with pytest.raises(TooManyOutcomes):
        roll_outcomes(100, 100, by_sum=False)


def test_a_move_with_too_many_roll_outcomes_is_a_reported_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(expansion, "MAX_MOVE_BRANCHES", 500)   # 2d100 * 2d100: 199 × 199 replays
    path = tmp_path / "two.yaml"
    path.write_text(_roll_book("2d100 * 2d100", "{range: [1, 5000], to: 2}, {range: [5001, 10000], to: 3}"),
                    encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    report = exhaustive(loaded.book, loaded.module, timeout=20)
    assert report["bound"] == "max-branches" and not report["complete"]
