"""The groups of the difficulty table explored together by runs (runs.py): consecutive
groups that differ in one same stat form a run; a space takes an even piece of a run,
or whole runs that fit; the workers' chunks end at runs' ends.  Whatever the cut, each
sheet's value is the exact value of that sheet explored alone."""
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.runs import differing, run_chunks, run_ends, together
from engine.analysis.compiled.sheets import Sheets, chunks, explore_sheets, rolled
from tests.analysis_fixtures.support import load

ROLLED = Path(__file__).parent / "books/rolled.yaml"   # Skill 1d3+6, Stamina 1d6+4, Luck 1d2+6, gold 1d2+1


def _start(skill, stamina, luck, gold=20, paragraph=1, items=()):
    stats = {"skill": skill, "stamina": stamina, "luck": luck, "gold": gold}
    return SimpleNamespace(stats=stats, initial={"skill": skill, "stamina": stamina, "luck": luck},
                           paragraph=paragraph, items=dict(items))


def test_what_tells_two_starts_apart():
    a = _start(12, 24, 12)
    assert differing(a, _start(12, 24, 11)) == {"luck"}
    assert differing(a, _start(12, 23, 7)) == {"stamina", "luck"}
    assert differing(a, _start(12, 24, 12, gold=3), passive=("gold",)) == set()
    assert differing(a, _start(12, 24, 12, gold=3)) == {"gold"}
    assert differing(a, _start(12, 24, 12, paragraph=2, items={"sword": 1})) == {"paragraph", "items"}


def test_a_run_is_consecutive_groups_differing_in_one_same_stat():
    # Skill 12: Stamina 24 with Luck 12, 11, 10; Stamina 23 with Luck 12, 11; then Skill 11, Stamina 23,
    # Luck 11 (one stat from the last, but another stat than the run's: a run of its own)
    starts = [_start(12, 24, 12), _start(12, 24, 11), _start(12, 24, 10),
              _start(12, 23, 12), _start(12, 23, 11), _start(11, 23, 11)]
    assert run_ends(starts, ("gold",)) == [3, 3, 3, 5, 5, 6]
    assert run_ends([], ()) == [] and run_ends(starts[:1], ()) == [1]
    assert run_ends([_start(12, 24, 12), _start(12, 23, 11)], ()) == [1, 2]   # (two stats apart: two runs)


def test_a_space_takes_an_even_piece_of_a_run_or_whole_runs_that_fit():
    six = [6] * 6 + [12] * 6
    assert together(0, six, 3) == 3 and together(3, six, 3) == 3 and together(6, six, 3) == 3
    assert together(1, six, 3) == 3 and together(4, six, 3) == 2   # (the rest of the run, not into the next)
    assert together(0, six, 4) == 3 and together(0, six, 5) == 3   # (even pieces: 3 + 3, not 4 + 2)
    assert together(0, six, 12) == 12 and together(0, six, 11) == 6 and together(0, six, 0) == 1
    pairs = [2, 2, 4, 4, 6, 6, 8, 8]
    assert together(1, pairs, 3) == 3 and together(1, pairs, 100) == 7 and together(1, pairs, 1) == 1


def test_the_workers_chunks_end_at_the_runs_ends():
    ends = [e for e in range(6, 397, 6) for _ in range(6)]
    cut = run_chunks(ends, 25)
    assert [c.start for c in cut][:3] == [0, 24, 48] and all(c.stop % 6 == 0 for c in cut)
    assert [i for c in cut for i in c] == list(range(396))
    assert chunks(396, 2, ends) == cut and chunks(396, 2)[0] == range(0, 25)
    long = [10] * 10   # a run longer than a chunk is cut in it
    assert run_chunks(long, 4) == [range(0, 4), range(4, 8), range(8, 10)]


def _alone(book, module, st):
    """The sheet's exact value explored alone, as `--sheet` does: an explorer of its own,
    no starting value forgotten."""
    from engine.analysis.compiled.run import solve
    ex = CompiledExplorer(book, module, max_states=100_000).run(starts=[(1, st)])
    assert ex.bound is None
    return solve(ex.graph)["roots"][0]


@pytest.mark.parametrize("room", [3, 5])
def test_each_sheets_value_is_its_own_whatever_the_runs_cut(monkeypatch, room):
    """Groups explored by pieces of runs (a room of `room` groups a space) give each sheet
    the exact value of the sheet explored alone."""
    book, module, _ = load(ROLLED)
    sheets = rolled(book, module)
    spaces = []
    original = Sheets._together

    def counted(self, at, ends):
        if self.group_states:
            self.group_states = Sheets.MERGED_STATES / room   # (room // group_states == room)
        many = original(self, at, ends)
        spaces.append(many)
        return many
    monkeypatch.setattr(Sheets, "_together", counted)
    done = explore_sheets(book, module, sheets, jobs=1, max_states=100_000_000)
    assert sum(spaces) == done["groups"] == 36 and 1 < max(spaces) <= room
    for i in range(0, 72, 5):
        p, st = sheets[i]
        assert done["sheets"][i][1]["value"] == _alone(book, module, st), i
