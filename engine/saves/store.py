"""Saved games: where they live, how they are written, and whether one still fits a book.

A save is `GameState.to_json()` plus `meta` (a digest of the current paragraph),
checked against `schemas/save.schema.json` when read.  Files live in
`<data dir>/saves/<book id>/<slot>.json`; the data dir is
`platformdirs.user_data_dir("gamebook-engine")`, or `$GAMEBOOK_DATA_DIR`.  Writes
are atomic (temp file + os.replace), and an existing file that is not a readable
save is never overwritten: it is kept aside as `<slot>.damaged.json` first.

Loading a save of an edited book (same id, other content hash) works when the
saved paragraph still exists and every item and stat is still known, with warnings
saying what changed; otherwise `SaveError` says why.
"""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

from engine.diagnostics import Message, os_reason
from engine.saves.digest import book_digest, paragraph_digest, same_paragraph  # noqa: F401  (paragraph_digest: public here)

AUTOSAVE = "autosave"
SCRIPT = "script"   # the autosave of games run from a script (stdin not a terminal)
SLOT = re.compile(r"^[\w-]{1,40}$")


class SaveError(Exception):
    """A save that cannot be read or does not fit the book; `.message` says why."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.message = Message(fr, en)


def data_dir() -> Path:
    if os.environ.get("GAMEBOOK_DATA_DIR"):
        return Path(os.environ["GAMEBOOK_DATA_DIR"])
    from platformdirs import user_data_dir
    return Path(user_data_dir("gamebook-engine"))


class SaveStore:
    """The save slots of one book."""

    def __init__(self, book_id: str, root: Path | None = None):
        self.dir = (root or data_dir()) / "saves" / book_id

    def path(self, slot: str) -> Path:
        if not SLOT.match(slot):
            raise SaveError(f"nom de sauvegarde invalide « {slot} » (lettres, chiffres, - et _)",
                            f"invalid save name '{slot}' (letters, digits, - and _)")
        return self.dir / f"{slot}.json"

    def slots(self) -> list[str]:
        if not self.dir.is_dir():
            return []
        return sorted(p.stem for p in self.dir.glob("*.json") if SLOT.match(p.stem)
                      and not p.stem.endswith(".damaged"))

    def describe(self, slot: str) -> dict:
        """What a slot listing shows: book title, paragraph, date (UTC, from the file),
        or `problem` for a file that cannot be read (left as it is)."""
        path = self.path(slot)
        try:
            stamp = path.stat().st_mtime
            obj = json.loads(path.read_bytes().decode("utf-8"))
            info = {"slot": slot, "title": str((obj.get("meta") or {}).get("title", obj["book"]["id"])),
                    "paragraph": int(obj["paragraph"])}
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
            return {"slot": slot, "problem": True}
        from datetime import datetime, timezone
        info["date"] = datetime.fromtimestamp(stamp, timezone.utc).strftime("%Y-%m-%d %H:%M")
        return info

    def delete(self, slot: str) -> None:
        """Remove a slot's file; SaveError when there is none or it cannot be removed."""
        path = self.path(slot)
        try:
            path.unlink()
        except FileNotFoundError:
            raise SaveError(f"aucune sauvegarde « {slot} »", f"no save named '{slot}'") from None
        except OSError as exc:
            raise SaveError(f"impossible de supprimer {path} : {os_reason(exc).fr}",
                            f"cannot delete {path}: {os_reason(exc).en}") from None

    def write(self, slot: str, obj: dict) -> tuple[Path, Path | None]:
        """Write atomically; returns the path and where a damaged old file was kept."""
        path = self.path(slot)
        kept = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists() and not _readable(path):
                kept = path.with_name(f"{slot}.damaged.json")
                os.replace(path, kept)
            write_atomic(path, obj)
        except OSError as exc:
            raise SaveError(f"impossible d'écrire {path} : {os_reason(exc).fr}",
                            f"cannot write {path}: {os_reason(exc).en}") from None
        return path, kept

    def keep_aside(self, slot: str) -> str:
        """Move `slot` to `<slot>-previous` (replacing an older one): the slot kept."""
        kept = f"{slot}-previous"
        try:
            os.replace(self.path(slot), self.path(kept))
        except OSError as exc:
            raise SaveError(f"impossible de garder {self.path(slot)} : {os_reason(exc).fr}",
                            f"cannot keep {self.path(slot)}: {os_reason(exc).en}") from None
        return kept

    def read(self, slot: str) -> dict:
        """The save in `slot`, checked against the save schema; SaveError otherwise."""
        path = self.path(slot)
        try:
            raw = read_bounded(path)
        except FileNotFoundError:
            raise SaveError(f"aucune sauvegarde « {slot} »", f"no save named '{slot}'") from None
        except OSError as exc:
            raise SaveError(f"impossible de lire {path} : {os_reason(exc).fr}",
                            f"cannot read {path}: {os_reason(exc).en}") from None
        return parse(raw, str(path))


def write_atomic(path: Path, obj) -> None:
    """Write JSON to `path` atomically (engine/support/atomic.py; OSError on failure):
    a crash leaves the old file or the new one, never half of one.  A new save is
    private to its player (0600)."""
    from engine.support.atomic import write_bytes
    write_bytes(path, json.dumps(obj, ensure_ascii=False, indent=1).encode("utf-8"), new_mode=0o600,
                follow_links=False)


def read_bounded(path: Path) -> bytes:
    """The bytes of a regular file, at most one byte over MAX_SAVE_BYTES (parse then
    refuses it): a FIFO or a device put in place of a save is not waited on or read."""
    from engine.support.limits import MAX_SAVE_BYTES
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SaveError(f"{path} n'est pas un fichier ordinaire (tube, dossier...)",
                            f"{path} is not a regular file (pipe, directory...)")
        return fh.read(MAX_SAVE_BYTES + 1)


def parse(raw: bytes, name: str) -> dict:
    """The save in `raw` (the bytes of file `name`), checked: bounds (save_checks),
    JSON, version and schema; SaveError with one sentence otherwise."""
    from engine.saves import checks as save_checks
    problem = save_checks.raw_problem(raw)
    if problem is not None:
        raise _not_a_save(name, problem)
    try:
        obj = json.loads(raw.decode("utf-8"), parse_int=save_checks.bounded_int)
    except save_checks.TooLong as exc:
        raise _not_a_save(name, Message(f"nombre de {exc} chiffres", f"a number of {exc} digits")) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" (ligne {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        where_en = f" (line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise SaveError(f"{name} est illisible ou tronqué{where}",
                        f"{name} is unreadable or truncated{where_en}") from None
    from engine.game.state import SAVE_VERSION
    if isinstance(obj, dict) and isinstance(obj.get("version"), int) and obj["version"] > SAVE_VERSION:
        raise SaveError(f"{name} vient d'une version plus récente du moteur",
                        f"{name} was written by a newer version of the engine")
    problem = _schema_problem(obj)
    if problem:
        raise _not_a_save(name, Message(problem, problem))
    problem = save_checks.value_problem(obj)
    if problem:
        raise _not_a_save(name, problem)
    return obj


def _not_a_save(name: str, why: Message) -> SaveError:
    return SaveError(f"{name} n'est pas une sauvegarde de gamebook-engine utilisable ({why.fr})",
                     f"{name} is not a usable gamebook-engine save ({why.en})")


def _schema_problem(obj) -> str | None:
    try:
        import jsonschema
    except ImportError:   # the web export (Pyodide): jsonschema needs rpds-py, compiled, not
        return None       # shipped; the value checks (saves/checks.py) still run on every save
    from engine.saves.schema import SCHEMA
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(SCHEMA).iter_errors(obj))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "/"
    return f"{where}: {error.message}"


def _readable(path: Path) -> bool:
    """Whether the file looks like one of our saves (anything else is kept aside, not
    replaced).  A shape check only: the full schema would import jsonschema on every
    autosave, a cost paid at each quit."""
    try:
        obj = json.loads(read_bounded(path).decode("utf-8"))
    except (OSError, SaveError, UnicodeDecodeError, ValueError):   # (JSONDecodeError is one)
        return False
    if not isinstance(obj, dict):
        return False
    book = obj.get("book")
    return (isinstance(obj.get("version"), int) and isinstance(book, dict)
            and isinstance(book.get("id"), str) and isinstance(book.get("hash"), str)
            and isinstance(obj.get("rules"), str) and isinstance(obj.get("stats"), dict))


def snapshot(game) -> dict:
    """What a save file holds for `game`."""
    obj = game.save()
    here = game.book.paragraphs.get(game.state.paragraph)
    obj["meta"] = {"title": game.book.title,
                   "paragraph_digest": paragraph_digest(here) if here else "",
                   "book_digest": book_digest(game.book)}
    return obj


def check(book, module, obj: dict) -> list[Message]:
    """Whether save `obj` can be played with this book and rules: the warnings to show,
    or SaveError saying why not."""
    saved_id, saved_rules = obj["book"]["id"], obj["rules"]
    if saved_id != book.id:
        raise SaveError(f"cette sauvegarde est celle du livre « {saved_id} », pas de « {book.id} »",
                        f"this save belongs to the book '{saved_id}', not '{book.id}'")
    if saved_rules != module.id:
        raise SaveError(f"les règles ont changé ({saved_rules} → {module.id}) : sauvegarde inutilisable",
                        f"the rules changed ({saved_rules} → {module.id}): the save cannot be used")
    from engine.saves.checks import book_problem
    problem = book_problem(book, module, obj)
    if problem is not None:
        raise SaveError(f"sauvegarde incohérente : {problem.fr}", f"inconsistent save: {problem.en}")
    warnings = []
    if obj.get("rules_version", module.version) != module.version:
        warnings.append(Message(
            f"le module de règles a changé de version ({obj['rules_version']} → {module.version})",
            f"the rule module changed version ({obj['rules_version']} → {module.version})"))
    if obj["book"]["hash"] == book.content_hash:
        return warnings
    edits = _edited_book(book, module, obj)           # (raises when the save no longer fits)
    if (obj.get("meta") or {}).get("book_digest") == book_digest(book):
        return warnings                               # another file, the same game (renumbered)
    return warnings + edits


def _edited_book(book, module, obj: dict) -> list[Message]:
    here = obj["paragraph"]   # (it exists: save_checks.book_problem)
    unknown_items = sorted(set(obj["items"]) - set(book.items))
    if unknown_items:
        names = ", ".join(unknown_items)
        raise SaveError(f"le livre a été modifié : objets inconnus désormais : {names}",
                        f"the book was edited: items no longer known: {names}")
    unknown_stats = sorted(s for s in obj["stats"] if module.stat(s) is None)
    if unknown_stats:
        names = ", ".join(unknown_stats)
        raise SaveError(f"les règles ont changé : caractéristiques inconnues : {names}",
                        f"the rules changed: unknown stats: {names}")
    out = [Message("le livre a été modifié depuis cette sauvegarde",
                   "the book was edited since this save")]
    digest = (obj.get("meta") or {}).get("paragraph_digest")
    if digest and not same_paragraph(digest, book.paragraphs[here]):
        out.append(Message(f"le paragraphe {here}, où vous êtes, a changé",
                           f"paragraph {here}, where you are, has changed"))
    gone = sorted(int(n) for n in obj["visits"] if int(n) not in book.paragraphs)
    if gone:
        listed = ", ".join(map(str, gone))
        out.append(Message(f"paragraphes visités disparus : {listed}",
                           f"visited paragraphs removed: {listed}"))
    return out


def restore(book, module, obj: dict, lang: str | None = None):
    """A Game from a checked save: (game, warnings); SaveError when it cannot be."""
    from engine.game import Game
    warnings = check(book, module, obj)
    obj = dict(obj, visits={k: v for k, v in obj["visits"].items() if int(k) in book.paragraphs})
    try:
        game = Game.load(book, module, obj, lang)
        # what the module keeps in `extra` and `pending` is its own: a hand-edited one
        # fails here, where it is a bad save, rather than at the first move
        game.prompt()
        module.toolbar(game.state, lang or book.language)
        module.sheet(game.state, lang or book.language)
    except (KeyError, ValueError, TypeError, AttributeError, IndexError) as exc:
        raise SaveError(f"sauvegarde incohérente : {_brief(exc)}", f"inconsistent save: {_brief(exc)}") from None
    return game, warnings


def _brief(exc: Exception) -> str:
    """The exception in one short line (its text may quote the hand-edited save)."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= 120 else text[:117] + "..."

