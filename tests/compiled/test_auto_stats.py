"""An `auto:` way out whose condition reads a stat, compiled (entering.py `_settled`):
over tests/compiled/books/auto-stats.yaml whole, no state takes the engine path, the
moves equal the real engine's as exact fractions, the value is today's explorer's,
and the ways taken in another order are caught.  A state that does not hold the stat
a condition reads (play stops there with an error) is handed to the engine, and only
where the condition is read (`and` stops at a false left side)."""
from pathlib import Path

import numpy as np

import engine.analysis.compiled.entering as entering
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.engine_path import ERROR
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.packed import MISSING, PARAGRAPH
from engine.analysis.compiled.steps import handed
from tests.analysis_fixtures.support import load
from tests.compiled.constructs import by_programs, compared, wrong

BOOK = Path(__file__).parent / "books/auto-stats.yaml"


def test_every_state_by_a_program_and_the_value_is_today_s():
    exact, today = by_programs(BOOK, 8)
    assert 0 < today < 1 and exact == today


def test_the_whole_book_compares_equal_to_the_engine():
    r = compared(BOOK)
    assert r["mismatches"] == [] and r["checked"] >= 8 and {1, 2, 5, 6} <= set(r["paragraphs"])


def test_the_ways_out_taken_last_first_are_caught(monkeypatch):
    real = entering.first_holding
    monkeypatch.setattr(entering, "first_holding", lambda b, conds: real(b, conds[::-1]))
    # (at 3, a chilled hero whose Luck holds meets the hermit, not his death)
    assert (1, "2") in wrong(compared(BOOK))


def test_a_state_without_the_stat_read_is_handed_to_the_engine():
    book, module, _ = load(BOOK)
    x = CompiledExplorer(book, module)
    x.run()
    at_start = np.flatnonzero(x.table.column(PARAGRAPH) == 1)
    rows = x.table.take(at_start)
    luck = x.slots.find("stats", "chance")
    rows[:, luck] = MISSING
    endurance = rows[:, x.slots.find("stats", "endurance")]
    _moves, engine = handed(*x.program(1, 0).run(Batch(rows, x.slots)))
    # (the ford costs 2: Luck is read only by a hero left with 3 or less, still alive)
    assert engine.tolist() == ((endurance - 2 <= 3) & (endurance - 2 > 0)).tolist()
    assert engine.any() and not engine.all()
    played = dict(x.engine.expand(x.slots.unpack(rows[np.flatnonzero(engine)[0]], book, module)))
    assert [st for _p, st in played["2"]] == [ERROR]   # (play fails there)
