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

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

from .diagnostics import Message

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

    def write(self, slot: str, obj: dict) -> tuple[Path, Path | None]:
        """Write atomically; returns the path and where a damaged old file was kept."""
        path = self.path(slot)
        kept = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists() and not _readable(path):
                kept = path.with_name(f"{slot}.damaged.json")
                os.replace(path, kept)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(obj, fh, ensure_ascii=False, indent=1)
            os.replace(tmp, path)
        except OSError as exc:
            raise SaveError(f"impossible d'écrire {path} : {exc.strerror}",
                            f"cannot write {path}: {exc.strerror}") from None
        return path, kept

    def keep_aside(self, slot: str) -> str:
        """Move `slot` to `<slot>-previous` (replacing an older one): the slot kept."""
        kept = f"{slot}-previous"
        try:
            os.replace(self.path(slot), self.path(kept))
        except OSError as exc:
            raise SaveError(f"impossible de garder {self.path(slot)} : {exc.strerror}",
                            f"cannot keep {self.path(slot)}: {exc.strerror}") from None
        return kept

    def read(self, slot: str) -> dict:
        """The save in `slot`, checked against the save schema; SaveError otherwise."""
        path = self.path(slot)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise SaveError(f"aucune sauvegarde « {slot} »", f"no save named '{slot}'") from None
        except OSError as exc:
            raise SaveError(f"impossible de lire {path} : {exc.strerror}",
                            f"cannot read {path}: {exc.strerror}") from None
        return parse(raw, str(path))


def parse(raw: bytes, name: str) -> dict:
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" (ligne {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        where_en = f" (line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise SaveError(f"{name} est illisible ou tronqué{where}",
                        f"{name} is unreadable or truncated{where_en}") from None
    from .state import SAVE_VERSION
    if isinstance(obj, dict) and isinstance(obj.get("version"), int) and obj["version"] > SAVE_VERSION:
        raise SaveError(f"{name} vient d'une version plus récente du moteur",
                        f"{name} was written by a newer version of the engine")
    problem = _schema_problem(obj)
    if problem:
        raise SaveError(f"{name} n'est pas une sauvegarde de gamebook-engine ({problem})",
                        f"{name} is not a gamebook-engine save ({problem})")
    return obj


def _schema_problem(obj) -> str | None:
    import jsonschema
    from .save_schema import SCHEMA
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
        obj = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    if not isinstance(obj, dict):
        return False
    book = obj.get("book")
    return (isinstance(obj.get("version"), int) and isinstance(book, dict)
            and isinstance(book.get("id"), str) and isinstance(book.get("hash"), str)
            and isinstance(obj.get("rules"), str) and isinstance(obj.get("stats"), dict))


def paragraph_digest(paragraph) -> str:
    """A short fingerprint of a paragraph's content, to tell whether it was edited."""
    view = (paragraph.text, paragraph.effects, paragraph.choices, paragraph.end,
            paragraph.random, sorted(paragraph.fields.items(), key=lambda kv: kv[0]))
    return hashlib.sha256(repr(view).encode()).hexdigest()[:16]


def snapshot(game) -> dict:
    """What a save file holds for `game`."""
    obj = game.save()
    here = game.book.paragraphs.get(game.state.paragraph)
    obj["meta"] = {"title": game.book.title,
                   "paragraph_digest": paragraph_digest(here) if here else ""}
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
    warnings = []
    if obj.get("rules_version", module.version) != module.version:
        warnings.append(Message(
            f"le module de règles a changé de version ({obj['rules_version']} → {module.version})",
            f"the rule module changed version ({obj['rules_version']} → {module.version})"))
    if obj["book"]["hash"] == book.content_hash:
        return warnings
    return warnings + _edited_book(book, module, obj)


def _edited_book(book, module, obj: dict) -> list[Message]:
    here = obj["paragraph"]
    if here not in book.paragraphs:
        raise SaveError(f"le livre a été modifié : le paragraphe {here} de la sauvegarde n'existe plus",
                        f"the book was edited: the saved paragraph {here} no longer exists")
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
    if digest and digest != paragraph_digest(book.paragraphs[here]):
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
    from .game import Game
    warnings = check(book, module, obj)
    obj = dict(obj, visits={k: v for k, v in obj["visits"].items() if int(k) in book.paragraphs})
    try:
        return Game.load(book, module, obj, lang), warnings
    except (KeyError, ValueError, TypeError) as exc:
        raise SaveError(f"sauvegarde incohérente : {exc}", f"inconsistent save: {exc}") from None
