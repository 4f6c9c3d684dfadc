"""Benchmark `gamebook explore`: playthroughs per second through the real engine, side
by side with the same count of plain random walks over the paragraph graph (the cost
of the rules), and optionally a cProfile of the game loop.

    python -m tools.bench_explore [BOOK...] [--runs 10000] [--jobs N] [--profile]
                                  [--baseline DIR] [--repeat N] [--exhaustive-timeout S]
                                  [--exhaustive-states N] [--exact-timeout S]

`--baseline DIR` (another checkout, e.g. `git archive main | tar -x -C /tmp/main`)
measures that tree's engine too, with this script, round by round in the same run,
so both lines share the machine's load.  `--repeat N` keeps each figure's best of N
rounds (one-core figures in CPU time), which a busy machine makes necessary.

Without BOOK it measures every books/*.yaml (and the analysis fixture books when
there is none yet).  Prints one line a book; nothing is asserted (figures only).
A second line a book times the exhaustive solver (one core, CPU time, one fixed
sheet: `--sheet 1`, breadth only): states a second (expansion + exact solve),
seconds to the exact answer or where it was cut, memory per million states (peak
RSS growth), transition-cache hits, and side by side the present explorer
(`--baseline-ref`, default main at 1900e93, extracted with `git archive`: the same
round, with the same bounds, in that tree), and the ratio of the two rates; then,
when the space was cut, the paragraphs with the most
states and what varies between their states (why the space is big).
`--exhaustive-states N` (default 30,000: past the first states, where every cache is cold; 0: none) bounds both solver rounds by the same
count of states, so that their rates compare the same work on a busy machine;
`--exhaustive-states 0 --exhaustive-timeout S` shows how far each gets in S seconds.
`--exhaustive-timeout 0` leaves it out.  A last line a book runs this solver with no
other bound but time and memory (at most `--exact-timeout` seconds, default 1,800, 0: no
such round; and `--exact-states`, default 6,000,000, what this machine's memory
holds): the CPU time to the exact answer, its states, states a second and memory
per million, or where it was cut.

Then (without BOOK, or with `--real100`) the generated stand-in for a real 100-section
book (tests/analysis/real100.py, issue 35), written to a temporary folder:
`gamebook explore --exhaustive --sheet 1` on it in a child process (`explore_round`, a
plain function over a book path), with its states, CPU seconds, maximum RSS, and the
exact value or the bounds where it was cut (`--real100-states`, default 3,000,000;
`--real100-timeout`, default 300 s; 0: no such line).  `--runs 0 --real100` prints that
line alone.

Then (without BOOK, or with `--fight-rows`) la-cloche-de-brumesel explored exactly
(sheet 1) three times, back to back in child processes: main's tree, then the DF
module's fight chains solved node by node, then over rows for every starting point at
once (explore_rows.py): CPU
seconds, maximum RSS, states, and whether the exact values are the same
(`--fight-rows-timeout`, default 900 s, 0: no such lines).  `--runs 0 --fight-rows`
prints those lines alone.

`--fight-push` (alone, in this process): la-cloche-de-brumesel explored exactly (sheet 1)
with the starting points the explorer asks of each fight over rows recorded, then those
pushes replayed back to back: each starting point alone (`Chain.outcomes`, as the
explorer does), all of a fight's at once (`RowsFight.outcomes_many`), and every
starting point of the fights' grids at once (what pushing ahead, before the explorer
asks, would cost): CPU seconds, peak memory of each pass (tracemalloc, a separate run),
and whether every Fraction is the same.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
V1 = "1900e93"   # main before the solver was made fast (JSON states, no transition cache)
sys.path.insert(0, str(ROOT))


def random_walks(book, module, runs: int, seed: int, max_steps: int = 2000) -> int:
    """Walk the static graph from the start until an ending; returns total steps."""
    from engine.lint.checks import graph
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


def bench(path: str, runs: int, jobs: int) -> dict:
    """One round: playthroughs per second on one core (CPU time) and with `jobs`
    workers (wall time), and graph walks per second (CPU time)."""
    from engine.analysis.explore.parallel import run_batch
    from engine.lint.loader import load_book
    loaded = load_book(path)
    book, module = loaded.book, loaded.module
    t0 = time.process_time()
    one = run_batch(book, module, runs, seed=1, jobs=1)
    t1, w0 = time.process_time(), time.perf_counter()
    run_batch(book, module, runs, seed=1, jobs=jobs)
    w1, t2 = time.perf_counter(), time.process_time()
    walk_steps = random_walks(book, module, runs, 1)
    t3 = time.process_time()
    return {"moves": one.steps / runs, "one": runs / (t1 - t0), "jobs": runs / (w1 - w0),
            "walks": runs / (t3 - t2), "walk_steps": walk_steps / runs}


def in_process(args: list, tree: str | None = None) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve())] + args + (["--tree", tree] if tree else [])
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(out.stderr.strip())
    return json.loads(out.stdout)


def exhaustive_lines(path: str, timeout: float, fixtures: bool, baseline: str | None,
                     states: int = 0, exact_timeout: float = 0, exact_states: int = 0) -> list[str]:
    """The solver on one book (one sheet, breadth, exact), and the present explorer
    (the same round in the `baseline` tree), side by side; then, with
    `exact_timeout`, this solver without a bound of states: the time to the exact
    answer (the present explorer would take hours: it is compared on the bounded round)."""
    extra = ["--exhaustive-timeout", str(timeout), "--exhaustive-states", str(states)] + \
        (["--fixtures"] if fixtures else [])
    r = in_process([os.path.abspath(path), "--round-solver"] + extra)
    rate = r["states"] / max(r["cpu"], 1e-9)
    lines = [f"{Path(path).name}: solver (--sheet 1) {_figures(r)}"]
    if baseline:
        b = in_process([os.path.abspath(path), "--round-solver"] + extra, baseline)
        old = b["states"] / max(b["cpu"], 1e-9)
        lines.append(f"  present explorer ({V1}): {_figures(b)}")
        lines.append(f"  ratio {rate / max(old, 1e-9):.2f}x the states a second" +
                     (f", {b['cpu'] / r['cpu']:.1f}x faster to the exact answer" if r["exact"] and b["exact"] else ""))
    lines += [f"  § {n}: {count:,} states; varying: {vary}" for n, count, vary in r["variety"]]
    if exact_timeout > 0:
        whole = ["--exhaustive-timeout", str(exact_timeout), "--exhaustive-states", str(exact_states)] + \
            (["--fixtures"] if fixtures else [])
        e = in_process([os.path.abspath(path), "--round-solver"] + whole)
        lines.append(f"  to the exact answer (at most {exact_timeout:.0f} s and {exact_states:,} states): {_figures(e)}")
    return lines


def _figures(r: dict) -> str:
    rate = r["states"] / max(r["cpu"], 1e-9)
    what = f"exact in {r['cpu']:.2f} s CPU: {_short(r['exact'])} = {100 * r['value']:.4f} %" if r["exact"] else \
        f"cut ({r['bound']}) at {r['states']:,} states, best play >= {100 * r['value']:.2f} %"
    cache = f", cache {r['hits']:,} hits / {r['misses']:,} plays" if r.get("hits") is not None else ""
    cache += " (then dropped: too few hits)" if r.get("dropped") else ""
    return (f"{r['cpu']:.1f} s CPU ({r['explore']:.1f} s exploring, {r['solve']:.2f} s solving), "
            f"{r['states']:,} states, {rate:,.0f} states/s, {r['rss_per_million']:,.0f} MB per million "
            f"states{cache}; {what}")


def _short(fraction: str) -> str:
    """A fraction of thousands of digits as its first and last ones (and its size)."""
    if len(fraction) <= 60:
        return fraction
    num, _, den = fraction.partition("/")
    return f"{num[:12]}…/{den[:12]}… ({len(num)}/{len(den)} digits)"


def solver_round(path: str, timeout: float, states: int = 0) -> dict:
    import resource
    from fractions import Fraction
    from engine.analysis.explore.exact import exact_values
    from engine.analysis.explore.explorer import Explorer
    from engine.lint.loader import load_book
    loaded = load_book(path)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.process_time()
    explorer = Explorer(loaded.book, loaded.module, max_states=states or 10_000_000, timeout=timeout, sheet=1,
                        focused=False)
    space = explorer.run()
    memo = getattr(explorer, "memo", None) or getattr(explorer, "dropped", None)   # (none in 1900e93)
    t1 = time.process_time()
    value, _policy = exact_values(space)
    start = sum((p * (value[t] if t >= 0 else 0) for p, t in space.root), Fraction(0))
    t2 = time.process_time()
    rss = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) / 1024   # MB (Linux: KB)
    n = len(space.states)
    return {"states": n, "cpu": t2 - t0, "explore": t1 - t0, "solve": t2 - t1, "bound": space.bound,
            "exact": str(start) if space.bound is None else None, "value": float(start),
            "rss_per_million": rss * 1e6 / max(n, 1),
            "variety": variety(space) if space.bound else [],
            "hits": memo.hits if memo else None, "misses": memo.misses if memo else None,
            "dropped": getattr(explorer, "dropped", None) is not None}


def variety(space, top: int = 3) -> list:
    """The paragraphs with the most states, and what differs between their states:
    each part of the state with its number of distinct values."""
    from collections import Counter
    try:
        from engine.analysis.explore.compact import unpack
    except ImportError:   # the present explorer's states are JSON texts
        unpack = json.loads
    parts = ("stats", "initial", "items", "flags", "visits", "extra", "pending")
    out = []
    for n, count in Counter(space.paragraph).most_common(top):
        seen: dict = {}
        for s in (s for s, p in enumerate(space.paragraph) if p == n):
            row = unpack(space.states[s])[1:8]
            for part, v in zip(parts, row):
                items = v.items() if isinstance(v, dict) else [("", v)]
                for k, x in items:
                    seen.setdefault(f"{part}.{k}".rstrip("."), set()).add(json.dumps(x, sort_keys=True))
        vary = {k: len(v) for k, v in seen.items() if len(v) > 1}
        out.append((n, count, ", ".join(f"{k} x{c}" for k, c in sorted(vary.items(), key=lambda kv: -kv[1]))))
    return out


def explore_round(path: str, max_states: int, timeout: float, command: list[str] | None = None) -> dict:
    """`gamebook explore --exhaustive --sheet 1 --format json` on the book at `path`, in a
    child process: its states, CPU seconds (user + system), maximum RSS (MB), and the
    exact value or the bounds.  `command` replaces the explorer's command line before
    the book (another explorer with the same options and JSON report)."""
    import tempfile
    cli = command or [sys.executable, "-c", "import sys; from engine.cli import main; sys.exit(main())"]
    args = cli + ["explore", "--exhaustive", "--sheet", "1", "--format", "json",
                  "--max-states", str(max_states), "--timeout", str(timeout), os.path.abspath(path)]
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        child = subprocess.Popen(args, stdout=out, stderr=subprocess.DEVNULL, cwd=str(ROOT))
        _pid, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    try:
        report = json.loads(text)
    except ValueError:
        raise SystemExit(f"{Path(path).name}: explore failed (exit {child.returncode}): {text[-500:]}")
    return {"states": report["states"], "cpu": usage.ru_utime + usage.ru_stime,
            "rss_mb": usage.ru_maxrss / 1024, "complete": report["complete"], "bound": report["bound"],
            "exact": report["exact"], "low": report["victory"]["low"], "high": report["victory"]["high"],
            "not_reached": len(report.get("not_reached") or ())}


def real100_line(max_states: int, timeout: float) -> str:
    """The generated 100-section book (tests/analysis/real100.py) through `explore_round`."""
    import tempfile
    from tests.analysis.real100 import write_book
    with tempfile.TemporaryDirectory(prefix="bench-real100-") as folder:
        r = explore_round(str(write_book(Path(folder))), max_states, timeout)
    what = f"exact {_short(r['exact'])} = {100 * r['low']:.4f} %" if r["complete"] else \
        f"cut ({r['bound']}): victory {100 * r['low']:.2f} % – {100 * r['high']:.2f} %, " \
        f"{r['not_reached']} paragraphs not yet entered"
    return (f"real100 (generated, 100 sections): explore --exhaustive --sheet 1: {r['states']:,} states, "
            f"{r['cpu']:.1f} s CPU, max RSS {r['rss_mb']:,.0f} MB; {what}")


FIGHT_BOOK = ROOT / "books" / "la-cloche-de-brumesel.yaml"


def fight_rows_lines(max_states: int, timeout: float, repeat: int = 1, base: str = "main") -> list[str]:
    """`explore --exhaustive --sheet 1` on la-cloche-de-brumesel with the DF module's
    fights solved node by node (`explore.SOLVER = "chain"`) and over rows ("auto"),
    and the tree of `base` (`git archive`, before either), back to back in child
    processes (`explore_round`), each figure the best of
    `repeat` rounds: CPU seconds, maximum RSS, states, and whether the exact values agree."""
    main_tree = baseline_tree(base)

    def command(solver):
        if solver == "main":
            return [sys.executable, "-c", f"import sys; sys.path.insert(0, {main_tree!r}); "
                    "from engine.cli import main; sys.exit(main())"]
        return [sys.executable, "-c", "import sys; from engine.rules.defis_fantastiques import explore; "
                f"explore.SOLVER = {solver!r}; from engine.cli import main; sys.exit(main())"]
    rounds: dict = {"main": [], "chain": [], "auto": []} if main_tree else {"chain": [], "auto": []}
    for _ in range(max(1, repeat)):
        for solver in rounds:
            rounds[solver].append(explore_round(str(FIGHT_BOOK), max_states, timeout, command(solver)))
    lines = []
    for solver, label in (("main", f"{base} (before)     "), ("chain", "fights node by node"),
                          ("auto", "fights over rows   ")):
        if solver not in rounds:
            continue
        r = min(rounds[solver], key=lambda r: r["cpu"])
        what = f"exact {100 * r['low']:.4f} %" if r["complete"] else f"cut ({r['bound']})"
        lines.append(f"{FIGHT_BOOK.name}: explore --exhaustive --sheet 1, {label}: {r['states']:,} states, "
                     f"{r['cpu']:.1f} s CPU, max RSS {r['rss_mb']:,.0f} MB; {what}")
    same = {r["exact"] for rs in rounds.values() for r in rs}
    lines.append(f"  the same exact value either way: {'yes' if len(same) == 1 else 'NO'}")
    return lines


def fight_push_lines(max_states: int = 2_000_000, timeout: float = 900.0) -> list[str]:
    """The `--fight-push` lines (see the module's text)."""
    import contextlib
    import io
    import numpy as np
    import tracemalloc
    from engine.cli import main as cli
    from engine.rules.defis_fantastiques import explore_rows
    asked: dict = {}   # (RowsFight, stopping) -> {root: None}, in the order asked
    plain = explore_rows.RowsFight.outcomes

    def recording(rows, root, stopping, ceiling=(0, 0, 0)):
        asked.setdefault((rows, stopping), {})[root] = None
        return plain(rows, root, stopping, ceiling)
    explore_rows.RowsFight.outcomes = recording
    try:
        start = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()) as out:
            cli(["explore", "--exhaustive", "--sheet", "1", "--format", "json", "--max-states", str(max_states),
                 "--timeout", str(timeout), str(FIGHT_BOOK)])
        explored = time.process_time() - start
    finally:
        explore_rows.RowsFight.outcomes = plain

    def node(rows, root):
        he, es, luck, arm, _events, rnd, wins = root
        return rows._node(np.array([[he, *es, luck, arm, 0, rnd, wins]], dtype=np.int64))
    work = []
    for (rows, stopping), roots in asked.items():
        held = [r for r in roots if node(rows, r) is not None]
        seeds = {(r[1], r[5], r[6]) for r in held}
        hmax, lmax, amax = rows.tops[0], rows.tops[-2], rows.tops[-1]
        grid = [(h, es, lk, a, (), rnd, w) for es, rnd, w in seeds for h in range(1, hmax + 1)
                for lk in (range(lmax + 1) if rows.fight.use_luck else (0,)) for a in range(amax + 1)]
        work.append((rows, stopping, held, grid))

    def alone():
        out = []
        for rows, stopping, held, _grid in work:
            chain = rows.stopping if stopping else rows.fought
            fresh = explore_rows._pusher(len(chain.post), chain.post,
                                         explore_rows._Best(chain.best.chosen, chain.best.stops))
            out += [fresh.outcomes(node(rows, r)) for r in held]
        return out

    def together():
        return [ends for rows, stopping, held, _grid in work for ends in rows.outcomes_many(held, stopping)]

    def grids():
        return [rows.outcomes_many(grid, stopping) for rows, stopping, _held, grid in work]

    def ahead():   # as the explorer with `explore_rows.AHEAD`: a seed's whole grid on its first ask
        out = []
        for rows, stopping, held, _grid in work:
            rows.ahead = {}
            out += [rows._ahead(node(rows, r), r, stopping) for r in held]
        return out
    report = json.loads(out.getvalue())
    what = f"{report['states']:,} states, " + (f"exact {100 * report['victory']['low']:.4f} %"
                                                if report["complete"] else f"cut ({report['bound']})")
    lines = [f"{FIGHT_BOOK.name}: explore --exhaustive --sheet 1, {explored:.1f} s CPU, {what}; "
             f"{sum(len(w[2]) for w in work):,} starting points asked of {len(work)} fights over rows "
             f"(their grids: {sum(len(w[3]) for w in work):,})"]
    found = {}
    for label, run in (("each alone (today)", alone), ("all at once", together), ("whole grids at once", grids),
                       ("ahead, a seed's grid on first ask (AHEAD)", ahead)):
        start = time.process_time()
        found[label] = run()
        cpu = time.process_time() - start
        tracemalloc.start()
        run()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        lines.append(f"  pushes {label}: {cpu:.2f} s CPU, peak {peak / 2 ** 20:,.1f} MB")
    same = all(dict(a) == dict(b) == dict(c) for a, b, c in
               zip(found["each alone (today)"], found["all at once"], found[list(found)[-1]]))
    lines.append(f"  the same Fractions for every starting point: {'yes' if same else 'NO'}")
    return lines


def baseline_tree(ref: str) -> str | None:
    """`git archive REF` extracted in a temporary directory (None when git cannot)."""
    import tempfile
    where = tempfile.mkdtemp(prefix="bench-baseline-")
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=False)
    if archive.returncode:
        return None
    subprocess.run(["tar", "-x", "-C", where], input=archive.stdout, check=True)
    return where


def line(path: str, runs: int, jobs: int, r: dict) -> str:
    return (f"{Path(path).name}: {runs} playthroughs, {r['moves']:.1f} moves each | "
            f"1 core {r['one']:,.0f}/s | {jobs} jobs {r['jobs']:,.0f}/s | "
            f"graph walks {r['walks']:,.0f}/s ({r['walk_steps']:.1f} steps each)")


def round_in(tree: str | None, path: str, runs: int, jobs: int, fixtures: bool) -> dict:
    """One round in a fresh process importing the engine of `tree` (None: this one)."""
    cmd = [sys.executable, str(Path(__file__).resolve()), os.path.abspath(path), "--runs", str(runs),
           "--jobs", str(jobs), "--round"] + (["--tree", tree] if tree else []) + (["--fixtures"] if fixtures else [])
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(out.stderr.strip())
    return json.loads(out.stdout)


def best(rounds: list[dict]) -> dict:
    """Each rate's best round (the moves and steps are the same in every round)."""
    return {k: max(r[k] for r in rounds) if k in ("one", "jobs", "walks") else rounds[0][k]
            for k in rounds[0]}


def profile(path: str, runs: int) -> None:
    import cProfile
    import pstats
    from engine.analysis.explore.parallel import run_batch
    from engine.lint.loader import load_book
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
    parser.add_argument("--repeat", type=int, default=1, help="best of N rounds")
    parser.add_argument("--fixtures", action="store_true", help="register the test fixture rule module")
    parser.add_argument("--exhaustive-states", type=int, default=30_000,
                        help="state bound of the --exhaustive line (0: none): both trees do the same work")
    parser.add_argument("--exhaustive-timeout", type=float, default=60.0,
                        help="time bound of the --exhaustive line (0: no such line)")
    parser.add_argument("--exact-timeout", type=float, default=1800.0,
                        help="time bound of the round to the exact answer, without a bound of states "
                             "(0: no such round)")
    parser.add_argument("--exact-states", type=int, default=6_000_000,
                        help="state bound of that round (memory: about 1.5 GB a million states)")
    parser.add_argument("--real100", action="store_true",
                        help="also (with BOOK) or only (with --runs 0) the generated 100-section book")
    parser.add_argument("--real100-states", type=int, default=3_000_000,
                        help="state bound of the generated 100-section book's round")
    parser.add_argument("--real100-timeout", type=float, default=300.0,
                        help="time bound of that round (0: no such round)")
    parser.add_argument("--fight-rows", action="store_true",
                        help="only the DF fights node by node against over rows (la-cloche-de-brumesel)")
    parser.add_argument("--fight-rows-timeout", type=float, default=900.0,
                        help="seconds for each of those rounds (0: no such lines)")
    parser.add_argument("--fight-push", action="store_true",
                        help="only the DF fights' pushes to the ends, each starting point alone against all "
                             "at once (la-cloche-de-brumesel)")
    parser.add_argument("--round", action="store_true", help=argparse.SUPPRESS)   # one round, as JSON
    parser.add_argument("--baseline-ref", default=V1,
                        help="the present explorer to compare the solver with (a git commit)")
    parser.add_argument("--round-solver", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", help=argparse.SUPPRESS)                         # the engine to import
    args = parser.parse_args(argv)
    if args.tree:
        sys.path.insert(0, os.path.abspath(args.tree))
    books = args.books or sorted(glob.glob(str(ROOT / "books" / "*.yaml")))
    fixtures = args.fixtures or not books
    if fixtures:
        from engine.rules import registry
        registry.BUILTINS["fixture"] = "tests.analysis_fixtures.fixture_rules:MODULE"
        books = books or sorted(glob.glob(str(ROOT / "tests" / "analysis_fixtures" / "books" / "*.yaml")))
    if args.fight_push:
        print("\n".join(fight_push_lines()), flush=True)
        return 0
    if args.round:
        print(json.dumps(bench(books[0], args.runs, args.jobs)))
        return 0
    if args.round_solver:
        print(json.dumps(solver_round(books[0], args.exhaustive_timeout, args.exhaustive_states)))
        return 0
    old = baseline_tree(args.baseline_ref) if args.exhaustive_timeout > 0 and args.runs > 0 else None
    trees = [args.baseline, None] if args.baseline else [None]
    for path in books if args.runs > 0 else []:
        rounds: dict = {t: [] for t in trees}
        for _ in range(max(1, args.repeat)):
            for t in trees:   # interleaved, so that both trees see the same load
                rounds[t].append(round_in(t, path, args.runs, args.jobs, fixtures))
        for t in trees:
            label = ("before: " if t else "after:  ") if args.baseline else ""
            print(label + line(path, args.runs, args.jobs, best(rounds[t])), flush=True)
        if args.exhaustive_timeout > 0:
            print("\n".join(exhaustive_lines(path, args.exhaustive_timeout, fixtures, old,
                                             args.exhaustive_states, args.exact_timeout,
                                             args.exact_states)), flush=True)
        if args.profile:
            profile(path, args.runs)
    if (args.real100 or not args.books) and args.real100_timeout > 0 and not args.fight_rows:
        print(real100_line(args.real100_states, args.real100_timeout), flush=True)
    if (args.fight_rows or not args.books) and args.fight_rows_timeout > 0:
        print("\n".join(fight_rows_lines(2_000_000, args.fight_rows_timeout, args.repeat)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
