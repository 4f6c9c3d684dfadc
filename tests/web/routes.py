"""The scripted victories of the rule tests, as a player of the page plays them.

tests/rules/chroniques_cretoises/test_cc_book.py,
tests/rules/defis_fantastiques/test_couronne_de_sel.py and test_clock_of_vennick.py win
le-taureau-d-airain, la-couronne-de-sel and the-clock-of-vennick with forced dice
through the `Game` API (option keys, module commands).  Their own test function is run here on a game that writes down each
answer as the page shows it (the option's stable number, `prompts.numbered`, and its
amount) and each module command, and the faces the dice gave: the same game, replayed
by clicks with `gamebook serve --dice FACES`.  No route is written twice.
"""
from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path

from engine.game.prompts import numbered
from engine.web.api import page_name

RULES = Path(__file__).resolve().parents[1] / "rules"


@dataclass
class Route:
    book: Path
    faces: list[int] = field(default_factory=list)
    steps: list[tuple] = field(default_factory=list)   # ("choose", n, amount|None) | ("command", name, arg)

    @property
    def dice(self) -> str:
        return ",".join(map(str, self.faces))


def _record(game, route: Route):
    """Wrap `game` so that its answers and commands are written down in `route`."""
    answer, command = game.answer, game.command

    def answered(key, amount=None):
        n = next(n for n, option in numbered(game.prompt()) if option.key == key)
        route.steps.append(("choose", n, amount))
        return answer(key, amount)

    def commanded(name, arg=""):   # (by the name the page sends it by)
        route.steps.append(("command", page_name(next(c for c in game.module.commands() if name in c.names)), arg))
        return command(name, arg)
    game.answer, game.command = answered, commanded
    return game


def recorded(module_name: str, folder: str, test: str) -> Route:
    """The route of `test` in tests/rules/FOLDER/MODULE_NAME.py, run here (its asserts
    with it: a route that no longer wins fails here first)."""
    sys.path.insert(0, str(RULES / folder))   # (the folder's helpers, as its conftest does)
    try:
        module = importlib.import_module(module_name)
    finally:
        sys.path.remove(str(RULES / folder))
    route, games, start = Route(Path(module.BOOK)), [], module.start

    def started(*args):
        games.append(_record(start(*args), route))
        return games[-1]
    module.start = started
    try:
        getattr(module, test)()
    finally:
        module.start = start
    (game,) = games
    route.faces = list(game.dice.faces[:game.dice.used])
    return route


def taureau() -> Route:
    return recorded("test_cc_book", "chroniques_cretoises", "test_book_playthrough_to_victory")


def couronne() -> Route:
    return recorded("test_couronne_de_sel", "defis_fantastiques", "test_scripted_playthrough_to_victory")


def vennick() -> Route:
    return recorded("test_clock_of_vennick", "defis_fantastiques", "test_scripted_playthrough_to_victory")


def replay(w, route: Route, view: dict) -> dict:
    """`route` through a WebGame's actions, as the page sends them (an amount in the
    amount field once the option has asked for it)."""
    for kind, what, arg in route.steps:
        if kind == "command":
            view = w.act({"do": "command", "name": what, "arg": arg})
            continue
        view = w.act({"do": "choose", "n": what})
        if arg is not None:
            assert view["awaiting"] and view["awaiting"]["n"] == what, view["lines"]
            view = w.act({"do": "amount", "value": arg})
    return view
