"""Fixtures of the naming and renumbering tests (no book cache)."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_cache(monkeypatch):
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
