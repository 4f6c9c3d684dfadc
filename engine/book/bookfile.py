"""Reading a book file: only a regular file, and at most MAX_BOOK_BYTES of it.

A directory, a FIFO or a device given as the book is refused before anything is read
(opening a FIFO would wait for a writer for ever, /dev/zero never ends); a file over
the limit is refused by its size, and at most one byte more than the limit is read
should it grow meanwhile.  Each refusal is one Diagnostic at the top of the file.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from engine.diagnostics import Diagnostic, Span, error, os_reason
from engine.support.limits import MAX_BOOK_BYTES as MAX_BYTES


def read_bytes(path: Path, name: str, limit: int = MAX_BYTES) -> tuple[bytes, Diagnostic | None]:
    """The bytes of a book file; a directory, a FIFO, a device or a file over
    `limit` (MAX_BYTES; what is left of a split book's budget for a part) is refused
    before anything is read (a FIFO would block for ever): `file-too-large`."""
    top = Span(name, 0, 0)
    try:
        # O_NONBLOCK: opening a FIFO would wait for a writer; fstat then tells what it is
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as fh:
            mode = os.fstat(fd)
            refused = _refused(mode, top, limit)
            if refused is not None:
                return b"", refused
            raw = fh.read(limit + 1)
        if len(raw) > limit:   # grew after fstat
            return b"", _too_large(len(raw), top, limit)
        return raw, None
    except FileNotFoundError:
        return b"", error("file-not-found", top, "fichier introuvable : vérifiez le chemin",
                          "file not found: check the path")
    except IsADirectoryError:
        return b"", _refused(os.stat(path), top)
    except OSError as exc:
        return b"", error("file-unreadable", top, f"lecture impossible : {os_reason(exc).fr}",
                          f"cannot read the file: {os_reason(exc).en}")


def _refused(mode: os.stat_result, top: Span, limit: int = MAX_BYTES) -> Diagnostic | None:
    if stat.S_ISDIR(mode.st_mode):
        return error("not-a-file", top, "c'est un dossier, pas un fichier de livre YAML",
                     "this is a directory, not a YAML book file")
    if not stat.S_ISREG(mode.st_mode):
        return error("not-a-file", top,
                     "ce n'est pas un fichier ordinaire (tube, périphérique...) : donnez un fichier YAML",
                     "this is not a regular file (pipe, device...): give a YAML file")
    if mode.st_size > limit:
        return _too_large(mode.st_size, top, limit)
    return None


def _too_large(size: int, top: Span, limit: int) -> Diagnostic:
    mb, lim = size / 1e6, limit / 1e6
    return error("file-too-large", top,
                 f"fichier trop gros ({mb:.1f} Mo, limite {lim:.0f} Mo) : découpez le livre",
                 f"file too large ({mb:.1f} MB, limit {lim:.0f} MB): split the book")
