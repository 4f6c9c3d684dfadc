"""Automated playtesting: random playthroughs and exhaustive exploration of a book.

    stats = run_batch(book, module, runs=1000, seed=1)          # random runs (all cores)
    result = exhaustive(book, module, max_states=..., timeout=...)
    deep_diagnostics(book, module, doc) -> list[Diagnostic]     # for `gamebook lint --deep`

Everything goes through the real engine (`Game`) and the rule-module interface, but
the abstract exploration of `lint --deep` (reach.py, closing.py): the paragraph and
the facts the book's conditions test, stats and dice left open, sound for what no
game can reach; and `lint --deep`'s exact exploration, which runs the compiled path
(deep_compiled.py, engine/analysis/compiled/) unless asked for this package's explorer.
"""
from __future__ import annotations

from engine.analysis.explore.deep import deep_diagnostics
from engine.analysis.explore.parallel import run_batch
from engine.analysis.explore.report import exhaustive

__all__ = ["run_batch", "exhaustive", "deep_diagnostics"]
