"""Writing one file so that a crash, a kill or a full disk leaves the old content or the
new one, never half of either: the one helper every writer of the engine uses (saves,
endings, `renumber`; fileset.py builds the all-or-nothing write of several files on it).

The new bytes go to a temporary file in the same folder as the file they replace (a
rename is atomic only within one file system), are flushed to the disk (`fsync`), then
the temporary file is renamed over the old one.  Two things are kept:

- **the file's permissions**: a book made read-only (0400) stays 0400, a 0644 one 0644;
  a new file gets `new_mode` less the umask, as `open()` would give it;
- **a symbolic link**: a link is not replaced by a file; its target is written (the
  real path, every link followed), so that a book kept elsewhere and linked into a
  folder is updated where it lives.  The engine's own data (saves, endings) asks for
  the opposite: a link found there is replaced, never written through.
"""
from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

_BINARY = getattr(os, "O_BINARY", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def destination(path: str | os.PathLike) -> Path:
    """Where writing `path` really writes: its real path when it is a link, else itself."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def temporary(target: Path, tag: str = "tmp") -> Path:
    """A fresh name beside `target` for its new content (hidden, unique)."""
    return target.with_name(f".{target.name}.{tag}-{os.getpid()}-{os.urandom(4).hex()}")


def prepare(target: Path, data: bytes, tmp: Path | None = None, new_mode: int = 0o666) -> Path:
    """Write `data` to a temporary file beside `target`, with `target`'s permissions
    (or `new_mode` less the umask for a new file), flushed to the disk: the file to
    rename over `target`.  Nothing is left behind on failure (OSError)."""
    tmp = tmp or temporary(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY,
                 new_mode if mode is None else 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if mode is not None:   # the old file's, even read-only: the owner may rename over it
                os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def write_bytes(path: str | os.PathLike, data: bytes, new_mode: int = 0o666,
                follow_links: bool = True) -> Path:
    """Replace the content of `path` by `data` atomically (OSError on failure, the old
    content then untouched); a link's target is written, or with `follow_links=False`
    the link itself is replaced (the engine's own data files: a link put there is not
    a way to write elsewhere).  Returns the file written."""
    target = destination(path) if follow_links else Path(path)
    tmp = prepare(target, data, new_mode=new_mode)
    try:
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (renames) to the disk, where the system allows it."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
