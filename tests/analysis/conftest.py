"""Shared fixtures: the fixture rule module registered as a built-in, and book loading."""
import glob
import sys
from pathlib import Path

import pytest

from tests.analysis_fixtures.support import BOOKS, FIXTURES, ROOT, load  # noqa: F401

sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def fixture_rules(monkeypatch):
    from engine.rules import registry
    monkeypatch.setitem(registry.BUILTINS, "fixture", "tests.analysis_fixtures.fixture_rules:MODULE")
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")


