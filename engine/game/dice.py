"""Dice sources.  Every roll in the engine goes through one of these.

`SeededDice` is reproducible: its state is the seed and the dice drawn so far (how
many, and their sizes when not all were d6), so a saved game reloaded rolls the same.
`ScriptedDice` returns forced faces, for replaying the worked examples of a rule book
or a bug report; when its faces run out it continues with a fallback source (seeded)
and says so once (`exhausted` becomes true; the game turns that into an event).
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence

from engine.support.limits import MAX_DRAWS


class OutOfDice(Exception):
    """A scripted dice source has no face left and no fallback, or a bad face; `fr`
    and `en` say which, for the player."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.fr, self.en = fr, en


class Dice(Protocol):
    def face(self, sides: int) -> int: ...
    def to_json(self) -> dict: ...


class SeededDice:
    def __init__(self, seed: int, draws: int = 0, sides: Sequence | None = None):
        self.seed, self.draws = seed, 0
        self._rng = random.Random(seed)
        # Run-length list of die sizes, kept only once some die was not a d6 (None
        # until then): the generator consumes a different number of bits for other
        # sizes, so replaying needs the same sizes in the same order.
        self._sides: list[list[int]] | None = None
        runs = [list(r) for r in sides] if sides else [[6, draws]]
        for size, count in runs:
            for _ in range(count):
                self.face(size)

    def face(self, sides: int) -> int:
        """`random.Random.randint(1, sides)`, drawn exactly the same way (its
        `_randbelow`: the fewest bits that hold `sides - 1`, redrawn while too big),
        so every seed keeps its rolls, without randint's argument checks."""
        if self.draws >= MAX_DRAWS:
            self._reseed()
        self.draws += 1
        runs = self._sides
        if runs is not None:
            if runs[-1][0] == sides:
                runs[-1][1] += 1
            else:
                runs.append([sides, 1])
        elif sides != 6:
            self._sides = ([[6, self.draws - 1]] if self.draws > 1 else []) + [[sides, 1]]
        bits, k = self._rng.getrandbits, sides.bit_length()
        r = bits(k)
        while r >= sides:
            r = bits(k)
        return r + 1

    def faces(self, count: int, sides: int) -> list[int]:
        """`count` calls of face(sides) at once (a whole roll: the game's usual call;
        one or two d6, the usual rolls, are drawn without a loop over the dice)."""
        if self.draws + count > MAX_DRAWS:   # (a whole roll comes from one seed)
            self._reseed()
        if sides != 6 or self._sides is not None or count < 1:
            return [self.face(sides) for _ in range(count)]
        self.draws += count
        bits = self._rng.getrandbits
        r = bits(3)
        while r > 5:
            r = bits(3)
        if count == 1:
            return [r + 1]
        s = bits(3)
        while s > 5:
            s = bits(3)
        out = [r + 1, s + 1]
        for _ in range(count - 2):
            r = bits(3)
            while r > 5:
                r = bits(3)
            out.append(r + 1)
        return out

    def _reseed(self) -> None:
        """MAX_DRAWS dice drawn: go on from a seed this generator draws, with no draw
        behind it.  A save holds at most MAX_DRAWS draws to replay (saves/checks.py
        refuses more: replaying them is what restoring costs), and the game still
        rolls the same dice from the same seed, reloaded or not."""
        self.__init__(self._rng.getrandbits(63))

    def to_json(self) -> dict:
        out = {"kind": "seeded", "seed": self.seed, "draws": self.draws}
        if self._sides is not None:
            out["sides"] = [list(r) for r in self._sides]
        return out


class ScriptedDice:
    def __init__(self, faces: Sequence[int], used: int = 0, then: "Dice | None" = None,
                 borrowed: int = 0):
        self.faces, self.used, self.then = list(faces), used, then
        self.borrowed = borrowed          # faces drawn from the fallback so far

    @property
    def exhausted(self) -> bool:
        """True once a roll has needed more faces than were forced."""
        return self.borrowed > 0

    def face(self, sides: int) -> int:
        if self.used < len(self.faces):
            value = self.faces[self.used]
            if not 1 <= value <= sides:
                raise OutOfDice(f"la face imposée {value} n'existe pas sur un dé à {sides} faces",
                                f"forced face {value} is not on a {sides}-sided die")
            self.used += 1
            return value
        if self.then is None:
            raise OutOfDice("plus aucun dé imposé", "no forced dice left")
        self.borrowed += 1
        return self.then.face(sides)

    def to_json(self) -> dict:
        out = {"kind": "scripted", "faces": list(self.faces), "used": self.used}
        if self.then is not None:
            out["then"] = self.then.to_json()
            out["borrowed"] = self.borrowed
        return out


def from_json(obj: dict) -> Dice:
    if obj.get("kind") == "scripted":
        then = from_json(obj["then"]) if obj.get("then") else None
        return ScriptedDice([int(f) for f in obj["faces"]], int(obj.get("used", 0)), then,
                            int(obj.get("borrowed", 0)))
    return SeededDice(int(obj["seed"]), int(obj.get("draws", 0)), obj.get("sides"))


def parse_faces(text: str) -> list[int]:
    """'6,5,3' -> [6, 5, 3]; raises ValueError with a clear message."""
    try:
        faces = [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise ValueError(text) from None
    if not faces or any(not 1 <= f <= 100 for f in faces):
        raise ValueError(text)
    return faces


def new_seed() -> int:
    """A fresh seed for a game started without --seed (shown and saved)."""
    return random.SystemRandom().randrange(1, 1_000_000)
