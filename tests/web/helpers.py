"""A WebGame over a bundled book, with forced or seeded dice and a private save store."""
from __future__ import annotations

from pathlib import Path

from engine.commands.serve import web_game
from engine.game.dice import ScriptedDice, SeededDice
from engine.lint.loader import load_book
from engine.saves import store as saves

ROOT = Path(__file__).resolve().parents[2]
CLOCHE = ROOT / "books" / "la-cloche-de-brumesel.yaml"


def web(path: Path = CLOCHE, seed: int = 5, lang: str | None = None, faces=None, root: Path | None = None):
    loaded = load_book(path, use_cache=False)
    assert loaded.book is not None, loaded.diagnostics
    dice = ScriptedDice(faces, then=SeededDice(seed)) if faces else SeededDice(seed)
    store = saves.SaveStore(loaded.book.id, root) if root else None
    return web_game(loaded, dice, ("seed", {"seed": seed}), None, lang, store, str(path))


def pick(view: dict) -> dict:
    """The player's move of these tests: the prompt's default (Enter), else its last
    open option (seed 5 wins la-cloche-de-brumesel so)."""
    options = [o for o in view["prompt"]["options"] if o["enabled"]]
    return next((o for o in options if o["default"]), options[-1])


def play_out(w, view: dict, steps: int = 400) -> dict:
    for _ in range(steps):
        if view["over"] or view["prompt"] is None:
            break
        view = w.act({"do": "choose", "n": pick(view)["n"]})
    return view
