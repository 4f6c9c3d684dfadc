"""`explore --exhaustive --compiled` keeps the book's values as today's explorer does
(engine/analysis/compiled/keep.py): the same file for the same book and sheet, the
same key and value for every state today's explorer kept, the same start, summary
and route; a book whose states the compiled path cannot key keeps nothing, and says so."""
import json
from pathlib import Path

import pytest

from engine.analysis.book_values import BookValues
from engine.analysis.compiled import keep, solve
from engine.analysis.compiled.packed import ENDED
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.compiled.report import compiled_report, compiled_text
from engine.analysis.explore import values
from engine.analysis.explore.compact import Packer
from engine.analysis.explore.explorer import explore
from engine.analysis.explore.report import exhaustive
from engine.cli import main
from engine.lint.loader import load_book

HERE = Path(__file__).parent
# Défis Fantastiques books, and the fixture module's (loops through dice and choices,
# a doomed region, a soft-lock); not hub-wide.yaml, whose space no exploration completes
BOOKS = sorted((HERE / "books").glob("*.yaml")) + \
    sorted(p for p in (HERE.parent / "analysis" / "books").glob("*.yaml") if p.stem != "hub-wide")
SAME = 1e-12
# (typed-roll: today's float iteration stops within 6e-10 of the value on this book's
# cyclic components; the compiled solve's floats are closer to the exact
# fraction, which both explorers give: test_solve.py)
LOOSE = {"typed-roll": 1e-9}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "values"


def _kept(loaded):
    [table], warnings = values.load(loaded.book, loaded.module)
    assert warnings == []
    return table


def _final_keys(loaded) -> set:
    """The keys today's file gives its final endings (the first state that reached
    each, in the order `exhaustive` explores a sheet: play values an ending by what it
    is, not by a key)."""
    space = explore(loaded.book, loaded.module, sheet=1, focused=False, likely=True)
    keys = values.Keys(space.states.layout)
    return {keys(space.states.code(s)) for s in range(len(space.states)) if space.final[s]}


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
def test_the_compiled_file_gives_today_s_lookups(cache, path):
    loaded = load_book(path, use_cache=False)
    today_report = exhaustive(loaded.book, loaded.module, sheet=1, keep=True)
    today = _kept(loaded)
    compiled = compiled_report(loaded.book, loaded.module, 200_000, sheet=1, keep=True)
    assert compiled["values"] == today_report["values"]   # the same file, written again
    mine = _kept(loaded)
    finals = _final_keys(loaded)
    assert finals and len(today.keys) > len(finals)
    for key, v in zip(today.keys, today.values):
        if key not in finals:
            assert mine.get(key) == pytest.approx(v, abs=LOOSE.get(path.stem, SAME)), key
    assert mine.start == today.start and mine.sheet == today.sheet == 1
    assert mine.learned == today.learned
    assert mine.paragraphs.keys() == today.paragraphs.keys()
    for n, (best, states, doomed) in today.paragraphs.items():
        assert mine.paragraphs[n][0] == pytest.approx(best, abs=LOOSE.get(path.stem, SAME))
        assert mine.paragraphs[n][1:] == (states, doomed)
    assert mine.route.keys() == today.route.keys()
    assert all(mine.route[n] == pytest.approx(v, abs=LOOSE.get(path.stem, SAME)) for n, v in today.route.items())


@pytest.mark.parametrize("name", ["tests", "meal", "counted-notes"])   # (an item; a flag, kept as True; counters, notes)
def test_the_keys_of_the_packed_rows_are_those_of_the_game_states_they_hold(name):
    """keep.row_keys (column by column) against each row rebuilt as a game state and
    keyed as play keys it (values.flat_key of compact.py's packing)."""
    loaded = load_book(HERE / "books" / f"{name}.yaml", use_cache=False)
    ex = explore_compiled(loaded.book, loaded.module, sheet=1)
    slots, packer = ex.table.slots, Packer(getattr(loaded.module, "display_extra", ()))
    expected = [values.flat_key(packer.pack(slots.unpack(row, loaded.book, loaded.module))) for row in ex.table.rows]
    got = keep.row_keys(ex.table.rows, slots).tolist()
    assert got == expected and len(set(got)) == len(got) == ex.table.n
    assert keep.row_keys(ex.table, slots).tolist() == got   # (the table read a column at a time)


def test_the_command_says_where_the_values_were_kept_and_no_store_keeps_none(cache, capsys):
    book = str(HERE / "books" / "meal.yaml")
    assert main(["explore", book, "--exhaustive", "--compiled", "--sheet", "1", "--lang", "en"]) == 0
    [path] = cache.glob("*.json")
    assert f"  Values kept for 'odds' in play and the editor's hover: {path}" in capsys.readouterr().out
    path.unlink()
    assert main(["explore", book, "--exhaustive", "--compiled", "--sheet", "1", "--no-store",
                 "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert "values" not in report and list(cache.glob("*.json")) == []
    assert report["victory"] == {"low": report["exact_percent"] / 100, "high": report["exact_percent"] / 100}


def test_a_book_with_counters_and_notes_keeps_values_play_finds(cache):
    """counted-notes (a counter read, a counter never read, a note): the file the
    compiled path keeps gives play, looking a state up as it does (book_values.py:
    today's lens, then the key), the solver's value of every state explored."""
    loaded = load_book(HERE / "books" / "counted-notes.yaml", use_cache=False)
    ex = explore_compiled(loaded.book, loaded.module, sheet=1)
    r = solve(ex.graph)
    assert isinstance(keep.store(loaded.book, loaded.module, ex, r["solution"], r["exact"], 1), Path)
    play = BookValues(loaded.book, loaded.module)
    rows = ex.table.rows
    moving = [s for s in range(ex.table.n) if rows[s, ENDED] == 0]
    assert len(moving) > 50
    for s in moving:
        state = ex.table.slots.unpack(rows[s], loaded.book, loaded.module)
        found, _table = play.value(state)
        assert found == pytest.approx(float(r["solution"].f[s]), abs=SAME), s


def test_an_exploration_without_the_lens_keeps_nothing_and_says_why(cache):
    loaded = load_book(HERE / "books" / "counted-notes.yaml", use_cache=False)
    ex = explore_compiled(loaded.book, loaded.module, sheet=1, lens=False)
    r = solve(ex.graph)
    assert keep.store(loaded.book, loaded.module, ex, r["solution"], r["exact"], 1) is keep.UNKEYED
    assert not cache.exists() or list(cache.glob("*.json")) == []
    assert "Values not kept: explored without forgetting" in keep.UNKEYED.get("en")
    assert "Valeurs non gardées : exploration faite sans oublier" in keep.UNKEYED.get("fr")
