"""Whether a path lies inside a folder, symbolic links followed.

A book reads only its own folder tree and a writer writes only inside the folder it
was given (docs/security.md): both ask `within` about the real path, after every
symbolic link is resolved, so that a link pointing outside is outside.  The answer
needs no file to exist: a missing target is judged by where it would be, so that the
caller's refusal is the same for an existing and a missing file.
"""
from __future__ import annotations

import os
from pathlib import Path


def real(path: str | os.PathLike) -> str:
    """The absolute path with every symbolic link resolved (existing or not)."""
    return os.path.realpath(os.fspath(path))


def within(folder: str | os.PathLike, path: str | os.PathLike) -> bool:
    """True when `path`, links resolved, is `folder` (links resolved) or below it."""
    top, target = real(folder), real(path)
    return target == top or target.startswith(top.rstrip(os.sep) + os.sep)


def relative_inside(folder: str | os.PathLike, path: str | os.PathLike) -> Path | None:
    """`path` relative to `folder`, both with links resolved; None when outside."""
    if not within(folder, path):
        return None
    return Path(os.path.relpath(real(path), real(folder)))
