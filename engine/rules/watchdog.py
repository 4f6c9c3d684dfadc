"""Time bounds on rule-module code: a plugin import that blocks, a hook that never returns.

Rule modules are trusted code (a plugin runs with the user's rights), but a bug in
one must not hang `gamebook`.  Two bounds, both on POSIX only and in the main
thread (elsewhere the code simply runs unbounded), both through SIGALRM, which
interrupts Python code, `time.sleep` and blocking reads:

* `deadline(seconds)`: the block raises `TimeUp` when it runs longer (the
  registry imports a plugin inside one).
* `watching(module, seconds)`: while inside, a tick every `TICK` seconds looks at
  the call stack; when the same call into the module's own code (a hook, or a
  command's function) has been running for `seconds`, it raises `HookTimeout`
  naming the module and the hook.  Engine code is never interrupted, however
  long it runs, and no call pays anything: only the tick looks.  Given `cut`,
  `cut(entry frame)` says what a call is: None, a hook (bounded as above); a
  string, the analysis's own work (a fight priced for a batch of states: not
  bounded), stopped at once by `TimeUp(that string)` when it is not empty
  (`lint --deep` past its wall clock: the exploration is cut there).

Both exceptions derive from BaseException, so that the `except Exception` of a
module or of the explorer (which records engine errors) cannot swallow them.  The
bounds come from `$GAMEBOOK_PLUGIN_TIMEOUT` (import, default 10 s) and
`$GAMEBOOK_HOOK_TIMEOUT` (hook, default 30 s), lowered by a command's own time
limit (`lint --deep-timeout`, `explore --timeout`).
"""
from __future__ import annotations

import os
import signal
import threading
import time
from contextlib import contextmanager

from engine.diagnostics import Message

IMPORT_TIMEOUT = 10.0
HOOK_TIMEOUT = 30.0
TICK = 0.25


def _seconds(variable: str, default: float) -> float:
    try:
        value = float(os.environ.get(variable, default))
    except ValueError:
        return default
    return value if value > 0 else default


def import_timeout() -> float:
    return _seconds("GAMEBOOK_PLUGIN_TIMEOUT", IMPORT_TIMEOUT)


def hook_timeout(limit: float | None = None) -> float:
    """The hook bound, at most `limit` (a command's own time limit) when given."""
    bound = _seconds("GAMEBOOK_HOOK_TIMEOUT", HOOK_TIMEOUT)
    return min(bound, limit) if limit else bound


class TimeUp(BaseException):
    """A `deadline` block ran out of time."""


class HookTimeout(BaseException):
    """A rule module's code did not return within the bound."""

    def __init__(self, module_id: str, seconds: float, hook: str):
        super().__init__(module_id, seconds, hook)
        self.module_id, self.seconds, self.hook = module_id, seconds, hook

    @property
    def message(self) -> Message:
        n = f"{self.seconds:g}"
        return Message(f"le module de règles « {self.module_id} » n'a pas répondu en {n} s "
                       f"(dans {self.hook})",
                       f"rule module '{self.module_id}' did not answer within {n} s in hook {self.hook}")


def _usable() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread() \
        and signal.getitimer(signal.ITIMER_REAL)[0] == 0   # one bound at a time: the outer one stands


@contextmanager
def deadline(seconds: float):
    """Raise TimeUp in the block after `seconds`."""
    if not _usable():
        yield
        return

    def expire(_signum, _frame):
        raise TimeUp()
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def package_of(module) -> str:
    """The package whose code is the module's own: a plugin's top-level package, or
    `engine.rules.<name>` for a built-in."""
    name = type(module).__module__
    parts = name.split(".")
    return ".".join(parts[:3]) if parts[:2] == ["engine", "rules"] and len(parts) > 2 else parts[0]


def _entry_frame(frame, package: str):
    """The outermost frame of the stack running the package's code (the call the
    engine made into the module), or None."""
    found = None
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if name == package or name.startswith(package + "."):
            found = frame
        frame = frame.f_back
    return found


@contextmanager
def watching(module, seconds: float, cut=None):
    """Raise HookTimeout when one call into `module`'s code lasts `seconds` (but one
    `cut` says is work); TimeUp in one for which `cut(its entry frame)` names a reason."""
    if not _usable():
        yield
        return
    package, ident = package_of(module), str(getattr(module, "id", "?"))
    current: list = [None, 0.0]   # the entry frame seen at the last tick, since when

    def tick(_signum, frame):
        entry, now = _entry_frame(frame, package), time.monotonic()
        why = cut(entry) if cut is not None and entry is not None else None
        if why:
            raise TimeUp(why)
        if entry is None or entry is not current[0] or why is not None:   # (work: never late)
            current[:] = [entry, now]
        elif now - current[1] >= seconds:
            current[:] = [None, now]
            raise HookTimeout(ident, seconds, entry.f_code.co_name)
    previous = signal.signal(signal.SIGALRM, tick)
    signal.setitimer(signal.ITIMER_REAL, min(TICK, seconds), min(TICK, seconds))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
