"""The engine path in batches: a move played once by the real engine for every state
that reads alike.

A batch of states at one paragraph with one pending activity is split into groups
that agree on every column the engine read.  For a group, one state (its first) is
played on tracked copies (explore/transitions.py `tracked_copy`: every key read is
logged): its menu (the prompt's moves and the module's commands), then every move
over every outcome of its dice.  When everything it read lies in the columns the
group agrees on, the same play holds for each state of the group (they would have
read the same values), and each outcome is the group's rows with the columns the
play wrote set to what it wrote.  Otherwise the group is split on the wider set of
columns and each part is played again.  A play that replaced a whole part of the
state, or a fight the module's hook prices (its strategies read more than the
state), is not kept: those states go one by one through engine_path.py.
"""
from __future__ import annotations

import numpy as np

from engine.rules.base import Refused
from engine.analysis.compiled.packed import CAUSE, ENDED, EXTRA, HEAD, MISSING, PARAGRAPH, PENDING
from engine.analysis.explore.compact import freeze
from engine.analysis.explore.moves import all_moves
from engine.analysis.explore.nodes import fight_node
from engine.analysis.explore.space import ForcedDice, NeedRoll
from engine.analysis.explore.transitions import ALL, WHOLE, Tracked, TrackedSet, tracked_copy

HEAD_COLUMNS = (PARAGRAPH, ENDED, CAUSE, PENDING)
SELF, ERROR = "self", "error"
_PARTS = ("stats", "initial", "items", "flags", "visits")


class NoTemplate(Exception):
    """This state's play cannot be shared (a whole part rewritten, a fight node)."""


class Templates:
    def __init__(self, x):
        self.x, self.slots, self.engine = x, x.slots, x.engine

    # --- reads and writes as columns --------------------------------------------
    def _columns(self, log: set) -> set:
        cols = set(HEAD_COLUMNS)
        names = self.slots.names
        for part, key in log:
            if part == "extra":
                cols.add(EXTRA)
            elif key is ALL:
                cols.update(i for i in range(HEAD, len(names)) if names[i][0] == part)
            else:
                i = self.slots.find(part, key)
                if i is not None:
                    cols.add(i)
        return cols

    def _writes(self, state, wrote: set) -> tuple[dict, bool]:
        """({column: value} the play wrote, whether it wrote the extras)."""
        if any(k is WHOLE for _p, k in wrote):
            raise NoTemplate("whole part")
        out, extra = {}, False
        for part, key in wrote:
            if part == "extra":
                extra = True
                continue
            i = self.slots.index(part, key)
            if part == "flags":
                out[i] = 1 if set.__contains__(state.flags, key) else 0
            else:
                v = dict.get(getattr(state, part), key, None)
                if part == "visits":
                    out[i] = 1 if v else 0
                elif part in ("items",):
                    out[i] = v if v else 0
                else:
                    out[i] = MISSING if v is None else v
        out[PARAGRAPH] = state.paragraph
        out[ENDED] = (None, "death", "victory").index(state.ended)
        out[CAUSE] = self.slots.causes(state.death_cause)
        out[PENDING] = self.slots.pendings(freeze(state.pending) if state.pending is not None else None)
        if extra:
            shown = {k: v for k, v in dict.items(state.extra) if k not in self.slots.display}
            out[EXTRA] = self.slots.extras(freeze(shown) or None)
        return out, extra

    # --- one representative ---------------------------------------------------------
    def play(self, row) -> tuple[set, list]:
        """(columns read, [(move text, [(probability, writes | SELF | ERROR)])]) of one state."""
        x, game = self.x, self.engine.game
        base = self.slots.unpack(row, x.book, x.module)
        log: set = set()
        game.state = tracked_copy(base, log)
        game.items_changed = False
        moves = all_moves(game, self.engine.with_commands)
        if self.engine.fight_nodes and fight_node(game, self.engine.cache) is not None:
            raise NoTemplate("fight node")
        acts, extra_written = [], False
        for move in moves:
            out, todo = [], [((), 1)]
            while todo:
                prefix, p = todo.pop()
                st = game.state = tracked_copy(base, log)
                base.history.clear()
                game.dice = ForcedDice(prefix)
                game.items_changed = False
                try:
                    if not move.command:
                        game.answer_enabled(move.key, move.amount)
                    else:
                        move.apply(game)
                except NeedRoll as need:
                    todo += [(prefix + (faces,), p * q) for faces, q in reversed(self.engine.outcomes(need))]
                    continue
                except Refused:
                    if not prefix:
                        out = None
                        break
                    out.append((p, SELF))
                    continue
                except Exception as exc:  # an engine or module failure is a finding
                    self.engine.errors.append({"paragraph": base.paragraph, "type": type(exc).__name__,
                                               "message": str(exc)})
                    out.append((p, ERROR))
                    continue
                for part in ("stats", "initial", "items", "visits", "extra"):
                    if type(getattr(st, part)) is not Tracked:
                        raise NoTemplate("part replaced")
                if type(st.flags) is not TrackedSet:
                    raise NoTemplate("flags replaced")
                self.x.entered(base.paragraph, [m for m, c in dict.items(st.visits)
                                                if c and (c > 1 or m not in base.visits)] + [st.paragraph])
                writes, wrote_extra = self._writes(game.state, st.extra._wrote)
                extra_written |= wrote_extra
                out.append((p, writes))
            if out:
                acts.append((move.text(), out))
        cols = self._columns(log)
        if extra_written:
            cols.add(EXTRA)
        return cols, acts

    # --- a batch ------------------------------------------------------------------
    def expand(self, states: np.ndarray, rows: np.ndarray) -> tuple[list, np.ndarray]:
        """([(state indices, acts)] for the groups played, the states left over)."""
        done, left = [], []
        self._split(np.arange(len(states)), sorted(HEAD_COLUMNS), rows, states, done, left)
        return done, np.asarray(left, dtype=np.int64)

    def _split(self, members, key, rows, states, done, left) -> None:
        todo = [(members, key)]
        while todo:
            members, key = todo.pop()
            try:
                cols, acts = self.play(rows[members[0]])
            except NoTemplate:
                left.extend(states[members].tolist())
                continue
            cols = {c for c in cols if c < rows.shape[1]}   # (a column made since: default in all)
            if cols <= set(key):
                done.append((states[members], rows[members], acts))
                continue
            wider = sorted(set(key) | cols)
            cols_now = [c for c in wider if c < rows.shape[1]]
            _u, inverse = np.unique(rows[np.ix_(members, cols_now)], axis=0, return_inverse=True)
            inverse = inverse.reshape(-1)
            for g in range(int(inverse.max()) + 1):
                todo.append((members[inverse == g], wider))
