"""Benchmark `gamebook explore`: playthroughs per second through the real engine, side
by side with the same count of plain random walks over the paragraph graph (the cost
of the rules), and optionally a cProfile of the game loop.

    python -m tools.bench_explore [BOOK...] [--runs 10000] [--jobs N] [--profile]
                                  [--baseline DIR]

`--baseline DIR` (another checkout, e.g. `git worktree add /tmp/main main`) measures
that tree too, book by book in the same run, so both lines share the machine's load.

Without BOOK it measures every books/*.yaml (and the analysis fixture books when
there is none yet).  Prints one line a book; nothing is asserted (figures only).
"""
from __future__ import annotations

import argparse
import glob
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def random_walks(book, module, runs: int, seed: int, max_steps: int = 2000) -> int:
    """Walk the static graph from the start until an ending; returns total steps."""
    from engine.lint import graph
    edges = {n: [t for _, t in outs if t in book.paragraphs] for n, outs in graph(book, module).items()}
    rng, steps = random.Random(seed), 0
    for _ in range(runs):
        n = book.start
        for _ in range(max_steps):
            if book.paragraphs[n].end or not edges[n]:
                break
            n = rng.choice(edges[n])
            steps += 1
    return steps


def bench(path: str, runs: int, jobs: int) -> str:
    from engine.analysis.explore.parallel import run_batch
    from engine.loader import load_book
    loaded = load_book(path)
    book, module = loaded.book, loaded.module
    t0 = time.perf_counter()
    one = run_batch(book, module, runs, seed=1, jobs=1)
    t1 = time.perf_counter()
    run_batch(book, module, runs, seed=1, jobs=jobs)
    t2 = time.perf_counter()
    walk_steps = random_walks(book, module, runs, 1)
    t3 = time.perf_counter()
    return (f"{Path(path).name}: {runs} playthroughs, {one.steps / runs:.1f} moves each | "
            f"1 core {runs / (t1 - t0):,.0f}/s | {jobs} jobs {runs / (t2 - t1):,.0f}/s | "
            f"graph walks {runs / (t3 - t2):,.0f}/s ({walk_steps / runs:.1f} steps each)")


def baseline(tree: str, path: str, runs: int, jobs: int) -> str:
    """The same measurement made by the bench script of another source tree."""
    cmd = [sys.executable, str(Path(tree) / "tools" / "bench_explore.py"), os.path.abspath(path),
           "--runs", str(runs), "--jobs", str(jobs)]
    out = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, check=False)
    return (out.stdout or out.stderr).strip()


def profile(path: str, runs: int) -> None:
    import cProfile
    import pstats
    from engine.analysis.explore.parallel import run_batch
    from engine.loader import load_book
    loaded = load_book(path)
    prof = cProfile.Profile()
    prof.runcall(run_batch, loaded.book, loaded.module, runs, 1, jobs=1)
    pstats.Stats(prof).sort_stats("tottime").print_stats(15)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("books", nargs="*")
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--baseline", metavar="DIR", help="also measure this source tree, side by side")
    parser.add_argument("--fixtures", action="store_true", help="register the test fixture rule module")
    args = parser.parse_args(argv)
    books = args.books or sorted(glob.glob(str(ROOT / "books" / "*.yaml")))
    if args.fixtures or not books:
        from engine.rules import registry
        registry.BUILTINS["fixture"] = "tests.analysis_fixtures.fixture_rules:MODULE"
        books = books or sorted(glob.glob(str(ROOT / "tests" / "analysis_fixtures" / "books" / "*.yaml")))
    for path in books:
        if args.baseline:
            print("before:", baseline(args.baseline, path, args.runs, args.jobs), flush=True)
        print(("after:  " if args.baseline else "") + bench(path, args.runs, args.jobs), flush=True)
        if args.profile:
            profile(path, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
