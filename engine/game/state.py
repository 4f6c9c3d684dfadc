"""GameState: everything that changes during a game, serialisable to versioned JSON.

The compiled Book never changes; the state refers to it by id and content hash.
Module-specific state (gods, condition, armour hits...) lives in `extra`, and a
pending activity (a combat, a dice test) in `pending`, both plain JSON data.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

SAVE_VERSION = 1


@dataclass
class GameState:
    book_id: str
    book_hash: str
    rules: str
    paragraph: int = 0
    stats: dict[str, int] = field(default_factory=dict)
    initial: dict[str, int] = field(default_factory=dict)   # starting values (ceilings)
    items: dict[str, int] = field(default_factory=dict)     # item id -> how many
    flags: set[str] = field(default_factory=set)
    visits: dict[int, int] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)     # the rule module's own state
    pending: dict[str, Any] | None = None                   # activity waiting for an answer
    ended: str | None = None                                # "death" | "victory" | None
    death_cause: str | None = None
    dice: dict[str, Any] = field(default_factory=dict)      # the dice source's state
    history: list[dict[str, Any]] = field(default_factory=list)
    lives: int = 1                                          # restarts count
    rules_version: str = ""                                 # the rule module's version
    notes: list[str] = field(default_factory=list)          # the player's own notes

    def has(self, item: str) -> bool:
        return self.items.get(item, 0) > 0

    def to_json(self) -> dict:
        obj = {
            "version": SAVE_VERSION, "book": {"id": self.book_id, "hash": self.book_hash},
            "rules": self.rules, "paragraph": self.paragraph, "stats": dict(self.stats),
            "initial": dict(self.initial), "items": dict(self.items), "flags": sorted(self.flags),
            "visits": {str(k): v for k, v in sorted(self.visits.items())},
            "extra": copy.deepcopy(self.extra), "pending": copy.deepcopy(self.pending),
            "ended": self.ended, "death_cause": self.death_cause, "dice": copy.deepcopy(self.dice),
            "history": copy.deepcopy(self.history), "lives": self.lives,
            "rules_version": self.rules_version,
        }
        if self.notes:   # only when there are some: saves without notes stay as they were
            obj["notes"] = list(self.notes)
        return obj

    @staticmethod
    def from_json(obj: dict) -> "GameState":
        """Rebuild a state; raises ValueError/KeyError/TypeError on malformed data
        (callers validate against schemas/save.schema.json first)."""
        if obj.get("version") != SAVE_VERSION:
            raise ValueError(f"save version {obj.get('version')!r}")
        return GameState(
            book_id=obj["book"]["id"], book_hash=obj["book"]["hash"], rules=obj["rules"],
            paragraph=int(obj["paragraph"]), stats={k: int(v) for k, v in obj["stats"].items()},
            initial={k: int(v) for k, v in obj["initial"].items()},
            items={k: int(v) for k, v in obj["items"].items()}, flags=set(obj["flags"]),
            visits={int(k): int(v) for k, v in obj["visits"].items()},
            extra=copy.deepcopy(obj["extra"]), pending=copy.deepcopy(obj["pending"]),
            ended=obj["ended"], death_cause=obj.get("death_cause"), dice=copy.deepcopy(obj["dice"]),
            history=copy.deepcopy(obj["history"]), lives=int(obj.get("lives", 1)),
            rules_version=str(obj.get("rules_version", "")),
            notes=[str(n) for n in obj.get("notes", ())],   # (older saves have none)
        )

    def copy(self) -> "GameState":
        return GameState.from_json(self.to_json())
