"""How the explorer expands one state: its moves, its fights, the outcomes of its dice.

A mixin of `Explorer` (explorer.py), which owns the state graph.  A state's moves
come from the transition cache when a state that reads alike was played already
(transitions.py); otherwise every move is played on tracked copies of the state,
once per outcome of its dice (a forced prefix of rolls that raises `NeedRoll` when
the move makes one more roll), and the result is kept as a template: for each move,
each outcome as (probability, what changed).  Both ways, each outcome then becomes a
successor through `Explorer._state` (lens, key, deduplication).  The cache is
dropped after MEMO_TRIAL expansions with fewer than MEMO_WORTH hits: the tracking
then costs more than the hits save.
"""
from __future__ import annotations

from ...limits import MAX_MOVE_BRANCHES
from ...rules.base import Refused
from ...state import GameState
from .compact import parts_of, rebuild
from .moves import Move, all_moves
from .nodes import fight_node
from .runs import light_copy
from .space import ERROR, FRONTIER, ForcedDice, NeedRoll, TooManyOutcomes, roll_outcomes
from .transitions import SELF, apply, diff, tracked_copy

MEMO_TRIAL = 1000   # expansions after which the transition cache is kept only if...
MEMO_WORTH = 0.7    # ...this share of them were hits (each miss costs the tracking)


class Expansion:
    # --- one state -------------------------------------------------------------
    def expand(self, s: int) -> None:
        """The moves of state s: from the transition cache when a state that reads
        alike was played already (transitions.py), else played (and kept)."""
        sp = self.space
        sp.expanded += 1
        sp.done[s] = True
        key = sp.states[s]
        self._parts = parts_of(key)   # what the diffs apply to (nothing thawed)
        memo = self.memo
        if memo is not None and memo.hits + memo.misses == MEMO_TRIAL and memo.hits < MEMO_WORTH * MEMO_TRIAL:
            # states that read too differently: the tracking costs more than the hits save
            self.dropped, self.memo, memo = memo, None, None
        template = memo.find(key, self._parts) if memo is not None else None
        if template is None:
            self._base = rebuild(self.book, self.module, key)   # to play on
            template = self._template(s, key)
        self._install(s, template)

    def _template(self, s, key) -> tuple:
        """(actions [(text, is a strategy, [(p, outcome)])], strategy labels), played
        on tracked copies; kept in the memo unless something made it unfit."""
        self._applied, self._log, self._fit = {}, set(), True
        self.game.state = self._copy()
        moves, strategies = self._moves(s)
        acts = []
        for move in moves:
            found = self._results(s, move)
            if found:
                acts.append((move.text(), False, found))
        acts += [(st.text(), True, self._strategy(s, st)) for st in strategies]
        template = (tuple(acts), tuple(st.label for st in strategies))
        if self._fit and self.memo is not None:
            self.memo.keep(key, self._parts, self._log, template)
        return template

    def _install(self, s, template) -> None:
        sp = self.space
        acts, labels = template
        sp.strategies.update(labels)
        seen = set()
        for text, strategy, found in acts:
            branches = self._merge((p, self._target(s, o)) for p, o in found)
            if strategy:
                if tuple(branches) in seen:   # two policies playing alike: keep one
                    continue
                seen.add(tuple(branches))
            sp.actions[s].append((text, branches))
        if not sp.actions[s] and not sp.ended[s]:
            sp.soft_locks.append(s)

    @staticmethod
    def _merge(pairs) -> list:
        out: dict = {}
        for p, t in pairs:
            out[t] = out.get(t, 0) + p   # exact when the module's p is
        return sorted(((p, t) for t, p in out.items()), key=lambda pt: pt[1])

    def _target(self, s, outcome) -> int:
        """The state an outcome leads to (keyed, lens and all, as any new state)."""
        if outcome == SELF:
            return s
        if type(outcome) is int:   # ERROR, FRONTIER
            return outcome
        kind, what, move, faces = outcome
        state = apply(self._parts, what) if kind == "change" else what
        self._before = set(self._parts.visits) if s is not None else set()
        return self._state(state, s, move, faces)

    def _moves(self, s) -> tuple[list, list]:
        """(moves tried one by one, fight strategies) from the state in self.game."""
        moves = all_moves(self.game, self.with_commands)
        if not self.fight_nodes:
            return moves, []
        try:
            node = fight_node(self.game, self.cache)
        except Exception as exc:  # a failing hook is a finding; the answers remain
            self._error(s, None, (), exc)
            return moves, []
        if node is None:
            return moves, []
        strategies, keep = node
        return [m for m in moves if m.command or m.key in keep], strategies

    def _strategy(self, s, strategy) -> list:
        """[(probability, outcome)] of one fight strategy: its outcomes, each
        applied through the engine (which may roll dice in the paragraph it enters)."""
        out = []
        for p, outcome in strategy.outcomes:
            found = self._applied.get(outcome.finish)   # strategies share outcomes
            if found is None:
                found = self._applied[outcome.finish] = self._results(s, outcome) or [(1, SELF)]
            out += [(p * q, o) for q, o in found]
        return out

    def _branches(self, s, move: Move | None, rolls: tuple) -> list:
        """[(probability, successor)] of a move (None: the start of the game)."""
        return self._merge((p, self._target(s, o)) for p, o in self._results(s, move, rolls))

    def _results(self, s, move: Move | None, rolls: tuple = ()) -> list:
        """[(probability, outcome)] of a move over its dice: an outcome is a change of
        the state played (`transitions.diff`), a state, SELF, ERROR or FRONTIER; []
        when the move is refused without any dice drawn."""
        out, todo, plays = [], [(rolls, 1)], 0
        while todo:
            prefix, p = todo.pop()
            plays += 1
            if plays > MAX_MOVE_BRANCHES:   # `100d100 * 100d100`: 10^8 replays of one move
                self._too_many(out, p + sum(q for _, q in todo))
                break
            try:
                state = self._play(s, move, prefix)
            except NeedRoll as need:
                try:
                    todo += [(prefix + (faces,), p * q) for faces, q in reversed(self.outcomes(need))]
                except TooManyOutcomes:
                    self._too_many(out, p)
                continue
            except Refused:
                if not prefix:
                    return []
                out.append((p, SELF))  # refused after rolling: nothing happened, as with undo
                continue
            except Exception as exc:  # an engine or module failure is a finding
                self._error(s, move, prefix, exc)
                out.append((p, ERROR))
                continue
            change = diff(self._base, state, self._log, self._parts.extra) if move is not None else None
            if change is None:
                self._fit = False
            out.append((p, ("change", change, move, prefix) if change is not None
                        else ("state", state, move, prefix)))
        return out

    def _too_many(self, out: list, p) -> None:
        """What is left of a move with too many outcomes is not explored (a bound)."""
        self.space.bound = self.space.bound or "max-branches"
        self._fit = False
        out.append((p, FRONTIER))

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
        self._base.history.clear()   # shared by the copies; the explorer never reads it
        game.state = self._copy()
        game.dice = ForcedDice(prefix)
        move.apply(game)
        return game.state

    def _copy(self) -> GameState:
        """The state to play on: tracked for the transition cache, else a light copy."""
        return tracked_copy(self._base, self._log) if self.memo is not None else light_copy(self._base)
