"""Helpers shared by the commands: load a book or explain why not; write what a command
produces to stdout or to its -o file, whole or not at all, or say in one line why not."""
from __future__ import annotations

import sys


def load_or_report(path: str, lang: str):
    """The Loaded book, or None after printing its errors on stderr."""
    from engine.diagnostics import Severity, render_text
    from engine.lint.loader import load_book
    loaded = load_book(path)
    if loaded.book is None or not loaded.ok:
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        print(render_text(errors, lang), file=sys.stderr)
        print("le livre a des erreurs : corrigez-les d'abord (gamebook lint)" if lang == "fr"
              else "the book has errors: fix them first (gamebook lint)", file=sys.stderr)
        return None
    return loaded


def write_output(text: str, path: str | None, lang: str | None = None) -> int:
    """Write to a file whole or not at all, or to stdout when no file is given: 0, or
    1 after saying on stderr why the file could not be written (nothing is left)."""
    if not path:
        sys.stdout.write(text)
        return 0
    from engine.support.safe_text import clean_file   # (`cat` on the file: no control sequence)
    return write_file(clean_file(text).encode("utf-8"), path, lang)


def write_file(data: bytes, path: str, lang: str | None = None) -> int:
    """`data` to the file a user named with -o (graph, export): 0, or 1 after one line
    on stderr saying why not and what to do.  Whole or not at all, through the engine's
    one atomic writer (engine/support/atomic.py: permissions kept, a link's target
    written); a device or a pipe (`/dev/null`, `/dev/full`, a FIFO) is written in place,
    since renaming over it would replace the device by a file."""
    import errno
    import os
    import stat
    from engine.support.atomic import write_bytes
    try:
        try:
            found = os.stat(path)
        except FileNotFoundError:
            found = None
        if found is not None and stat.S_ISDIR(found.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        if found is not None and not stat.S_ISREG(found.st_mode):
            # O_NONBLOCK: a FIFO nobody reads is refused (ENXIO) instead of waited on
            with os.fdopen(os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0)), "wb") as fh:
                fh.write(data)
        else:
            write_bytes(path, data)
    except OSError as exc:
        print(_write_failure(path, exc).get(lang), file=sys.stderr)
        return 1
    return 0


def _write_failure(path: str, exc: OSError):
    """Why `path` could not be written, and what to do, in one sentence."""
    import errno
    import os
    from engine.diagnostics import Message, os_reason
    folder = os.path.dirname(os.path.abspath(path))
    why = os_reason(exc)
    if isinstance(exc, IsADirectoryError) or os.path.isdir(path):
        return Message(f"impossible d'écrire {path} : c'est un dossier ; donnez un nom de fichier",
                       f"cannot write {path}: it is a folder; give a file name")
    if isinstance(exc, FileNotFoundError) and not os.path.isdir(folder):
        return Message(f"impossible d'écrire {path} : le dossier {folder} n'existe pas ; créez-le d'abord",
                       f"cannot write {path}: the folder {folder} does not exist; create it first")
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return Message(f"impossible d'écrire {path} ({why.fr}) : libérez de la place ou écrivez ailleurs ; "
                       "aucun fichier à moitié écrit n'est laissé",
                       f"cannot write {path} ({why.en}): free some space or write elsewhere; "
                       "no half-written file is left")
    return Message(f"impossible d'écrire {path} ({why.fr})", f"cannot write {path} ({why.en})")
