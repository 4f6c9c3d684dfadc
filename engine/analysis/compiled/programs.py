"""The book compiled once: for each paragraph, a program over batches of packed states.

A program expands the states waiting at a paragraph's choices (no activity
pending, the game not over), all at once: each choice's condition from the
expression AST (`vexpr`), its effects, the move to its target (the visit, the
target's effects, the module's after-change rule, its ending, a `random:` roll to
come; a computed target, each state's own), a typed number's moves (puzzle.py), an
action's effects; the module's commands from its vector rules.  The states waiting
for a `random:` roll are expanded by rolls.py.  It is what `Game` does
(game/answers.py `_choose`, game/core.py `goto`/`_settle`/`apply`), written over
arrays; the differential test (tests/compiled) holds the two equal.

A paragraph whose flow holds something the compiler does not know gets no program
(`compile_book` gives the reason instead): its states go to the engine path
(engine_path.py), and the report lists it.  A program may also hand some of its
states to the engine (the module's `rejects`, a stat a condition reads missing).
"""
from __future__ import annotations

import numpy as np

from engine.book.compiler import book_aliases
from engine.book.model import CONTINUE, DEATH, VICTORY
from engine.book.counters import COUNTERS, NOTES, clamp as counter_clamp
from engine.rules.base import RuleModule
from engine.game.reasons import once_key
from engine.analysis.compiled import giving, puzzle, stores
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.expressions import Unsupported, vexpr
from engine.analysis.compiled.fights import Activity, Steps, cleared
from engine.analysis.compiled.packed import MISSING, PARAGRAPH, PENDING
from engine.analysis.compiled.rolls import Roll
from engine.analysis.compiled.steps import branches, by_extra, first_holding, guarded, hand_over, padded, wait
from engine.analysis.explore.compact import freeze

__all__ = ["Compiler", "Unsupported", "vexpr"]

MAX_AUTO = 16   # `auto:` jumps followed in one move (game/outcomes.py stops a chain far later)


class Program:
    """The moves of a paragraph's choices and the module's commands over a batch."""

    def __init__(self, book, paragraph, choices, rules, commands: bool, enter=None):
        self.book, self.paragraph, self.choices, self.rules, self.commands = book, paragraph, choices, rules, commands
        self.enter = enter

    def run(self, batch: Batch):
        """(moves [(text, offered mask, [(None, 1, successors batch aligned with the
        states)])], the states left to the engine)."""
        n = len(batch)
        engine = self.rules.rejects(batch, self.book)
        moves = []
        for key, cond, effects in self.choices:
            if cond is None:
                offered = np.ones(n, dtype=bool)
            else:
                offered, missing = cond(batch)
                engine |= missing
            moves.append((key, offered, effects))
        out = [(key, offered, outcomes(batch)) for key, offered, outcomes in moves]
        commanded, handed = _commands(self.rules, self.commands, batch, self.enter)
        return out + commanded, engine | handed


class Rolled:
    """The moves of the states whose activity is pending at a paragraph (a module's
    roll: each outcome with its count among `den` throws) and the module's commands."""

    def __init__(self, book, paragraph, roll, rules, commands: bool, enter=None, handed=None):
        self.book, self.paragraph, self.roll, self.rules, self.commands = book, paragraph, roll, rules, commands
        self.enter, self.handed = enter, handed

    def run(self, batch: Batch):
        """(moves [(text, offered mask, [(counts or None, den, successors batch)])],
        the states left to the engine: the module's `rejects`, and `handed(batch)`)."""
        n = len(batch)
        engine = self.rules.rejects(batch, self.book)
        if self.handed is not None:
            engine = engine | self.handed(batch)
        commanded, handed = _commands(self.rules, self.commands, batch, self.enter)
        return [("roll", np.ones(n, dtype=bool), self.roll(batch))] + commanded, engine | handed


class Answered:
    """The moves of the states waiting for the answer to a module's activity (its
    vector rules' `answers`: each answer, where offered, over the throws of its roll)
    and the module's commands."""

    def __init__(self, book, paragraph, answers, rules, commands: bool, enter=None):
        self.book, self.paragraph, self.answers, self.rules = book, paragraph, answers, rules
        self.commands, self.enter = commands, enter

    def run(self, batch: Batch):
        """(moves [(answer, offered mask, [(counts or None, den, successors)])], the
        states left to the engine): game/answers.py `answer_enabled`, the activity
        closed first where the answer closes it, then the module's answer, then its
        after-change rule."""
        n = len(batch)
        engine = self.rules.rejects(batch, self.book)
        moves = []
        for key, offered, (den, ways), closes in self.answers:
            outcomes = []
            for count, step in ways:
                nxt = Batch(batch.rows.copy(), batch.slots)
                if closes:
                    wait(nxt, None)
                step(nxt)
                self.rules.after_change(nxt)
                outcomes.append((None if den == count == 1 else np.full(n, count, dtype=np.int64), den, nxt))
            moves.append((key, offered(batch), outcomes))
        commanded, handed = _commands(self.rules, self.commands, batch, self.enter)
        return moves + commanded, engine | handed


class Rescued:
    """The moves of the states dead at a paragraph whom the module may still rescue
    (game/prompts.py `_death`: its `on_death` rescues; `_answer_ending`: its `rescue`):
    its vector rules' `rescues`, each answer where offered, then the paragraph it
    enters (no after-change rule of the answer's: play returns from the rescue)."""

    def __init__(self, book, paragraph, rescues, rules):
        self.book, self.paragraph, self.rescues, self.rules = book, paragraph, rescues, rules

    def run(self, batch: Batch):
        moves = []
        for key, offered, rescue, entered in self.rescues:
            nxt = Batch(batch.rows.copy(), batch.slots)
            rescue(nxt)
            for step in entered:
                step(nxt)
            moves.append((key, offered(batch), [(None, 1, nxt)]))
        return moves, np.zeros(len(batch), dtype=bool)


def _commands(rules, commands: bool, batch: Batch, enter=None) -> tuple[list, np.ndarray]:
    """(the module's commands as moves (a refused one is no move), the states handed
    to the engine: offered a command that enters a paragraph without a program's
    entry).  An apply gives the refused mask, or (refused mask, then): `then` a
    paragraph entered as a choice's target is (`enter(number)`: its steps, the
    after-change rule included), or a pending activity the states now wait for."""
    out, handed = [], np.zeros(len(batch), dtype=bool)
    if rules is not None and commands:
        for name, offered, apply in rules.commands(batch):
            nxt = Batch(batch.rows.copy(), batch.slots)
            refused, then = _then(apply(nxt))
            if type(then) is int:
                try:
                    steps = enter(then)
                except Unsupported:
                    handed |= offered & ~refused
                    continue
                for step in steps:
                    step(nxt)
            elif then is not None:
                wait(nxt, freeze(then))
            rules.after_change(nxt)
            out.append(("!" + name, offered & ~refused, [(None, 1, nxt)]))
    return out, handed


def _then(applied) -> tuple:
    """(refused mask, what follows) of a command's apply."""
    return applied if type(applied) is tuple else (applied, None)


class Compiler:
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
                cond = _not_taken(taken, cond)
                steps.append(lambda b, f=taken: b.put("flags", f, 1))
            if any(e.kind in giving.WAITING for e in c.effects):   # (the move may wait for the picks)
                choices.append((str(i + 1), cond, giving.choice(self, c, steps)))
                continue
            steps += [self._effect(e) for e in c.effects]
            if c.stay:   # format 1.2, an action (answers.py `_act`): its effects, the same choices again
                choices.append((str(i + 1), cond, _plain(guarded(steps + [self._after_change]))))
                continue
            if c.effects:
                steps.append(self._after_change)
            if c.target is None:   # a target computed from the state before the choice
                target = self._computed(c.target_expr)
                choices.append((str(i + 1), _and_target(cond, target), _to_target(guarded(steps), target)))
                continue
            entered = self._enter(c.target) + [self._after_change]
            if paying is None:
                choices.append((str(i + 1), cond, _plain(guarded(steps + entered))))
            else:
                choices.append((str(i + 1), cond, _paying(guarded(steps), paying, guarded(entered),
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
            return waits[activity](self, number, pending, lambda b: _commands(
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
            def begin_each(b, name=begun[0]):
                made = per_state(b)   # (each state's pending, as numbers of distinct dicts; those handed over)
                if len(made) > 2:
                    hand_over(b, made[2])
                live = b.ended == 0
                ids = np.array([b.slots.pendings(freeze({"activity": name, **d})) for d in made[1]], dtype=np.int64)
                b.rows[:, PENDING] = np.where(live, ids[made[0]] if len(ids) else 0, b.rows[:, PENDING])
            steps.append(begin_each)
        elif pending is not None:   # game/core.py `_begin`: the activity waits for its answer
            waits = freeze({"activity": begun[0], **pending})
            steps.append(lambda b: wait(b, waits))
        elif q.random is not None:
            roll = freeze({"activity": "random"})
            steps.append(lambda b: wait(b, roll))
        return steps

    def _after_change(self, b) -> None:
        if self.rules is not None:
            self.rules.after_change(b)

    def _effect(self, e):
        kind, value = e.kind, e.value
        if kind in ("flag", "unflag"):
            names, on = list(value), 1 if kind == "flag" else 0

            def flags(b):
                for f in names:
                    b.put("flags", f, on)
            return flags
        if kind in ("add", "set") and self.rules is not None:
            steps = []
            for stat, amount in value.items():
                steps.append(self._change(stat, self.number(getattr(amount, "root", amount)), kind == "add"))
            return lambda b: [s(b) for s in steps]
        if kind in ("gain", "lose") and self.rules is not None:
            return self._items(kind, value)
        if kind == "note":
            return _note(value)
        if kind in ("counter-add", "counter-set"):
            return self._counters(kind == "counter-add", value)
        if kind in ("store", "restore") and self.rules is not None:   # (format 1.2: stores.py)
            return stores.step(self, kind, value)
        step = self.rules.effect(self.book, kind, value) if self.rules is not None else None
        if step is None:
            raise Unsupported("effect", kind)
        return step

    def _items(self, kind: str, value):
        """game/core.py `gain`/`lose`: the count, then the module told (its vector rules'
        `items_changed` for items its rules never read, `plain_item`; `normalised(book)`
        for one they read, as its after-change rule takes the items up).  An item used
        where it lies (format 1.2, taking.py `use_here`): its effects once a copy gained,
        nothing lost.  One the rules read without `normalised` takes the engine path."""
        used = self.book.meta.get("used_here") if isinstance(self.book.meta, dict) else None
        used = used or {}
        read = [item for item in value if item not in used and not self.rules.plain_item(self.book, item)]
        normalise = self.rules.normalised(self.book) if read and hasattr(self.rules, "normalised") else None
        steps = []
        for item in value:
            count = value[item] if type(value) is dict else (1 if kind == "gain" else None)
            if (item in read and normalise is None) or not (count is None or type(count) is int and count >= 0):
                raise Unsupported("effect", kind)
            if item in used:
                steps += [self._effect(e) for e in used[item]] * (count if kind == "gain" else 0)
                continue
            spec = self.book.items.get(item)
            unique = spec is not None and spec.props.get("unique") is True
            steps.append(_gain(item, count, unique) if kind == "gain" else _lose(item, count))
        told = normalise or self.rules.items_changed

        def items(b):
            before = b.rows.copy()
            for step in steps:
                step(b)
            changed = (b.rows[:, :before.shape[1]] != before).any(axis=1) | (b.rows.shape[1] > before.shape[1])
            told(b, changed & (b.ended == 0))
        return items

    def _counters(self, add: bool, value: dict):
        """game/counters.py `apply`: each counter changed by (or set to) its amount,
        within its bounds; the counters' part of the extras made where it was not."""
        declared = self.book.meta.get(COUNTERS) or {}
        steps = []
        for name, amount in value.items():
            if name not in declared:
                raise Unsupported("effect", "counter-add" if add else "counter-set")
            steps.append((name, declared[name], self.number(getattr(amount, "root", amount))))

        def counters(b):
            for name, spec, fn in steps:
                amounts, _missing = fn(b)

                def one(e, n, name=name, spec=spec):
                    values = e.setdefault(COUNTERS, {})
                    old = values.get(name, 0)
                    new = counter_clamp(spec, old + n if add else n)
                    if new != old:
                        values[name] = new
                by_extra(b, b.ended == 0, amounts, one)
        return counters

    def _change(self, stat, fn, add: bool):
        """game/core.py `change`: the stat clamped, written only where it changes."""
        def change(b):
            live = b.ended == 0
            old = b.col("stats", stat)
            base = np.where(old == MISSING, 0, old)
            n, _missing = fn(b)
            new = self.rules.clamp(b, stat, base + n if add else n)
            b.put("stats", stat, new, where=live & (new != base))
        return change


def _note(name: str):
    """game/counters.py `apply` of `note`: the paragraph where each state stands now,
    noted under `name` in its extras."""
    def note(b):
        by_extra(b, b.ended == 0, b.paragraph.copy(), lambda e, n: e.setdefault(NOTES, {}).__setitem__(name, n))
    return note


def _plain(steps):
    """A choice's one outcome: its steps over a copy of the batch."""
    def outcomes(batch: Batch) -> list:
        nxt = Batch(batch.rows.copy(), batch.slots)
        for step in steps:
            step(nxt)
        return [(None, 1, nxt)]
    return outcomes


def _paying(before, paying, entered, after):
    """game/answers.py `_choose` with a module's part (`choice_extra`): the choice's own
    steps, then each way of the module's roll (`paying`: (den, [(count, pay)]), `pay(batch)`
    the mask of the states that go on): those go to the target, the others stay here
    with the after-change rule (`_after`)."""
    den, ways = paying

    def outcomes(batch: Batch) -> list:
        first = Batch(batch.rows.copy(), batch.slots)
        for step in before:
            step(first)
        out = []
        for count, pay in ways:
            stay = Batch(first.rows.copy(), first.slots)
            goes = pay(stay)
            went = Batch(stay.rows.copy(), stay.slots)
            for step in entered:
                step(went)
            after(stay)
            width = max(went.rows.shape[1], stay.rows.shape[1])
            rows = np.where(goes[:, None], padded(went.rows, went, width), padded(stay.rows, stay, width))
            out.append((np.full(len(batch), count, dtype=np.int64), den, Batch(rows, batch.slots)))
        return out
    return outcomes


class Target:
    """A computed target over a batch: (each state's paragraph number, missing mask), the
    paragraphs that exist, and their entries (`entered(number)`: guarded steps)."""

    def __init__(self, fn, entered, paragraphs):
        self.fn, self.entered, self.numbers = fn, entered, np.asarray(sorted(paragraphs), dtype=np.int64)

    def of(self, b: Batch) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(targets, whether each is a paragraph, the states the engine must play: a stat
        missing, or a target whose entry has no program)."""
        t, missing = self.fn(b)
        known = np.isin(t, self.numbers)
        for v in np.unique(t[known]).tolist():
            try:
                self.entered(v)
            except Unsupported:
                missing = missing | (t == v)
        return t, known, missing


def _and_target(cond, target: Target):
    """The choice offered where its condition holds and its target is a paragraph
    (answers.py `_choose`: refused before any change otherwise)."""
    def offered(b):
        ok, missing = (np.ones(len(b), bool), np.zeros(len(b), bool)) if cond is None else cond(b)
        t, known, lost = target.of(b)
        return ok & known, missing | (ok & lost)
    return offered


def _to_target(steps, target: Target):
    """A choice to a computed target: the target read first, then the choice's steps,
    then each state's paragraph entered."""
    def outcomes(batch: Batch) -> list:
        t, known, lost = target.of(batch)
        nxt = Batch(batch.rows.copy(), batch.slots)
        for step in steps:
            step(nxt)
        go = known & ~lost & (nxt.ended == 0)
        branches(nxt, [(go & (t == v), target.entered(v)) for v in np.unique(t[go]).tolist()])
        return [(None, 1, nxt)]
    return outcomes


def _gain(item: str, count: int, unique: bool):
    """game/core.py `gain`: `count` more; a unique item (format 1.2) held once at most
    (then not gained again: nothing changed)."""
    def gain(b):
        have = b.col("items", item)
        b.put("items", item, np.where(have > 0, have, 1) if unique else have + count, where=b.ended == 0)
    return gain


def _lose(item: str, count: int | None):
    """game/core.py `lose`: every copy, or `count` of them at most."""
    def lose(b):
        have = b.col("items", item)
        b.put("items", item, 0 if count is None else np.maximum(have - count, 0), where=b.ended == 0)
    return lose


def _not_taken(flag: str, cond):
    """A once-only choice's condition: not taken yet, then its own (not evaluated once taken)."""
    def offered(b):
        fresh = b.col("flags", flag) == 0
        if cond is None:
            return fresh, np.zeros(len(b), bool)
        ok, missing = cond(b)
        return fresh & ok, fresh & missing
    return offered


