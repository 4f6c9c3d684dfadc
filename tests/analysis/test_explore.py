"""`gamebook explore`: random runs, exhaustive search, expectimax odds, replay, deep diagnostics."""
import glob
import json
import os
import re

import pytest

from tests.analysis_fixtures.support import BOOKS, FIXTURES, load
from engine.analysis.explore import deep_diagnostics, exhaustive, run_batch
from engine.analysis.explore.moves import Move, below, parse_moves
from engine.analysis.explore.replay import parse_spec, replay
from engine.analysis.explore.report import random_report
from engine.analysis.explore.solve import components
from engine.cli import main

ALL_BOOKS = sorted(glob.glob(str(FIXTURES / "*.yaml"))) + BOOKS


def test_moves_round_trip():
    moves = parse_moves("1,rage=2,!prier,attack")
    assert moves == [Move("1"), Move("rage", 2), Move("prier", command=True), Move("attack")]
    assert ",".join(m.text() for m in moves) == "1,rage=2,!prier,attack"
    assert parse_spec("12:1,roll:6,5") == (12, [Move("1"), Move("roll")], [6, 5])
    with pytest.raises(ValueError):
        parse_spec("nonsense")


def test_below_draws_what_randrange_draws():
    import random
    mine, theirs = random.Random(3), random.Random(3)
    sizes = [1, 2, 3, 5, 7, 8, 13, 100] * 50
    assert [below(mine, n) for n in sizes] == [theirs.randrange(n) for n in sizes]


def test_random_runs_are_deterministic_whatever_the_jobs():
    book, module, _ = load("softlock")
    one = run_batch(book, module, 300, seed=4, jobs=1)
    two = run_batch(book, module, 300, seed=4, jobs=2)
    spawned = run_batch(book, module, 300, seed=4, jobs=2, start_method="spawn")
    assert one.__dict__ == two.__dict__ == spawned.__dict__
    other = run_batch(book, module, 300, seed=5, jobs=1)
    assert other.outcomes != one.outcomes or other.longest != one.longest


def test_random_report_counts_endings_and_problems():
    book, module, _ = load("softlock")
    r = random_report(book, module, run_batch(book, module, 400, seed=1, jobs=1))
    assert sum(v["runs"] for v in r["outcomes"].values()) == 400
    assert set(r["outcomes"]) == {"victory", "death", "soft-lock"}
    assert r["never_reached"] == [5, 6]
    lock = next(p for p in r["problems"] if p["kind"] == "soft-lock")
    assert lock["paragraph"] == 3
    lines, failure = replay(book, module, *parse_spec(lock["replay"]), "en")
    assert failure is None and lines[-2].startswith("§ 3")


def test_errors_carry_a_replay_that_shows_the_traceback(capsys):
    book, module, _ = load("crash")
    r = random_report(book, module, run_batch(book, module, 200, seed=1, jobs=1))
    err = next(p for p in r["problems"] if p["kind"] == "error")
    assert err["type"] == "RuntimeError" and err["paragraph"] == 2 and err["count"] > 0
    code = main(["explore", str(FIXTURES / "crash.yaml"), "--replay", err["replay"], "--lang", "en"])
    out = capsys.readouterr()
    assert code == 1 and "RuntimeError: fixture module bug" in out.err and "§ 2" in out.out


def test_step_limit_counts_as_stuck():
    book, module, _ = load("duel")
    r = random_report(book, module, run_batch(book, module, 100, seed=2, max_steps=1, jobs=1))
    assert r["outcomes"]["stuck"]["runs"] > 0 and "victory" not in r["outcomes"]


def test_exhaustive_odds_match_the_hand_computation():
    book, module, _ = load("duel")
    # Without the prayer: fight = 1/2 (ties loop), ford = 3/6; best play: 1/2.
    r = exhaustive(book, module, with_commands=False)
    assert r["complete"] and r["victory"]["low"] == pytest.approx(0.5, abs=1e-9)
    # Praying first (vie 3) unlocks "rage=2", a sure win.
    assert exhaustive(book, module)["victory"]["low"] == pytest.approx(1.0, abs=1e-9)


def test_exhaustive_finds_soft_locks_and_unreachable_in_play():
    book, module, _ = load("softlock")
    r = exhaustive(book, module)
    assert [s["paragraph"] for s in r["soft_locks"]] == [3]
    assert r["unreachable_in_play"] == [5, 6]
    assert r["victory"]["low"] == r["victory"]["high"] > 0
    assert exhaustive(load("quest")[0], load("quest")[1])["unreachable_in_play"] == [9]


def test_exhaustive_bound_is_reported_as_a_range():
    book, module, _ = load("softlock")
    r = exhaustive(book, module, max_states=5)
    assert not r["complete"] and r["bound"] == "max-states"
    assert r["victory"]["low"] <= r["victory"]["high"] and r["unreachable_in_play"] == []


def test_components_are_listed_successors_first():
    succ = {0: [1], 1: [2], 2: [1, 3], 3: []}
    comps = components(4, lambda s: succ[s])
    assert comps == [[3], [2, 1], [0]] or comps == [[3], [1, 2], [0]]


def test_deep_diagnostics():
    book, module, doc = load("softlock")
    found = {(d.code, d.span.line + 1) for d in deep_diagnostics(book, module, doc)}
    assert ("soft-lock", 19) in found
    assert ("unreachable-in-play", 24) in found and ("unreachable-in-play", 28) in found
    # the fight no game wins is where the victory closes; the paragraph behind it is named there
    (hopeless,) = deep_diagnostics(*load("hopeless"))
    assert hopeless.code == "victory-impossible" and hopeless.span.line + 1 == 11
    assert hopeless.message.en.endswith("(behind it, never entered: 2)")
    crash = deep_diagnostics(*load("crash"))
    assert [(d.code, d.severity.value) for d in crash] == [("explore-error", "error")]
    assert "RuntimeError" in crash[0].message.en


def test_cli_text_and_json(capsys):
    assert main(["explore", str(FIXTURES / "duel.yaml"), "--runs", "50", "--jobs", "1", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "50 parties au hasard" in out and "Fins atteintes" in out
    assert re.search(r"victoire +\d+ +\d+,\d\d %", out) and re.search(r"Coups par partie \(moyenne\) : \d+,\d\n", out)
    assert "La plus longue : " in out
    assert main(["explore", str(FIXTURES / "duel.yaml"), "--runs", "50", "--jobs", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out   # English punctuation: no space before a colon
    assert "Longest: " in out and "Shortest: " in out and " : " not in out
    assert main(["explore", str(FIXTURES / "duel.yaml"), "--exhaustive", "--format", "json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["complete"] and r["victory"]["low"] == pytest.approx(1.0)
    assert main(["explore", str(FIXTURES / "softlock.yaml"), "--exhaustive", "--lang", "en"]) == 1
    assert "Soft-lock at § 3" in capsys.readouterr().out
    assert main(["explore", str(FIXTURES / "duel.yaml"), "--replay", "x"]) == 2


@pytest.mark.parametrize("path", ALL_BOOKS)
def test_every_book_explores_without_engine_errors(path):
    book, module, _ = load(path)
    stats = run_batch(book, module, 50, seed=1, jobs=1)
    assert stats.runs == 50
    expected_bug = os.path.basename(path) == "crash.yaml"  # broken on purpose (not a folder named so)
    assert bool(stats.outcomes["error"]) == expected_bug


def test_roll_outcomes_merge_orders_and_totals():
    from engine.analysis.explore.space import roll_outcomes
    by_faces = roll_outcomes(2, 6, by_sum=False)
    by_sum = dict((sum(f), p) for f, p in roll_outcomes(2, 6, by_sum=True))
    assert len(by_faces) == 21 and sum(p for _, p in by_faces) == pytest.approx(1.0)
    assert dict(by_faces)[(3, 4)] == pytest.approx(2 / 36)
    assert sorted(by_sum) == list(range(2, 13)) and by_sum[7] == pytest.approx(6 / 36)
