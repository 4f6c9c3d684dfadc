"""Benchmark `gamebook lint` and book loading; prints figures and ratios from one run.

Usage: python -m tools.bench [--runs N] [--rules ID] [--sizes 400,2000,10000]

Measured from an installed, byte-compiled package: the bench builds its own venv
under bench-out/ (`pip install .`, not editable, then `compileall`), rebuilt only
when the sources change.  Figures are medians of N runs:
- whole-process cold lint (no cache) per book size, and the growth per paragraph;
- in-process: our YAML load vs ruamel's round-trip load of the same file;
- whole-process cached lint vs `json.loads` of the cached data.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tools.gen_book import book

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench-out"
VENV = OUT / "venv"
PY = VENV / "bin" / "python"

INPROCESS = r"""
import json, statistics, sys, time
from pathlib import Path
from engine.book import source
from ruamel.yaml import YAML
path, runs = sys.argv[1], int(sys.argv[2])
raw = Path(path).read_bytes()
def median(f, n):
    ts = []
    for _ in range(n):
        t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)
    return statistics.median(ts)
ours = median(lambda: source.parse_bytes(raw, path), runs)
rt = median(lambda: YAML(typ="rt").load(raw.decode("utf-8")), max(1, runs // 3)) \
    if sys.argv[4] == "rt" else float("nan")
cache = sorted(Path(sys.argv[3]).glob("*.json"))
blob = cache[-1].read_bytes() if cache else b"{}"
js = median(lambda: json.loads(blob), runs)
print(json.dumps({"ours": ours, "rt": rt, "json": js, "json_bytes": len(blob)}))
"""


def _digest() -> str:
    h = hashlib.sha256()
    for path in sorted((ROOT / "engine").rglob("*")) + [ROOT / "pyproject.toml"]:
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    return h.hexdigest()


def ensure_venv() -> None:
    stamp = VENV / ".source-digest"
    digest = _digest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    if not PY.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(PY), "-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps",
                    str(ROOT)], check=True)
    subprocess.run([str(PY), "-m", "pip", "install", "--quiet", str(ROOT)], check=True)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="")
    env.pop("PYTHONDONTWRITEBYTECODE")
    subprocess.run([str(PY), "-m", "compileall", "-q", str(VENV / "lib")], check=True, env=env)
    stamp.write_text(digest)


def install_fixture_rules() -> None:
    """`--rules fixture`: install the test fixture module as a plugin (entry point),
    for measuring before the real rule modules exist."""
    plugin = OUT / "plugin"
    plugin.mkdir(exist_ok=True)
    source = (ROOT / "tests" / "foundation" / "fixture_rules.py").read_text(encoding="utf-8")
    (plugin / "gamebook_bench_fixture.py").write_text(source, encoding="utf-8")
    (plugin / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "gamebook-bench-fixture"\nversion = "0"\n'
        '[tool.setuptools]\npy-modules = ["gamebook_bench_fixture"]\n'
        '[project.entry-points."gamebook.rules"]\nfixture = "gamebook_bench_fixture:MODULE"\n')
    subprocess.run([str(PY), "-m", "pip", "install", "--quiet", "--no-deps", str(plugin)], check=True)


def timed(cmd: list[str], env: dict, runs: int, best: list | None = None):
    """Median wall time of `runs` runs (the best one appended to `best` if given)."""
    times, proc = [], None
    for _ in range(runs):
        t = time.perf_counter()
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - t)
    if best is not None:
        best.append(min(times))
    return statistics.median(times), proc


def bench_size(n: int, rules: str, runs: int, compare_rt: bool) -> dict:
    path = OUT / f"book-{n}.yaml"
    text = book(n, rules)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    cache = OUT / f"cache-{n}"
    env = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp"),
           "GAMEBOOK_CACHE_DIR": str(cache), "GAMEBOOK_LANG": "en"}
    gamebook = str(VENV / "bin" / "gamebook")
    best: list[float] = []
    cold, proc = timed([gamebook, "lint", "--no-cache", str(path)], env, runs, best)
    timed([gamebook, "lint", str(path)], env, 1)  # fill the cache
    cached, _ = timed([gamebook, "lint", str(path)], env, runs)
    startup, _ = timed([str(PY), "-c", "pass"], env, runs)
    inproc = subprocess.run([str(PY), "-c", INPROCESS, str(path), str(max(3, runs)), str(cache),
                             "rt" if compare_rt else "-"],
                            env=env, capture_output=True, text=True, check=True)
    import json
    figures = json.loads(inproc.stdout)
    figures.update(n=n, bytes=path.stat().st_size, cold=cold, cold_best=best[0], cached=cached,
                   startup=startup,
                   status=proc.returncode, problems=proc.stdout.count("\n"))
    return figures


def report(rows: list[dict]) -> None:
    print(f"{'paragraphs':>10} {'KB':>7} {'cold lint':>10} {'per par.':>9} {'cached':>8} "
          f"{'our load':>9} {'rt load':>8} {'rt/ours':>8} {'json.loads':>10}  status")
    for r in rows:
        print(f"{r['n']:>10} {r['bytes'] / 1024:>7.0f} {r['cold']:>9.3f}s {r['cold'] / r['n'] * 1e3:>7.3f}ms "
              f"{r['cached']:>7.3f}s {r['ours']:>8.3f}s {r['rt']:>7.3f}s {r['rt'] / r['ours']:>7.1f}x "
              f"{r['json'] * 1e3:>8.1f}ms  exit {r['status']}, {r['problems']} lines")
    print(f"python startup alone: {rows[0]['startup']:.3f}s")
    small, big = rows[0], rows[-1]
    net = lambda r: (r["cold"] - r["startup"]) / r["n"]  # noqa: E731
    print(f"growth: {big['n']} paragraphs cost {net(big) / net(small):.2f}x per paragraph what "
          f"{small['n']} cost (startup excluded; target <= 1.5x)")
    print(f"cold lint of {small['n']} paragraphs: {small['cold']:.3f}s whole process, median "
          f"(best run {small['cold_best']:.3f}s; target 0.3s on 2 cores; python startup "
          f"{small['startup']:.3f}s in this run: compare it with a quiet machine's 0.02s)")
    print(f"load vs ruamel round-trip ({small['n']}): {small['rt'] / small['ours']:.1f}x faster (target >= 5x)")
    print(f"cached lint ({small['n']}): {small['cached']:.3f}s whole process, "
          f"{small['cached'] - small['startup']:.3f}s beyond python startup; "
          f"json.loads of the cached entry: {small['json'] * 1e3:.1f}ms")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rules", default="defis-fantastiques")
    parser.add_argument("--sizes", default="400,2000,10000")
    args = parser.parse_args(argv)
    OUT.mkdir(exist_ok=True)
    ensure_venv()
    if args.rules == "fixture":
        install_fixture_rules()
    print(f"cpus: {os.cpu_count()}, load average: {os.getloadavg()[0]:.2f}, runs: {args.runs}")
    # ruamel's round-trip loader is only timed on the smallest book: it takes minutes on the largest.
    rows = [bench_size(int(n), args.rules, args.runs, i == 0)
            for i, n in enumerate(args.sizes.split(","))]
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
