"""Time the exact fight-odds solvers (median of several runs, perf_counter).

Usage: python tools/bench_odds.py [runs]
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis.odds_cc import cc_fight  # noqa: E402
from engine.analysis.odds_ff import ff_fight  # noqa: E402

CASES = {
    "FF 10/20 vs 8/8, no luck": lambda: ff_fight((10, 20), [(8, 8)]),
    "FF 12/24 vs 12/24, luck 12, optimal": lambda: ff_fight((12, 24), [(12, 24)], luck=12),
    "FF 10/20 vs 3 enemies one-by-one, luck 9": lambda: ff_fight(
        (10, 20), [(8, 6), (7, 6), (9, 5)], mode="one-by-one", luck=9),
    "FF 10/20 vs 3 enemies together, no luck": lambda: ff_fight(
        (10, 20), [(8, 6), (7, 6), (9, 5)], mode="together"),
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


def main(argv: list[str]) -> int:
    runs = int(argv[1]) if len(argv) > 1 else 5
    for name, func in CASES.items():
        odds = func()
        ms = median_seconds(func, runs) * 1000
        print(f"{name:45s} {ms:9.2f} ms   P(win)={float(odds.win):.6f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
