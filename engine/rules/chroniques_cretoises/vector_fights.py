"""Chroniques Crétoises fights over arrays (the compiled explorer's `fight` hook, vector.py).

At a fight's decision point where explore.py `fight_ends` answers (the module's one
fight model, read once for each distinct fighter: his stats, items and extras), each
state's strategies are moves whose ends are written over arrays as explore.py
`_finisher` and the explorer's `Outcome.apply` play them: the Honour left (clamped
as play's `change(value=...)`), the hero's condition, then

* a victory (or "all badly wounded" where the book sends him on): the reward
  (endings._reward), Indemne again (endings.leave_fight), the outcome's paragraph
  through the compiler's steps, then the after-change rule (death by Shame);
* `hurt`, `timeout`: Indemne, their paragraph (endings.leave_fight);
* a stop (an answer opens, an opponent surrenders): the fight waits in its new
  pending (only the sheet refreshed: Shame is weighed at the end of a fight);
* a defeat: Mort, dead in the fight.

The retreat is a move of its own (endings.retreat): 1 Honour, one die, 1 Shame and
its paragraph when it succeeds, the fight on without it when it fails.  A state
where another kept answer is open (surrender, invocation, magic object), or where
the model does not answer (a stalemate), or an end this file does not write,
takes the engine path.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from engine.analysis.compiled.packed import EXTRA, PENDING
from engine.analysis.explore.compact import freeze
from engine.analysis.explore.nodes import MACRO
from engine.rules.chroniques_cretoises import explore
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises.sheet import condition_set

MISSING = -(1 << 40)   # (engine/analysis/compiled/packed.py: a stat the state does not hold)
LEAVE = ("win", "all-badly-wounded", "hurt", "timeout")
# the leaving ends: (the outcome's effects in the fight's fields, its paragraph's field)
WHERE = {"win": ("win_effects", "win"), "all-badly-wounded": ("all_down_effects", "all_down"),
         "hurt": ("hurt_effects", "hurt"), "timeout": ("timeout_effects", "timeout")}
STOP, LOSE = "stop", "lose"


def fight(rules, book, number: int, pending: dict, steps, cache):
    """The moves of the states at this fight's decision point, or None (the engine
    path) for a surrender offered, a reward that is a formula, or an outcome with
    effects (play weighs no Shame while they apply, the compiler would)."""
    if pending.get("activity") != "combat" or pending.get("offer") is not None:
        return None
    spec = book.paragraphs[number].fields.get("combat")
    if not isinstance(spec, dict) or type(spec.get("reward", 0)) is not int:
        return None
    effects = book.paragraphs[number].outcome_effects
    follow = {}
    for kind, (where, field) in WHERE.items():
        target = spec.get(field)
        if type(target) is int:
            if effects.get(("combat", where)):
                return None
            follow[kind] = steps.outcome(("combat", where), target)
    retreat = spec.get("retreat")
    fled = None
    if retreat is not None:
        to, low, high = (retreat, 1, 4) if isinstance(retreat, int) else (retreat.get("to"), *retreat.get("range", [1, 4]))
        if effects.get(("combat", "retreat", "effects")) or type(to) is not int:
            return None
        fled = (steps.outcome(("combat", "retreat", "effects"), to),
                sum(1 for face in range(1, 7) if R.retreat_succeeds(face, low, high)))
    return Fought(rules, book, number, pending, steps, cache, follow, fled, spec)


class Fought:
    """The moves of one fight's decision point over a batch (`rejects` first: the
    states left to the engine path; the model read there is kept for the moves)."""

    def __init__(self, rules, book, number, pending, steps, cache, follow, fled, spec):
        self.rules, self.book, self.number, self.pending = rules, book, number, pending
        self.steps, self.cache, self.follow, self.fled, self.spec = steps, cache, follow, fled, spec
        self.read = None   # (the batch's rows, each state's fighter, the fighters' answers)

    def _fighters(self, batch):
        """(each state's fighter number, [(strategies or None, retreat open)] a fighter):
        a fighter is what the model reads of a state (its stats, items and extras)."""
        if self.read is not None and self.read[0] is batch.rows:
            return self.read[1:]
        slots = batch.slots
        cols = [i for (part, _key), i in slots.column.items() if part in ("stats", "items") and i < batch.rows.shape[1]]
        keys = batch.rows[:, sorted(cols) + [EXTRA]]
        _u, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
        module = self.steps.compiler.module
        found = []
        for r in first.tolist():
            state = slots.unpack(batch.rows[r], self.book, module)
            state.pending = self.pending
            play = SimpleNamespace(book=self.book, state=state)
            ends = explore.fight_ends(play, self.pending, self.cache)
            opened = explore.open_answers(play, self.pending) if ends is not None else frozenset()
            if ends is not None and (opened - {"retreat"} or not _written(ends[0], self.follow)):
                ends = None
            found.append((ends[0] if ends is not None else None, "retreat" in opened))
        self.read = (batch.rows, inverse.reshape(-1), found)
        return self.read[1:]

    def rejects(self, batch) -> np.ndarray:
        of, found = self._fighters(batch)
        return np.array([found[f][0] is None for f in of.tolist()], dtype=bool)

    def __call__(self, batch) -> list:
        from engine.analysis.compiled.fights import Spread
        of, found = self._fighters(batch)
        moves = []
        if self.fled is not None:
            offered = np.array([found[f][0] is not None and found[f][1] for f in of.tolist()], dtype=bool)
            if offered.any():
                moves.append(("retreat", offered, self._retreat(batch)))
        # each fighter's distinct ends, and each strategy's (end, probability) of them
        table, probs = [], {}
        labels: list = []
        per = []   # a fighter: ([end], {label: [(end number, table index)]})
        for strategies, _open in found:
            if strategies is None:
                per.append(([], {}))
                continue
            ends, index, by = [], {}, {}
            for label, outcomes in strategies:
                if label not in labels:
                    labels.append(label)
                for end, p in outcomes:
                    if not p:
                        continue
                    row = _end_row(end, self.pending, batch.slots)
                    j = index.setdefault(row, len(ends))
                    if j == len(ends):
                        ends.append(row)
                    k = probs.setdefault(p, len(table))
                    if k == len(table):
                        table.append(p)
                    by.setdefault(label, []).append((j, k))
            per.append((ends, by))
        # one successor row for each state and each distinct end of its fighter
        n = len(batch)
        counts = np.array([len(per[f][0]) for f in of.tolist()], dtype=np.int64)
        origin = np.repeat(np.arange(n), counts)
        base = np.cumsum(counts) - counts   # each state's first row
        made = [per[f][0] for f in of.tolist()]
        values = np.array([e for ends in made for e in ends], dtype=object).reshape(-1, 4) \
            if len(origin) else np.zeros((0, 4), dtype=object)
        nxt = self._finished(batch, origin, values)
        for label in labels:
            src, row, pr = [], [], []
            for s, f in enumerate(of.tolist()):
                for j, k in per[f][1].get(label, ()):
                    src.append(s)
                    row.append(base[s] + j)
                    pr.append(k)
            if not src:
                continue
            offered = np.zeros(n, dtype=bool)
            offered[src] = True
            moves.append((MACRO + label, offered, [Spread(np.array(src, dtype=np.int64), np.array(pr, dtype=np.int64),
                                                         table, nxt, np.array(row, dtype=np.int64), origin)]))
        return moves

    def _finished(self, batch, origin, values):
        """The successor rows: state `origin[i]` after end `values[i]` (kind, Honour,
        condition, pending number after a stop), written kind by kind in place."""
        from engine.analysis.compiled.batch import Batch
        rows = batch.rows[origin].copy()
        out = Batch(rows, batch.slots)
        kinds = values[:, 0] if len(values) else np.zeros(0, dtype=object)
        for kind in (LOSE, STOP) + LEAVE:
            sel = np.flatnonzero(kinds == kind)
            if not len(sel):
                continue
            part = Batch(rows[sel].copy(), batch.slots)
            self._finish(part, kind, values[sel, 1].astype(np.int64), values[sel, 2].astype(np.int64),
                         values[sel, 3].astype(np.int64))
            if part.rows.shape[1] > out.rows.shape[1]:
                out = Batch(_widened(out.rows, part.rows.shape[1], batch.slots), batch.slots)
            out.rows[sel] = _widened(part.rows, out.rows.shape[1], batch.slots)
        return out

    def _finish(self, batch, kind, honour, condition, pend) -> None:
        """explore.py `_finisher` then the after-change of `Outcome.apply`."""
        every = np.ones(len(batch), dtype=bool)
        if kind == LOSE:   # sheet.set_hero_condition(Mort), play.die("combat")
            batch.change_extra(every, _condition(N.MORT))
            batch.end(every, 1, "combat")
            return
        _spent(self.rules, batch, honour)   # play.change("honneur", value=h)
        for c in np.unique(condition).tolist():
            batch.change_extra(condition == c, _condition(c))
        if kind == STOP:
            batch.rows[:, PENDING] = pend
            self.rules._refresh(batch, batch.ended == 0)   # (no Shame weighed in a fight)
            return
        reward = self.spec.get("reward", 0)
        if reward and (kind == "win" or kind == "all-badly-wounded" and R.all_down_wins(self.spec)):
            self.steps.add("honneur", reward)(batch)   # endings._reward
        batch.change_extra(every, _condition(N.INDEMNE))   # endings.leave_fight
        for step in self.steps.guarded(self.follow[kind]):
            step(batch)
        if (batch.ended == 0).any():
            self.rules.after_change(batch)

    def _retreat(self, batch) -> list:
        """endings.retreat: −1 Honour, one die; in range: 1 Shame, Indemne, its
        paragraph; otherwise the retreat failed, the opponent strikes."""
        from engine.analysis.compiled.batch import Batch
        steps, n = self.steps, len(batch)
        leave, wins = self.fled
        won = Batch(batch.rows.copy(), batch.slots)
        steps.add("honneur", -1)(won)
        lost = Batch(won.rows.copy(), batch.slots)
        steps.add("honte", 1)(won)
        won.change_extra(np.ones(n, dtype=bool), _condition(N.INDEMNE))
        for step in steps.guarded(leave):
            step(won)
        if (won.ended == 0).any():
            self.rules.after_change(won)
        failed = {**self.pending, "acted": True, "retreat_failed": True, "turn": "enemy"}
        lost.rows[:, PENDING] = batch.slots.pendings(freeze(failed))
        self.rules._refresh(lost, lost.ended == 0)
        return [(np.full(n, wins, dtype=np.int64), 6, won), (np.full(n, 6 - wins, dtype=np.int64), 6, lost)]


def _written(strategies, follow: dict) -> bool:
    """Whether every end of these strategies is one this file writes (a leaving end:
    one whose paragraph the fight names)."""
    return all(_kind(end) in (LOSE, STOP) or _kind(end) in follow
               for _label, outcomes in strategies for end, p in outcomes if p)


def _kind(end):
    if end.outcome == LOSE:
        return LOSE
    if end.outcome == STOP:
        return STOP
    kind = end.detail[0] if end.detail else None
    return kind if kind in LEAVE else None


def _end_row(end, pending: dict, slots) -> tuple:
    """(kind, Honour, condition, pending number after a stop) of an end."""
    kind = _kind(end)
    if kind == LOSE:
        return (LOSE, 0, 0, 0)
    detail = end.detail if kind == STOP else end.detail[1:]
    turn, hc, cur, enemies, h, down, failed, refused, strikes, wounds, offer = detail
    pend = 0
    if kind == STOP:
        p = {**pending, "enemies": [{**e, "condition": c, "state": R.NAMES[s]}
                                     for e, (c, s) in zip(pending["enemies"], enemies)]}
        p.update(current=cur, turn="hero" if turn == "H" else "enemy", acted=True, all_down=down,
                 offer=offer, retreat_failed=failed, surrender_refused=refused, strikes=strikes, wounds=wounds)
        pend = slots.pendings(freeze(p))
    return (kind, h, hc, pend)


def _spent(rules, batch, honour: np.ndarray) -> None:
    """game/core.py `change("honneur", value=h)` told to nobody: clamped, written
    unless it is 0 where the stat is absent."""
    old = batch.col("stats", "honneur")
    new = rules.clamp(batch, "honneur", honour)
    now = np.where(old == MISSING, 0, old)
    batch.put("stats", "honneur", new, where=(new != 0) | (new != now))


def _condition(value: int):
    return lambda extra: (condition_set(extra, value), extra)[1]


def _widened(rows: np.ndarray, width: int, slots) -> np.ndarray:
    if rows.shape[1] >= width:
        return rows
    pad = np.array([slots.default(j) for j in range(rows.shape[1], width)], dtype=np.int64)
    return np.hstack([rows, np.broadcast_to(pad, (len(rows), len(pad)))])
