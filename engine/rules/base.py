"""The rule-module interface: everything a series' rules provide to the engine.

A rule module is an object with the attributes and methods of `RuleModule` below.
The engine core (compiler, linter, interpreter, REPL) knows nothing of any series:
it asks the module.  Subclass `RuleModule` and override what your rules need; the
defaults describe a system with no combat and no tests.

Contract in one paragraph: the module declares its sheet (`stats`), its part of the
book schema (`schema_defs`), the names it adds to the expression language
(`expr_variables`, `expr_functions` and their evaluation), how a hero is created
(`new_hero`), the paragraph fields that start an *activity* (combat, dice test) and
how each activity prompts and answers (`begin`, `prompt`, `answer`), the effects it
adds (`apply_effect`), what death means (`on_death`), its REPL commands
(`commands`) and its lint checks (`lint`).  Activities talk to the game only through
the `Play` object they are given: dice come from `play.roll`, every change is made
through `play` so that it becomes an event.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from ..diagnostics import Message

if TYPE_CHECKING:  # pragma: no cover
    from ..book import Book, Paragraph
    from ..diagnostics import Diagnostic
    from ..expr import Signature
    from ..game import Game as Play
    from ..state import GameState


@dataclass(frozen=True)
class StatDef:
    """One number on the character sheet."""

    name: str                      # canonical name used in books and expressions (ASCII)
    label: Message                 # shown on the sheet
    aliases: tuple[str, ...] = ()  # other names accepted in books/expressions (accents, English)
    initial: int | str = 0         # a number or a dice formula ("2d6+12")
    ceiling: bool = False          # the initial value is a maximum (Fighting Fantasy)
    minimum: int | None = 0        # never below this (None: unbounded)
    derived: bool = False          # computed by the module (e.g. Force from weapons): not settable


@dataclass(frozen=True)
class Option:
    """One answer the player may give to a prompt."""

    key: str                                   # what `Game.answer` takes
    label: Message
    enabled: bool = True
    reason: Message | None = None              # why it is disabled
    amount: tuple[int, int] | None = None      # the answer carries a number in this range


@dataclass(frozen=True)
class Prompt:
    """What the game waits for: a path to choose, dice to roll, a combat decision."""

    kind: str                                  # "choice", "roll", "combat", "ending", ...
    options: tuple[Option, ...]
    title: Message | None = None
    info: tuple[Message, ...] = ()             # lines shown above the options


@dataclass(frozen=True)
class Exit:
    """A way out of a paragraph, for the linter and the graph."""

    kind: str                                  # "choice", "win", "lose", "retreat", "oracle", ...
    target: Any                                # int, or an Expr computed at play time
    path: tuple                                # where it is written in the YAML document
    label: str = ""
    dashed: bool = False                       # computed or hidden jump (Oracle)


@dataclass(frozen=True)
class Command:
    """A REPL command the module adds (eat, invoke a god, consult the Oracle...)."""

    names: tuple[str, ...]                     # first is French, then English and other aliases
    help: Message
    run: Callable[["Play", str], None]         # raises Refused when not allowed now
    available: Callable[["Play"], bool] = lambda play: True


class Refused(Exception):
    """An answer or command that is not allowed now; the state is unchanged."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.message = Message(fr, en)


@dataclass(frozen=True)
class Death:
    """What the module decides when the hero dies."""

    restart: bool = True                       # offer to restart with a fresh hero
    rescues: tuple[Option, ...] = ()           # extra options at death (e.g. invoke Zeus)
    final: bool = False                        # no rescue at all (e.g. death by Shame)


@dataclass
class RuleModule:
    """Base class and documentation of the interface; override what your rules need."""

    id: str = "base"
    version: str = "0"
    title: Message = field(default_factory=lambda: Message("", ""))
    stats: tuple[StatDef, ...] = ()
    activity_fields: tuple[str, ...] = ()       # paragraph fields that start an activity, in order
    effect_kinds: tuple[str, ...] = ()          # effect keys the module handles itself
    options: Mapping[str, Any] = field(default_factory=dict)  # module options and defaults
    self_checked_exits: tuple[str, ...] = ()    # exit kinds whose missing target module.lint reports

    # --- book format -------------------------------------------------------
    def schema_defs(self) -> dict:
        """JSON Schema pieces: keys "hero", "item", "options", "paragraph" (extra
        properties), "choice" (extra properties), "effects" (list of extra effect
        schemas), and the schema of each activity field (e.g. "combat", "test")."""
        return {}

    def exits(self, paragraph: "Paragraph") -> Iterable[Exit]:
        """Exits written in module fields (combat outcomes, test results, Oracle)."""
        return ()

    def grants(self, book: "Book") -> Mapping[str, set]:
        """What the book can ever give, by reference kind ("item", "flag", "god"...),
        beyond what the core already sees (effects `gain`, `flag`, starting equipment)."""
        return {}

    def lint(self, book: "Book", doc) -> Iterable["Diagnostic"]:
        """Module-specific checks over a compiled book; `doc.span(path)` locates a
        YAML path (paragraph.path + ("combat", "win"), ...) for the diagnostic."""
        return ()

    def header_style(self, paragraph: "Paragraph") -> str:
        """How the paragraph number is printed: "plain" or "italic"."""
        return "plain"

    # --- expression language ----------------------------------------------
    def expr_variables(self) -> Mapping[str, str]:
        """Extra variables beyond the stats, name -> type ("int"/"bool"/"str")."""
        return {}

    def expr_functions(self) -> Mapping[str, "Signature"]:
        return {}

    def expr_aliases(self) -> Mapping[str, str]:
        return {}

    def references(self, book: "Book") -> Mapping[str, frozenset]:
        """Known values of the module's reference kinds (e.g. {"god": {...}})."""
        return {}

    def variable(self, state: "GameState", name: str) -> Any:
        return state.stats[name]

    def call(self, state: "GameState", name: str, args: tuple) -> Any:
        raise KeyError(name)

    # --- play ---------------------------------------------------------------
    def new_hero(self, play: "Play") -> None:
        """Fill play.state for a new game (stats, equipment, module state)."""

    def clamp(self, state: "GameState", stat: str, value: int) -> int:
        """Apply the sheet's bounds to a new stat value."""
        spec = self.stat(stat)
        if spec and spec.minimum is not None:
            value = max(spec.minimum, value)
        if spec and spec.ceiling and stat in state.initial:
            value = min(state.initial[stat], value)
        return value

    def after_change(self, play: "Play") -> None:
        """Called after every effect or answer (e.g. check death by Shame)."""

    def apply_effect(self, play: "Play", kind: str, value: Any) -> None:
        raise KeyError(kind)

    def begin(self, play: "Play", field_name: str, spec: Mapping) -> dict | None:
        """Start the activity of a paragraph field; return its pending state, or
        None when nothing is to be asked (the module already moved on)."""
        return None

    def prompt(self, play: "Play", pending: dict) -> Prompt:
        raise NotImplementedError

    def answer(self, play: "Play", pending: dict, key: str, amount: int | None) -> None:
        raise NotImplementedError

    def choice_extra(self, play: "Play", choice, key: str) -> bool:
        """Handle a module field on a chosen choice (e.g. invoking a god with a cost).
        Return False to stop the move (the module moved elsewhere or refused)."""
        return True

    def on_death(self, play: "Play", cause: str) -> Death:
        return Death()

    def rescue(self, play: "Play", key: str) -> None:
        """Carry out a rescue option offered by on_death."""
        raise Refused("option inconnue", "unknown option")

    def commands(self) -> Sequence[Command]:
        return ()

    # --- analysis -----------------------------------------------------------
    def fight_odds(self, book: "Book", state: "GameState", spec: Mapping,
                   pending: dict | None = None, policy: str = "optimal"):
        """Exact odds of the combat `spec` (a paragraph's combat field) for the hero in
        `state`; with `pending` (the combat's live state) from the current point, with
        advice for the pending decision.  Returns an engine.analysis.result.FightOdds,
        or None when this module has no combat analysis."""
        return None

    def hero_variants(self, book: "Book") -> Sequence[tuple[str, "GameState"]]:
        """Starting sheets to analyse a book with: ("typical", state) at least; a
        module with rolled characters adds e.g. ("weakest", ...), ("strongest", ...)
        and may return many weighted variants via state.extra["weight"]."""
        return ()

    def sheet(self, state: "GameState", lang: str) -> list[tuple[str, str]]:
        """The Adventure Sheet as (label, value) lines."""
        return [(s.label.get(lang), str(state.stats.get(s.name, ""))) for s in self.stats]

    def toolbar(self, state: "GameState", lang: str) -> str:
        """One short line for the REPL's bottom toolbar."""
        return "  ".join(f"{label} {value}" for label, value in self.sheet(state, lang)[:6])

    # --- helpers -----------------------------------------------------------
    def stat(self, name: str) -> StatDef | None:
        for s in self.stats:
            if s.name == name or name in s.aliases:
                return s
        return None

    def stat_aliases(self) -> dict[str, str]:
        return {alias: s.name for s in self.stats for alias in s.aliases}
