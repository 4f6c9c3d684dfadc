"""Shared helpers of the hostile tests about what a book may read and write: split books
(`include:`), the showcase copied to a temporary folder, a file set's hashes, and a
Python snippet run as a bounded child process (for what only the library shows:
the endings tracker, the language server's analysis, a read that changes under it).

Like `_limits_support.run`, every child runs under RLIMIT_AS (MEMORY) with a timeout
that only a hang reaches.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.hostile._limits_support import MEMORY, TIMEOUT, _limit_memory

ROOT = Path(__file__).resolve().parents[2]
SHOWCASE = ROOT / "books" / "la-couronne-de-sel.yaml"
HEAD_11 = ("gamebook: 1.1\ntitle: Hostile\nrules: defis-fantastiques\nstart: 1\n"
           "hero: {equipment: []}\n")


def split_book(folder: Path, includes: list[str], paragraphs: str = "  1: {text: Fin., end: victory}\n",
               name: str = "b.yaml") -> Path:
    """A format 1.1 book in `folder` whose `include:` lists `includes` (written as given)."""
    folder.mkdir(parents=True, exist_ok=True)
    entries = ", ".join(_quoted(i) for i in includes)
    path = folder / name
    path.write_text(HEAD_11 + f"include: [{entries}]\nparagraphs:\n{paragraphs}", encoding="utf-8")
    return path


def _quoted(name: str) -> str:
    """A YAML double-quoted scalar (a NUL is written as the escape \\0)."""
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"').replace("\0", "\\0") + '"'


def showcase(folder: Path) -> Path:
    """The three-part showcase copied into `folder`: the main file's path."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SHOWCASE.parent / SHOWCASE.stem, folder / SHOWCASE.stem)
    shutil.copy(SHOWCASE, folder / SHOWCASE.name)
    return folder / SHOWCASE.name


def showcase_files(main: Path) -> list[Path]:
    return [main, *sorted((main.parent / main.stem).glob("*.yaml"))]


def hashes(files: list[Path]) -> tuple:
    """The SHA-256 of each file's bytes, in order: the state of a whole file set."""
    return tuple(hashlib.sha256(f.read_bytes()).hexdigest() for f in files)


def python(code: str, tmp_path: Path, timeout: float = TIMEOUT, env: dict | None = None,
           preexec=None) -> subprocess.CompletedProcess:
    """Run a Python snippet (dedented) in a bounded child with the engine importable."""
    environment = dict(os.environ, GAMEBOOK_DATA_DIR=str(tmp_path / "data"), PYTHONIOENCODING="utf-8",
                       PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    environment.update(env or {})
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], text=True, capture_output=True,
                          env=environment, timeout=timeout, preexec_fn=preexec or _limit_memory,
                          cwd=tmp_path)


__all__ = ["MEMORY", "ROOT", "SHOWCASE", "hashes", "python", "showcase", "showcase_files", "split_book"]
