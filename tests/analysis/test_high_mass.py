"""tools/high_mass.py: where a cut run's high bound rests, along the high solution's
play.  On knight-luck.yaml cut after 3 states: the play's mass ends at the frontier,
at explored ends or at moves to no state yet (all of it: no loop), what it carries
there is the solved start, and the roots' cap only lowers it."""
from pathlib import Path

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.focus import Focus
from tests.analysis_fixtures.support import load
from tools.high_mass import masses

KNIGHT = Path(__file__).parent / "books" / "knight-luck.yaml"


def test_the_mass_of_the_high_play_ends_at_the_frontier_or_at_explored_ends():
    book, module, _ = load(KNIGHT)
    ex = CompiledExplorer(book, module, sheet=1, once=True, max_states=3, order=Focus()).run()
    assert ex.bound is not None
    found = masses(ex)
    mass = sum(r[1] for r in found["frontier"]) + found["won"] + found["lost"] + found["beyond"]
    assert abs(mass - 1) < 1e-9
    carried = sum(r[2] for r in found["frontier"]) + found["won"] + found["beyond"]
    assert abs(carried - found["solved"]) < 1e-9
    assert found["high"] <= found["solved"] + 1e-12
    assert all(0 <= lo <= hi <= 1 for _n, _m, _v, lo, hi in found["frontier"])


def test_both_mass_tools_run_a_cut_book_and_refuse_a_file_that_is_no_book(tmp_path, capsys):
    """tools/mass_run.py, which both share: a cut run printed (its start, and the low
    play's deaths), and a file that is no book named with the way to its errors,
    status 1, no traceback."""
    from tools import high_mass, low_mass
    assert high_mass.main([str(KNIGHT), "--max-states", "3"]) == 0
    assert capsys.readouterr().out.startswith("start: solved ")
    assert low_mass.main([str(KNIGHT), "--max-states", "3"]) == 0
    assert "the play wins" in capsys.readouterr().out
    broken = tmp_path / "broken.yaml"
    broken.write_text("gamebook: 1.2\nparagraphs: [\n", encoding="utf-8")
    for tool in (high_mass, low_mass):
        assert tool.main([str(broken)]) == 1
        assert capsys.readouterr().out.startswith(f"{broken}: not a book (")
