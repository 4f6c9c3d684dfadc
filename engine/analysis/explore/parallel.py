"""Random runs on every core: the batch is cut into chunks of consecutive run indexes,
chunks go to a process pool (spawn-safe: a top-level worker and picklable tasks), and
their statistics are merged.  Results depend only on the base seed and the count."""
from __future__ import annotations

import copyreg
import io
import pickle
import sys
import time
from typing import Callable

from engine.expr import Expr
from engine.rules.watchdog import HookTimeout, hook_timeout, watching
from engine.analysis.explore.pool import capped, check_stop, signals_stop_the_pool
from engine.analysis.explore.runs import Stats, run_chunk
from engine.analysis.explore.workers import run_pooled


def _expr_reduce(e: Expr):
    # The evaluator caches closures on each Expr; they cannot be pickled and a
    # worker rebuilds them on first use anyway.
    return Expr, (e.text, e.kind, e.root)


def dumps(obj) -> bytes:
    """Pickle a task holding a compiled Book (whose expressions carry closures)."""
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = copyreg.dispatch_table.copy()
    pickler.dispatch_table[Expr] = _expr_reduce
    pickler.dump(obj)
    return buf.getvalue()


def _work(payload: bytes):
    """A worker's chunk, its rule module watched as in the parent; a HookTimeout is
    returned, not raised (a BaseException would kill the worker, and its chunk would
    be done again to no end)."""
    task, seconds = pickle.loads(payload)
    try:
        with watching(task[1], seconds):
            return run_chunk(task)
    except HookTimeout as late:
        return late


def chunks(runs: int, jobs: int) -> list[tuple[int, int]]:
    """About eight chunks a worker (for balance and a live progress bar), each at
    least 25 runs so that sending the book to a worker stays a small cost."""
    size = max(25, -(-runs // max(1, jobs * 8)))
    return [(start, min(runs, start + size)) for start in range(0, runs, size)]


def run_batch(book, module, runs: int, seed: int, max_steps: int = 2000, jobs: int | None = None,
              with_commands: bool = True, progress: Callable[[int, int], None] | None = None,
              start_method: str | None = None, hook_seconds: float | None = None) -> Stats:
    """The statistics of `runs` random playthroughs; in worker processes, each call
    into the rule module is bounded by `hook_seconds` (default: watchdog.hook_timeout())."""
    jobs = capped(jobs)
    tasks = [(book, module, seed, a, b, max_steps, with_commands) for a, b in chunks(runs, jobs)]
    total, done = Stats(), 0
    if jobs == 1 or len(tasks) == 1:
        results = map(run_chunk, tasks)
        return _collect(results, total, runs, progress)
    import multiprocessing
    # The platform's default start method (fork on Linux starts fastest); the worker
    # and its pickled tasks work as well under spawn (macOS, Windows).
    context = multiprocessing.get_context(start_method)
    payloads = [dumps((t, hook_seconds or hook_timeout())) for t in tasks]
    with signals_stop_the_pool():   # (workers.py: a worker that dies has its chunk done again)
        return _collect(run_pooled(context, jobs, payloads, _work), total, runs, progress)


def _collect(results, total: Stats, runs: int, progress) -> Stats:
    for stats in results:
        check_stop()   # a SIGTERM whose raise a finalizer dropped: stop now all the same
        if isinstance(stats, HookTimeout):
            raise stats
        total.merge(stats)
        if progress:
            progress(total.runs, runs)
    return total


class ProgressBar:
    """A one-line bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, label: str, stream=None):
        self.stream = stream or sys.stderr
        self.label, self.start = label, time.monotonic()
        self.active = hasattr(self.stream, "isatty") and self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.active or total <= 0:
            return
        width = 30
        filled = int(width * done / total)
        rate = done / max(1e-9, time.monotonic() - self.start)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{done}/{total} ({rate:,.0f}/s)")
        self.stream.flush()

    def close(self) -> None:
        if self.active:
            self.stream.write("\n")
            self.stream.flush()
