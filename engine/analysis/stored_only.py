"""Asking for a fight's odds only when they were solved before (issue 32: the hover).

The language server's hover answers at once: it asks the rule module for the odds
inside `stored_only()`, where a cache that would have to solve a fight (a DF fight
not in memory nor on disk, engine/rules/defis_fantastiques/fight_cache.py) raises
`NotStored` instead; the hover then shows a placeholder and solves the fight in a
background thread (engine/lsp/hover.py).  The switch is per thread (a context
variable): the background solver, in its own thread, solves as usual.
"""
from __future__ import annotations

import contextlib
import contextvars

_ONLY_STORED = contextvars.ContextVar("gamebook_only_stored", default=False)


class NotStored(Exception):
    """The odds asked for inside `stored_only()` were never solved (nor kept on disk)."""


@contextlib.contextmanager
def stored_only():
    token = _ONLY_STORED.set(True)
    try:
        yield
    finally:
        _ONLY_STORED.reset(token)


def only_stored() -> bool:
    """True inside `stored_only()`: a cache must not solve, but raise NotStored."""
    return _ONLY_STORED.get()
