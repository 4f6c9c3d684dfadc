"""Time the exact fight-odds solvers (median of several runs, perf_counter).

Usage: python tools/bench_odds.py [runs]

"proxy book": 50 fights of typical size, the table's no-Luck policy.  The
"gamebook odds" lines time the whole process (python -m engine odds BOOK, no
cache) on a bundled book and on a synthetic 400-paragraph book with 40 combats
(tools/gen_book.py --combats 40, written to a temporary file).
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules.chroniques_cretoises.odds_solver import cc_fight  # noqa: E402
from engine.rules.defis_fantastiques.odds_solver import ff_fight  # noqa: E402

CASES = {
    "FF 10/20 vs 8/8, no luck": lambda: ff_fight((10, 20), [(8, 8)]),
    "FF 12/24 vs 12/24, luck 12, optimal": lambda: ff_fight((12, 24), [(12, 24)], luck=12),
    "FF 10/20 vs 3 enemies one-by-one, luck 9": lambda: ff_fight(
        (10, 20), [(8, 6), (7, 6), (9, 5)], mode="one-by-one", luck=9),
    "FF 10/20 vs 3 enemies together, no luck": lambda: ff_fight(
        (10, 20), [(8, 6), (7, 6), (9, 5)], mode="together"),
    "FF same, together chain reference": lambda: ff_fight(
        (10, 20), [(8, 6), (7, 6), (9, 5)], mode="together", solver="chain"),
    "FF 10/20 vs 8/8, luck 9, optimal": lambda: ff_fight((10, 20), [(8, 8)], luck=9),
    "FF same, chain reference solver": lambda: ff_fight((10, 20), [(8, 8)], luck=9, solver="chain"),
    "FF 12/24 vs 12/24, luck 12, chain reference": lambda: ff_fight(
        (12, 24), [(12, 24)], luck=12, solver="chain"),
    "proxy book: 50 typical no-Luck fights": lambda: [
        ff_fight((10, 19), [(6 + i % 5, 5 + i % 8)]) for i in range(50)],
    "CC lion, honour 10, optimal": lambda: cc_fight((7, 15), [(5, 15)], honour=10, spend_honour=True),
    "CC three wolves, honour 10, optimal": lambda: cc_fight(
        (7, 15), [(2, 12)] * 3, honour=10, spend_honour=True),
}


def median_seconds(func, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def odds_process(path: str):
    """The whole `gamebook odds BOOK` process, as a user runs it."""
    env = dict(os.environ, GAMEBOOK_NO_CACHE="1")
    root = Path(__file__).resolve().parent.parent
    return lambda: subprocess.run([sys.executable, "-m", "engine", "odds", path], cwd=root,
                                  env=env, check=True, stdout=subprocess.DEVNULL)


def main(argv: list[str]) -> int:
    runs = int(argv[1]) if len(argv) > 1 else 5
    from tools.gen_book import book
    with tempfile.TemporaryDirectory() as tmp:
        synthetic = Path(tmp) / "book400.yaml"
        synthetic.write_text(book(400, combats=40), encoding="utf-8")
        cases = dict(CASES)
        cases["gamebook odds la-cloche-de-brumesel (process)"] = odds_process(
            "books/la-cloche-de-brumesel.yaml")
        cases["gamebook odds 400 paragraphs, 40 combats (process)"] = odds_process(str(synthetic))
        for name, func in cases.items():
            odds = func()
            ms = median_seconds(func, runs) * 1000
            win = f"P(win)={float(odds.win):.6f}" if hasattr(odds, "win") else ""
            print(f"{name:50s} {ms:9.2f} ms   {win}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
