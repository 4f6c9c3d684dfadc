"""The book compiled once: for each paragraph, a program over batches of packed states
(programs.py), made from the same expression AST and effect records the game reads.

`Compiler.compile` gives each paragraph's program: its choices' conditions
(expressions.py `vexpr`), effects (effect_steps.py) and moves to their targets (the
visit, the target's effects, the module's after-change rule, its `auto:` ways out,
its ending, an activity or a `random:` roll to come: entering.py; a computed target,
each state's own: choices.py), a typed number's moves (puzzle.py); `pending` the
program of the states waiting for an activity (a test, a roll, a take or a give-up,
a module's answer, a fight), `rescued` that of the dead the module may rescue.  It
is what `Game` does (game/answers.py `_choose`, game/core.py `goto`/`_settle`/
`apply`), written over arrays; the differential test (tests/compiled) holds the two
equal.

A paragraph whose flow holds something the compiler does not know gets no program
(`compile` gives the reason instead): its states go to the engine path
(engine_path.py), and the report lists it.  A program may also hand some of its
states to the engine (the module's `rejects`, a stat a condition reads missing).
"""
from __future__ import annotations

import numpy as np

from engine.book.compiler import book_aliases
from engine.book.model import CONTINUE, DEATH, VICTORY
from engine.rules.base import RuleModule
from engine.game.reasons import once_key
from engine.analysis.compiled import giving, puzzle
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.choices import Target, and_target, not_taken, paying_outcomes, plain, to_target
from engine.analysis.compiled.effect_steps import EffectSteps
from engine.analysis.compiled.entering import Entering
from engine.analysis.compiled.expressions import Unsupported, vexpr
from engine.analysis.compiled.fights import Activity, Steps, cleared
from engine.analysis.compiled.programs import Answered, Program, Rescued, Rolled, commands_of
from engine.analysis.compiled.rolls import Roll
from engine.analysis.compiled.steps import guarded

__all__ = ["Compiler", "Unsupported", "vexpr"]


class Compiler(Entering, EffectSteps):
    """Programs of a book's paragraphs under a module (and its vector rules)."""

    def __init__(self, book, module, with_commands: bool = True, cache: dict | None = None, fights: bool = True):
        self.book, self.module = book, module
        self.cache = {} if cache is None else cache   # the module's fight chains (shared with the engine path)
        self.fights = fights   # fights played by the module's strategies (False: answer by answer, the engine)
        self.aliases = book_aliases(module)
        self.rules = getattr(module, "vector_rules", None)
        if hasattr(self.rules, "for_book"):   # (rules that read the book's own data)
            self.rules = self.rules.for_book(book)
        self.with_commands = with_commands
        self._entries: dict = {}
        counters = book.meta.get("counters") if isinstance(book.meta, dict) else None
        self.counters = frozenset(counters or ())
        self.names = (self.rules, frozenset(module.expr_variables()))

    def compile(self) -> tuple[dict, dict]:
        """({paragraph: Program}, {paragraph: why not})."""
        programs, why = {}, {}
        for n, p in self.book.paragraphs.items():
            try:
                programs[n] = self.paragraph(p)
            except Unsupported as exc:
                why[n] = exc.reason
        return programs, why

    def paragraph(self, p) -> Program:
        module = self.module
        if list(module.carry_limits(self.book)):
            raise Unsupported("carrying")
        commands = self.with_commands and bool(list(module.commands()))
        if self.rules is None:   # (its after-change rule, at least, is not known here)
            raise Unsupported("no-vector-rules", module.id)
        if type(module).entered is not RuleModule.entered:
            raise Unsupported("on-enter", module.id)
        choices = []
        for i, c in enumerate(p.choices):
            paying = None
            if c.extra:   # (a module's part of the choice: its vector rules' `choice_extra`)
                hook = getattr(self.rules, "choice_extra", None)
                paying = hook(self.book, c.extra) if hook is not None else None
                if paying is None or c.target is None:
                    raise Unsupported("computed-target")
            cond = None if c.condition is None else self.condition(c.condition)
            steps = []
            if c.once:   # format 1.1: offered until taken, remembered with the flags
                taken = once_key(p.number, i)
                cond = not_taken(taken, cond)
                steps.append(lambda b, f=taken: b.put("flags", f, 1))
            if any(e.kind in giving.WAITING for e in c.effects):   # (the move may wait for the picks)
                choices.append((str(i + 1), cond, giving.choice(self, c, steps)))
                continue
            steps += [self._effect(e) for e in c.effects]
            if c.stay:   # format 1.2, an action (answers.py `_act`): its effects, the same choices again
                choices.append((str(i + 1), cond, plain(guarded(steps + [self._after_change]))))
                continue
            if c.effects:
                steps.append(self._after_change)
            if c.target is None:   # a target computed from the state before the choice
                target = self._computed(c.target_expr)
                choices.append((str(i + 1), and_target(cond, target), to_target(guarded(steps), target)))
                continue
            entered = self._enter(c.target) + [self._after_change]
            if paying is None:
                choices.append((str(i + 1), cond, plain(guarded(steps + entered))))
            else:
                choices.append((str(i + 1), cond, paying_outcomes(guarded(steps), paying, guarded(entered),
                                                          self._after_change)))
        choices += puzzle.moves(self, p)
        return Program(self.book, p.number, choices, self.rules, commands, self.entry)

    def _computed(self, expr) -> "Target":
        """A computed target (`to: "here + 20"`, `to: note(name)`): its value over a batch
        (answers.py `choice_target`) and each paragraph's entry as a choice's target."""
        kind, fn = vexpr(expr.root, self.aliases, self.counters, self.names)
        if kind != "int":
            raise Unsupported("computed-target")
        return Target(fn, self.entered, self.book.paragraphs)

    def condition(self, expr):
        """fn(batch) -> (holds, missing) of a condition; Unsupported when not a truth value."""
        kind, fn = vexpr(expr.root, self.aliases, self.counters, self.names)
        if kind != "bool":
            raise Unsupported("condition")
        return fn

    def number(self, root):
        """fn(batch) -> (values, missing) of a number's expression node (an int: itself)."""
        if isinstance(root, int):
            return lambda b: (np.full(len(b), root, dtype=np.int64), np.zeros(len(b), bool))
        kind, fn = vexpr(root, self.aliases, self.counters, self.names)
        if kind != "int":
            raise Unsupported("effect-amount")
        return fn

    def effects(self, effects) -> list:
        """outcomes.py `apply_all`: the effects' steps, then the after-change rule."""
        return [self._effect(e) for e in effects] + ([self._after_change] if effects else [])

    def enter(self, number: int) -> list:
        """The steps of `goto(number)` (`_enter`)."""
        return self._enter(number)

    def entered(self, number: int) -> list:
        """The guarded steps of entering `number` as a choice's target (`goto`, then the
        after-change rule); Unsupported as `_enter` says (kept as its reason)."""
        key = ("choice", number)
        if key not in self._entries:
            try:
                self._entries[key] = guarded(self._enter(number) + [self._after_change])
            except Unsupported as exc:
                self._entries[key] = exc.reason
        found = self._entries[key]
        if not isinstance(found, list):
            raise Unsupported.again(found)
        return found

    def entry(self, number: int) -> list:
        """The steps of entering `number` as a command does (game/core.py `goto`: the
        after-change rule after it is the command's); Unsupported as `_enter` says."""
        if number not in self._entries:
            try:
                self._entries[number] = guarded(self._enter(number))
            except Unsupported as exc:   # (its reason kept, not the exception: its frames hold whole batches)
                self._entries[number] = exc.reason
        found = self._entries[number]
        if not isinstance(found, list):
            raise Unsupported.again(found)
        return found

    def rescued(self, number: int) -> Rescued:
        """The program of the states dead at `number`: the module's rescues (its vector
        rules' `rescues(book, number)`: [(answer, offered(batch), rescue(batch), the
        paragraph entered)]); Unsupported without them, or for a paragraph the
        compiler does not enter (the engine path)."""
        hook = getattr(self.rules, "rescues", None)
        found = hook(self.book, number) if hook is not None else None
        if found is None:
            raise Unsupported("rescue", self.module.id)
        return Rescued(self.book, number, [(key, offered, rescue, self.entry(target))
                                           for key, offered, rescue, target in found], self.rules)

    def pending(self, number: int, pending: dict) -> Rolled:
        """The program of the states at `number` whose activity `pending` waits: one
        the module's vector rules answer (`answers(book, number, pending)`: Chroniques
        Crétoises, Zeus's menu), or a Défis Fantastiques test (rolls.py `answer`) when
        they roll it; anything else is Unsupported (the engine path)."""
        activity = pending.get("activity")
        if list(self.module.carry_limits(self.book)):
            raise Unsupported("carrying")
        if self.rules is None:   # (its after-change rule, at least, is not known here)
            raise Unsupported("no-vector-rules", self.module.id)
        if activity == "random" and len(pending) == 1:   # (game/answers.py `_roll_random`: rolls.py)
            roll = Roll(self, self.book.paragraphs[number])
            return Rolled(self.book, number, roll, self.rules, self.with_commands and bool(list(self.module.commands())),
                          self.entry, roll.handed)
        waits = {giving.ACTIVITY: giving.GivingUp, giving.TAKE: giving.Taking, giving.SELL: giving.Selling}
        if activity in waits:   # (a give-up, a take, a sale: giving.py)
            return waits[activity](self, number, pending, lambda b: commands_of(
                self.rules, self.with_commands and bool(list(self.module.commands())), b, self.entry))
        hook = getattr(self.rules, "answers", None)
        answers = hook(self.book, number, pending) if hook is not None else None
        if answers is not None:   # (an activity its vector rules answer: Answered)
            return Answered(self.book, number, answers, self.rules,
                            self.with_commands and bool(list(self.module.commands())), self.entry)
        if activity != "test" and self.fights and hasattr(self.rules, "fight"):   # fights.py: a distribution per state
            moves = self.rules.fight(self.book, number, pending, Steps(self, number, guarded), self.cache)
            if moves is not None:
                return Activity(self.book, number, moves, self.rules)
        if activity != "test" or not hasattr(self.rules, "test"):
            raise Unsupported("activity", activity)
        p = self.book.paragraphs[number]
        spec = p.fields.get("test") if p.fields else None
        if not isinstance(spec, dict) or not isinstance(spec.get("modifier", 0), int):
            raise Unsupported("test-form")
        kind, modifier = pending["type"], int(spec.get("modifier", 0))
        sides = [self._test_side(p, spec, side) for side in ("success", "failure")]
        rules, book = self.rules, self.book

        def roll(b):
            thrown = Batch(b.rows.copy(), b.slots)
            wins = rules.test(thrown, book, kind, modifier)
            out = []
            for count, steps in zip((wins, 36 - wins), sides):
                nxt = Batch(thrown.rows.copy(), thrown.slots)
                for step in steps:
                    step(nxt)
                out.append((count, 36, nxt))
            return out
        return Rolled(self.book, number, roll, self.rules, self.with_commands and bool(list(self.module.commands())),
                      self.entry)

    def _test_side(self, p, spec: dict, side: str) -> list:
        """rolls.py `answer` after the roll: the outcome's effects (game/outcomes.py
        `apply_all`), then its paragraph, or the choices here when it names none; the
        after-change rule of `answer_enabled`."""
        return guarded(self.outcome_steps(p, ("test", side + "_effects"), spec.get(side), True))

    def outcome_steps(self, p, where: tuple, target, stay: bool) -> list:
        """game/outcomes.py `outcome(where)` (its effects, then the after-change rule),
        then `goto(target)`, or, with no target and `stay`, the activity over and the
        paragraph's choices next; format 1.2's `{end: death|victory}` and `continue`
        (`outcome_end`: the game over, or the activity over where no later activity
        or roll follows); the after-change rule of the answer."""
        effects = p.outcome_effects.get(where) or ()
        steps = [self._effect(e) for e in effects] + ([self._after_change] if effects else [])
        acts = tuple(self.module.activity_fields)
        later = acts[acts.index(where[0]) + 1:] if where[0] in acts else ()
        if (target is None and stay) or (target == CONTINUE and p.random is None
                                          and not any(a in (p.fields or ()) for a in later)):
            steps.append(cleared)
        elif target in (DEATH, VICTORY):
            steps.append(lambda b: b.end(np.ones(len(b), bool), 1, "paragraph") if target == DEATH
                         else b.end(np.ones(len(b), bool), 2, None))
        elif type(target) is int and target in self.book.paragraphs:
            steps += self._enter(target)
        else:
            raise Unsupported("outcome", where[0])
        steps.append(self._after_change)
        return steps

    def _after_change(self, b) -> None:
        if self.rules is not None:
            self.rules.after_change(b)
