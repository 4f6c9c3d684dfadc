"""The whole suite's cache and saves in temporary folders, never the user's.

Every cache the engine writes (compiled books, fight chains, the book's values: all
under engine/lint/loader.py `cache_dir()`) goes to one folder made for the session,
so that no test reads what an earlier run, another branch or the user left in
~/.cache/gamebook-engine, and none writes there.  One folder for the whole session:
a test that warms the cache and reads it back finds its own entries; a test that
needs an empty cache sets its own (tests/foundation does, for each test).
Subprocesses inherit the variable.

The saves, endings and history (engine/saves/store.py `data_dir()`,
GAMEBOOK_DATA_DIR) likewise: a session folder, so that no test resumes or overwrites
the player's own games.  A test that needs an empty one sets its own
(tests/fixtures/env.py does, for each test that uses it).

Left shared on purpose: the Pyodide package of the web export (engine/web/export.py
`pyodide_folder`, GAMEBOOK_PYODIDE_DIR), an `npm pack` download of tens of megabytes
that only a read of its files uses, never a result the engine computed.
"""
from __future__ import annotations

import pytest


def _session_folder(tmp_path_factory, variable: str, name: str):
    """`variable` pointed at a new temporary folder `name` while the session lasts."""
    folder = tmp_path_factory.mktemp(name)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(variable, str(folder))
        yield folder


@pytest.fixture(scope="session", autouse=True)
def private_cache(tmp_path_factory):
    """GAMEBOOK_CACHE_DIR at a temporary folder for the whole session."""
    yield from _session_folder(tmp_path_factory, "GAMEBOOK_CACHE_DIR", "gamebook-cache")


@pytest.fixture(scope="session", autouse=True)
def private_data(tmp_path_factory):
    """GAMEBOOK_DATA_DIR (saves, endings, history) at a temporary folder for the session."""
    yield from _session_folder(tmp_path_factory, "GAMEBOOK_DATA_DIR", "gamebook-data")
