"""`--max-states` on the compiled path holds within one batch: the states of a wave are
expanded a slice at a time, the slices smaller as the bound nears, and a wave cut by it
leaves its states not yet expanded to the frontier (le-taureau-d-airain cut at 500,000
kept 778,653 when the bound was checked between waves only)."""
from pathlib import Path

import numpy as np

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.packed import ENDED
from engine.analysis.compiled.report import compiled_report
from engine.lint.loader import load_book

ROOT = Path(__file__).resolve().parents[2]
LA_CLOCHE = ROOT / "books" / "la-cloche-de-brumesel.yaml"


def test_the_bound_holds_within_one_batch_and_every_state_left_is_in_the_frontier():
    loaded = load_book(LA_CLOCHE, use_cache=False)
    for cut in (2_000, 10_000, 30_000):
        found = CompiledExplorer(loaded.book, loaded.module, sheet=1, max_states=cut).run()
        n = found.table.n
        assert found.bound == "max-states" and cut < n <= cut + 150 + cut // 200   # (a wave past it: 3,106, 11,675, 33,095)
        moves = np.diff(found.graph.state_ptr.astype(np.int64))
        left = np.flatnonzero(moves == 0)   # (kept without moves: a game over, or not expanded)
        unexpanded = left[found.table.column(ENDED)[left] == 0]
        assert len(found.frontier) and set(found.frontier.tolist()) >= set(unexpanded.tolist())
        assert (moves[found.frontier] == 0).all()


def test_a_run_cut_mid_wave_still_holds_the_exact_value_between_its_bounds():
    loaded = load_book(LA_CLOCHE, use_cache=False)
    r = compiled_report(loaded.book, loaded.module, 10_000, sheet=1)
    assert not r["complete"] and r["states"] <= 10_200
    assert r["victory"]["low"] <= 0.975959 and 0.975958 <= r["victory"]["high"]   # (97.5958 %: test_bundled_value.py)
