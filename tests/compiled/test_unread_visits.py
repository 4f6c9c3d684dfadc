"""A visit no step of the book reads is not written by the programs (entering.py
`unread_visit`, from the lens: forget.py `Forget.unread_visit`): the lens would clear
it in every row kept, so leaving it out changes no state, and the column is never made
(le-taureau-d-airain: 41 of its 63 columns).  Checked on tests/compiled/books/
auto-once.yaml, whose `auto:` conditions read the visits of 2 and 7 and whose `once:`
paragraphs read their own: the same rows and the same graph as with every visit
written (the states numbered otherwise: a row's hash weighs its columns by their
place), and a visit that is read never left out."""
from pathlib import Path

import numpy as np

from engine.analysis.compiled import solve
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.forget import Forget
from engine.analysis.compiled.keep import row_keys
from tests.analysis_fixtures.support import load

BOOK = Path(__file__).parent / "books/auto-once.yaml"
READ = {2, 3, 7}   # visited(2), visited(7) in `auto:` conditions; 3 a `once:` test


def _explored(written: bool):
    """(the explorer, what it found), every visit written when `written`."""
    book, module, _ = load(BOOK)
    x = CompiledExplorer(book, module)
    if written:
        x.compiler.unread_visit = None
    return x, x.run()


def _visit_columns(x) -> set:
    return {name for part, name in x.slots.names if part == "visits"}


def test_only_the_visits_read_are_asked_for():
    book, module, _ = load(BOOK)
    forget = Forget(book, module)
    unread = {n for n in book.paragraphs if forget.unread_visit(n)}
    assert unread and not unread & READ and unread | READ == set(book.paragraphs)


def _edges(x, found) -> list:
    """Every edge as (its state's key, its move, its target's key, its probability):
    the graph over the rows' own keys (keep.py `row_keys`), whatever their numbers."""
    g, keys = found.graph, row_keys(found.table, x.slots).tolist()
    state_of_move = np.repeat(np.arange(g.states), np.diff(g.state_ptr))
    first_move = g.state_ptr[state_of_move]
    out = []
    for m in range(len(g.move_ptr) - 1):
        s = int(state_of_move[m])
        for e in range(int(g.move_ptr[m]), int(g.move_ptr[m + 1])):
            t = int(g.targets[e])
            out.append((keys[s], m - int(first_move[m]), keys[t] if t >= 0 else t, g.fractions[int(g.exact[e])]))
    return sorted(out)


def test_unread_visits_leave_the_rows_and_the_graph_as_they_were():
    lean, found = _explored(False)
    full, whole = _explored(True)
    # (the start's visit comes from the game's own state; no program writes another unread one)
    assert _visit_columns(lean) <= READ | {1} < _visit_columns(full)
    assert found.graph.states == whole.graph.states > 100
    assert sorted(row_keys(found.table, lean.slots).tolist()) == sorted(row_keys(whole.table, full.slots).tolist())
    assert _edges(lean, found) == _edges(full, whole)
    assert solve(found.graph)["exact"] == solve(whole.graph)["exact"] > 0
