"""New games, restarts, undo snapshots, saving and loading: the lifetime half of `Game`.

A snapshot is the state's versioned JSON with the dice source's state in it, so the
same data serves undo and saves; `undo=False` games (the explorers) take none.
"""
from __future__ import annotations

from engine.game import counters
from engine.game import dice as dice_mod
from engine.game.state import GameState
from engine.support.limits import MAX_INT

UNDO_DEPTH = 200   # answers that can be undone; older snapshots are dropped to bound memory


class History:
    """Start, restart, undo, save (a mixin of `Game`)."""

    def restart(self) -> None:
        """Start again from the beginning with a fresh sheet (undoable)."""
        self._push_undo(self._snapshot())
        self._restart()

    def _restart(self) -> None:
        # a life is lost by dying: after a victory the next adventure is a first life;
        # at most MAX_INT, what a save may hold (past it the count stays, the game goes on)
        lives = 1 if self.state.ended == "victory" else min(self.state.lives + 1, MAX_INT)
        notes = self.state.notes
        self.state = self._fresh_state(lives)
        self.state.notes = notes   # the player's notes are not the hero's: a new life keeps them
        self.emit("restart", lives=lives)
        self._new_game()

    def reset(self, dice) -> None:
        """A new game on this object with a fresh dice source (lives back to 1, no
        restart event): cheaper than a new Game, whose caches start empty."""
        self.dice, self.events, self._undo, self._prompted = dice, [], [], None
        self.state = self._fresh_state(1)
        self._new_game()

    def _fresh_state(self, lives: int) -> GameState:
        return GameState(self.book.id, self.book.content_hash, self.module.id, lives=lives,
                         rules_version=self._rules_version)

    def _new_game(self) -> None:
        self.module.new_hero(self)
        counters.start(self)   # format 1.1: the book's counters at their start values
        preset = getattr(self, "preset", None)   # --start/--set/--give (engine/game/presets.py)
        if preset is not None:
            preset.apply(self)
        self.goto(preset.start if preset is not None and preset.start else self.book.start)

    def _snapshot(self) -> dict:
        self.state.dice = self.dice.to_json()
        return self.state.to_json()

    def _restore(self, snap: dict) -> None:
        self._prompted = None
        notes = self.state.notes   # the player's, not the game's: undo and jumps keep them
        self.state = GameState.from_json(snap)
        self.state.notes = notes
        self.dice = dice_mod.from_json(snap["dice"])

    def _push_undo(self, snapshot: dict) -> None:
        self._undo.append(snapshot)
        if len(self._undo) > UNDO_DEPTH:
            del self._undo[0]

    def undo(self) -> bool:
        """Go back one answer or command; False when there is nothing to undo."""
        if not self._undo:
            return False
        self._restore(self._undo.pop())
        self.emit("undo", paragraph=self.state.paragraph)
        return True

    def save(self) -> dict:
        return self._snapshot()

    @classmethod
    def load(cls, book, module, obj: dict, lang: str | None = None):
        state = GameState.from_json(obj)
        return cls(book, module, dice_mod.from_json(state.dice), state, lang)
