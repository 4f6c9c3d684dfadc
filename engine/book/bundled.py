"""The books shipped with the engine, and which one `gamebook play` opens by default.

Bundled books live in `books/` at the repository root.  An installed wheel carries
them as data files (`pyproject.toml`, `[tool.setuptools.data-files]`), installed to
`<prefix>/share/gamebook-engine/books`.  The default book is named in
`books/default.txt` (one file name); without it, or when it names a missing file,
the first `*.yaml` in alphabetical order.  `$GAMEBOOK_BOOKS_DIR` overrides the folder.
"""
from __future__ import annotations

import os
import site
import sys
from pathlib import Path

SHARE = Path("share") / "gamebook-engine" / "books"


def books_dir() -> Path | None:
    """The first folder of bundled books that exists, or None."""
    if os.environ.get("GAMEBOOK_BOOKS_DIR"):
        return Path(os.environ["GAMEBOOK_BOOKS_DIR"])
    candidates = [Path(__file__).resolve().parents[2] / "books", Path(sys.prefix) / SHARE]
    if getattr(site, "USER_BASE", None):
        candidates.append(Path(site.USER_BASE) / SHARE)
    for folder in candidates:
        if folder.is_dir() and any(folder.glob("*.yaml")):
            return folder
    return None


def default_book() -> Path | None:
    """The default book's path, or None when no book is bundled."""
    folder = books_dir()
    if folder is None:
        return None
    named = folder / "default.txt"
    if named.is_file():
        name = named.read_text(encoding="utf-8").strip()
        if name and (folder / name).is_file():
            return folder / name
    books = sorted(folder.glob("*.yaml"))
    return books[0] if books else None
