"""The paragraphs a fight's ends enter (its `win`, the fights after) are checked
against the lens's graph like any program's moves (explorer `_spread`, through
`_moved`): with the fights' wins hidden from that graph, the compiled explorer sees
the moves, starts again with the graph corrected, and keeps the value."""
from pathlib import Path

from engine.analysis.compiled import solve
from engine.analysis.compiled.explorer import CompiledExplorer
from tests.analysis_fixtures.support import load

BOOK = Path(__file__).parent / "books" / "fights.yaml"


def test_a_fights_exits_the_lens_misses_start_the_exploration_again():
    book, module, _ = load(BOOK)

    class Hidden(type(module)):   # (a fight's win hidden: only its ends enter that paragraph)
        def exits(self, paragraph):
            return [e for e in super().exits(paragraph) if e.kind != "win"]
    known = CompiledExplorer(book, module, sheet=1)
    value = solve(known.run().graph)["exact"]
    assert known.restarts == 0
    hidden = CompiledExplorer(book, Hidden(), sheet=1)
    assert solve(hidden.run().graph)["exact"] == value and hidden.restarts >= 1
