"""What front ends call: answer the pending prompt, run a module command.

With undo (the REPL), each answer or command takes a snapshot first and puts it back
when the module refuses; a game without undo (the explorer) answers straight away.
"""
from __future__ import annotations

from engine.game import carry

from engine.book import typed
from engine.book.model import OUTCOME_ENDS, Choice
from engine.book.outcome_shapes import PUZZLE_WRONG
from engine.diagnostics import Message as M
from engine.rules.base import Refused
from engine.game.faults import BookFault
from engine.game.reasons import once_key


class Answers:
    """The answer half of `Game` (a mixin: it drives `state`, `module` and the
    methods of the other halves)."""

    def answer(self, key: str, amount: int | None = None) -> None:
        """Answer the pending prompt; raises Refused (state unchanged) when not allowed."""
        snapshot, seen = self._snapshot(), len(self.events)   # (undo=False: _answer)
        try:
            self._answer(key, amount)
        except BaseException:  # refused, or interrupted (Ctrl-C in a hook): the move did not happen
            self._restore(snapshot)
            del self.events[seen:]
            raise
        self._push_undo(snapshot)

    def _answer(self, key: str, amount: int | None = None) -> None:
        st, seen = self.state, self._prompted
        prompt = seen[1] if seen is not None and seen[0] is st else self.prompt()
        self._prompted = None
        for option in prompt.options:
            if option.key == key:
                break
        else:
            raise Refused(f"réponse « {key} » impossible ici", f"'{key}' is not a possible answer here")
        if not option.enabled:
            why = option.reason or M("non disponible", "not available")
            raise Refused(f"impossible : {why.fr}", f"not allowed: {why.en}")
        if option.amount and (amount is None or not option.amount[0] <= amount <= option.amount[1]):
            lo, hi = option.amount
            raise Refused(f"donnez un nombre entre {lo} et {hi}", f"give a number from {lo} to {hi}")
        self.answer_enabled(key, amount)

    def answer_enabled(self, key: str, amount: int | None = None) -> None:
        """Carry out an answer taken from the enabled options of the prompt last built,
        its amount in range (the explorer's answers, checked as it picked them): no
        look-up, no check, and no snapshot (a game without undo)."""
        self._prompted = None
        st = self.state
        if st.ended:
            return self._answer_ending(key)
        pending = st.pending
        if not pending:
            p = self.book.paragraphs[st.paragraph]
            if p.fields and typed.is_typed(p, key):   # format 1.1: a number worked out
                return self._typed(p, amount)
            return self._choose(p.choices[int(key) - 1], int(key) - 1)
        if pending.get("activity") == "random":
            return self._roll_random()
        if pending.get("activity") == "give-up":   # format 1.1
            return self.answer_give_up(pending, key)
        if pending.get("activity") == "take":   # format 1.2
            return self.answer_take(pending, key)
        if pending.get("activity") == "sell":   # format 1.2
            return self.answer_sell(pending, key)
        self.module.answer(self, pending, key, amount)
        if not self.state.ended:
            self.module.after_change(self)

    def _choose(self, c: Choice, index: int = 0) -> None:
        if c.stay:   # format 1.2: an action
            return self._act(c, index)
        target = c.target if c.target is not None else self.choice_target(c)
        if target not in self.book.paragraphs:
            raise Refused(f"ce choix mène au paragraphe {target}, qui n'existe pas",
                          f"this choice leads to paragraph {target}, which does not exist")
        st = self.state
        st.history.append({"choice": c.text})
        if c.once:   # format 1.1: remembered with the flags (saves, the explorer)
            st.flags.add(once_key(st.paragraph, index))
        if self.narrate:
            self.emit("choice", text=c.text, to=target)
        if c.effects:
            moves = len(st.history)
            for eff in c.effects:
                self.apply(eff)
                if len(st.history) != moves:   # format 1.2: a give-up's `none:` moved
                    return self._after()
            if not st.ended and (st.pending is not None or carry.start_full(self)):   # a give-up: the move waits
                st.pending["then"] = target
                return self.module.after_change(self)   # the sheet's item names while it waits
            if not st.ended:
                # the choice's consequences (derived stats, a weapon discarded, death) are
                # told before the next paragraph, where they happened
                self.module.after_change(self)
                if st.ended:
                    return
        if c.extra and not self.module.choice_extra(self, c, "choose"):
            return self._after()
        if not st.ended:
            self.goto(target)
        if not self.state.ended:   # (_after)
            self.module.after_change(self)

    def _act(self, c: Choice, index: int) -> None:
        """Format 1.2, an action choice (`stay: true`): its effects, then the same
        paragraph's choices again; the paragraph is not entered again."""
        st = self.state
        st.history.append({"choice": c.text})
        if c.once:
            st.flags.add(once_key(st.paragraph, index))
        if self.narrate:
            self.emit("choice", text=c.text, to=None, stay=True)
        for eff in c.effects:   # (a give-up among them waits: the choices once it is done)
            if not st.ended:
                self.apply(eff)
        if st.pending is not None:
            st.pending["stay"] = True
        if c.extra and not st.ended:
            self.module.choice_extra(self, c, "choose")
        self._after()

    def _typed(self, p, amount) -> None:
        st = self.state
        st.history.append({"typed": amount})
        if self.narrate:
            self.emit("typed", number=amount, fr=f"» {amount}", en=f"» {amount}")
        right = typed.target(p, amount, self.evaluate)
        if right is not None and OUTCOME_ENDS.get(right) == "continue":   # format 1.2: `wrong: continue`
            right = None
        if right == amount:
            return self._typed_to(right)
        limit = typed.tries(p)   # format 1.2: a wrong number
        if limit is not None:
            st.flags.add(typed.try_key(p.number, typed.tried(p, st.flags) + 1))
        if right is not None and (limit is None or typed.tried(p, st.flags) >= limit):
            if not self.outcome(PUZZLE_WRONG):   # format 1.2: `wrong: {to: N, effects: [...]}`
                return None
            return self._typed_to(right)   # `wrong:`, at once or on the last try
        if self.narrate:
            self.emit("typed-wrong", number=amount, fr="Il ne se passe rien.", en="Nothing happens.")

    def _typed_to(self, target: int) -> None:
        if target not in self.book.paragraphs and target not in OUTCOME_ENDS:
            raise Refused(f"le paragraphe {target} n'existe pas dans ce livre",
                          f"paragraph {target} does not exist in this book")
        self.goto(target)
        self._after()

    def _after(self) -> None:
        if not self.state.ended:
            self.module.after_change(self)

    def _roll_random(self) -> None:
        rnd = self.book.paragraphs[self.state.paragraph].random
        total = self.number(rnd.dice)
        for out in rnd.outcomes:
            if out.low <= total <= out.high:
                if out.effects and not self.apply_all(out.effects):
                    return None
                return self.goto(out.target)
        raise Refused(f"aucune issue prévue pour {total}", f"no outcome for a roll of {total}")

    def command(self, name: str, arg: str = "") -> None:
        """Run a rule-module command (eat, oracle, ...); Refused when not allowed now."""
        self._prompted = None
        cmd = self._command(name)
        if not self.keeps_undo:
            cmd.run(self, arg)
            return self._after()
        snapshot, seen = self._snapshot(), len(self.events)
        try:
            cmd.run(self, arg)
            self._after()
        except BaseException:  # as in answer()
            self._restore(snapshot)
            del self.events[seen:]
            raise
        self._push_undo(snapshot)

    def module_commands(self) -> tuple:
        """The rule module's commands (asked of the module once per game)."""
        if self._commands is None:
            self._commands = tuple(self.module.commands())
        return self._commands

    def _command(self, name: str):
        """The module command called `name` (KeyError when none is)."""
        for cmd in self.module_commands():
            if name in cmd.names:
                return cmd
        raise KeyError(name)
