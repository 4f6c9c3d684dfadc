"""Dice sources.  Every roll in the engine goes through one of these.

`SeededDice` is reproducible: its state is the seed and the number of faces drawn,
so a saved game reloaded rolls the same.  `ScriptedDice` returns forced faces, for
replaying the worked examples of a rule book or a bug report.
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence


class OutOfDice(Exception):
    """A scripted dice source has no face left."""


class Dice(Protocol):
    def face(self, sides: int) -> int: ...
    def to_json(self) -> dict: ...


class SeededDice:
    def __init__(self, seed: int, draws: int = 0):
        self.seed, self.draws = seed, 0
        self._rng = random.Random(seed)
        for _ in range(draws):
            self.face(6)

    def face(self, sides: int) -> int:
        self.draws += 1
        return self._rng.randint(1, sides)

    def to_json(self) -> dict:
        return {"kind": "seeded", "seed": self.seed, "draws": self.draws}


class ScriptedDice:
    def __init__(self, faces: Sequence[int], used: int = 0, then: "Dice | None" = None):
        self.faces, self.used, self.then = list(faces), used, then

    def face(self, sides: int) -> int:
        if self.used < len(self.faces):
            value = self.faces[self.used]
            self.used += 1
            if not 1 <= value <= sides:
                raise OutOfDice(f"forced face {value} is not on a {sides}-sided die")
            return value
        if self.then is None:
            raise OutOfDice("no forced dice left")
        return self.then.face(sides)

    def to_json(self) -> dict:
        out = {"kind": "scripted", "faces": self.faces, "used": self.used}
        if self.then is not None:
            out["then"] = self.then.to_json()
        return out


def from_json(obj: dict) -> Dice:
    if obj.get("kind") == "scripted":
        then = from_json(obj["then"]) if obj.get("then") else None
        return ScriptedDice(obj["faces"], obj.get("used", 0), then)
    return SeededDice(int(obj["seed"]), int(obj.get("draws", 0)))


def parse_faces(text: str) -> list[int]:
    """'6,5,3' -> [6, 5, 3]; raises ValueError with a clear message."""
    faces = [int(x) for x in text.replace(" ", "").split(",") if x]
    if not faces or any(not 1 <= f <= 100 for f in faces):
        raise ValueError(text)
    return faces
