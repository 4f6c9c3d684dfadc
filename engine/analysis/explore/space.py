"""Exhaustive exploration of a book's state space, dice included as chance nodes.

A state is the game state minus what does not change the future: the history, the
dice source, visit counts (kept as "visited or not", which is all the expression
language can ask) and the module's display-only extras (`display_extra`).  Its
canonical JSON text is both its identity (deduplication) and what is needed to
rebuild it.  From each state every move is tried with a dice source that raises
`NeedRoll` when the move makes one more roll than a forced prefix of rolls holds; the
move is then replayed once per distinct outcome of that roll: each sorted multiset
of faces (dice thrown together are interchangeable), or each total when the module
declares `dice_by_sum` (its rules read a roll only through its total and its count).
The start of the game (hero creation can roll) is the root chance node.
Bounds: `max_states` and `timeout`; when one is hit the unexpanded states are
"frontier" and the results say so.
"""
from __future__ import annotations

import json
import time
import traceback
from collections import deque
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from math import factorial

from ...game import Game
from ...rules.base import Refused
from ...state import GameState
from .moves import Move, all_moves

ERROR, FRONTIER = -1, -2   # pseudo successors of a transition


class NeedRoll(Exception):
    """The move makes one more roll than the forced prefix holds."""

    def __init__(self, count: int, sides: int):
        super().__init__(count, sides)
        self.count, self.sides = count, sides


class ForcedDice:
    """A prefix of whole rolls (tuples of faces), answered one roll at a time."""

    def __init__(self, rolls: tuple):
        self.rolls, self.used = rolls, 0

    def roll(self, count: int, sides: int) -> list[int]:
        if self.used >= len(self.rolls):
            raise NeedRoll(count, sides)
        self.used += 1
        return list(self.rolls[self.used - 1])

    def face(self, sides: int) -> int:
        return self.roll(1, sides)[0]

    def to_json(self) -> dict:
        return {"kind": "scripted", "faces": flat(self.rolls), "used": self.used}


def flat(rolls) -> list[int]:
    return [f for faces in rolls for f in faces]


def roll_outcomes(count: int, sides: int, by_sum: bool) -> list[tuple[tuple, float]]:
    """[(faces, probability)]: one entry a sorted multiset of faces, or a total."""
    merged: dict = {}
    for faces in combinations_with_replacement(range(1, sides + 1), count):
        ways = factorial(count)
        for f in set(faces):
            ways //= factorial(faces.count(f))
        key = sum(faces) if by_sum else faces
        if key in merged:
            merged[key][1] += ways
        else:
            merged[key] = [faces, ways]
    total = sides ** count
    return [(faces, ways / total) for faces, ways in merged.values()]


def canonical(state: GameState, display: tuple = ()) -> str:
    extra = {k: v for k, v in state.extra.items() if k not in display} if display else state.extra
    return json.dumps([state.paragraph, state.stats, state.initial, state.items, sorted(state.flags),
                       sorted(n for n, c in state.visits.items() if c), extra, state.pending,
                       state.ended, state.death_cause], sort_keys=True, separators=(",", ":"))


def rebuild(book, module, text: str) -> GameState:
    p, stats, initial, items, flags, visits, extra, pending, ended, cause = json.loads(text)
    return GameState(book.id, book.content_hash, module.id, p, stats, initial, items, set(flags),
                     {n: 1 for n in visits}, extra, pending, ended, cause,
                     rules_version=str(module.version))


@dataclass
class Space:
    """The explored graph.  `actions[s]` lists (move text, [(probability, successor)])."""

    states: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    paragraph: list[int] = field(default_factory=list)
    ended: list[str | None] = field(default_factory=list)
    actions: list[list] = field(default_factory=list)
    done: list[bool] = field(default_factory=list)        # expanded (else frontier)
    parent: list[tuple] = field(default_factory=list)     # (state, move text, faces)
    root: list[tuple] = field(default_factory=list)       # [(probability, state)]
    reached: set[int] = field(default_factory=set)        # paragraphs entered in some state
    soft_locks: list[int] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    expanded: int = 0
    bound: str | None = None                              # "max-states" | "timeout" | None
    seconds: float = 0.0


class Explorer:
    def __init__(self, book, module, max_states: int = 200_000, timeout: float = 60.0,
                 with_commands: bool = True):
        self.book, self.module = book, module
        self.max_states, self.timeout, self.with_commands = max_states, timeout, with_commands
        self.space = Space()
        blank = GameState(book.id, book.content_hash, module.id, rules_version=str(module.version))
        self.game = Game(book, module, ForcedDice(()), blank, undo=False)
        self.queue: deque[int] = deque()
        self.display = tuple(getattr(module, "display_extra", ()))
        self.by_sum = bool(getattr(module, "dice_by_sum", False))
        self._outcomes: dict = {}

    def run(self) -> Space:
        start, sp = time.monotonic(), self.space
        sp.root = self._branches(None, None, ())
        while self.queue:
            if time.monotonic() - start > self.timeout:
                sp.bound = "timeout"
                break
            self._expand(self.queue.popleft())
        sp.seconds = time.monotonic() - start
        return sp

    # --- one state -------------------------------------------------------------------
    def _expand(self, s: int) -> None:
        sp = self.space
        sp.expanded += 1
        sp.done[s] = True
        self.game.state = rebuild(self.book, self.module, sp.states[s])
        moves = all_moves(self.game, self.with_commands)
        if sp.ended[s] and not moves:
            return  # an ending
        for move in moves:
            branches = self._branches(s, move, ())
            if branches:
                sp.actions[s].append((move.text(), branches))
        if not sp.actions[s] and not sp.ended[s]:
            sp.soft_locks.append(s)

    def _branches(self, s, move: Move | None, rolls: tuple) -> list:
        """[(probability, successor)] of a move (None: the start of the game); [] when
        the move is refused without any dice drawn."""
        out, todo = {}, [(rolls, 1.0)]
        while todo:
            prefix, p = todo.pop()
            try:
                state = self._play(s, move, prefix)
            except NeedRoll as need:
                todo += [(prefix + (faces,), p * q) for faces, q in reversed(self.outcomes(need))]
                continue
            except Refused:
                if not prefix:
                    return []
                target = s  # refused after rolling: nothing happened, as with undo
            except Exception as exc:  # an engine or module failure is a finding
                self._error(s, move, prefix, exc)
                target = ERROR
            else:
                target = self._state(state, s, move, prefix)
            out[target] = out.get(target, 0.0) + p
        return sorted(((p, t) for t, p in out.items()), key=lambda pt: pt[1])

    def outcomes(self, need: NeedRoll) -> list[tuple[tuple, float]]:
        key = (need.count, need.sides)
        if key not in self._outcomes:
            self._outcomes[key] = roll_outcomes(need.count, need.sides, self.by_sum)
        return self._outcomes[key]

    def _play(self, s, move, prefix) -> GameState:
        game = self.game
        if move is None:
            game.reset(ForcedDice(prefix))
            return game.state
        game.state = rebuild(self.book, self.module, self.space.states[s])
        game.dice = ForcedDice(prefix)
        move.apply(game)
        return game.state

    def _state(self, state: GameState, parent, move, faces) -> int:
        sp, text = self.space, canonical(state, self.display)
        found = sp.index.get(text)
        if found is not None:
            return found
        if len(sp.states) >= self.max_states:
            sp.bound = sp.bound or "max-states"
            return FRONTIER
        n = len(sp.states)
        sp.states.append(text)
        sp.index[text] = n
        sp.paragraph.append(state.paragraph)
        sp.ended.append(state.ended)
        sp.actions.append([])
        sp.done.append(False)
        sp.parent.append((parent, move.text() if move else None, flat(faces)))
        sp.reached.update(state.visits)
        self.queue.append(n)
        return n

    def _error(self, s, move, faces, exc) -> None:
        self.space.errors.append({
            "state": s, "move": move.text() if move else None, "faces": flat(faces),
            "type": type(exc).__name__, "message": str(exc), "traceback": traceback.format_exc(),
            "paragraph": self.space.paragraph[s] if s is not None else self.book.start})


def path_to(space: Space, s: int | None) -> tuple[list[str], list[int]]:
    """The moves and forced dice faces that lead from a new game to state `s`."""
    moves, faces = [], []
    while s is not None:
        parent, move, f = space.parent[s]
        faces[:0] = f
        if move is not None:
            moves.insert(0, move)
        s = parent
    return moves, faces


def explore(book, module, **bounds) -> Space:
    return Explorer(book, module, **bounds).run()
