"""The exhaustive explorer: every move from every distinct state, dice as chance nodes.

From each state (rebuilt from its compact form, compact.py, into one reused `Game`) every move
is tried with a dice source that raises `NeedRoll` when the move makes one more roll
than a forced prefix holds; the move is then replayed once per distinct outcome of
that roll (see `space.roll_outcomes`).  The start of the game, hero creation
included, is the root chance node: its outcomes are the distinct starting states,
each with its probability.

Three reductions keep the space small without changing any result:
* a fight the rule module can solve (`fight_outcomes`) is one chance node per
  strategy (`nodes.py`), the module's stated policy inside the fight;
* the `Lens` drops what no later step can read (`lens.py`); a move that shows the
  lens's paragraph graph wrong starts the exploration again with it corrected;
* a final ending (victory, or death without rescue) is one state per paragraph and
  kind of ending, whatever the sheet.
Bounds: `max_states` and `timeout`; past one the unexpanded states are "frontier".
Focused trials stop as soon as they make no progress (a cycle of states holds the
bounds apart: only the whole graph's solution closes that gap), and breadth does
the rest: a cycle of paragraphs never stalls the exploration.
`sheet=N` starts from the one sheet that creation yields with seeded dice N (the
odds of that hero, exact when the space is explored completely).
"""
from __future__ import annotations

import time
import traceback
from collections import deque

from ...game import Game
from ...limits import MAX_MOVE_BRANCHES
from ...rules.base import Refused
from ...state import GameState
from ...dice import SeededDice
from .focus import GAP, Focus
from .lens import Lens
from .start import FIRST_BATCH, Sample, count_starts
from .moves import Move, all_moves
from .runs import light_copy
from .transitions import SELF, Memo, apply, diff, tracked_copy
from .nodes import fight_node
from .compact import FINAL, Packer, Parts, parts_of, rebuild
from .space import ERROR, FRONTIER, ForcedDice, NeedRoll, Space, TooManyOutcomes, flat, roll_outcomes


MEMO_TRIAL = 1000   # expansions after which the transition cache is kept only if...
MEMO_WORTH = 0.7    # ...this share of them were hits (each miss costs the tracking)
IDLE = 50   # focused trials in a row that expand nothing and close no gap: go breadth


class Explorer:
    def __init__(self, book, module, max_states: int = 200_000, timeout: float = 60.0,
                 with_commands: bool = True, fight_nodes: bool = True, lens: bool = True,
                 seed: int = 0, max_sheets: int | None = 256, sheet: int | None = None,
                 focused: bool = True, memo: bool = True):
        self.book, self.module = book, module
        self.max_states, self.timeout, self.with_commands = max_states, timeout, with_commands
        self.fight_nodes, self.seed, self.max_sheets = fight_nodes, seed, max_sheets
        self.sheet, self.focused = sheet, focused   # focused=False: breadth only (exact answers)
        self.lens = Lens(book, module) if lens else None
        self.cache: dict = {}                 # the module's memo of solved fights
        blank = GameState(book.id, book.content_hash, module.id, rules_version=str(module.version))
        self.game = Game(book, module, ForcedDice(()), blank, undo=False, narrate=False)
        self.packer = Packer(tuple(getattr(module, "display_extra", ())))
        self.by_sum = bool(getattr(module, "dice_by_sum", False))
        self._outcomes: dict = {}
        self._before: set = set()   # visits of the state a move starts from
        self.memo_on, self.memo = memo, None   # the transition cache (transitions.py)
        self._log, self._fit = set(), True
        self.late = lambda: False   # past the time bound (checked inside the trials too)

    def run(self) -> Space:
        start, restarts = time.monotonic(), 0
        while True:
            self.space, self.todo = Space(), deque()
            self.memo = Memo() if self.memo_on else None
            self.focus = Focus(self, self.seed)
            self._explore(start)
            if self.lens is None or not self.lens.stale:
                break
            self.lens.refresh()   # a path the static graph missed: explore again, corrected
            restarts += 1
        self.space.restarts = restarts
        self.space.seconds = time.monotonic() - start
        return self.space

    def _explore(self, start: float) -> None:
        """Focused trials until the odds are known (drawing more sheets when the start is
        sampled), then the rest of the space in breadth."""
        sp = self.space
        late = self.late = lambda: time.monotonic() - start > self.timeout  # noqa: E731
        sample = self._start()
        refresh, idle = time.monotonic() + 0.5, 0
        while (self.focused and not self._stop(late) and idle < IDLE
               and sp.bound not in ("max-states", "max-branches")):   # (no progress)
            gap = self.focus.root_gap()
            if gap <= GAP:
                if sample is None or not sample.more(time.monotonic() - start, self.timeout):
                    break
                sample.draw(len(sample.drawn))
            before = sp.expanded
            self.focus.trial()
            idle = idle + 1 if sp.expanded == before and self.focus.root_gap() >= gap else 0
            if time.monotonic() > refresh:   # at most a fifth of the time on it
                t0 = time.monotonic()
                self.focus.refresh()
                refresh = time.monotonic() + max(0.5, 4 * (time.monotonic() - t0))
        while self.todo and not self._stop(late):
            s = self.todo.popleft()
            if not sp.done[s]:
                self.expand(s)
        if self.todo and not (self.lens and self.lens.stale) and any(not d for d in sp.done):
            sp.bound = sp.bound or "timeout"

    def _start(self):
        """The root: every starting state, or a sample of them (None, or the Sample)."""
        if self.sheet is not None:
            self.game.reset(SeededDice(self.sheet))
            self.space.root = [(1, self._state(self.game.state, None, None, ()))]
            self.space.fixed_sheet = self.sheet
            return None
        if not self.max_sheets or count_starts(self, self.max_sheets) <= self.max_sheets:
            self.space.root = self._branches(None, None, ())
            return None
        sample = Sample(self, self.seed)
        sample.draw(FIRST_BATCH)
        self.space.sample = sample.drawn
        return sample

    def _stop(self, late) -> bool:
        if self.lens and self.lens.stale:
            return True
        if late():
            self.space.bound = self.space.bound or "timeout"
            return True
        return False

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
            self.memo = memo = None   # states that read too differently: tracking costs more than it saves
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

    # --- the state graph ---------------------------------------------------------
    def _state(self, state: GameState, parent, move, faces) -> int:
        sp = self.space
        sp.reached.update(state.visits)
        key, text, final = self._key(state, parent)
        found = sp.index.get(key)
        if found is not None:
            return found
        if len(sp.states) >= self.max_states:
            sp.bound = sp.bound or "max-states"
            return FRONTIER
        n = len(sp.states)
        sp.states.append(text)
        sp.index[key] = n
        sp.paragraph.append(state.paragraph)
        sp.ended.append(state.ended)
        sp.final.append(final)
        sp.done.append(final is not None)   # nothing to expand at a final ending
        sp.actions.append([])
        sp.parent.append((parent, move.text() if move else None, flat(faces)))
        self.focus.added(final)
        self.todo.append(n)
        return n

    def _key(self, state: GameState, parent) -> tuple[tuple, tuple, str | None]:
        """(identity, compact state to rebuild it, its ending if final) of a new
        state, dead parts dropped."""
        if self.lens is not None:
            start = self.space.paragraph[parent] if parent is not None else None
            entered = [n for n, c in state.visits.items() if c > 1 or n not in self._before]
            self.lens.check(start, entered + [state.paragraph])
            self.lens.strip(state)
        packed = self.packer.pack_parts(state) if type(state) is Parts else self.packer.pack(state)
        if state.ended and self._final(state, packed):
            return (FINAL, state.paragraph, state.ended, state.death_cause), packed, state.ended
        return packed, packed, None

    def _final(self, state, packed) -> bool:
        """The ended game offers no rescue (nothing can follow)."""
        if state.ended != "death":
            return True
        self.game.state = rebuild(self.book, self.module, packed) if type(state) is Parts else state
        return not self.module.on_death(self.game, state.death_cause or "").rescues

    def _error(self, s, move, faces, exc) -> None:
        self._fit = False   # an error is reported for the state it happened in: not cached
        self.space.errors.append({
            "state": s, "move": move.text() if move else None, "faces": flat(faces),
            "type": type(exc).__name__, "message": str(exc), "traceback": traceback.format_exc(),
            "paragraph": self.space.paragraph[s] if s is not None else self.book.start})
