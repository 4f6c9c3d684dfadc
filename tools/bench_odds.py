"""Time the exact fight-odds solvers (median of several runs, perf_counter).

Usage: python tools/bench_odds.py [runs]

"proxy book" stands for "every combat of a 400-paragraph book" until such a
book exists: 50 fights of typical size, the table's no-Luck policy.
"""
from __future__ import annotations

import statistics
import sys
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


def main(argv: list[str]) -> int:
    runs = int(argv[1]) if len(argv) > 1 else 5
    for name, func in CASES.items():
        odds = func()
        ms = median_seconds(func, runs) * 1000
        win = f"P(win)={float(odds.win):.6f}" if hasattr(odds, "win") else ""
        print(f"{name:45s} {ms:9.2f} ms   {win}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
