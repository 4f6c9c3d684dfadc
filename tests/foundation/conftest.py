"""Shared fixtures: the fixture rule module registered in place of the built-ins
(except for tests marked `real_rules`, which use the installed modules)."""
from __future__ import annotations

import pytest

from engine.rules import registry


def pytest_configure(config):
    config.addinivalue_line("markers", "real_rules: use the real rule modules, not the fixture")


@pytest.fixture(autouse=True)
def fixture_rules(request, monkeypatch, tmp_path):
    """Only the fixture module is installed; the cache lives in a temporary folder."""
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_LANG", "en")
    if request.node.get_closest_marker("real_rules"):
        return
    monkeypatch.setattr(registry, "BUILTINS", {"fixture": "tests.foundation.fixture_rules:MODULE"})
    monkeypatch.setattr(registry, "_entry_points", lambda: {})
