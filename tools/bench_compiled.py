"""Benchmark the compiled solve (engine/analysis/compiled) beside today's exact solver,
in one run, on one fixed sheet of a book (default books/la-cloche-de-brumesel.yaml).

    python -m tools.bench_compiled [BOOK...] [--sheet 1] [--max-states N]

One line a book: the exploration (today's engine-driven explorer, shared by both),
then each solve's CPU time, the peak-RSS growth while it ran, and their exact
values (equal, or the line says DIFFERENT); the compiled path's float value, its
proven bound, its levels and its arrays' bytes a state.  Figures only: nothing is
asserted (the tests in tests/compiled do that).
"""
from __future__ import annotations

import argparse
import resource
import time
from fractions import Fraction


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench(path: str, sheet: int, max_states: int) -> str:
    from engine.lint.loader import load_book
    from engine.analysis.explore.explorer import explore
    from engine.analysis.explore.exact import exact_values
    from engine.analysis.compiled import from_space, solve

    loaded = load_book(path, use_cache=False)
    book, module = loaded.book, loaded.module
    t0, m0 = time.process_time(), _rss_mb()
    space = explore(book, module, max_states=max_states, timeout=1e9, sheet=sheet, focused=False)
    t1, m1 = time.process_time(), _rss_mb()
    g = from_space(space)
    r = solve(g)
    t2, m2 = time.process_time(), _rss_mb()
    values, _policy = exact_values(space)
    today = sum((p * values[t] for p, t in space.root if t >= 0), Fraction(0))
    t3, m3 = time.process_time(), _rss_mb()
    n = len(space.states)
    same = "equal" if today == r["exact"] else "DIFFERENT"
    return (f"{path}: {n:,} states, explored in {t1 - t0:.1f} s (+{m1 - m0:.0f} MB, {n / max(t1 - t0, 1e-9):,.0f} states/s)\n"
            f"  compiled solve {t2 - t1:.2f} s (+{m2 - m1:.0f} MB; arrays {g.nbytes() / max(n, 1):.0f} B/state, "
            f"{r['levels']} levels, float {r['float']:.10f} ± {r['bound']:.1e})\n"
            f"  today's exact solve {t3 - t2:.2f} s (+{m3 - m2:.0f} MB)\n"
            f"  exact values {same}: {float(r['exact']) * 100:.4f} % ({len(str(r['exact'].denominator))} digits)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("books", nargs="*", default=["books/la-cloche-de-brumesel.yaml"])
    parser.add_argument("--sheet", type=int, default=1)
    parser.add_argument("--max-states", type=int, default=3_000_000)
    args = parser.parse_args(argv)
    for path in args.books:
        print(bench(path, args.sheet, args.max_states), flush=True)


if __name__ == "__main__":
    main()
