"""Every book shipped in books/ (and bundled in the package) lints clean under its real rules."""
from __future__ import annotations

from pathlib import Path

import pytest

from .lintkit import lint

ROOT = Path(__file__).resolve().parents[2]
BOOKS = sorted(ROOT.glob("books/*.yaml")) + sorted(ROOT.glob("engine/books/*.yaml"))


@pytest.mark.real_rules
def test_every_shipped_book_lints_clean(capsys):
    failures = {}
    for path in BOOKS:
        status, out, _ = lint(capsys, path, "--no-cache")
        if status != 0:
            failures[path.name] = out
    assert failures == {}
