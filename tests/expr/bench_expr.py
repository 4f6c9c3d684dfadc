"""Benchmark (not collected by pytest): evaluation speed and parser start-up.

Run: python tests/expr/bench_expr.py
"""

import os
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.expr import compiled, evaluate, parse  # noqa: E402
from engine.expr.parse import build_parser  # noqa: E402

STARTUP = ("import time; t = time.perf_counter(); import engine.expr as E; import importlib;"
           "P = importlib.import_module('engine.expr.parse');"
           "{patch} E.parse('honneur >= 3 and has(\"épée\")', 'condition');"
           "print((time.perf_counter() - t) * 1000)")


class Ctx:
    __slots__ = ()

    def variable(self, name):
        return 5

    def call(self, name, args):
        return True

    def roll(self, count, sides):
        return count * sides


def bench_eval(number=300_000):
    expr, ctx = parse('honneur >= 3 and has("épée")', "condition"), Ctx()
    function = compiled(expr)
    for label, stmt in (("evaluate()", lambda: evaluate(expr, ctx)), ("compiled()", lambda: function(ctx))):
        best = min(timeit.repeat(stmt, number=number, repeat=5))
        print(f"{label:12} {number / best / 1e6:.2f} M evaluations/s (incl. lambda overhead)")


def bench_startup(runs=5):
    for label, patch in (("no cache", "P.cache_path = lambda: None;"), ("cache", "")):
        times = [float(subprocess.run([sys.executable, "-c", STARTUP.format(patch=patch)], cwd=ROOT,
                                      capture_output=True, text=True, check=True).stdout)
                 for _ in range(runs)]
        print(f"import + first parse, {label:8}: min {min(times):.0f} ms, median {sorted(times)[runs // 2]:.0f} ms")


def bench_build(runs=5):
    path = os.path.join(tempfile.mkdtemp(), "grammar.cache")
    build_parser(path)
    for label, arg in (("no cache", None), ("cache", path)):
        best = min(_timed(build_parser, arg) for _ in range(runs))
        print(f"Lark parser construction, {label:8}: {best:.1f} ms")


def _timed(function, arg):
    started = time.perf_counter()
    function(arg)
    return (time.perf_counter() - started) * 1000


if __name__ == "__main__":
    bench_eval()
    bench_build()
    bench_startup()
