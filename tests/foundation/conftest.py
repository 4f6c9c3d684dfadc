"""Shared fixtures: the fixture rule module registered in place of the built-ins."""
from __future__ import annotations

import pytest

from engine.rules import registry


@pytest.fixture(autouse=True)
def fixture_rules(monkeypatch, tmp_path):
    """Only the fixture module is installed; the cache lives in a temporary folder."""
    monkeypatch.setattr(registry, "BUILTINS", {"fixture": "tests.foundation.fixture_rules:MODULE"})
    monkeypatch.setattr(registry, "_entry_points", lambda: {})
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_LANG", "en")
