"""The programs of a compiled book: the moves of a batch of packed states at one
paragraph, all at once.

`Program`: the states waiting at a paragraph's choices (no activity pending, the
game not over): each choice where offered and its outcomes (compiler.py makes them:
the condition from the expression AST, the effects, the move to the target), a typed
number's moves (puzzle.py), an action's effects, and the module's commands from its
vector rules (`_commands`).  `Rolled`: the states whose roll is pending (a test, a
`random:` roll: rolls.py).  `Answered`: the states waiting for the answer to a
module's activity.  `Rescued`: the dead whom the module may still rescue.  The
takes, give-ups and sales are giving.py's, the fights fights.py's.

Each `run(batch)` gives (moves [(text, offered mask, [(counts or None, den,
successors)])], the states left to the engine: the module's `rejects`, a command
entering a paragraph without a program); a successor a step handed over (steps.py
`hand_over`) gives its state to the engine too (`handed`, read by the explorer).
It is what `Game` does (game/answers.py, game/core.py), written over arrays; the
differential test (tests/compiled) holds the two equal.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.steps import wait
from engine.analysis.explore.compact import freeze

__all__ = ["Program", "Rolled", "Answered", "Rescued", "Unsupported"]


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
        commanded, handed = commands_of(self.rules, self.commands, batch, self.enter)
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
        commanded, handed = commands_of(self.rules, self.commands, batch, self.enter)
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
        commanded, handed = commands_of(self.rules, self.commands, batch, self.enter)
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


def commands_of(rules, commands: bool, batch: Batch, enter=None) -> tuple[list, np.ndarray]:
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
