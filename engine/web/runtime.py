"""The game inside the page of a web export: this module runs in Pyodide.

`boot(entry, seed, data)` makes the game from the book compiled at export time (a
cache entry: lint/loader.entry), with seeded dice and the save slots in `data` (the
page keeps that folder in the browser's storage); `answer(what, action)` is the
server's API (server._answer) without the server: JSON text in, JSON text out.
What runs here is what `gamebook serve` runs: the REPL's session through api.WebGame.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

GAME = None


def boot(entry: str, seed: int, data: str, lang: str = "") -> None:
    global GAME
    os.environ["GAMEBOOK_DATA_DIR"] = data
    os.environ["GAMEBOOK_NO_CACHE"] = "1"
    from engine.game import Game
    from engine.game.dice import SeededDice
    from engine.lint.loader import book_of_entry
    from engine.repl.messages import text
    from engine.repl.session import Session
    from engine.saves import store as saves
    from engine.web.api import WebGame
    payload = json.loads(entry)
    loaded = book_of_entry(payload, payload.get("name", "book.yaml"))
    book, module = loaded.book, loaded.module
    lang = lang if lang in ("fr", "en") else book.language
    store = saves.SaveStore(book.id, Path(data))
    found = saves.AUTOSAVE in store.slots()
    offer = None
    if found:
        try:
            offer = saves.restore(book, module, store.read(saves.AUTOSAVE), lang)
        except saves.SaveError:
            offer = None
    session = Session(Game(book, module, SeededDice(seed), lang=lang), store, lang, book_ref=book.title)
    session.offer = offer
    session.keep_previous = found and offer is None
    GAME = WebGame(session)
    GAME.notes = [text(lang, "seed", seed=seed)]


def answer(what: str, action: str) -> str:
    """The view after `what` ("start" or "act") with the action (JSON text)."""
    try:
        parsed = json.loads(action or "{}")
    except ValueError:
        parsed = None
    view = GAME.view_now() if what == "start" else GAME.act(parsed)
    return json.dumps(view, ensure_ascii=False)
