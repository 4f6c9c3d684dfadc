"""How the explorer expands one state: its moves, its fights, the outcomes of its dice.

A mixin of `Explorer` (explorer.py), which owns the state graph.  A state's moves
and their outcomes come from the transition cache when states that read alike were
played already (transitions.py): its menu (the moves it offers), then each move's
outcomes, each looked up on its own (a move reads much less than the whole state);
at a fight the module's hook solves, the whole expansion at once.  What is not in
the cache is played on tracked copies of the state, once per outcome of its dice
(a forced prefix of rolls that raises `NeedRoll` when the move makes one more
roll), and kept: for each move, each outcome as (probability, what changed).
Either way each outcome then becomes a successor through `Explorer._state` (its
slots changed, lens, key, deduplication).  `memo=False` plays every move of every
state (the cache's tests compare the two graphs).
"""
from __future__ import annotations

from itertools import chain

from engine.support.limits import MAX_MOVE_BRANCHES
from engine.rules.base import Refused
from engine.game.state import GameState
from engine.analysis.explore.compact import rebuild
from engine.analysis.explore.moves import Move, all_moves
from engine.analysis.explore.nodes import fight_node
from engine.analysis.explore.runs import light_copy
from engine.analysis.explore.space import ERROR, FRONTIER, ForcedDice, NeedRoll, TooManyOutcomes, roll_outcomes
from engine.analysis.explore.transitions import SELF, diff, tracked_copy

MENU, EXPANSION = "menu", "whole"   # template names beside each move (a whole expansion: a fight)


class Expansion:
    # --- one state -------------------------------------------------------------
    def expand(self, s: int) -> None:
        sp = self.space
        sp.expanded += 1
        sp.done[s] = True
        code = self._code_now = sp.states.code(s)
        self._flat = None   # its flat tuple, made when a play needs it (`_key_now`)
        self._base = None
        memo = self.memo
        if memo is None:
            self._fit = True
            self._install(s, self._whole(s))
            return
        bucket = code & self._head
        whole = memo.find((bucket, EXPANSION), code) if (bucket, EXPANSION) in memo.table else None
        if whole is not None:
            return self._install(s, whole)
        menu = memo.find((bucket, MENU), code)
        if menu is None:
            log = self._log = set()
            self._fit = True
            moves, strategies = self._menu(s)
            if strategies:   # a fight the hook solves: kept whole, with all it read
                self._also = []
                template = self._whole(s, moves, strategies)
                if self._fit:
                    memo.keep((bucket, EXPANSION), code, self._log, template, self._also)
                return self._install(s, template)
            menu = tuple((move, move.text(), (bucket, move)) for move in moves)   # (where each is kept)
            if self._fit:
                memo.keep((bucket, MENU), code, log, menu)
        acts, find = [], memo.find
        for move, text, where in menu:
            found = find(where, code)
            if found is None:
                self._log, self._fit = set(), True
                found = _alike(self._results(s, move))
                if self._fit:
                    found = tuple(found)
                    found = self._changes.setdefault(found, found)   # the same outcomes elsewhere
                    memo.keep(where, code, self._log, found)
            if found:
                acts.append((text, False, found))
        self._install(s, (tuple(acts), ()))

    @property
    def _key_now(self) -> tuple:
        """The flat tuple of the state expanded (compact.py), for the plays."""
        flat = self._flat
        if flat is None:
            flat = self._flat = self.layout.decode(self._code_now)
        return flat

    def _menu(self, s) -> tuple[list, list]:
        """The moves of the state and the fight hook's strategies, read on a copy."""
        self._ensure_base()
        self.game.state = self._copy()
        return self._moves(s)

    def _ensure_base(self) -> None:
        if self._base is None:
            self._base = rebuild(self.book, self.module, self._key_now)   # to play on

    def _whole(self, s, moves=None, strategies=None) -> tuple:
        """(actions [(text, is a strategy, [(p, outcome)])], strategy labels): every
        move and strategy played, their reads all in `self._log`."""
        self._applied = {}
        if moves is None:
            moves, strategies = self._menu(s)
        acts = []
        for move in moves:
            found = _alike(self._results(s, move))
            if found:
                acts.append((move.text(), False, found))
        acts += [(st.text(), True, _alike(self._strategy(s, st))) for st in strategies]
        return tuple(acts), tuple(st.label for st in strategies)

    def _install(self, s, template) -> None:
        """The successors of a template's outcomes, and the state's moves: shared
        with every state whose template gave the same outcomes for the same moves
        (their shape found by the outcomes' identity, `_shape_of`), unless two
        outcomes of a move meet in one successor (their probabilities summed) or
        the moves are a fight's strategies (two playing alike: one kept)."""
        sp = self.space
        acts, labels = template
        target, per_act, met = self._target, [], False
        for _text, _strategy, found in acts:
            if len(found) == 1:   # (most moves: one outcome)
                per_act.append((target(s, found[0][1]),))
            else:
                ts = tuple([target(s, o) for _p, o in found])
                met = met or len(set(ts)) < len(ts)
                per_act.append(ts)
        if labels or met or self.memo is None:
            self._install_merged(s, acts, labels, per_act)
        else:
            sp.actions.put(s, self._shape_of(acts), tuple(chain.from_iterable(per_act)))
        if not acts and not sp.ended[s]:
            sp.soft_locks.append(s)

    def _shape_of(self, acts) -> tuple:
        """The shape of moves (compact.py `Moves`) of the templates' outcomes `acts`,
        by their identity (the cache keeps them: an id stays theirs; kept here too)."""
        key = []
        for text, _strategy, found in acts:
            key.append(text)
            key.append(id(found))
        key = tuple(key)
        shape = self._shapes.get(key)
        if shape is None:
            shape = self.space.actions.shape_of([(text, [p for p, _o in found]) for text, _st, found in acts])
            self._shapes[key] = shape
            self._kept.append(acts)
        return shape

    def _install_merged(self, s, acts, labels, per_act) -> None:
        sp = self.space
        sp.strategies.update(labels)
        seen, moves = [], []
        for (text, strategy, found), ts in zip(acts, per_act):
            if len(ts) == 1:
                branches = [(found[0][0], ts[0])]
            else:
                branches = self._merge(zip([p for p, _o in found], ts))
            if strategy:
                alike = sorted(branches, key=_second)
                if alike in seen:   # two policies playing alike: keep one
                    continue        # (compared, not hashed: a Fraction's hash is slow)
                seen.append(alike)
            moves.append((text, branches))
        sp.actions[s] = moves

    def _merge(self, pairs) -> list:
        """Outcomes that meet in one successor as one, their probabilities summed,
        in the place of the first."""
        out: dict = {}
        for p, t in pairs:   # (the template's probability itself when alone: one object)
            q = out.get(t)
            out[t] = p if q is None else q + p   # exact when the module's p is
        return [(p, t) for t, p in out.items()]

    def _target(self, s, outcome) -> int:
        """The state an outcome leads to (keyed, lens and all, as any new state)."""
        if type(outcome) is tuple:
            kind, what, move, faces = outcome
            if kind == "change":
                return self._changed(s, what, move, faces)
            return self._state(what, s, move, faces)
        if outcome == SELF:
            return s
        return outcome   # ERROR, FRONTIER

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
                found = self._applied[outcome.finish] = self._outcome(s, outcome)
            out += [(p if q.__class__ is int and q == 1 else p * q, _by(o, outcome)) for q, o in found]
        return out

    def _outcome(self, s, outcome) -> list:
        """[(probability, outcome)] of one end of a fight, applied through the engine:
        from the cache, where a state that reads alike had the same end (its template
        is kept under the module's `finish` for that end, one object for it), else
        played.  What it read is read by the whole expansion (`_also`, `_log`)."""
        memo = self.memo
        if memo is None:
            return self._results(s, outcome) or [(1, SELF)]
        where = (self._code_now & self._head, outcome.finish)
        found = memo.find(where, self._code_now)
        if found is not None:
            self._also.append(memo.read)
            return found
        outer, fit = self._log, self._fit
        self._log, self._fit = set(), True
        try:
            found = self._results(s, outcome) or [(1, SELF)]
            if self._fit:
                found = tuple(found)
                found = self._changes.setdefault(found, found)
                memo.keep(where, self._code_now, self._log, found)
        finally:
            outer |= self._log
            self._log, self._fit = outer, fit and self._fit
        return found

    def _branches(self, s, move: Move | None, rolls: tuple) -> list:
        """[(probability, successor)] of a move (None: the start of the game)."""
        return self._merge((p, self._target(s, o)) for p, o in self._results(s, move, rolls))

    def _results(self, s, move: Move | None, rolls: tuple = ()) -> list:
        """[(probability, outcome)] of a move over its dice: an outcome is a change of
        the state played (`transitions.diff`), a state, SELF, ERROR or FRONTIER; []
        when the move is refused without any dice drawn."""
        if move is not None:
            self._ensure_base()
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
            change = None
            if move is not None and self.memo is not None:
                change = diff(self._key_now, state, self._log, self.layout, self.packer.display)
                if change is None:
                    self._fit = False
                else:   # once for every state the change will be applied to
                    change = self._changes.setdefault(change, change)   # (templates share them)
                    self.space.reached.update(change[2])
                    if self.lens is not None:
                        self.lens.check(self.space.paragraph[s], list(change[2]) + [state.paragraph])
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
        if type(move) is Move and not move.command:
            # an enabled answer of the menu, its amount in range: not checked again
            # (checking reads what the menu read, and the move would read it too)
            game.answer_enabled(move.key, move.amount)
        else:
            move.apply(game)
        return game.state

    def _copy(self) -> GameState:
        """The state to play on: tracked for the transition cache, else a light copy."""
        return tracked_copy(self._base, self._log) if self.memo is not None else light_copy(self._base)


def _alike(found: list) -> list:
    """Outcomes that make the same change (the 19 rolls of a Luck test that all
    succeed) as one, their probabilities summed, in the place of the first: from any
    state they lead to the same successor, so the graph is the same, with a sum
    worked out once for every state that takes the template instead of each time."""
    out, where = [], {}
    for p, o in found:
        k = o[1] if type(o) is tuple and o[0] == "change" else (o if o == SELF else None)
        if k is not None:
            i = where.get(k)
            if i is not None:
                out[i] = (out[i][0] + p, out[i][1])
                continue
            where[k] = len(out)
        out.append((p, o))
    return out


def _by(o, outcome):
    """An outcome of a fight's end as reached by this strategy (its move, `~label`,
    is the one the path records: the end's template may come from another)."""
    if type(o) is tuple and o[2] is not outcome:
        return (o[0], o[1], outcome, o[3])
    return o


def _second(pair):
    return pair[1]
