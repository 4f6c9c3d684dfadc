"""The exhaustive explorer: every move from every distinct state, dice as chance nodes.

From each state (rebuilt from its compact form, compact.py, into one reused `Game`)
every move is tried with a dice source that raises `NeedRoll` when the move makes one
more roll than a forced prefix holds; the move is then replayed once per distinct
outcome of that roll (see `space.roll_outcomes`), or its outcomes are taken from the
transition cache (expansion.py, transitions.py).  The start of the game, hero creation
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
odds of that hero, exact when the space is explored completely).  `likely=True`:
after the trials (if any), the likeliest states first instead of breadth
(likely.py), so that a cut exploration keeps the likely part of the space.
"""
from __future__ import annotations

import time
import traceback
from collections import deque

from engine.game import Game
from engine.game.state import GameState
from engine.game.dice import SeededDice
from engine.analysis.explore.ceiling import Ceiling
from engine.analysis.explore.focus import GAP, Focus
from engine.analysis.explore.lens import Lens
from engine.analysis.explore.likely import Likely
from engine.analysis.explore.start import FIRST_BATCH, Sample, count_starts
from engine.analysis.explore.expansion import Expansion
from engine.analysis.explore.transitions import Memo
from engine.analysis.explore.compact import FINAL, HEAD, MISSING, Overflow, Packer, States, rebuild
from engine.analysis.explore.space import FRONTIER, ForcedDice, Space, flat


IDLE = 50   # focused trials in a row that expand nothing and close no gap: go breadth


class Explorer(Expansion):
    def __init__(self, book, module, max_states: int = 200_000, timeout: float = 60.0,
                 with_commands: bool = True, fight_nodes: bool = True, lens: bool = True,
                 seed: int = 0, max_sheets: int | None = 256, sheet: int | None = None,
                 focused: bool = True, memo: bool = True, guards: bool = True, likely: bool = False):
        self.book, self.module = book, module
        self.max_states, self.timeout, self.with_commands = max_states, timeout, with_commands
        self.fight_nodes, self.seed, self.max_sheets = fight_nodes, seed, max_sheets
        self.sheet, self.focused = sheet, focused   # focused=False: breadth only (exact answers)
        self.likely = likely   # after the focused trials, the likeliest states first (likely.py), not breadth
        self.lens = Lens(book, module, guards) if lens else None
        self.cache: dict = {}                 # the module's memo of solved fights
        blank = GameState(book.id, book.content_hash, module.id, rules_version=str(module.version))
        self.game = Game(book, module, ForcedDice(()), blank, undo=False, narrate=False)
        self.packer = Packer(tuple(getattr(module, "display_extra", ())))
        self.layout = self.packer.layout
        self._shared: dict = {}          # one object for each move text and faces of `parent`
        self._changes: dict = {}         # one object for each change of the cache's templates
        self.by_sum = bool(getattr(module, "dice_by_sum", False))
        self._outcomes: dict = {}
        self.memo_on, self.memo = memo, None   # the transition cache (transitions.py)
        self.dropped = None                    # (the cache is never dropped now)
        self._log, self._fit = set(), True
        self.late = lambda: False   # past the time bound (checked inside the trials too)

    def run(self) -> Space:
        start, restarts = time.monotonic(), 0
        while True:
            self.begin()
            try:
                self._explore(start)
            except Overflow as full:   # a slot with more values than its bits number
                self.layout.widen(full.slot)
                restarts += 1
                continue
            if self.lens is None or not self.lens.stale:
                break
            self.lens.refresh()   # a path the static graph missed: explore again, corrected
            restarts += 1
        self.space.restarts = restarts
        self.space.dropped = self.lens.forgotten() if self.lens is not None else {}
        self.space.learned = dict(self.lens.learned) if self.lens is not None else {}
        if self.space.bound is not None and self.lens is not None:   # (the lens's graph: checked by every move)
            # (each state's own hero for one sheet; over a sample of sheets, their maxima only:
            # each state priced one by one, a hero anew may cost seconds of the module's time)
            ahead = None
            if self.sheet is not None:   # (lazily: it reads arrays, and play in the browser has no NumPy)
                from engine.analysis.compiled.ahead import Ahead
                ahead = Ahead(self.lens, hero=True)
            self.space.ceiling = Ceiling(self.book, self.module, self.lens.edges, ahead, self.lens)
        self.space.seconds = time.monotonic() - start
        return self.space

    def begin(self) -> None:
        """A new, empty state graph (over the same layout)."""
        self.space, self.todo = Space(states=States(self.layout)), Likely() if self.likely else deque()
        self.memo = Memo(self.layout) if self.memo_on else None
        self._ops, self._finals = {}, {}   # changes as bits; an ended state's integer -> nothing can follow
        self._guarded, self._keep = {}, {}   # paragraph -> guards' bits; (paragraph, held) -> the AND
        self._shapes, self._kept = {}, []   # shapes of the templates' outcomes (expansion.py)
        self._head = self.layout.head_mask
        self.focus = Focus(self, self.seed)

    def moves_of(self, state: GameState) -> list:
        """The moves of one game state as this explorer expands it: [(move text,
        [(probability, successor's flat state (compact.py), lens and all: values.py
        keys it; or ERROR or FRONTIER, its final ending or None)])]."""
        while True:
            self.begin()
            try:
                s = self._state(state.copy(), None, None, ())
                self.expand(s)
                break
            except Overflow as full:
                self.layout.widen(full.slot)
        sp = self.space
        return [(text, [(p, sp.states[t], sp.final[t]) if t >= 0 else (p, t, None) for p, t in branches])
                for text, branches in sp.actions[s]]

    def _explore(self, start: float) -> None:
        """Focused trials until the odds are known (drawing more sheets when the start is
        sampled), then the rest of the space in breadth."""
        sp = self.space
        late = self.late = lambda: time.monotonic() - start > self.timeout  # noqa: E731
        sample = self._start()
        if self.likely:
            self._seed(sample)
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

    def expand(self, s: int) -> None:
        """Expansion.expand, then (likeliest first) its successors' reach spread."""
        super().expand(s)
        if self.likely and type(self.todo) is Likely:
            self.todo.spread(s, self.space)

    def _seed(self, sample) -> None:
        """The likeliest first from the start's states; a sampled start (its draws
        added as time allows, each as likely as the others) goes in breadth."""
        if sample is None:
            self.todo.seed(self.space.root)
        else:
            self.todo = deque(s for s in range(len(self.space.done)) if not self.space.done[s])

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

    # --- the state graph ---------------------------------------------------------
    def _state(self, state: GameState, parent, move, faces) -> int:
        """The state index of a game state played (the start, or a move the cache
        could not keep)."""
        sp = self.space
        sp.reached.update(state.visits)
        if self.lens is not None:
            start = sp.paragraph[parent] if parent is not None else None
            before = self._visits_of(sp.states[parent]) if parent is not None else set()
            entered = [n for n, c in state.visits.items() if c > 1 or n not in before]
            self.lens.check(start, entered + [state.paragraph])
            self.lens.strip(state)
        packed = self.packer.pack(state)
        code = self.layout.encode(packed)
        return self._add(code, packed[1], packed[2], packed[3], parent, move, faces, packed)

    def _changed(self, s, change, move, faces) -> int:
        """The state index of state s (the one expanded) with a change of the cache
        applied: its integer with the change's bits, the lens's too (`_compiled`)."""
        start = self.space.paragraph[s]
        ops = self._ops.get(start)
        if ops is None:
            ops = self._ops[start] = {}
        op = ops.get(id(change))   # (changes are kept: an id stays theirs)
        if op is None or op[0] != len(self.layout.names):
            op = ops[id(change)] = self._compiled(change, start)
        _size, keep, put, passive, head, fixes = op
        code = (self._code_now & keep) | put
        if passive:   # a passive stat not changed, dying on the way: 0 if it held more
            values = self.layout.values
            for i, at, bits, zero in passive:
                c = (code >> at) & bits
                if c and values[i][c]:
                    code = (code & ~(bits << at)) | zero
        for i, at, bits, fix in fixes:   # counters or notes dying on the way, a stat capped lower
            c = (code >> at) & bits
            if c:
                v = self.layout.values[i][c]
                w = fix(v)
                if w != v:
                    code = (code & ~(bits << at)) | self.layout.code(i, w)
        guarded = self._guarded.get(head[0])
        if guarded is None or guarded[0] != len(self.layout.names):
            guarded = self._guarded[head[0]] = self._guards_at(head[0])
        if guarded[1]:   # ways closed for good (lens.py `shut`)
            held = frozenset(g for at, bits, g in guarded[1] if (code >> at) & bits)
            if held:
                keep = self._keep.get((head[0], held))
                if keep is None or keep[0] != len(self.layout.names):
                    keep = self._keep[(head[0], held)] = self._keep_mask(head[0], held)
                code &= keep[1]
        if not head[1]:   # (most successors: not ended, met already)
            found = self.space.index.get(code)
            if found is not None:
                return found
        return self._add(code, head[0], head[1], head[2], s, move, faces)

    def _guards_at(self, paragraph) -> tuple:
        lay = self.layout
        found = () if self.lens is None else self.lens.guarded(paragraph, lambda part, key: lay.slot.get((part, key)))
        return len(lay.names), tuple((lay.offset[i], (1 << lay.width[i]) - 1, g) for i, g in found)

    def _keep_mask(self, paragraph, held) -> tuple:
        lay, drop = self.layout, 0
        columns = [(i, part, name) for i, (part, name) in enumerate(lay.names, HEAD)]
        for i in self.lens.shut(paragraph, held, columns):
            drop |= lay.mask(i)
        return len(lay.names), ~drop

    def _compiled(self, change, start) -> tuple:
        """A change made from paragraph `start` as bits: (layout size, the AND that
        keeps what it leaves, the OR that sets what it writes, passive stats to
        reset when they hold something, its head).  What it writes includes the
        lens's work (lens.py `dying`): what dies on the way cleared, a slot it
        changes cleared or reset when it is dead where the change leads."""
        lay = self.layout
        head, changes, _entered = change   # (the lens checked them when the change was made)
        drop, put = lay.head_mask, 0
        for i, v in zip(range(1, HEAD), head):
            put |= lay.code(i, v)
        dead = dead_passive = frozenset()
        passive: tuple = ()
        changing, fixes = (), {}
        if self.lens is not None:
            clear, passive, dead, dead_passive, changing, fixes = self.lens.dying(start, head[0], lay)
            for i in clear:
                drop |= lay.mask(i)
        changed = set()
        for i, v in changes:
            changed.add(i)
            if i in dead:
                v = MISSING
            elif i in dead_passive and v is not MISSING and v:
                v = 0   # a passive stat: 0, as `Lens.strip` (absent stays absent)
            elif i in fixes and v is not MISSING:
                v = fixes[i](v)   # counters or notes: the dead ones left out; a stat: capped
            drop |= lay.mask(i)
            put |= lay.code(i, v)
        dying = tuple((i, lay.offset[i], (1 << lay.width[i]) - 1, lay.code(i, 0))
                      for i in passive if i not in changed)
        fixing = tuple((i, lay.offset[i], (1 << lay.width[i]) - 1, fix) for i, fix in changing if i not in changed)
        return len(lay.names), ~drop, put, dying, head, fixing

    def _visits_of(self, key) -> set:
        names, n = self.layout.names, len(key)
        return {names[i - HEAD][1] for i in self.layout.of_part["visits"] if i < n and key[i] is not MISSING}

    def _add(self, code: int, paragraph, ended, cause, parent, move, faces, packed=None) -> int:
        sp = self.space
        final = None
        if ended and self._final(code, ended, packed):
            key, final = (FINAL, paragraph, ended, cause), ended
        else:
            key = code
        found = sp.index.get(key)
        if found is not None:
            return found
        n = len(sp.paragraph)
        if n >= self.max_states:
            sp.bound = sp.bound or "max-states"
            return FRONTIER
        sp.states.append(code)
        sp.index[key] = n
        sp.reached.add(paragraph)
        sp.paragraph.append(paragraph)
        sp.ended.append(ended)
        sp.final.append(final)
        sp.done.append(final is not None)   # nothing to expand at a final ending
        sp.actions.append(())
        faces = tuple(flat(faces))
        text = move.text() if move else None
        shared = self._shared   # (the same texts and faces for millions of states)
        sp.parent.append((parent, shared.setdefault(text, text), shared.setdefault(faces, faces)))
        self.focus.added(final)
        self.todo.append(n)
        return n

    def _final(self, code: int, ended, packed) -> bool:
        """The ended game offers no rescue (nothing can follow)."""
        if ended != "death":
            return True
        found = self._finals.get(code)
        if found is None:
            flat = packed if packed is not None else self.layout.decode(code)
            self.game.state = rebuild(self.book, self.module, flat)
            found = self._finals[code] = not self.module.on_death(self.game, flat[3] or "").rescues
        return found

    def _error(self, s, move, faces, exc) -> None:
        self._fit = False   # an error is reported for the state it happened in: not cached
        self.space.errors.append({
            "state": s, "move": move.text() if move else None, "faces": flat(faces),
            "type": type(exc).__name__, "message": str(exc), "traceback": traceback.format_exc(),
            "paragraph": self.space.paragraph[s] if s is not None else self.book.start})


def explore(book, module, **options) -> Space:
    """Explore `book`'s games under `module` (Explorer's options) and return the space."""
    return Explorer(book, module, **options).run()
