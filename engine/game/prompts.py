"""What the game waits for: the paragraph's choices, a roll, a module's activity, an ending.

Prompts are immutable, so those that do not depend on the state are made once: a
paragraph's choices when none has a condition, each choice's option once per
(enabled or not), the roll of a `random:` paragraph.
"""
from __future__ import annotations

from ..book import Choice
from ..diagnostics import Message as M
from ..rules.base import Death, Option, Prompt
from . import reasons
from .faults import BookFault

ROLL = Prompt("roll", (Option("roll", M("Lancer les dés", "Roll the dice")),))
VICTORY = Prompt("ending", (Option("restart", M("Recommencer", "Start again")),),
                 title=M("Victoire !", "Victory!"))
RESTART = Option("restart", M("Recommencer l'aventure", "Start the adventure again"))
DEAD = M("Vous êtes mort.", "You are dead.")
NOT_MET = M("condition non remplie", "condition not met")
ALIVE = Death(restart=True)   # what `over` reads when the hero is not dead


class Prompts:
    """The prompt half of `Game` (a mixin: it reads `state`, `book`, `module`)."""

    def prompt(self) -> Prompt:
        """The question the game waits an answer to (made again after any change; the
        next answer reuses it)."""
        st = self.state
        pending = st.pending
        if st.ended:
            prompt = self._ending_prompt()
        elif not pending:
            prompt = self._choice_prompts.get(st.paragraph)   # most are made once
            if type(prompt) is not Prompt:
                prompt = self._choice_prompt(self.book.paragraphs[st.paragraph])
        elif pending.get("activity") == "random":
            prompt = ROLL
        elif pending.get("activity") == "give-up":   # format 1.1
            prompt = self.give_up_prompt(pending)
        else:
            prompt = self.module.prompt(self, pending)
        self._prompted = (st, prompt)
        return prompt

    def _choice_prompt(self, p) -> Prompt:
        made = self._choice_prompts.get(p.number)
        if made is None:
            conditional = any(c.condition is not None or c.once for c in p.choices)
            made = self._choice_prompts[p.number] = {} if conditional else Prompt(
                "choice", tuple(self._choice_option(i, c, True) for i, c in enumerate(p.choices)))
        if type(made) is not dict:   # no condition: the same prompt every time
            return made
        # Only the enabled flags change: one prompt per set of them (every condition
        # is evaluated, in order, as a fresh prompt would).  None: a once-only choice
        # already taken (format 1.1), never listed again.
        try:
            flags = tuple([None if c.once and self._taken(p.number, i) else
                           c.condition is None or bool(self.evaluate(c.condition))
                           for i, c in enumerate(p.choices)])
        except BookFault:
            return self._faulty_choice_prompt(p)
        prompt = made.get(flags)
        if prompt is None:
            prompt = made[flags] = Prompt("choice", tuple(
                o for o in (reasons.option(self, i, c, ok) for i, (c, ok) in enumerate(zip(p.choices, flags)))
                if o is not None))
        return prompt

    def _taken(self, paragraph: int, i: int) -> bool:
        return reasons.once_key(paragraph, i) in self.state.flags

    def _faulty_choice_prompt(self, p) -> Prompt:
        """The choices when a condition cannot be computed (a book error, located): the
        choice is offered disabled with the error as its reason; the game goes on."""
        options = []
        for i, c in enumerate(p.choices):
            try:
                ok, why = c.condition is None or bool(self.evaluate(c.condition)), NOT_MET
            except BookFault as fault:
                ok, why = False, fault.located()
            options.append(Option(str(i + 1), M(c.text, c.text), ok, None if ok else why))
        return Prompt("choice", tuple(options))

    @staticmethod
    def _choice_option(i: int, c: Choice, ok: bool) -> Option:
        return Option(str(i + 1), M(c.text, c.text), ok, None if ok else NOT_MET)

    def choice_target(self, c: Choice) -> int:
        return c.target if c.target is not None else int(self.evaluate(c.target_expr))

    # --- endings -----------------------------------------------------------------
    def _death(self) -> Death:
        if self.state.ended != "death":
            return ALIVE
        return self.module.on_death(self, self.state.death_cause or "")

    def _ending_prompt(self) -> Prompt:
        if self.state.ended == "victory":
            return VICTORY
        death = self._death()
        options = tuple(death.rescues)
        if death.restart:
            options += (RESTART,)
        return Prompt("ending", options, DEAD)

    def _answer_ending(self, key: str) -> None:
        if key == "restart":
            return self._restart()
        self.module.rescue(self, key)

