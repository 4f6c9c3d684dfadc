"""Benchmark `gamebook play`: start-up to the first prompt, and per-command latency.

    python tools/bench_play.py [--runs 7] [--paragraphs 400] [--big 10000]

1. Whole process `gamebook play BOOK < /dev/null` on a generated book: cold (empty
   compiled-book cache) and warm (cache hit); median wall time of --runs runs, and
   which heavy modules a cache hit imported (target: none of jsonschema, lark,
   ruamel, prompt_toolkit).  Each run uses a fresh data dir (a first game).
2. `Session.handle_line` latency on a --big book (choice, sheet, history, undo,
   save, unknown command), median and worst over many calls (target < 20 ms).

Books are generated in a temp dir for the test rule module `mini`
(tests/fixtures/mini_rules.py), which this script registers in the child process.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYCACHE = os.path.join(tempfile.gettempdir(), "gamebook-bench-pycache")
HEAVY = ("jsonschema", "lark", "ruamel", "prompt_toolkit")
CHILD = """
import sys, atexit
sys.path.insert(0, {root!r})
from engine.rules import registry
registry.BUILTINS["mini"] = "tests.fixtures.mini_rules:MODULE"
atexit.register(lambda: sys.stderr.write("HEAVY=" + ",".join(sorted(
    {{m.split(".")[0] for m in sys.modules}} & set({heavy!r}))) + "\\n"))
from engine.cli import main
sys.exit(main(["play", {book!r}, "--seed", "1"]))
"""
WORDS = ("le vent la pierre une porte sombre couloir torche garde escalier ombre silence "
         "vous avancez entendez voyez froid eau lointain murmure").split()


def make_book(path: Path, count: int, seed: int = 0) -> Path:
    rng = random.Random(seed)
    lines = ["gamebook: 1", f"id: bench-{count}", "title: Banc d'essai", "language: fr",
             "rules: mini", "start: 1", "hero: {vie: 12, or: 3}",
             "items:", "  cle: {name: Clé}", "paragraphs:"]
    for n in range(1, count + 1):
        text = " ".join(rng.choice(WORDS) for _ in range(60)).capitalize() + "."
        lines += [f"  {n}:", f"    text: {text}"]
        if n == count:
            lines.append("    end: victory")
            continue
        if n % 50 == 0:
            lines.append(f"    test: {{success: {n + 1}, failure: {min(n + 2, count)}}}")
            continue
        if n % 7 == 0:
            lines.append("    effects: [{gain: cle}, {add: {or: 1}}]")
        far = rng.randint(n + 1, min(count, n + 40))
        lines += ["    choices:", f"      - {{text: Continuer, to: {n + 1}}}",
                  f"      - {{text: Bifurquer, to: {far}, if: 'has(\"cle\") or or >= 2'}}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run_once(book: Path, cache: Path) -> tuple[float, str]:
    # An installed package has its .pyc files: allow them, outside the source tree.
    env = dict(os.environ, GAMEBOOK_CACHE_DIR=str(cache), PYTHONPYCACHEPREFIX=PYCACHE,
               GAMEBOOK_DATA_DIR=tempfile.mkdtemp(prefix="gb-data-"))
    for name in ("GAMEBOOK_NO_CACHE", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    code = CHILD.format(root=str(ROOT), heavy=HEAVY, book=str(book))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    heavy = next((line[6:] for line in proc.stderr.splitlines() if line.startswith("HEAVY=")), "?")
    return elapsed, cpu, heavy


def startup(book: Path, runs: int) -> None:
    """Wall and CPU time (the CPU figure is steadier on a shared machine)."""
    cold, warm, heavy = [], [], ""
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as cache:
            cold.append(run_once(book, Path(cache))[:2])
            run_once(book, Path(cache))
            wall, cpu, heavy = run_once(book, Path(cache))
            warm.append((wall, cpu))
    for name, runs_ in (("cold", cold), ("cached", warm)):
        wall = statistics.median(r[0] for r in runs_) * 1000
        cpu = statistics.median(r[1] for r in runs_) * 1000
        print(f"start-up {name}, {book.name}: wall median {wall:.0f} ms "
              f"(min {min(r[0] for r in runs_) * 1000:.0f} ms), CPU median {cpu:.0f} ms")
    print(f"heavy modules imported on a cache hit: {heavy or 'none'}")


def latency(book: Path, calls: int = 200) -> None:
    sys.path.insert(0, str(ROOT))
    from engine.saves import store as saves
    from engine.game.dice import SeededDice
    from engine.game import Game
    from engine.lint.loader import load_book
    from engine.repl.session import Session
    from engine.rules import registry
    registry.BUILTINS["mini"] = "tests.fixtures.mini_rules:MODULE"
    loaded = load_book(book, use_cache=False)
    with tempfile.TemporaryDirectory() as data:
        game = Game(loaded.book, loaded.module, SeededDice(1))
        session = Session(game, saves.SaveStore(loaded.book.id, Path(data)), "fr")
        session.start()
        for line in ("1", "feuille", "historique", "annuler", "sauver", "xyzzy"):
            times = []
            for _ in range(calls):
                if line == "annuler":
                    session.handle_line("1")
                start = time.perf_counter()
                session.handle_line(line)
                times.append(time.perf_counter() - start)
                if game.state.ended or session.game.state.pending:
                    session.handle_line("restart" if game.state.ended else "1")
            print(f"  handle_line({line!r}): median {statistics.median(times) * 1000:.2f} ms, "
                  f"max {max(times) * 1000:.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--paragraphs", type=int, default=400)
    ap.add_argument("--big", type=int, default=10000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        startup(make_book(Path(tmp) / "bench-400.yaml", args.paragraphs), args.runs)
        big = make_book(Path(tmp) / f"bench-{args.big}.yaml", args.big)
        print(f"per-command latency, {big.name}:")
        latency(big)


if __name__ == "__main__":
    main()
