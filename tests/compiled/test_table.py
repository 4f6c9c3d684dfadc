"""The difficulty table over every rolled sheet on the compiled path (sheets.py,
table.py): each sheet's exact value equals today's explorer's for that sheet, the mean
equals the exact value of a new game (every sheet a start, one space), in one process
and in two, the sheets that differ only in gold together or apart; the report in French
and English."""
import json
from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.compiled.report import compiled_report, compiled_text
from engine.analysis.compiled.sheets import explore_sheets, rolled
from engine.analysis.explore.compact import parts_of
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from engine.cli import main
from tests.analysis_fixtures.support import load

ROLLED = Path(__file__).parent / "books/rolled.yaml"   # Skill 1d3+6, Stamina 1d6+4, Luck 1d2+6, gold 1d2+1


def _stats(stats: dict) -> tuple:
    return tuple(sorted(stats.items()))


@pytest.fixture(scope="module")
def today():
    """Today's explorer with every sheet a start: {sheet's stats: (probability, exact
    value)} and the exact value of a new game."""
    book, module, _ = load(ROLLED)
    space = Explorer(book, module, max_sheets=None, max_states=50_000, timeout=120).run()
    assert space.bound is None and not space.sample
    value, _policy = exact_values(space)
    by: dict = {}
    for p, t in space.root:
        key = _stats(parts_of(space.states[t]).stats)
        q, v = by.get(key, (0, value[t]))
        assert v == value[t]
        by[key] = (q + p, v)
    return by, sum((p * value[t] for p, t in space.root), Fraction(0))


@pytest.mark.parametrize("jobs,together", [(1, True), (2, True), (1, False)])
def test_each_sheets_value_is_todays_and_the_mean_the_start_value(today, jobs, together):
    """Sheets that differ only in their gold (passive) explored together or each alone."""
    by, start = today
    book, module, _ = load(ROLLED)
    sheets = rolled(book, module)
    assert len(sheets) == 3 * 6 * 2 * 2 == len(by) and sum(p for p, _st in sheets) == 1
    done = explore_sheets(book, module, sheets, jobs=jobs, together=together)
    assert done["jobs"] == jobs and done["groups"] == (36 if together else 72)
    # (groups explored together where their sheets meet: the first alone, then the rest)
    assert done["explorations"] == {(1, True): 2, (1, False): 72}.get((jobs, together), done["explorations"])
    found = {_stats(st.stats): (p, f["value"]) for (p, st), (_q, f) in zip(sheets, done["sheets"])}
    assert found == by   # sheet for sheet: its probability and its exact value
    values = {v for _p, v in found.values()}
    assert len(values) > 10 and all(isinstance(v, Fraction) and 0 < v < 1 for v in values)
    assert sum(p * v for p, v in found.values()) == start


def test_the_report_gives_the_exact_table(today):
    by, start = today
    book, module, _ = load(ROLLED)
    r = compiled_report(book, module, 100_000, jobs=1)
    d = r["difficulty"]
    assert r["complete"] and r["sheets"] == d["sheets"] == len(by) and not d["sampled"]
    assert Fraction(d["mean"]["exact"]) == start == Fraction(r["exact"])
    values = sorted(v for _p, v in by.values())
    assert Fraction(d["weakest"]["exact"]) == values[0] and Fraction(d["strongest"]["exact"]) == values[-1]
    assert Fraction(d["median"]["exact"]) in values
    text = compiled_text(r, "en")
    assert "every rolled character" in text and "Difficulty by rolled character (72 possible characters, exact)" in text
    assert "72 characters in 36 groups explored in 2 spaces (1 process): " in text
    assert "(2 processes): " in compiled_text({**r, "jobs": 2}, "en")
    assert f"mean over the characters: {float(start) * 100:.4f} %" in text
    french = compiled_text(r, "fr")
    assert "Difficulté selon le personnage tiré (72 personnages possibles, exact)" in french
    assert "chaque personnage tiré" in french and "72 personnages en 36 groupes explorés en 2 espaces" in french


def test_a_sheet_cut_leaves_bounds_and_no_table(today):
    _by, start = today
    book, module, _ = load(ROLLED)
    r = compiled_report(book, module, 20, jobs=1)
    assert not r["complete"] and r["difficulty"] is None and r["exact"] is None and r["cut_sheets"] > 0
    assert r["victory"]["low"] <= float(start) <= r["victory"]["high"]
    assert "characters cut (max-states)" in compiled_text(r, "en")


def test_the_command_line_gives_the_table(capsys):
    code = main(["explore", str(ROLLED), "--exhaustive", "--compiled", "--jobs", "1", "--format", "json"])
    r = json.loads(capsys.readouterr().out)
    assert code == 0 and r["jobs"] == 1 and r["difficulty"]["sheets"] == 72


def test_the_chunks_of_the_workers_keep_consecutive_groups_that_may_meet():
    """Groups meet only within a worker's chunk, after its first: at least three a chunk
    (a sample of six groups on two workers is two chunks of a group, then a pair; not six
    groups alone), about eight chunks a worker for a large table, every group in one."""
    from engine.analysis.compiled.sheets import chunks
    assert chunks(6, 2) == [range(0, 3), range(3, 6)]
    assert chunks(396, 2)[0] == range(0, 25) and len(chunks(396, 2)) == 16
    assert [i for c in chunks(5, 2) for i in c] == list(range(5)) and chunks(5, 1) == [range(5)]
