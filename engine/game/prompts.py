"""What the game waits for: the paragraph's choices, a roll, a module's activity, an ending.

Prompts are immutable, so those that do not depend on the state are made once: a
paragraph's choices when none has a condition, each choice's option once per
(enabled or not), the roll of a `random:` paragraph.
"""
from __future__ import annotations

from engine.book import typed
from engine.book.model import Choice
from engine.diagnostics import Message as M
from engine.expr.ast import Binary, Dice, Unary
from engine.rules.base import Death, Option, Prompt
from engine.game import reasons
from engine.game.reasons import NOT_MET
from engine.game.faults import BookFault
from engine.game.item_notes import choice_items_note
from engine.game.needs import needs

ROLL = Prompt("roll", (Option("roll", M("Lancer les dés", "Roll the dice")),), default="roll")
ROLL_ONE = Prompt("roll", (Option("roll", M("Lancer le dé", "Roll the die")),), default="roll")
VICTORY = Prompt("ending", (Option("restart", M("Recommencer", "Start again")),),
                 title=M("Victoire !", "Victory!"))
RESTART = Option("restart", M("Recommencer l'aventure", "Start the adventure again"))
DEAD = M("Vous êtes mort.", "You are dead.")
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
        elif pending.get("activity") == "random":   # "le dé" for one die (1d6), else "les dés"
            roll = self.book.paragraphs[st.paragraph].random
            prompt = ROLL_ONE if roll is not None and _one_die(roll.dice) else ROLL
        elif pending.get("activity") == "give-up":   # format 1.1
            prompt = self.give_up_prompt(pending)
        elif pending.get("activity") == "take":   # format 1.2
            prompt = self.take_prompt(pending)
        elif pending.get("activity") == "sell":   # format 1.2
            prompt = self.sell_prompt(pending)
        else:
            prompt = self.module.prompt(self, pending)
        self._prompted = (st, prompt)
        return prompt

    def _choice_prompt(self, p) -> Prompt:
        made = self._choice_prompts.get(p.number)
        if made is None:
            conditional = any(c.condition is not None or c.once for c in p.choices) or \
                (p.fields and typed.spec(p) is not None and typed.tries(p) is not None)   # (1.2: tries)
            made = self._choice_prompts[p.number] = {} if conditional else Prompt(
                "choice", tuple(self._choice_option(i, c, True) for i, c in enumerate(p.choices))
                + typed.option(p))
        if type(made) is not dict:   # no condition: the same prompt every time
            return made
        # Only the enabled flags change: one prompt per set of them (every condition
        # is evaluated, in order, as a fresh prompt would).  None: a once-only choice
        # already taken (format 1.1), never listed again.
        try:
            flags = tuple([None if c.once and self._taken(p.number, i) else
                           c.condition is None or bool(self.evaluate(c.condition))
                           for i, c in enumerate(p.choices)])
            # what a locked choice needs, for the player (not made for the explorer); the
            # failing parts of one condition vary, so they are in the key
            whys = tuple(self._why(c) if ok is False else None for c, ok in zip(p.choices, flags)) \
                if self.narrate else ()
        except BookFault:
            return self._faulty_choice_prompt(p)
        key = (flags, whys) if whys else flags   # (the explorer's key stays the flags alone)
        left = typed.left(p, self.state.flags) if p.fields else None   # format 1.2: `tries:`
        if left is not None:
            key = (key, left)
        prompt = made.get(key)
        if prompt is None:
            prompt = made[key] = Prompt("choice", tuple(
                self._choice_option(i, c, ok, whys[i] if whys else None)
                for i, (c, ok) in enumerate(zip(p.choices, flags))
                if ok or (ok is False and reasons.show_mode(self.book, c) != "hidden")) + typed.option(p, left))
        return prompt

    def _why(self, c: Choice) -> M:
        """Why a choice is locked: what its condition needs (needs.py), or as the author
        chose (format 1.1 `show:`/`unmet_choices:`): `reason` in reasons.py's words,
        `greyed` only "condition non remplie"."""
        mode = c.show or self.book.meta.get("unmet_choices")
        if mode == "reason":
            return reasons.reason(self, c.condition)
        return NOT_MET if mode == "greyed" else needs(self, c.condition)

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
        return Prompt("choice", tuple(options) + typed.option(p))

    def _choice_option(self, i: int, c: Choice, ok: bool, why: M | None = None) -> Option:
        # a module field of the choice (a god's price...) is told before the player commits
        note = self.module.choice_note(c) if c.extra and ok and self.narrate else None   # (locked: its need)
        label = M(f"{c.text} {note.fr}", f"{c.text} {note.en}") if note else M(c.text, c.text)
        items = choice_items_note(self, c) if self.narrate and c.effects else None   # what a market sells
        label = M(label.fr + items.fr, label.en + items.en) if items else label
        return Option(str(i + 1), label, ok, None if ok else why or NOT_MET)

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


def numbered(prompt: Prompt) -> list[tuple[int, Option]]:
    """Each option with the number the player types.  A paragraph's choice keeps its own
    number, its place among the paragraph's choices, on every visit: one hidden, spent
    or taken leaves its number unused rather than moving the next ones up.  Any other
    prompt (a fight, a roll, an ending) counts its options from 1."""
    if prompt.kind == "choice" and all(o.key.isdigit() for o in prompt.options):
        return [(int(o.key), o) for o in prompt.options]
    return list(enumerate(prompt.options, 1))


def _one_die(formula) -> bool:
    """Whether a dice formula rolls a single die (`1d6`, `1d6+2`), not two (`2d6`, `1d6+1d4`)."""
    def dice(node) -> list:
        if isinstance(node, Dice):
            return [node]
        if isinstance(node, Binary):
            return dice(node.left) + dice(node.right)
        return dice(node.operand) if isinstance(node, Unary) else []
    found = dice(getattr(formula, "root", formula))
    return len(found) == 1 and found[0].count == 1
