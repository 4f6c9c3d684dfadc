"""Yes/no questions the REPL asks before anything a player could lose (a mixin of `Session`).

A question is asked in the player's language and answered yes or no (o/oui/y/yes,
n/non/no, either language); anything else asks it again.  Resuming the game in
progress, and a bare `charger`, go through here.  Saved games are kept: a new game
started while an autosave exists keeps that autosave as `<slot>-previous` the first
time it autosaves itself.
"""
from __future__ import annotations

from engine.saves import store as saves
from engine.repl.messages import text as t
from engine.repl.render import Output

YES = {"o", "oui", "y", "yes"}
NO = {"n", "non", "no"}


class Questions:
    """`ask` a yes/no question; `_answer_question` reads the reply."""

    asking = None   # (question key, values, on_yes, on_no) while a question waits

    def ask(self, key: str, on_yes, on_no, **values) -> Output:
        self.asking = (key, values, on_yes, on_no)
        return self._say(key, "class:title", **values).extend(self._say("yes-no", "class:info"))

    def _answer_question(self, words: list[str]) -> Output:
        key, values, on_yes, on_no = self.asking
        word = words[0].lower() if len(words) == 1 else ""
        if word not in YES | NO:
            return self._say("yes-no-again", "class:error").extend(self._say(key, "class:title", **values))
        self.asking = None
        return on_yes() if word in YES else on_no()

    def cancel(self) -> Output:
        """Ctrl-C: the input given up, and a question waiting answered no (nothing is
        lost: the game in progress is kept, a resumed one kept aside, the save kept)."""
        self.awaiting = None
        out = self._say("cancelled")
        if self.asking:
            on_no = self.asking[3]
            self.asking = None
            out.extend(on_no())
        return out

    def offer_resume(self, resumed, warnings, new_events: list) -> Output:
        """At start, with an autosave of another game: resume it, or keep it aside."""
        here = resumed.state.paragraph

        def yes() -> Output:
            self.replace_game(resumed, undoable=False)
            out = self._say("resumed")
            for w in warnings:
                out.extend(self._say("warning", "class:warning", text=w.get(self.lang)))
            return out.extend(self._look(""))

        def no() -> Output:
            self.keep_previous = True
            return self._say("kept-previous-soon", slot=self.autosave_slot).extend(self._show(new_events))
        return self.ask("resume-question", yes, no, paragraph=here)

    def replace_game(self, game, undoable: bool = True) -> None:
        """Play `game` from now on; `annuler` brings back the one replaced when undoable."""
        if undoable:
            game._undo = self.game._undo + [self.game._snapshot()]
        self._attach(game)
        self.awaiting = None

    def _write_autosave(self) -> tuple:
        """(path, where the previous autosave was kept or None); SaveError as `write`."""
        kept = None
        if self.keep_previous and self.autosave_slot in self.store.slots():
            kept = self.store.keep_aside(self.autosave_slot)
        self.keep_previous = False
        path, _ = self.store.write(self.autosave_slot, saves.snapshot(self.game))
        return path, kept
