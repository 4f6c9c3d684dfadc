"""Install the third-party Kai plugin into the current virtualenv, once a session.

The plugin is a separate distribution (tests/plugins/gamebook-rules-kai) found by
the engine only through its `gamebook.rules` entry point, exactly as a module
someone else publishes would be.  When it is not installed from this checkout,
`pip install --no-deps -e` installs it; a failed install fails the tests.
"""
from __future__ import annotations

import importlib
import json
import site
import subprocess
import sys
import sysconfig
from importlib.metadata import entry_points
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = Path(__file__).resolve().parent / "gamebook-rules-kai"
BOOK = PLUGIN / "book" / "la-tour-de-brume.yaml"


def _registered_here() -> bool:
    """An installed `kai` entry point comes from this checkout's plugin folder."""
    for ep in entry_points(group="gamebook.rules"):
        direct = ep.dist.read_text("direct_url.json") if ep.name == "kai" and ep.dist else None
        if direct and json.loads(direct).get("url") == PLUGIN.as_uri():
            return True
    return False


@pytest.fixture(scope="session", autouse=True)
def kai_installed() -> Path:
    """The plugin's folder, once its entry point is registered from this checkout."""
    if not _registered_here():
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet",
                               "-e", str(PLUGIN)], capture_output=True, text=True)
        assert done.returncode == 0, f"cannot install the kai plugin:\n{done.stdout}{done.stderr}"
        site.addsitedir(sysconfig.get_paths()["purelib"])
        importlib.invalidate_caches()
    assert _registered_here()
    # This checkout's copy wins over an editable finder that another checkout
    # installed earlier in this same process (its import hook is already loaded).
    if str(PLUGIN) not in sys.path:
        sys.path.insert(0, str(PLUGIN))
    for name in [n for n in sys.modules if n.split(".")[0] == "gamebook_rules_kai"]:
        where = getattr(sys.modules[name], "__file__", None)
        if where and not Path(where).resolve().is_relative_to(PLUGIN):
            del sys.modules[name]  # imported earlier from another checkout's install
    module = importlib.import_module("gamebook_rules_kai")
    assert Path(module.__file__).resolve().is_relative_to(PLUGIN)
    return PLUGIN


@pytest.fixture
def book() -> Path:
    """The plugin's original book."""
    return BOOK


@pytest.fixture
def cli():
    """Run `python -m engine ARGS` in a fresh process, as a user runs `gamebook`."""
    return _run_cli


def _run_cli(*args: str, lang: str = "en") -> subprocess.CompletedProcess:
    env = {"GAMEBOOK_NO_CACHE": "1", "GAMEBOOK_LANG": lang, "PYTHONDONTWRITEBYTECODE": "1",
           "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)
