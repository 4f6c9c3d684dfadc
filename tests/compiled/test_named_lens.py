"""Issue 35: the compiled path forgets a book's counters and notes as today's explorer
does (compiled/forget.py drops from the extras the names nothing reads ahead, as
`Lens.strip`), instead of keeping every fact of a book that declares them.  The value
is today's explorer's on every small book with counters or notes; the space is
smaller than without the lens; a counter dropped where it is still read is caught."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.compiled import solve
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.compiled.forget import Forget
from engine.analysis.compiled.packed import EXTRA, PARAGRAPH
from engine.analysis.explore.compact import thaw
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from engine.lint.loader import load_book
from tests.analysis.test_liveness import NOTE_IN_OUTCOME
from tests.format11 import test_effect_lists
from tests.format11.conversion_pairs import COUNTER, NOTE
from tests.format11.f11_helpers import load as load_text
from tests.format11.test_counters import COUNTED

ROOT = Path(__file__).resolve().parents[2]
COUNTED_NOTES = Path(__file__).parent / "books" / "counted-notes.yaml"
# every small book of the tests with counters or notes: a file, or a body under the
# format 1.1 tests' header (f11_helpers.py), or a whole book's text
BOOKS = {"counted-notes": COUNTED_NOTES, "the-heron-gate": ROOT / "tests" / "authors" / "the-heron-gate.yaml",
         "note-in-outcome": NOTE_IN_OUTCOME, "note-in-success": test_effect_lists.NOTE_IN_OUTCOME,
         "counter-pair": COUNTER.new, "note-pair": NOTE.new, "counted": ("whole", COUNTED)}


def loaded(tmp_path, source):
    if isinstance(source, Path):
        found = load_book(source, use_cache=False)
    elif isinstance(source, tuple):
        path = tmp_path / "livre.yaml"
        path.write_text(source[1], encoding="utf-8")
        found = load_book(path, use_cache=False)
    else:
        found = load_text(tmp_path, source)
    assert found.book is not None, found.diagnostics
    return found.book, found.module


def today(book, module) -> Fraction:
    space = Explorer(book, module, sheet=1).run()
    assert space.bound is None
    values, _policy = exact_values(space)
    return sum((p * values[t] for p, t in space.root if t >= 0), Fraction(0))


def test_a_counter_never_read_and_a_note_read_only_ahead_are_forgotten_on_the_compiled_path(tmp_path):
    book, module = loaded(tmp_path, NOTE_IN_OUTCOME)
    lensed = explore_compiled(book, module, sheet=1)
    whole = explore_compiled(book, module, sheet=1, lens=False)
    assert lensed.bound is None and whole.bound is None
    assert solve(lensed.graph)["exact"] == solve(whole.graph)["exact"] == today(book, module)
    assert lensed.graph.states < whole.graph.states
    rows = lensed.table.take(range(lensed.table.n))
    values = lensed.table.slots.extras.values
    extras = [thaw(values[x]) if x else {} for x in rows[:, EXTRA].tolist()]
    assert {tuple((e.get("counters") or {}).items()) for e in extras} == {()}   # `pas` is never read
    noted = {tuple((e.get("notes") or {}).items()) for e, n in zip(extras, rows[:, PARAGRAPH].tolist()) if n == 5}
    assert noted == {(("retour", 3),)}   # read at § 5 by the way back


@pytest.mark.parametrize("name", BOOKS)
def test_every_small_book_with_counters_or_notes_keeps_today_s_exact_value_on_the_compiled_path(tmp_path, name):
    book, module = loaded(tmp_path, BOOKS[name])
    lensed = explore_compiled(book, module, sheet=1)
    assert lensed.bound is None and lensed.lens is not None and lensed.lens.named
    assert solve(lensed.graph)["exact"] == today(book, module)
    # without the lens: the same value where it completes (the-heron-gate's space does
    # not, within a bound many times its 72,374 states with the lens)
    whole = explore_compiled(book, module, sheet=1, lens=False, max_states=200_000)
    if whole.bound is None:
        assert solve(whole.graph)["exact"] == solve(lensed.graph)["exact"]
    assert lensed.graph.states <= whole.graph.states


def test_a_counter_never_read_is_forgotten_and_those_read_are_kept(tmp_path):
    """counted-notes: `pas` is never read (gone from every state); `essais` and the note,
    read at § 5 (the retry, the way back), are kept there."""
    book, module = loaded(tmp_path, COUNTED_NOTES)
    ex = explore_compiled(book, module, sheet=1)
    whole = explore_compiled(book, module, sheet=1, lens=False)
    assert ex.graph.states <= whole.graph.states   # (`pas` follows from the path: it splits nothing)
    assert "pas" in _held(whole)
    held = _held(ex)
    assert "pas" not in held
    assert 5 in held["essais"] and 5 in held["retour"]


def _held(explored) -> dict:
    """{counter or note: the paragraphs of the states that hold it}."""
    rows, values = explored.table.take(range(explored.table.n)), explored.table.slots.extras.values
    held: dict = {}
    for x, n in zip(rows[:, EXTRA].tolist(), rows[:, PARAGRAPH].tolist()):
        extra = thaw(values[x]) if x else {}
        for part in ("counters", "notes"):
            for name in extra.get(part) or {}:
                held.setdefault(name, set()).add(n)
    return held


def test_a_counter_dropped_where_it_is_still_read_is_caught(tmp_path, monkeypatch):
    """A planted bug: the compiled lens forgets `essais` everywhere, also at § 5 where
    the retry reads it.  The exploration fails (the engine reads a counter the state
    no longer holds) or its value is no longer today's: either way, not today's value."""
    book, module = loaded(tmp_path, COUNTED_NOTES)
    expected = today(book, module)
    assert solve(explore_compiled(book, module, sheet=1).graph)["exact"] == expected
    right = Forget._dead

    def planted(self, n):
        return {**right(self, n), "counters": self.lens.declared["counters"]}

    monkeypatch.setattr(Forget, "_dead", planted)
    try:
        wrong = solve(explore_compiled(book, module, sheet=1).graph)["exact"]
    except KeyError as exc:   # (the engine path: `essais` read from a state without it)
        assert exc.args == ("essais",)
    else:
        assert wrong != expected
