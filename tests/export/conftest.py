"""Fixtures of the export tests: the bundled books, loaded once, and a private cache."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOKS = sorted((ROOT / "books").glob("*.yaml"))


@pytest.fixture(autouse=True)
def _private_cache(monkeypatch):
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")


def load(path):
    from engine.lint.loader import load_book
    loaded = load_book(path, use_cache=False)
    assert loaded.ok, [d.message.en for d in loaded.diagnostics]
    return loaded


def write_book(tmp_path, text: str, name: str = "book.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path
