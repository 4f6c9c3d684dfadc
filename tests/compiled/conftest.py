"""The analysis fixtures' rule module registered as a built-in, and no book cache."""
import pytest


@pytest.fixture(autouse=True)
def fixture_rules(monkeypatch):
    from engine.rules import registry
    monkeypatch.setitem(registry.BUILTINS, "fixture", "tests.analysis_fixtures.fixture_rules:MODULE")
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
