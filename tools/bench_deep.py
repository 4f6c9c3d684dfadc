"""Benchmark `gamebook lint --deep` on real books: what it proves, at what cost.

    python -m tools.bench_deep [BOOK...] [--deep-timeout S] [--engine-explorer] [--real100-cut]

Without BOOK: the generated stand-in for a real 100-section book
(tests/analysis/real100.py), clean and with a misspelt codeword planted at its gate
(`planted(crack=True)`: plain lint only warns), la-couronne-de-sel and
the-clock-of-vennick; `--real100-cut`: its smaller variant alone (one lever, no padding
corridors: 366,253 states for sheet 1).  `--engine-explorer`: passed to `lint --deep`
(today's explorer instead of the compiled path).  Two lines a book:

* the abstract exploration alone (engine/analysis/explore/reach.py), in this process,
  best of three in CPU time: its states, the paragraphs it enters against those the
  static graph reaches, and whether a victory is possible;
* `gamebook lint --deep` in a child process (its CPU time, maximum RSS): the command's
  own line (exact exploration complete or cut), and the codes it reported.

Nothing is asserted (figures only; tests/analysis/test_reach.py holds the behaviour).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BOOKS = ("books/la-couronne-de-sel.yaml", "books/the-clock-of-vennick.yaml")


def abstract_line(path: str) -> str:
    from engine.analysis.explore.reach import Reach
    from engine.analysis.explore.report import static_reachable
    from engine.lint.loader import load_book
    loaded = load_book(path, use_cache=False)
    if loaded.book is None:
        return f"{Path(path).name}: does not load"
    book, module = loaded.book, loaded.module
    best = None
    for _ in range(3):
        begun = time.process_time()
        reach = Reach(book, module)
        took = time.process_time() - begun
        best = took if best is None else min(best, took)
    statically = static_reachable(book, module)
    states = sum(map(len, reach.states.values()))
    return (f"{Path(path).name}: abstract exploration {states:,} states, {len(reach.names)} facts, "
            f"{best * 1000:.0f} ms CPU; enters {len(reach.reached)} of {len(statically)} paragraphs "
            f"the graph reaches; victory {'possible' if reach.victory else 'IMPOSSIBLE'}")


def deep_line(path: str, timeout: float, engine: bool = False) -> str:
    args = [sys.executable, "-c", "import sys; from engine.cli import main; sys.exit(main())",
            "lint", "--deep", "--no-cache", "--lang", "en", "--deep-timeout", str(timeout), os.path.abspath(path)]
    args += ["--engine-explorer"] if engine else []
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out, \
            tempfile.TemporaryFile("w+", encoding="utf-8") as err:
        begun = time.monotonic()
        child = subprocess.Popen(args, stdout=out, stderr=err, cwd=str(ROOT))
        _pid, _status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - begun
        out.seek(0)
        err.seek(0)
        found, said = out.read(), err.read()
    codes = Counter(line.split(": ", 2)[1].split(" ", 1)[0] for line in found.splitlines() if ": " in line)
    deep = next((line.split(": ", 1)[1] for line in said.splitlines() if line.startswith("--deep ")),
                "no --deep line (the book has errors)")
    listed = ", ".join(f"{code} ×{n}" for code, n in sorted(codes.items())) or "nothing"
    return (f"  lint --deep: {wall:.1f} s wall, {usage.ru_utime + usage.ru_stime:.1f} s CPU, "
            f"max RSS {usage.ru_maxrss / 1024:,.0f} MB; {deep}; reported: {listed}")


def real100(folder: Path) -> list[str]:
    """The clean book, and the book with `levre3` at its gate and a crack opened by a
    codeword given only beyond it (plain lint warns, --deep proves)."""
    from tests.analysis.real100 import build, planted, write_book
    (folder / "planted").mkdir()
    return [str(write_book(folder)), str(write_book(folder / "planted", data=planted(build(), crack=True)))]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("books", nargs="*")
    parser.add_argument("--deep-timeout", type=float, default=10.0)
    parser.add_argument("--engine-explorer", action="store_true")
    parser.add_argument("--real100-cut", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-deep-") as folder:
        if args.real100_cut:
            from tests.analysis.real100 import write_book
            args.books.append(str(write_book(Path(folder), levers=1, maze=15, sections=None)))
        books = args.books or real100(Path(folder)) + [str(ROOT / b) for b in BOOKS]
        for path in books:
            label = "real100 (levre3 at the gate, a crack opened by a later codeword)" if "planted" in path else None
            line = abstract_line(path)
            print(f"{label}: {line.split(': ', 1)[1]}" if label else line)
            print(deep_line(path, args.deep_timeout, args.engine_explorer), flush=True)


if __name__ == "__main__":
    main()
