"""The explorer's worker processes: how many, and that none outlives its parent.

Random runs are CPU-bound: more processes than cores only cost memory and start-up,
so `capped(jobs)` never gives more than `cores()` (the cores this process may run
on).  A pool's workers die with it: `Pool.terminate` stops them when the parent
leaves its `with` block, which `signals_stop_the_pool()` makes happen on SIGTERM
and SIGHUP too (by default those end the parent at once and leave the workers
running their chunks, then waiting forever); should the signal's exception be
dropped in a finalizer, the parent stops at its next result (`check_stop`).
Each worker ignores Ctrl-C (the
parent handles it and terminates them) and, on Linux, asks the kernel to kill it
when the parent dies, even by `kill -9` (prctl PR_SET_PDEATHSIG).
"""
from __future__ import annotations

import os
import signal
import sys
from contextlib import contextmanager

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
PR_SET_PDEATHSIG = 1


def cores() -> int:
    """The cores this process may use (its CPU affinity where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def capped(jobs: int | None) -> int:
    """`jobs` (default: every core), at least 1 and at most `cores()`."""
    return max(1, min(jobs or cores(), cores()))


def worker_init() -> None:
    """Run in each worker before its first task."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() == 1:  # the parent died before the call: nobody to work for
                os._exit(1)
        except (OSError, AttributeError):  # no prctl: SIGTERM still stops the pool
            pass


class Stopped(SystemExit):
    """The parent got SIGTERM or SIGHUP while its pool worked (exit 128 + signal)."""


_pending: list = []   # the signal received inside `signals_stop_the_pool`, if any


def _stop(signum, _frame) -> None:
    """Record, then raise.  Python may run this inside a finalizer or a weakref
    callback, where the raise is printed as "Exception ignored" and dropped; the
    record makes `check_stop` raise it again where the parent next looks."""
    _pending[:] = [signum]
    raise Stopped(128 + signum)


def check_stop() -> None:
    """Raise the stop a signal asked for, should its own raise have been dropped."""
    if _pending:
        raise Stopped(128 + _pending[0])


@contextmanager
def signals_stop_the_pool():
    """While inside, SIGTERM and SIGHUP raise `Stopped` in the main thread, so the
    pool's `with` block is left and its workers terminated."""
    import threading
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _pending.clear()
    previous = {signum: signal.signal(signum, _stop) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _pending.clear()
