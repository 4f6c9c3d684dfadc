"""Ways into the compiled arrays, played again through the real engine: the moves and
forced dice faces of `--replay`, and the words of a move.

The compiled graph keeps no text and no faces (a move is a number, an outcome a
probability).  What the report needs from them (the best route's moves, a
soft-lock's or an engine error's replay) is found again here, for a few states only:
each step of a way through the graph is played from the real game state by every
move over every outcome of its dice (as engine_path.py does), and the outcome whose
packed row, after the lens, is the next state's row is the one taken.  A step that
no move matches ends the way (the replay is then left out; nothing is guessed).

A state's parent is an earlier state with an edge into it: the waves add a state
after the one that found it, so following parents goes back to a root.
"""
from __future__ import annotations

import numpy as np

from engine.game.dice import SeededDice
from engine.analysis.explore.moves import all_moves
from engine.analysis.explore.nodes import fight_node
from engine.analysis.explore.runs import light_copy
from engine.analysis.explore.space import ForcedDice, NeedRoll, flat, roll_outcomes
from engine.analysis.compiled.components import sources
from engine.analysis.compiled.engine_path import SELF, play_out

MAX_STEPS = 2000   # a way longer than this is not played again


def move_targets(g, s: int, k: int) -> dict:
    """{successor: probability} of move `k` of state `s` in graph `g` (FRONTIER, ERROR
    below 0; the edges to one successor summed)."""
    m = int(g.state_ptr[s]) + k
    out: dict = {}
    for e in range(int(g.move_ptr[m]), int(g.move_ptr[m + 1])):
        t = int(g.targets[e])
        out[t] = out.get(t, 0.0) + float(g.probs[e])
    return out


class Recorded:
    """A seeded dice source that keeps the faces it gave (a sheet's creation)."""

    def __init__(self, seed: int):
        self.dice, self.faces = SeededDice(seed), []

    exhausted = True

    def face(self, sides: int) -> int:
        face = self.dice.face(sides)
        self.faces.append(face)
        return face


PART = 1 << 22   # edges at a time in `Witness.parents`


class Witness:
    """`explorer`: the CompiledExplorer that made the graph (its table, slots, lens, engine path)."""

    def __init__(self, explorer, graph):
        self.x, self.g = explorer, graph
        self.game = explorer.engine.game
        self.by_sum = explorer.engine.by_sum
        self._parents = None

    # --- the graph side ---------------------------------------------------------
    def parents(self) -> np.ndarray:
        """parent[t]: an earlier state with an edge into t (-1 for a root)."""
        if self._parents is None:
            g, n = self.g, self.g.states
            edge_ptr = np.asarray(g.move_ptr, dtype=np.int64)[np.asarray(g.state_ptr, dtype=np.int64)]
            parent = np.full(n, -1, dtype=np.int64)
            e = len(g.targets)
            # (a part of the edges at a time, the last part first, each reversed: the first
            # edge in is written last and wins; the int64 sources, targets and their
            # filtered copies of every edge at once were some 30 bytes an edge, about
            # 3.5 GB on le-taureau-d-airain's 118 M edges)
            for a in range((e - 1) // PART * PART if e else -1, -1, -PART):
                tgt = np.asarray(g.targets[a:a + PART], dtype=np.int64)
                src = sources(edge_ptr, a, a + len(tgt))
                ok = (tgt >= 0) & (src < tgt)
                parent[tgt[ok][::-1]] = src[ok][::-1]
            self._parents = parent
        return self._parents

    def way(self, s: int) -> list[int]:
        """The states from a root to `s`."""
        parent, out = self.parents(), [s]
        while parent[out[-1]] >= 0 and len(out) <= MAX_STEPS:
            out.append(int(parent[out[-1]]))
        return out[::-1]

    def targets(self, s: int, k: int) -> dict:
        return move_targets(self.g, s, k)

    # --- the engine side --------------------------------------------------------
    def state(self, s: int):
        """State `s` as a game state (its row unpacked, as the engine path expands it)."""
        x = self.x
        return x.slots.unpack(x.table.row(s), x.book, x.module)

    def start(self, s: int):
        """(the root's game state, the faces its creation rolled, the seed), or None."""
        x = self.x
        starts = [(i, st) for i, (_p, st) in enumerate(x.engine.starts(x.sheet))]
        roots = [t for _p, t in self.g.roots]
        if s not in roots:
            return None
        state = starts[roots.index(s)][1]
        if x.sheet is not None:
            dice = Recorded(x.sheet)
            self.game.reset(dice)
            return light_copy(self.game.state), dice.faces, 0
        return state, self._creation(state), 0

    def _creation(self, state) -> list:
        """The faces that roll this start (every creation explored: its forced prefix)."""
        todo = [()]
        while todo:
            prefix = todo.pop()
            try:
                self.game.reset(ForcedDice(prefix))
            except NeedRoll as need:
                todo += [prefix + (faces,) for faces, _q in roll_outcomes(need.count, need.sides, self.by_sum)]
                continue
            if self.index(self.game.state) == self.index(state):
                return flat(prefix)
        return []

    def index(self, state) -> int:
        """The state's number in the table after the lens (-1: not there)."""
        return self.indices([state])[0]

    def indices(self, states: list) -> list[int]:
        """`index` of each state, all at once (one batch through the lens and the hash
        tables: a fight's strategy has hundreds of ends, each a call's fixed cost else)."""
        if not states:
            return []
        table = self.x.table
        rows, _final = self.x.project(table.batch([self.x.slots.pack(st) for st in states]), own=True)
        if rows.shape[1] != table.width:
            return [-1] * len(states)
        return table._find(table._hash(rows)).tolist()

    def moves(self, state) -> list:
        """[(move text, the move or strategy, [(faces, successor state or an exception)])]."""
        return [o for o in self._each_move(state) if o[2]]

    def _each_move(self, state):
        """`moves`' entries one at a time (those with no outcome too), each played when
        it is asked for: `text` stops at the first that matches."""
        game = self.game
        game.state = light_copy(state)
        moves, strategies = all_moves(game, self.x.engine.with_commands), []
        if self.x.engine.fight_nodes:
            node = fight_node(game, self.x.engine.cache)   # (the fights' chains, worked out once)
            if node is not None:
                strategies, keep = node
                moves = [m for m in moves if m.command or m.key in keep]
        for m in moves:
            yield m.text(), m, self._outcomes(state, m)
        for st in strategies:
            yield st.text(), st, [(f, succ, p * q) for p, o in st.outcomes for f, succ, q in self._outcomes(state, o)]

    def _outcomes(self, state, move) -> list:
        """[(faces, successor state or the exception raised, probability)] of a move."""
        played = play_out(self.game, state, move,
                          lambda need: roll_outcomes(need.count, need.sides, self.by_sum))
        if played is None:
            return []
        return [(flat(faces), light_copy(state) if result is SELF else
                 result if isinstance(result, Exception) else light_copy(result), p)
                for faces, p, result in played]

    # --- both -------------------------------------------------------------------
    def replay(self, s: int):
        """(seed, [move text], [faces], the game state at `s`) of a way to `s`, or None."""
        way = self.way(s)
        begun = self.start(way[0])
        if begun is None:
            return None
        state, faces, seed = begun
        moves, node = [], False
        for b in way[1:]:
            step = self.step(state, b)
            if step is None:
                return None
            text, f, state = step
            if not node:   # (after a fight node --replay stops, as today's: the rest is not said)
                moves.append(text)
                faces = faces + f
                node = text.startswith("~")
        return seed, moves, faces, state

    def step(self, state, b: int):
        """(move text, faces, successor state) of a move from `state` into state `b`."""
        for text, _m, found in self.moves(state):
            for faces, succ, _p in found:
                if not isinstance(succ, Exception) and self.index(succ) == b:
                    return text, faces, succ
        return None

    def text(self, state, s: int, k: int) -> str | None:
        """The words of move `k` of state `s` (its game state `state`): the engine's move
        whose successors are that move's, or None."""
        wanted = self.targets(s, k)
        for text, _m, found in self._each_move(state):   # (the first that matches: those after it not played)
            if not found:
                continue
            at = iter(self.indices([succ for _f, succ, _p in found if not isinstance(succ, Exception)]))
            got: dict = {}
            for _f, succ, p in found:
                t = -1 if isinstance(succ, Exception) else next(at)
                got[t] = got.get(t, 0.0) + float(p)
            if got.keys() == wanted.keys() and all(abs(got[t] - wanted[t]) < 1e-9 for t in got):
                return text
        return None
