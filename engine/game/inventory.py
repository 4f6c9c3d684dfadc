"""Format 1.1: "give up one item of your choice" (`{give_up: 1}`).

The effect stops the paragraph (or the choice) until the player has picked, from
what they carry, as many items as asked; then the paragraph goes on where it
stopped (its activities, its roll, its choices) or the choice moves on.  The
picking is a core activity, "give-up", kept in `state.pending` like any other, so
saves and the explorer see it.  A mixin of `Game`.
"""
from __future__ import annotations

from engine.game import carry
from engine.diagnostics import Message as M
from engine.rules.base import Option, Prompt

TITLE = M("Abandonnez un objet de votre choix", "Give up one item of your choice")
NOTHING = M("Vous n'avez rien à abandonner.", "You have nothing to give up.")


def spec_of(value) -> tuple[int, frozenset]:
    """`{give_up: 2}` or `{give_up: {count: 2, except: [epee]}}` -> (2, {"epee"})."""
    if isinstance(value, dict):
        return int(value.get("count", 1)), frozenset(value.get("except") or ())
    return int(value), frozenset()


class GiveUp:
    """The give-up activity (reads `state`, `book`)."""

    def _choosable(self, keep) -> list[str]:
        return [item for item, n in self.state.items.items() if n > 0 and item not in keep]

    def start_give_up(self, value) -> None:
        count, keep = spec_of(value)
        if not self._choosable(keep):
            self.emit("give-up", fr=NOTHING.fr, en=NOTHING.en, item=None)
            return
        self.state.pending = {"activity": "give-up", "left": count, "keep": sorted(keep)}

    def give_up_prompt(self, pending) -> Prompt:
        keep = frozenset(pending.get("keep") or ())
        options = tuple(Option(f"give:{item}", M(self.book.item_name(item), self.book.item_name(item)))
                        for item in self._choosable(keep))
        return Prompt("give-up", options, TITLE if pending.get("full") is None else carry.title(self, pending))

    def answer_give_up(self, pending, key: str) -> None:
        """Lose one copy of the item picked; when done, go on where the effect stopped."""
        item = key.split(":", 1)[1]
        self.lose(item, 1)
        left = pending["left"] - 1
        if left > 0 and self._choosable(frozenset(pending.get("keep") or ())):
            self.state.pending = dict(pending, left=left)
            return
        self.state.pending = None
        if pending.get("stay"):   # format 1.2: an action's give-up: its paragraph's choices again
            return self.module.after_change(self)
        then = pending.get("then")
        if then is not None:   # a choice's effects stopped: move on
            return self.goto(then)
        self.settle_chain(self.book.paragraphs[self.state.paragraph], bool(pending.get("again")),
                          pending.get("effect", -1) + 1)
