"""Entering a paragraph over batches (game/core.py `goto` then `_settle`), a mixin of
the compiler: the visit, the effects (not again where `once:` names them), the
after-change rule, the first `auto:` way out whose condition holds (a state that
does not hold a stat a condition reads is handed to the engine, as play fails
there), else the paragraph's ending, the first activity it begins, or a `random:`
roll to come."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled import giving
from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.packed import PARAGRAPH, PENDING
from engine.analysis.compiled.steps import branches, first_holding, guarded, hand_over, wait
from engine.analysis.explore.compact import freeze

MAX_AUTO = 16   # `auto:` jumps followed in one move (game/outcomes.py stops a chain far later)


class Entering:
    """The compiler's steps of entering a paragraph (reads `book`, `module`, `rules`,
    and the compiler's `_effect`, `condition` and `_after_change`)."""

    # `unread_visit(number)`: whether no step of the book reads that paragraph's visit
    # (the explorer's lens, forget.py): set, the visit is not written, since the lens
    # would clear it in every row kept anyway, and a column that is never made keeps
    # every row narrower (le-taureau-d-airain: 41 of its 63 columns); None: written
    unread_visit = None

    def _enter(self, number, entering: tuple = ()) -> list:
        """game/core.py `goto` then `_settle`, for a target the compiler knows: the
        visit; the effects (not again where `once:` names them); the after-change
        rule; the first `auto:` way out whose condition holds (outcomes.py `_auto`);
        else its ending, the first activity it begins (not again where `once:` names
        it), or a `random:` roll to come.  `entering`: the paragraphs an `auto:` chain
        is entering (one met again is a loop: Unsupported)."""
        q = self.book.paragraphs.get(number)
        if q is None:
            raise Unsupported("missing-target")
        if number in entering or len(entering) > MAX_AUTO:
            raise Unsupported("target-fields", number)
        entering = entering + (number,)

        def goto(b):
            b.rows[:, PARAGRAPH] = number
            b.rows[:, PENDING] = 0
            if q.once or self.unread_visit is None or not self.unread_visit(number):   # (`once` reads it)
                b.put("visits", number, 1)
        giving_up = any(e.kind in giving.WAITING for e in q.effects)   # (they may wait for the picks: giving.py)
        effects = [] if giving_up else [self._effect(e) for e in q.effects]
        first = giving.settled(self, q, False, entering) if giving_up else self._settled(q, effects, (), entering)
        if not q.once:
            return [goto] + first
        again = giving.settled(self, q, True, entering) if giving_up and "effects" not in q.once else \
            self._settled(q, [] if "effects" in q.once else effects, q.once, entering)

        def once(b):   # `once:` parts do not happen again: a visit before this one
            seen = b.col("visits", number) > 0
            goto(b)
            branches(b, [(~seen, first), (seen, again)])
        return [once]

    def _settled(self, q, effects: list, skip, entering: tuple) -> list:
        """`_settle` after the visit: the effects, the after-change rule, then the
        `auto:` ways out, or what the paragraph does when none is taken (`_rest`)."""
        steps = effects + [self._after_change]
        rest = self._rest(q, skip)
        if not q.auto:
            return steps + rest
        ways = []
        for jump in q.auto:
            cond = None if jump.condition is None else self.condition(jump.condition)
            ways.append((cond, guarded(self._jump(jump, entering))))
        rest = guarded(rest)

        def auto(b):   # outcomes.py `_auto`: the first way out whose condition holds
            taken, failing = first_holding(b, [cond for cond, _out in ways])
            hand_over(b, failing)   # (a stat read that the state does not hold: play fails there)
            branches(b, [(mask, out) for mask, (_c, out) in zip(taken, ways)] + [(taken[-1], rest)])
        return steps + [auto]

    def _jump(self, jump, entering: tuple) -> list:
        """outcomes.py `_auto` once a way is taken: its effects (`apply_all`: the
        after-change rule after them), then its ending or its paragraph entered."""
        out = [self._effect(e) for e in jump.effects] + ([self._after_change] if jump.effects else [])
        if jump.end == "death":
            out.append(lambda b: b.end(np.ones(len(b), bool), 1, "paragraph"))
        elif jump.end == "victory":
            out.append(lambda b: b.end(np.ones(len(b), bool), 2, None))
        elif jump.target is not None:
            out += self._enter(jump.target, entering)
        return out

    def _rest(self, q, skip) -> list:
        """The end of `_settle`: the paragraph's ending, else the first of its activities
        not skipped (`_begin`), else a `random:` roll to come."""
        number = q.number
        begun = [name for name in self.module.activity_fields if name in q.fields and name not in skip]
        pending = self.rules.begun(begun[0], q.fields[begun[0]]) if begun else None
        per_state = None   # the pending made from each state (the module's `begun_rows`)
        if begun and pending is None and hasattr(self.rules, "begun_rows"):
            per_state = self.rules.begun_rows(self.book, number, begun[0], q.fields[begun[0]], condition=self.condition)
        if begun and pending is None and per_state is None:
            raise Unsupported("target-activity", number)
        steps = []
        if q.end == "death":
            steps.append(lambda b: b.end(np.ones(len(b), bool), 1, "paragraph"))
        elif q.end == "victory":
            steps.append(lambda b: b.end(np.ones(len(b), bool), 2, None))
        elif per_state is not None:
            interned: dict = {}   # id(pending) -> (it, its number in the slots `interned[None]`)

            def begin_each(b, name=begun[0]):
                made = per_state(b)   # (each state's pending, as numbers of distinct dicts; those handed over)
                if len(made) > 2:
                    hand_over(b, made[2])
                live = b.ended == 0
                if interned.get(None) is not b.slots:
                    interned.clear()
                    interned[None] = b.slots
                ids = np.array([_interned(interned, b.slots, name, d) for d in made[1]], dtype=np.int64)
                b.rows[:, PENDING] = np.where(live, ids[made[0]] if len(ids) else 0, b.rows[:, PENDING])
            steps.append(begin_each)
        elif pending is not None:   # game/core.py `_begin`: the activity waits for its answer
            waits = freeze({"activity": begun[0], **pending})
            steps.append(lambda b: wait(b, waits))
        elif q.random is not None:
            roll = freeze({"activity": "random"})
            steps.append(lambda b: wait(b, roll))
        return steps


def _interned(interned: dict, slots, name: str, pending: dict) -> int:
    """The number of the activity `name` waiting with `pending` (a fight's pending, made
    once a hero and handed again: begun.py), frozen and interned once (the dict kept
    with its number, so that its identity is not reused meanwhile)."""
    held = interned.get(id(pending))
    if held is None or held[0] is not pending:
        held = interned[id(pending)] = (pending, slots.pendings(freeze({"activity": name, **pending})))
    return held[1]
