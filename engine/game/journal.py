"""The player's journal: what `historique` lists, and going back to a listed point.

`GameState.history` already holds the paragraphs entered and the choices made; a
game followed by `follow(game)` (the REPL does it, the explorer does not) also gets
its fights, fights won, deaths, victories and Zeus's favours there, from the events
every rule module emits (`combat-start`, `combat-won`, `death`, `victory`, `zeus`).
The front end adds undos, loads and jumps with `note`.  Entries are plain JSON
(saved with the game); only the ones listed by `points` can be jumped back to.

Going back (`jump`) restores the snapshot the undo stack holds for that point and
pushes the present first, so `undo` returns to where the player was.
"""
from __future__ import annotations

FOLLOWED = {   # event type -> how its entry is made
    "combat-start": lambda ev: {"fight": [str(n) for n in ev.get("enemies", ())]},
    "combat-won": lambda ev: {"fight-won": True},
    "death": lambda ev: {"death": str(ev.get("cause") or "")},
    "victory": lambda ev: {"victory": True},
    "zeus": lambda ev: {"zeus": str(ev.get("favour") or "")},
}
CHOICE = "choice"   # the one kind of entry that is shown but not a point to go back to


def follow(game) -> None:
    """Record the game's fights, deaths, victories and Zeus's favours in its history."""
    def listen(event: dict) -> None:
        make = FOLLOWED.get(event["type"])
        if make is not None:
            game.state.history.append(make(event))
    game.listeners.append(listen)


def note(game, kind: str, value) -> None:
    """An entry made by the front end: an undo, a load, a jump."""
    game.state.history.append({kind: value})


def points(history: list[dict]) -> list[tuple[int, dict]]:
    """(index in history, entry) for every entry but the choices, numbered from 1 in order."""
    return [(i, entry) for i, entry in enumerate(history) if CHOICE not in entry]


def fights_won(history: list[dict]) -> int:
    return sum(1 for entry in history if "fight-won" in entry)


def snapshot_at(game, number: int) -> dict | None:
    """The state just after point `number` (1-based) was reached, from the undo stack;
    None when that point is the present or is older than what the stack keeps."""
    listed = points(game.state.history)
    if not 1 <= number <= len(listed):
        return None
    index = listed[number - 1][0]
    here = game.state.history[:index + 1]
    for snap in game._undo:   # oldest first: the first holding the point is just after it
        if len(snap["history"]) > index and snap["history"][:index + 1] == here:
            return snap
    return None


def jump(game, number: int) -> bool:
    """Go back to point `number`, undoably; False when the undo stack cannot."""
    snap = snapshot_at(game, number)
    if snap is None:
        return False
    present = game._snapshot()
    game._restore(snap)
    game._push_undo(present)
    note(game, "jump", number)
    return True
