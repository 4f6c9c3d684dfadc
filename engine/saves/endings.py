"""The endings a player has discovered in a book, kept across games.

`<data dir>/endings/<book id>.json` (the data dir of the saves): for each ending
paragraph reached, its kind (death or victory), how many times and when first.
Written atomically; a file that cannot be read is reported (SaveError) and never
overwritten, so a player's record is not lost to a bad write or a hand edit.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from engine.saves.store import SaveError, data_dir, write_atomic

VERSION = 1


class EndingStore:
    """The discovered endings of one book."""

    def __init__(self, book_id: str, root: Path | None = None):
        self.path = (root or data_dir()) / "endings" / f"{book_id}.json"
        self.book_id = book_id

    def read(self) -> dict[int, dict]:
        """paragraph -> {"kind", "times", "first"}; empty when none yet."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise SaveError(f"impossible de lire {self.path} : {exc.strerror}",
                            f"cannot read {self.path}: {exc.strerror}") from None
        try:
            obj = json.loads(raw.decode("utf-8"))
            return {int(k): _entry(v) for k, v in obj["endings"].items()}
        except (UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
            raise SaveError(f"{self.path} est illisible : vos fins découvertes n'y sont pas "
                            "ajoutées (le fichier est laissé tel quel)",
                            f"{self.path} is unreadable: your discovered endings are not added "
                            "to it (the file is left as it is)") from None

    def record(self, paragraph: int, kind: str) -> tuple[dict[int, dict], bool]:
        """Add one ending reached: (all endings now, whether this one is new)."""
        endings = self.read()
        new = paragraph not in endings
        if new:
            now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M")
            endings[paragraph] = {"kind": kind, "times": 0, "first": now}
        endings[paragraph]["times"] += 1
        obj = {"version": VERSION, "book": self.book_id,
               "endings": {str(k): v for k, v in sorted(endings.items())}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, obj)
        except OSError as exc:
            raise SaveError(f"impossible d'écrire {self.path} : {exc.strerror}",
                            f"cannot write {self.path}: {exc.strerror}") from None
        return endings, new


def _entry(value) -> dict:
    kind = value["kind"]
    if kind not in ("death", "victory"):
        raise ValueError(kind)
    return {"kind": kind, "times": int(value["times"]), "first": str(value["first"])}

