"""The values a rule module and the engine exchange: the sheet's stats, prompts and
their options, exits, REPL commands, refusals and death (see `engine.rules.base`,
which re-exports them: modules import them from there)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.diagnostics import Message
from engine.support.records import record

if TYPE_CHECKING:  # pragma: no cover
    from engine.game import Game as Play


def of_fr(label: str) -> str:
    """French "de"/"d'" before a stat's name: d'Honneur, d'Endurance, d'Habileté, but
    de Honte (an aspirate h)."""
    elide = label[:1].lower() in "aeiouyéèêâîôûh" and not label.lower().startswith("hont")
    return ("d'" if elide else "de ") + label


@record(frozen=True)
class StatDef:
    """One number on the character sheet.

    `name` is the canonical name: ASCII lower-case (`[a-z_][a-z0-9_]*`), used in
    books (`add: {name: 2}`), in expressions and in `GameState.stats`.  `aliases`
    are the other spellings accepted everywhere (French with accents, English).
    `initial` is what `RuleModule.roll_sheet` gives a new hero when the book's
    `hero:` does not say otherwise.
    """

    name: str                      # canonical name used in books and expressions (ASCII)
    label: Message                 # shown on the sheet
    aliases: tuple[str, ...] = ()  # other names accepted in books/expressions (accents, English)
    initial: int | str = 0         # a number or a dice formula ("2d6+12"), rolled by roll_sheet
    ceiling: bool = False          # the initial value is a maximum (Fighting Fantasy)
    minimum: int | None = 0        # never below this (None: unbounded)
    derived: bool = False          # computed by the module (e.g. Force from weapons): not settable
    lower_is_better: bool = False  # a rise is bad news for the hero (Shame): shown in red
    one: Message | None = None     # a stat that counts things: the name of one ("Pièce d'Or")

    def amount(self, n: int) -> Message:
        """`n` of this stat in a sentence: "1 Pièce d'Or" / "3 Pièces d'Or" for a stat
        that counts things (`one`), else points: "1 point d'Honneur" / "2 points de Honte",
        "1 Honour" / "2 Honour" (English says a number of points by the stat's name)."""
        if self.one is not None:
            one = abs(n) <= 1
            return Message(f"{n} {self.one.fr if one else self.label.fr}",
                           f"{n} {self.one.en if one else self.label.en}")
        word = "point" if abs(n) <= 1 else "points"
        return Message(f"{n} {word} {of_fr(self.label.fr)}", f"{n} {self.label.en}")


@record(frozen=True)
class Option:
    """One answer the player may give to a prompt."""

    key: str                                   # what `Game.answer` takes
    label: Message
    enabled: bool = True
    reason: Message | None = None              # why it is disabled
    amount: tuple[int, int] | None = None      # the answer carries a number in this range


@record(frozen=True)
class Prompt:
    """What the game waits for: a path to choose, dice to roll, a combat decision.

    Front ends show `title`, then `info`, then the options; the player's answer is
    an option's `key` (and a number when the option has an `amount` range).
    `default` is the obvious answer, taken by Enter alone (with the amount 0 when 0
    is allowed): never one that spends anything.
    """

    kind: str                                  # "choice", "roll", "combat", "ending", ...
    options: tuple[Option, ...]
    title: Message | None = None
    info: tuple[Message, ...] = ()             # lines shown above the options
    default: str | None = None                 # the key Enter alone answers (attack, roll...)


@record(frozen=True)
class Exit:
    """A way out of a paragraph, for the linter and the graph."""

    kind: str                                  # "choice", "win", "lose", "retreat", "oracle", ...
    target: Any                                # int, or an Expr computed at play time
    path: tuple                                # where it is written in the YAML document
    label: str = ""
    dashed: bool = False                       # computed or hidden jump (Oracle)


@record(frozen=True)
class Command:
    """A REPL command the module adds (eat, invoke a god, consult the Oracle...).

    `Game.command(name, arg)` finds it by any of its names and calls `run(play,
    arg)` (arg: the rest of the typed line, "" if none); the game then calls
    `after_change`, records an undo step, and restores everything if `run` raises
    `Refused`.  `available` only hides the command from completion and help.
    """

    names: tuple[str, ...]                     # first is French, second English (the same word
                                               # twice when both languages say it), then aliases
    help: Message                              # one line, both languages
    run: Callable[["Play", str], None]         # raises Refused when not allowed now
    available: Callable[["Play"], bool] = lambda play: True


class Refused(Exception):
    """An answer or command that is not allowed now; the state is unchanged."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.message = Message(fr, en)


class BadArguments(ValueError):
    """A bad value on the command line of `gamebook odds --rules ID` (exit 2)."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.message = Message(fr, en)


@record(frozen=True)
class Death:
    """What the module decides when the hero dies (returned by `on_death`).

    The ending prompt offers each of `rescues` (answered through `rescue`), then
    "restart" when `restart` is true.  `Game.over` is true once no rescue is left.
    """

    restart: bool = True                       # offer to restart with a fresh hero
    rescues: tuple[Option, ...] = ()           # extra options at death (e.g. invoke Zeus)
    final: bool = False                        # no rescue at all (e.g. death by Shame)


@record(frozen=True)
class CarryLimit:
    """A carrying limit the rules state (returned by `carry_limits`): at most
    `capacity` copies of the items `holds(book, item_id)` counts ("a backpack of 8
    items").  Play asks the player to drop what is over it; lint warns where a
    book's pickups can exceed it (engine/game/carry.py)."""

    name: Message                              # what is full: "Sac à dos" / "Backpack"
    capacity: int
    holds: Callable                            # (book, item id) -> bool
