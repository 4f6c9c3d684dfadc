"""Time the exact fight-odds solvers: median and best wall time, median CPU time.

Usage: python -m tools.bench_odds [runs]

In-process lines: one ``ff_fight`` / ``cc_fight`` call each, solved each time (the
fight cache's memory emptied before each run; the "kept in memory" line reads it) (targets: a single
fight with the optimal Luck / Honour policy in the low milliseconds).  "proxy
book": 50 fights of typical size, the table's no-Luck policy; "chain
reference" lines time the generic solver the fast ones are tested against.
The "gamebook odds" lines time the whole process (python -m engine odds BOOK,
no compiled-book cache) on the bundled books and on a synthetic 400-paragraph book
with 40 combats (tools/gen_book.py, written to a temporary file); like an
installed package, the child keeps its .pyc files (outside the source tree).
The machine's load average is printed first: on a shared machine wall times
vary, CPU time (this process, or the child process) much less.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules.chroniques_cretoises.odds_solver import cc_fight  # noqa: E402
from engine.rules.defis_fantastiques.model import Escape, Specials  # noqa: E402
from engine.rules.defis_fantastiques import fight_cache  # noqa: E402
from engine.rules.defis_fantastiques.odds_solver import ff_fight  # noqa: E402

CASES = {
    "FF 10/20 vs 8/8, no luck": lambda: ff_fight((10, 20), [(8, 8)]),
    "FF 12/24 vs 12/24, luck 12, optimal": lambda: ff_fight((12, 24), [(12, 24)], luck=12),
    "FF 12/24 vs 12/30, luck 12, optimal": lambda: ff_fight((12, 24), [(12, 30)], luck=12),
    "FF 12/24 vs 12/24, luck 12, wound taken: advice": lambda: ff_fight(
        (12, 24), [(12, 24)], luck=12, pending="after-wound-taken"),
    "FF 10/20 vs 3 enemies one-by-one, luck 9": lambda: ff_fight(
        (10, 20), [(8, 6), (7, 6), (9, 5)], mode="one-by-one", luck=9),
    "FF 10/20 vs 2 enemies together, luck 10": lambda: ff_fight(
        (10, 20), [(7, 6), (6, 5)], mode="together", luck=10),
    "FF same, together chain reference": lambda: ff_fight(
        (10, 20), [(7, 6), (6, 5)], mode="together", luck=10, solver="chain"),
    "FF same, wounds 2 and 1 (couronne § 101), luck 10": lambda: ff_fight(
        (10, 20), [(7, 6), (6, 5)], mode="together", luck=10, enemy_damage=[2, 1]),
    "FF same, wounds 2 and 1, chain reference": lambda: ff_fight(
        (10, 20), [(7, 6), (6, 5)], mode="together", luck=10, enemy_damage=[2, 1], solver="chain"),
    "FF 2 together, wounds 2 and 1, escape after 2, luck 10": lambda: ff_fight(
        (10, 19), [(7, 6), (6, 5)], mode="together", luck=10, enemy_damage=[2, 1],
        specials=Specials(escape=Escape(2, 2))),
    "FF 10/19 vs 7/6, escape after 1 (cost 2), luck 10": lambda: ff_fight(
        (10, 19), [(7, 6)], luck=10, specials=Specials(escape=Escape(1, 2))),
    "FF 10/20 vs 3 enemies (2 alike) together, luck 10": lambda: ff_fight(
        (10, 20), [(6, 4), (7, 5), (6, 4)], mode="together", luck=10),
    "FF 10/20 vs 3 enemies together, no luck": lambda: ff_fight(
        (10, 20), [(8, 6), (7, 6), (9, 5)], mode="together"),
    "FF same, no luck, chain reference": lambda: ff_fight(
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
    "CC lion, honour 30, optimal": lambda: cc_fight((7, 15), [(5, 15)], honour=30, spend_honour=True),
}
KEPT = "same fight, kept in memory by the fight cache"
# two opponents together wounding 2 and 1, with an escape: 396 rolled sheets, 6 chains
GUARDS = """gamebook: 1
id: guards
title: Two guards
language: en
rules: defis-fantastiques
start: 1
items:
  epee: {name: Sword, weapon: {damage: 2}}
  balluchon: {name: Bundle}
paragraphs:
  1:
    text: Two guards.
    combat:
      mode: together
      escape: {after: 2, cost: {endurance: 2}, to: 2}
      enemies: [{name: Guard, habilete: 7, endurance: 6, damage: 2}, {name: Dog, habilete: 6, endurance: 5, damage: 1}]
      win: 2
  2: {text: Won., end: victory}
"""
PYCACHE = os.path.join(tempfile.gettempdir(), "gamebook-bench-pycache")


def cpu() -> float:
    """CPU seconds used so far by this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def seconds(func, runs: int, kept: bool = False) -> tuple[float, float, float]:
    """(median wall, best wall, median CPU) time of ``runs`` calls; each solves its
    fights again unless ``kept`` (the fight cache's memory then answers)."""
    walls, cpus = [], []
    for _ in range(runs):
        if not kept:
            fight_cache.forget_memory()
        start, used = time.perf_counter(), cpu()
        func()
        walls.append(time.perf_counter() - start)
        cpus.append(cpu() - used)
    return statistics.median(walls), min(walls), statistics.median(cpus)


def odds_process(path: str, cache: str | None = None):
    """The whole `gamebook odds BOOK` process, as a user runs it: no cache, or the
    compiled books and fights kept in the folder ``cache`` (filled by the first run)."""
    env = dict(os.environ, GAMEBOOK_NO_CACHE="1", PYTHONPYCACHEPREFIX=PYCACHE)
    if cache is not None:
        env.pop("GAMEBOOK_NO_CACHE")
        env["GAMEBOOK_CACHE_DIR"] = cache
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    root = Path(__file__).resolve().parent.parent
    return lambda: subprocess.run([sys.executable, "-m", "engine", "odds", path], cwd=root,
                                  env=env, check=True, stdout=subprocess.DEVNULL)


def main(argv: list[str]) -> int:
    runs = int(argv[1]) if len(argv) > 1 else 5
    from tools.gen_book import book
    with tempfile.TemporaryDirectory() as tmp:
        synthetic = Path(tmp) / "book400.yaml"
        synthetic.write_text(book(400, combats=40), encoding="utf-8")
        os.environ["GAMEBOOK_NO_CACHE"] = "1"   # in this process: the fights' memory only
        guards = Path(tmp) / "guards.yaml"
        guards.write_text(GUARDS, encoding="utf-8")
        cases = dict(CASES)
        cases[KEPT] = CASES["FF 2 together, wounds 2 and 1, escape after 2, luck 10"]
        cases["gamebook odds two guards, wounds 2 and 1, escape (process)"] = odds_process(str(guards))
        cases["same, fights kept on disk by an earlier run (process)"] = odds_process(
            str(guards), str(Path(tmp) / "cache"))
        cases["gamebook odds la-cloche-de-brumesel (process)"] = odds_process(
            "books/la-cloche-de-brumesel.yaml")
        cases["same, fights kept on disk by an earlier run (process)."] = odds_process(
            "books/la-cloche-de-brumesel.yaml", str(Path(tmp) / "cache"))
        cases["gamebook odds la-couronne-de-sel (process)"] = odds_process("books/la-couronne-de-sel.yaml")
        cases["gamebook odds 400 paragraphs, 40 combats (process)"] = odds_process(str(synthetic))
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"{'':50s} {'median':>9s}    {'best':>9s}    {'CPU':>9s}")
        for name, func in cases.items():
            odds = func()
            median, best, used = seconds(func, runs, kept=name == KEPT)
            win = f"P(win)={float(odds.win):.6f}" if hasattr(odds, "win") else ""
            print(f"{name:50s} {median * 1000:9.2f} ms {best * 1000:9.2f} ms "
                  f"{used * 1000:9.2f} ms   {win}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
