"""The explorer's worker processes that survive the death of one of them.

`multiprocessing.Pool` replaces a worker that dies (killed, out of memory) but loses
the task it was running: its result is then waited for for ever.  Here each worker has
its own pipe, and the parent waits on the pipes and on the processes themselves
(`multiprocessing.connection.wait` on their sentinels): when a worker dies with a task,
that task is given to a new worker and done again.  A chunk's results depend only on
its seed and run indexes, so the batch gives the same figures as without the death.
After MAX_WORKER_DEATHS deaths in one batch (a chunk that kills every worker it is
given, a machine out of memory) the batch stops with `WorkersDied`, which says so in
French and English; no worker is left behind either way (`finally`: every worker is
killed, and on Linux each dies with its parent: pool.worker_init).
"""
from __future__ import annotations

from collections import deque
from multiprocessing.connection import wait
from typing import Callable, Iterator

from engine.analysis.explore.pool import worker_init
from engine.diagnostics import Message

MAX_WORKER_DEATHS = 3   # per batch: one death is redone, a fourth ends the batch


class WorkersDied(RuntimeError):
    """Worker processes kept dying: `.message` says how often and what to try."""

    def __init__(self, deaths: int, code: int | None):
        how = f"signal {-code}" if code is not None and code < 0 else f"status {code}"
        self.message = Message(
            f"{deaths} processus de calcul sont morts ({how}) : l'exploration s'arrête. "
            "Relancez avec --jobs 1, ou avec moins de --runs si la mémoire manque.",
            f"{deaths} worker processes died ({how}): the exploration stops. "
            "Run again with --jobs 1, or fewer --runs if memory is short.")
        super().__init__(self.message.en)


def _serve(conn, work: Callable[[bytes], object]) -> None:
    """A worker: a task's bytes in, its result out, until the pipe closes."""
    worker_init()
    while True:
        try:
            task = conn.recv_bytes()
        except EOFError:   # the parent is done (or gone)
            return
        try:
            conn.send((True, work(task)))
        except Exception as exc:  # noqa: BLE001 - raised again in the parent, as Pool does
            conn.send((False, exc))


class _Worker:
    def __init__(self, context, work):
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs, work), daemon=True)
        self.process.start()
        theirs.close()
        self.task: tuple[int, bytes] | None = None


def run_pooled(context, jobs: int, tasks: list[bytes], work: Callable[[bytes], object]) -> Iterator:
    """`work(task)` for every task in `jobs` worker processes, results as they come;
    a task whose worker died is done again (at most MAX_WORKER_DEATHS deaths)."""
    todo = deque(enumerate(tasks))
    workers = [_Worker(context, work) for _ in range(min(jobs, len(tasks)))]
    deaths = 0
    try:
        while todo or any(w.task for w in workers):
            for w in workers:
                if w.task is None and todo:
                    w.task = todo.popleft()
                    w.conn.send_bytes(w.task[1])
            busy = [w for w in workers if w.task is not None]
            ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
            for i, w in enumerate(workers):
                if w.task is None:
                    continue
                if w.conn in ready or w.conn.poll():   # (a result sent just before dying counts)
                    try:
                        done, result = w.conn.recv()
                    except (EOFError, OSError):   # its pipe closed: it is dying
                        w.process.join(5)
                    else:
                        w.task = None
                        if not done:
                            raise result
                        yield result
                        continue
                if w.process.sentinel in ready or not w.process.is_alive():
                    deaths += 1
                    w.process.kill()
                    w.process.join()
                    if deaths > MAX_WORKER_DEATHS:
                        raise WorkersDied(deaths, w.process.exitcode)
                    todo.appendleft(w.task)   # done again, first
                    w.conn.close()
                    workers[i] = _Worker(context, work)
    finally:
        for w in workers:
            w.conn.close()
            if w.process.is_alive():
                w.process.kill()
            w.process.join()
