"""Shared fixtures: the fixture rule module registered as a built-in, and book loading."""
import glob
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "analysis_fixtures" / "books"
sys.path.insert(0, str(ROOT))

BOOKS = sorted(glob.glob(str(ROOT / "books" / "*.yaml")))


@pytest.fixture(autouse=True)
def fixture_rules(monkeypatch):
    from engine.rules import registry
    monkeypatch.setitem(registry.BUILTINS, "fixture", "tests.analysis_fixtures.fixture_rules:MODULE")
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")


def load(name_or_path):
    """(book, module, doc) of a fixture book name ('quest') or a path."""
    from engine import source
    from engine.loader import load_book
    path = Path(name_or_path)
    if not path.suffix:
        path = FIXTURES / f"{name_or_path}.yaml"
    loaded = load_book(path, use_cache=False)
    assert loaded.book is not None, loaded.diagnostics
    doc, _ = source.load(path)
    return loaded.book, loaded.module, doc
