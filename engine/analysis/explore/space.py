"""Exhaustive exploration of a book's state space, dice included as chance nodes.

A state is the game state minus what does not change the future: the history, the
dice source, visit counts (kept as "visited or not", which is all the expression
language can ask) and the module's display-only extras (`display_extra`).  Its
compact form (compact.py: nested tuples, interned) is both its identity
(deduplication) and what is needed to rebuild it; `canonical` gives the same
content as JSON text (for tests and people).  From each state every move is tried with a dice source that raises
`NeedRoll` when the move makes one more roll than a forced prefix of rolls holds; the
move is then replayed once per distinct outcome of that roll: each sorted multiset
of faces (dice thrown together are interchangeable), or each total when the module
declares `dice_by_sum` (its rules read a roll only through its total and its count).
The start of the game (hero creation can roll) is the root chance node.
Bounds: `max_states` and `timeout`, and engine/support/limits.py's MAX_ROLL_OUTCOMES (one roll)
and MAX_MOVE_BRANCHES (one move over all its rolls); when one is hit the unexpanded
states are "frontier" and the results say so.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, factorial

from engine.support.limits import MAX_ROLL_OUTCOMES

from engine.game.state import GameState
from engine.analysis.explore.compact import States

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


class TooManyOutcomes(Exception):
    """A roll with more distinct outcomes than MAX_ROLL_OUTCOMES (100 dice read face by face)."""


def roll_outcomes(count: int, sides: int, by_sum: bool) -> list[tuple[tuple, Fraction]]:
    """[(faces, probability)]: one entry a sorted multiset of faces, or a total (then
    its faces are the first multiset of that total, in ascending order of totals)."""
    if by_sum:
        return _sum_outcomes(count, sides)
    if comb(sides + count - 1, count) > MAX_ROLL_OUTCOMES:
        raise TooManyOutcomes(f"{count}d{sides}")
    merged: dict = {}
    for faces in combinations_with_replacement(range(1, sides + 1), count):
        ways = factorial(count)
        for f in set(faces):
            ways //= factorial(faces.count(f))
        merged[faces] = [faces, ways]
    total = sides ** count
    return [(faces, Fraction(ways, total)) for faces, ways in merged.values()]


def _sum_outcomes(count: int, sides: int) -> list[tuple[tuple, Fraction]]:
    """The totals of `count` dice by convolution with a sliding sum: count × totals
    steps (100d100: 10^6), where listing the multisets of faces would never end."""
    ways = [1]   # ways[t]: ways for the dice so far to total t (offset by their count)
    for _ in range(count):
        nxt, window = [], 0
        for t in range(len(ways) + sides - 1):
            window += ways[t] if t < len(ways) else 0
            window -= ways[t - sides] if t >= sides else 0
            nxt.append(window)
        ways = nxt
    total = sides ** count
    return [(_first_faces(count, sides, count + t), Fraction(w, total)) for t, w in enumerate(ways)]


def _first_faces(count: int, sides: int, total: int) -> tuple:
    """The smallest sorted multiset of faces with this total: ones, then one die, then sixes."""
    extra = total - count
    high, rest = divmod(extra, sides - 1)
    if high == count:
        return (sides,) * count
    return (1,) * (count - high - 1) + (1 + rest,) + (sides,) * high


def canonical(state: GameState, display: tuple = ()) -> str:
    extra = {k: v for k, v in state.extra.items() if k not in display} if display else state.extra
    return json.dumps([state.paragraph, state.stats, state.initial, state.items, sorted(state.flags),
                       sorted(n for n, c in state.visits.items() if c), extra, state.pending,
                       state.ended, state.death_cause], sort_keys=True, separators=(",", ":"))


class Moves:
    """The moves of every state, `moves[s]` = [(move text, [(probability, successor)])].

    Kept compactly, for millions of states: each state's *shape* (its move texts and
    each move's probabilities) is one object shared by every state whose moves read
    alike (the transition cache gives most states the shape of another), and its
    successors are one tuple, in the order of the shape's probabilities.  Reading
    `moves[s]` builds the lists; `successors(s)` gives the tuple itself."""

    __slots__ = ("shape", "targets", "_shapes", "_floats")

    def __init__(self):
        self.shape: list[tuple] = []     # per state: ((text, (p, p, ...)), ...)
        self.targets: list[tuple] = []   # per state: its successors, flattened
        self._shapes: dict = {}
        self._floats: dict = {}          # id of a shape -> its probabilities as floats

    def append(self, acts) -> None:
        self.shape.append(())
        self.targets.append(())
        if acts:
            self[len(self.shape) - 1] = acts

    def __setitem__(self, s: int, acts) -> None:
        self.put(s, self.shape_of([(text, [p for p, _ in branches]) for text, branches in acts]),
                 tuple(t for _, branches in acts for _, t in branches))

    def shape_of(self, moves) -> tuple:
        """The one shape of moves [(text, [probability, ...])]."""
        # (found by numerators and denominators: a Fraction's own hash costs a modular
        # inverse, five to ten times hashing its two integers)
        ident = tuple((text, *map(_ratio, probs)) for text, probs in moves)
        shape = self._shapes.get(ident)
        if shape is None:
            shape = self._shapes[ident] = tuple((text, tuple(probs)) for text, probs in moves)
        return shape

    def put(self, s: int, shape: tuple, targets: tuple) -> None:
        """State s's moves: a shape (`shape_of`) and its successors in its order."""
        self.shape[s] = shape
        self.targets[s] = targets

    def __getitem__(self, s: int) -> list:
        targets, out, i = self.targets[s], [], 0
        for text, probs in self.shape[s]:
            j = i + len(probs)
            out.append((text, list(zip(probs, targets[i:j]))))
            i = j
        return out

    def move(self, s: int, k: int) -> list:
        """The branches of state s's move k: [(probability, successor), ...]."""
        shape, i = self.shape[s], 0
        for _text, probs in shape[:k]:
            i += len(probs)
        probs = shape[k][1]
        return list(zip(probs, self.targets[s][i:i + len(probs)]))

    def shapes(self):
        """Every distinct shape of moves, once."""
        return self._shapes.values()

    def floats(self, s: int) -> tuple:
        """State s's probabilities as floats, move by move, in the order of its
        successors (for the float solvers; worked out once a shape)."""
        shape = self.shape[s]
        found = self._floats.get(id(shape))   # (every shape is kept by _shapes)
        if found is None:
            found = self._floats[id(shape)] = tuple(tuple(float(p) for p in probs) for _t, probs in shape)
        return found

    def has_moves(self, s: int) -> bool:
        return bool(self.shape[s])

    def successors(self, s: int) -> tuple:
        """Every successor of every move of s (ERROR and FRONTIER included)."""
        return self.targets[s]

    def __len__(self) -> int:
        return len(self.shape)

    def __iter__(self):
        return (self[s] for s in range(len(self.shape)))

    def __eq__(self, other) -> bool:
        return isinstance(other, Moves) and list(self) == list(other)


def _ratio(p) -> tuple:
    """A probability as (numerator, denominator): a Fraction or an int; a float as itself."""
    try:
        return p.numerator, p.denominator
    except AttributeError:
        return p, None


@dataclass
class Space:
    """The explored graph.  `actions[s]` lists (move text, [(probability, successor)])
    (`Moves`); `parent[s]` is (the state it was first reached from, the move's text,
    the dice faces of that move)."""

    states: States = field(default_factory=States)        # compact states (compact.py), as pieces
    index: dict[tuple, int] = field(default_factory=dict)  # a state's pieces (an ending's key) -> its index
    paragraph: list[int] = field(default_factory=list)
    ended: list[str | None] = field(default_factory=list)
    final: list[str | None] = field(default_factory=list)  # the ending, when nothing can follow
    actions: Moves = field(default_factory=Moves)
    done: list[bool] = field(default_factory=list)        # expanded (else frontier)
    parent: list[tuple] = field(default_factory=list)     # (state, move text, faces: a tuple)
    root: list[tuple] = field(default_factory=list)       # [(probability, state)]
    reached: set[int] = field(default_factory=set)        # paragraphs entered in some state
    soft_locks: list[int] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    expanded: int = 0
    bound: str | None = None                              # "max-states" | "timeout" | "max-branches" | None
    strategies: set[str] = field(default_factory=set)     # fight strategies (chance nodes) used
    restarts: int = 0                                     # explorations begun again (lens corrected, slot widened)
    sample: list[int] | None = None                       # sampled start: the state of each draw
    fixed_sheet: int | None = None                        # the seed of the one starting sheet
    seconds: float = 0.0
    dropped: dict = field(default_factory=dict)           # what the lens forgets somewhere (Lens.forgotten)
    learned: dict = field(default_factory=dict)           # the lens's corrections of the graph (Lens.learned)
    solution: tuple | None = None                         # (values, policy) once solved (report.py)
    bounds: tuple | None = None                           # every state's (low, high) bounds once solved (solve.py)
    ceiling: object = None                                # a cut's ceiling of what it left out (ceiling.py)


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
