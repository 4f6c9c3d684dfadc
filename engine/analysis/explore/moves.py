"""What a player can do in a game state, written as short replayable texts.

A move is an answer to the pending prompt (`1`, `attack`, `rage=2` when the option
carries an amount) or a rule-module command (`!prier`).  "restart" is never a move:
an exploration ends at an ending.  The same texts make the `--replay` lists.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from engine.rules.base import Option

COMMAND = "!"


class Move(NamedTuple):
    """One move (a tuple: made about once a move, cheaper than a frozen dataclass)."""

    key: str
    amount: int | None = None
    command: bool = False

    def text(self) -> str:
        if self.command:
            return COMMAND + self.key
        return self.key if self.amount is None else f"{self.key}={self.amount}"

    @staticmethod
    def parse(text: str) -> "Move":
        """`1`, `rage=2`, `!prier`; raises ValueError on a malformed amount."""
        text = text.strip()
        if text.startswith(COMMAND):
            return Move(text[1:], command=True)
        key, sep, amount = text.partition("=")
        return Move(key, int(amount) if sep else None)

    def apply(self, game) -> None:
        if self.command:
            game.command(self.key, "")
        else:
            game.answer(self.key, self.amount)


def options(game) -> list[Option]:
    """The enabled answers of the current prompt, "restart" left out."""
    return [o for o in game.prompt().options if o.enabled and o.key != "restart"]


def commands(game) -> list[str]:
    """The module commands available now (none once the game has ended)."""
    if game.state.ended:
        return []
    return [c.names[0] for c in game.module.commands() if c.available(game)]


def all_moves(game, with_commands: bool = True) -> list[Move]:
    """Every move from this state, each amount of a ranged option separately."""
    out = []
    for o in options(game):
        if getattr(o, "candidates", None):   # a typed number: its answers and one wrong one
            out += [Move(o.key, a) for a in o.candidates]
        elif o.amount:
            out += [Move(o.key, a) for a in range(o.amount[0], o.amount[1] + 1)]
        else:
            out.append(Move(o.key))
    if with_commands:
        out += [Move(name, command=True) for name in commands(game)]
    return out


def random_move(option_list: list[Option], command_list: list[str], rng: random.Random) -> Move:
    """Pick one candidate uniformly and remove it from its list (so a refused
    candidate is not tried twice)."""
    pick = below(rng, len(option_list) + len(command_list))
    if pick < len(option_list):
        o = option_list.pop(pick)
        if getattr(o, "candidates", None):
            return Move(o.key, o.candidates[below(rng, len(o.candidates))])
        return Move(o.key, o.amount[0] + below(rng, o.amount[1] - o.amount[0] + 1) if o.amount else None)
    return Move(command_list.pop(pick - len(option_list)), command=True)


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n >= 1, drawn the same way (so seeds keep their runs)
    without randrange's argument checks, a noticeable share of a run's time."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def format_moves(moves) -> str:
    return ",".join(m.text() for m in moves)


def parse_moves(text: str) -> list[Move]:
    return [Move.parse(t) for t in text.split(",") if t.strip()]
