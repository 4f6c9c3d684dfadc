"""Where an `include:` entry may lead: only to a YAML file of the main book's folder tree.

A book is data someone else wrote.  If its `include:` could name any file, linting it
would print what it could parse of `/etc/shadow` or `~/.ssh/config` (one "unknown
field" per line), and whether a file exists could be probed.  So an entry is refused,
before anything is opened, when:

- it holds a NUL character, or does not name a `.yaml`/`.yml` file (`include-bad-name`);
- it is an absolute path (`/etc/passwd`, `/proc/self/environ`), or leads out of the
  main book's folder by `../` or through a symbolic link (`include-outside-book`).

The check is made on the real path (every link resolved) and never asks whether the
target exists: an outside file that exists and one that does not get the same message,
and no refusal quotes anything read from the target.
"""
from __future__ import annotations

import os

from engine.support.paths import within

SUFFIXES = (".yaml", ".yml")


class Refused:
    """Why an entry is refused: a diagnostic code and its message in both languages."""

    def __init__(self, code: str, fr: str, en: str):
        self.code, self.fr, self.en = code, fr, en


def locate(root: str, here: str, name: str):
    """(real path, path relative to `root` as written) of the part `name` named by a
    file in folder `here` (relative to `root`, the main book's real folder), or the
    Refused reason."""
    if "\0" in name:
        return Refused("include-bad-name", "le nom du fichier inclus contient un caractère NUL",
                       "the included file's name holds a NUL character")
    if os.path.isabs(name) or os.path.splitdrive(name)[0]:
        return _outside(name, "un chemin absolu", "an absolute path")
    rel = os.path.normpath(os.path.join(here, name))
    if rel == os.pardir or rel.startswith(os.pardir + os.sep):
        return _outside(name, "il sort du dossier du livre", "it leads out of the book's folder")
    real = os.path.realpath(os.path.join(root, rel))
    if not within(root, real):
        return _outside(name, "un lien symbolique mène hors du dossier du livre",
                        "a symbolic link leads out of the book's folder")
    if not name.lower().endswith(SUFFIXES):
        return Refused("include-bad-name",
                       f"« {name} » : un fichier inclus est un fichier YAML (.yaml ou .yml)",
                       f"'{name}': an included file is a YAML file (.yaml or .yml)")
    return real, rel


def _outside(name: str, fr: str, en: str) -> Refused:
    return Refused("include-outside-book",
                   f"« {name} » est refusé ({fr}) : un livre n'inclut que des fichiers de son propre "
                   "dossier, nommés relativement à lui",
                   f"'{name}' is refused ({en}): a book includes only files of its own folder, "
                   "named relative to it")
