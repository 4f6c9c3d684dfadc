"""The rule-module interface: everything a series' rules provide to the engine.

A rule module is an object with the attributes and methods of `RuleModule` below.
The engine core (compiler, linter, interpreter, REPL) knows nothing of any series:
it asks the module.  Subclass `RuleModule` and override what your rules need; the
defaults describe a system with no combat and no tests, whose hero starts with the
sheet's initial values.  Modules are found through `engine.rules.registry`
(built-ins, then the `gamebook.rules` entry points); `engine.rules.conformance.
check_module(module)` says whether an object satisfies this interface, and
docs/writing-a-rule-module.md walks through a complete third-party module.

Contract in one paragraph: the module declares its sheet (`stats`), its part of the
book schema (`schema_defs`), the names it adds to the expression language
(`expr_variables`, `expr_functions` and their evaluation), how a hero is created
(`new_hero`), the paragraph fields that start an *activity* (combat, dice test) and
how each activity prompts and answers (`begin`, `prompt`, `answer`), the effects it
adds (`apply_effect`), what death means (`on_death`), its REPL commands
(`commands`) and its lint checks (`lint`).  Activities talk to the game only through
the `Play` object they are given: dice come from `play.roll`, every change is made
through `play` so that it becomes an event.

Life of an activity: when the hero enters a paragraph, its effects are applied, then
`after_change`, then for each name of `activity_fields` present in the paragraph
`begin(play, name, spec)` is called; the first that returns a dict becomes
`play.state.pending` (plain JSON, saved with the game) and the game waits.  Each
`prompt(play, pending)` describes the question; each `answer(play, pending, key,
amount)` mutates `pending` in place and acts through `play`.  The activity ends when
the module moves (`play.goto`), kills (`play.die`), wins (`play.win`), or sets
`play.state.pending = None` to offer the paragraph's own choices (activity fields
after it in the same paragraph are not started then: one activity a paragraph is
the simple rule).  Raise `Refused(fr, en)` for an answer not allowed now: the game
restores the state as it was.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from engine.diagnostics import Message
from engine.rules.values import (BadArguments, CarryLimit, Command, Death, Exit, Option, Prompt,  # noqa: F401 - re-exported
                     Refused, StatDef)

if TYPE_CHECKING:  # pragma: no cover
    from engine.book.model import Book, Paragraph
    from engine.diagnostics import Diagnostic
    from engine.expr import Signature
    from engine.game import Game as Play
    from engine.game.state import GameState


class RuleModule:
    """Base class and documentation of the interface; override what your rules need.

    Attributes: `id` is what a book writes after `rules:` (kebab-case, equal to the
    registry name); `version` a string that changes when the rules change (it keys
    the compiled-book cache); `title` the series' name in both languages, shown by
    `gamebook rules`; `stats` the sheet; `activity_fields` the paragraph keys that
    start an activity, tried in this order; `effect_kinds` the effect keys handed
    to `apply_effect`; `options` the defaults of the book's `options:` mapping;
    `aliases` other names `gamebook odds --rules` accepts (books write the `id`).
    Methods receive `play` (the `engine.game.Game`) at play time, a compiled
    `Book` at lint time; none may print or keep global state.

    The attributes are class attributes here: a module sets its own in its class
    body, as plain class attributes or as the fields of a `@dataclass` subclass
    (both work; the base is not a dataclass, so that importing the engine does not
    import `dataclasses`), or given to `RuleModule.__init__` as keywords.  The
    registry builds a module with no argument.
    """

    id: str = "base"
    version: str = "0"
    title: Message = Message("", "")
    stats: tuple[StatDef, ...] = ()
    activity_fields: tuple[str, ...] = ()       # paragraph fields that start an activity, in order
    effect_kinds: tuple[str, ...] = ()          # effect keys the module handles itself
    options: Mapping[str, Any] = MappingProxyType({})  # module options and defaults
    # format 1.1: where in a paragraph's fields an outcome's effects may be written,
    # e.g. ("test", "success_effects"); the compiler checks them, `play.outcome` applies them
    outcome_effects: tuple[tuple[str, ...], ...] = ()
    self_checked_exits: tuple[str, ...] = ()    # exit kinds whose missing target module.lint reports
    aliases: tuple[str, ...] = ()               # other names for `gamebook odds --rules` ("df", ...)
    roll_labels: Mapping[str, Message] = MappingProxyType({})  # dice purpose -> whose roll ("Vos dés")
    # For `gamebook explore --exhaustive`: stats this module's own code never reads,
    # only books do (gold...); where no expression ahead names one, the explorer
    # forgets its value.
    passive_stats: tuple[str, ...] = ()
    # ... and whether its code never reads the book's flags (codewords): then the
    # explorer forgets a flag where no expression or field ahead names it.
    passive_flags: bool = False
    # ... and, when its code reads a stat's starting value (`state.initial`) only as
    # that stat's maximum (`StatDef.ceiling`: its clamp, a command refused at the
    # maximum, its own expression names), what its own rules (commands) can add to
    # such a stat beyond the book's effects: {stat: {resource stat: the most a unit of
    # it spent adds}} (Défis Fantastiques: {"endurance": {"provisions": 4}}, a meal).
    # Where no later step can bring the stat up to its starting value, the explorer
    # then forgets that value, so that rolled sheets meet (compiled/ceilings.py).
    # None: starting values are never forgotten.
    ceiling_gains: Mapping[str, Mapping[str, int]] | None = None
    # (`activity_reads(pending)` below: what an activity under way reads and adds, so
    # that those values are forgotten in its states too.)
    # For the ceiling of the states a cut exploration leaves out (explore/routes.py): an
    # object with `hero(book, initial) -> ((stat, the most it can be or None), ...)` from a
    # state's starting values, and `passing(book, paragraph, hero, lost) -> float`, a
    # sound upper bound on the chance that the paragraph's fight or test does not end in
    # a loss (`lost(outcome)`: it leads nowhere a victory is) for every hero at most that
    # one, and `asks`: the activity fields that always prompt the player before they play
    # (Défis Fantastiques: defis_fantastiques/chances.py).  None: every chance is 1.
    chance_ceiling: Any = None
    # For `gamebook odds BOOK`, which says each column's policy: what the hero may
    # spend in a fight (Message("la Chance", "Luck")); None: "what the rules let him spend".
    fight_spending: Message | None = None
    # Format 1.2: the stat a `sell:` effect pays into (the gold); None: books of this
    # module cannot sell (`sell-no-money`).
    money: str | None = None

    def __init__(self, **attributes: Any) -> None:
        """`RuleModule(id="x", stats=(...))` sets those attributes on this instance."""
        for name, value in attributes.items():
            if name.startswith("_") or not hasattr(type(self), name) or callable(getattr(type(self), name)):
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {name!r}")
            setattr(self, name, value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # --- book format -------------------------------------------------------
    def schema_defs(self) -> dict:
        """JSON Schema (2020-12) pieces, merged by `engine.book.schema.book_schema`:
        "hero", "item", "options" (whole schemas; defaults: any object, any object,
        no option), "paragraph" and "choice" (extra properties), "effects" (a list
        of extra effect schemas, one per `effect_kinds` key), one schema per name
        of `activity_fields`, and any other key as a shared `$defs` entry.
        `{"$ref": "#/$defs/number"}` (int or formula), `.../target` and
        `.../condition` are available.  Give `description`s: editors show them."""
        return {}

    def exits(self, paragraph: "Paragraph") -> Iterable[Exit]:
        """Exits written in module fields (combat outcomes, test results, Oracle),
        read from `paragraph.fields`; the linter's graph, reachability and
        dead-end checks see nothing else.  `path` is relative to the document:
        `paragraph.path + ("combat", "win")`."""
        return ()

    def grants(self, book: "Book") -> Mapping[str, set]:
        """What the book can ever give, by reference kind ("item", "flag", "god"...),
        beyond what the core already sees (effects `gain`, `flag`, starting equipment)."""
        return {}

    def passive_items(self, book: "Book") -> frozenset:
        """For `gamebook explore --exhaustive`: the book's items this module's code
        never reads, only books do (through expressions, effects and the module
        fields that name them): where nothing ahead names one, the explorer forgets
        whether it is held.  Default: none.  `plain_items(self, book)` is the usual
        answer of a module that reads items only through their properties (weapon,
        armour...) and through the fields naming them."""
        return frozenset()

    def carry_limits(self, book: "Book") -> Sequence["CarryLimit"]:
        """The carrying limits the rules state (`CarryLimit`: "a backpack of 8
        items"), asked often: return a constant.  Default: none."""
        return ()

    def lint(self, book: "Book", doc) -> Iterable["Diagnostic"]:
        """Module-specific checks over a compiled book; `doc.span(path)` locates a
        YAML path (paragraph.path + ("combat", "win"), ...) for the diagnostic."""
        return ()

    def header_style(self, paragraph: "Paragraph") -> str:
        """How the paragraph number is printed: "plain" or "italic"."""
        return "plain"

    def choice_note(self, choice) -> Message | None:
        """What a choice's module fields cost or need, shown after its text before the
        player commits (e.g. a god's price), or None."""
        return None

    def paragraph_notes(self, play, number: int) -> tuple[Message, ...]:
        """Lines the REPL shows under paragraph `number` (e.g. "Zeus may be called upon here")."""
        return ()

    # --- expression language ----------------------------------------------
    def expr_variables(self) -> Mapping[str, str]:
        """Extra variables beyond the stats, name -> type ("int"/"bool"/"str")."""
        return {}

    def stat_bounds(self, book: "Book") -> Mapping[str, tuple]:
        """Values each stat can take in this book, name -> (low, high or None), for
        the linter's `condition-never-holds` (`chance > 30` under a ceiling of 12).
        Only stats given here are analysed; a bound must hold in every game."""
        return {}

    def schema_descriptions_fr(self) -> Mapping[str, str]:
        """French of the descriptions in `schema_defs()`, keyed by their English text
        (written as `x-description-fr` in the editors' schema)."""
        return {}

    def expr_variable_kinds(self) -> Mapping[str, str]:
        """Text variables whose values are of a reference kind (`{"patron": "god"}`):
        `patron == "Athéna"` is then checked against `references(book)["god"]`.  A
        function's text result says so with `Signature(..., returns_kind="...")`."""
        return {}

    def expr_functions(self) -> Mapping[str, "Signature"]:
        """Extra functions, name -> `engine.expr.Signature(params, returns)`.  A
        parameter type is "int"/"bool"/"str" or a reference kind ("item", or your
        own such as "god"): literal arguments of a reference kind are checked
        against `references()` at lint time.  Evaluated by `call`."""
        return {}

    def expr_aliases(self) -> Mapping[str, str]:
        """Other spellings of the module's variables and functions (alias -> name);
        stat aliases come from `stats` already."""
        return {}

    def expr_values(self) -> Mapping[str, Sequence[str]]:
        """Optional: the strings a variable or function of the module can be equal
        to (name -> values, e.g. {"god": ("favorable", ...)}), offered by the
        editor's completion after `god("Zeus") == "`.  Default: none."""
        return {}

    def word_term(self, node) -> Message | None:
        """Optional: one of the module's names or calls (`Name`/`Call`, canonical name),
        or a text value it knows (`Str`: "favorable" -> "favourable"), as a noun phrase for a locked choice's need ("le dieu protecteur" /
        "the patron god"), or None: it is then printed as written."""
        return None

    def word_fact(self, node, negated: bool) -> Message | None:
        """Optional: one of the module's yes/no names or calls as what must (or, when
        `negated`, must not) hold ("Zeus doit être encore libre"), or None."""
        return None

    def references(self, book) -> Mapping[str, frozenset]:
        """Known values of the module's reference kinds (e.g. {"god": {...}}).
        Called by the compiler before the Book exists: `book` has the raw
        `.data`, `.hero`, `.options` and `.paragraphs` of the document."""
        return {}

    def variable(self, state: "GameState", name: str) -> Any:
        """Value of a stat or of an `expr_variables` name (canonical name)."""
        return state.stats[name]

    def call(self, state: "GameState", name: str, args: tuple) -> Any:
        """Value of one of `expr_functions` (core functions never reach here)."""
        raise KeyError(name)

    # --- play ---------------------------------------------------------------
    def new_hero(self, play: "Play") -> None:
        """Fill play.state for a new game (stats, equipment, module state); called
        before the start paragraph is entered.  Default: `roll_sheet(play)`."""
        self.roll_sheet(play)

    def roll_sheet(self, play: "Play") -> None:
        """Give each non-derived stat the book's `hero:` value (by name or alias)
        or its `initial`, rolling dice formulas through `play`; remember it in
        `state.initial` (the ceiling), then give the `hero.equipment` items."""
        from engine import expr as X
        hero = play.book.hero if isinstance(play.book.hero, Mapping) else {}
        for spec in self.stats:
            if spec.derived:
                continue
            raw = next((hero[k] for k in (spec.name, *spec.aliases) if k in hero), spec.initial)
            value = raw if isinstance(raw, int) else play.number(X.parse(str(raw), "number"))
            play.state.stats[spec.name] = play.state.initial[spec.name] = value
        for item, copies in play.starting_equipment():
            play.gain(item, copies)

    def clamp(self, state: "GameState", stat: str, value: int) -> int:
        """Apply the sheet's bounds to a new stat value."""
        spec = self.stat(stat)
        if spec and spec.minimum is not None:
            value = max(spec.minimum, value)
        if spec and spec.ceiling and stat in state.initial:
            value = min(state.initial[stat], value)
        return value

    def entered(self, play: "Play") -> None:
        """Called each time a paragraph is entered, before its effects: the place to
        reset what holds "once per paragraph" (a mark in `play.state`, never in the
        module: a rebuilt state has no history to count entries by)."""

    def after_change(self, play: "Play") -> None:
        """Called after a paragraph's effects and after every answer or command,
        unless the game has ended: the place for "Endurance 0 means death"
        (`play.die(cause)`) or death by Shame."""

    def apply_effect(self, play: "Play", kind: str, value: Any) -> None:
        """Carry out an effect whose key is in `effect_kinds` (value as written)."""
        raise KeyError(kind)

    def begin(self, play: "Play", field_name: str, spec: Mapping) -> dict | None:
        """Start the activity of a paragraph field; return its pending state, or
        None when nothing is to be asked (the module already moved on)."""
        return None

    def prompt(self, play: "Play", pending: dict) -> Prompt:
        """The question of the pending activity (`pending["activity"]` is its
        field name); must not change anything."""
        raise NotImplementedError

    def answer(self, play: "Play", pending: dict, key: str, amount: int | None) -> None:
        """Carry out the player's answer (an enabled option's key, already checked
        by the game); see the module docstring for how an activity ends."""
        raise NotImplementedError

    def choice_extra(self, play: "Play", choice, key: str) -> bool:
        """Handle a module field on a chosen choice (e.g. invoking a god with a cost).
        Return False to stop the move (the module moved elsewhere or refused)."""
        return True

    def on_death(self, play: "Play", cause: str) -> Death:
        """What death means: the `cause` given to `play.die` ("paragraph" for an
        `end: death` paragraph) -> rescues offered and whether to restart."""
        return Death()

    def rescue(self, play: "Play", key: str) -> None:
        """Carry out a rescue option offered by on_death."""
        raise Refused("option inconnue", "unknown option")

    def rescue_targets(self, book: "Book") -> Sequence[int]:
        """Paragraphs a rescue may lead to from a death anywhere in the book (a book
        option, not a paragraph's exit): the explorer's paragraph graph adds them
        after every paragraph, so that it knows them before play finds them."""
        return ()

    def commands(self) -> Sequence[Command]:
        """The module's REPL commands, each with a French and an English name."""
        return ()

    # --- analysis -----------------------------------------------------------
    def fight_odds(self, book: "Book", state: "GameState", spec: Mapping,
                   pending: dict | None = None, policy: str = "optimal"):
        """Exact odds of the combat `spec` (a paragraph's combat field) for the hero in
        `state`; with `pending` (the combat's live state) from the current point, with
        advice for the pending decision.  Returns an engine.analysis.result.FightOdds,
        or None when this module has no combat analysis."""
        return None

    def fight_wins(self, book: "Book", states: Sequence["GameState"], spec: Mapping,
                   policy: str = "never"):
        """Optional shortcut for `gamebook odds BOOK`: P(the hero does not lose) of
        the combat `spec` for each of `states` (a list of Fractions, same order), when
        the module can share work between them; None to fall back on fight_odds."""
        return None

    def hero_variants(self, book: "Book") -> Sequence[tuple[str, "GameState"]]:
        """Starting sheets to analyse a book with: ("typical", state) at least; a
        module with rolled characters adds e.g. ("weakest", ...), ("strongest", ...)
        and may return many weighted variants via state.extra["weight"]."""
        return ()

    def activity_reads(self, pending: Mapping) -> tuple[frozenset, Mapping[str, int]] | None:
        """For the difficulty table (compiled/ceilings.py): of the activity under way
        `pending` (a fight, a test), (the stats its rules read until it ends, {stat: the
        most its rules can still add to it}); its outcomes' effects are the book's.  A
        stat it does not read, which no paragraph after it can read (the book's words,
        or a hero waiting there, whom the module's commands read), is forgotten in its
        states, and so is a starting value no later step can reach.  None: not said,
        nothing forgotten in those states."""
        return None

    def fight_outcomes(self, play: "Play", pending: dict, cache: dict):
        """Optional, for `gamebook explore --exhaustive`: the pending activity (a fight)
        played on from here as chance nodes, instead of answer by answer.

        Return None (the default: the explorer tries every answer and every roll) or
        `(strategies, keep)`.  `strategies` lists `(label, outcomes)`: one way to play
        on under a policy the module states (`label`, a short id such as
        "luck-optimal", is printed in the report); `outcomes` lists `(probability,
        finish)`, probabilities (Fractions, or floats exact to rounding) summing to 1,
        where `finish(play)` puts
        the game into that outcome through `play`, as the activity itself would (stats
        changed, then `goto`/`die`/`win`/`pending = None`, or a later decision point
        of the same activity left pending).  `keep` are the option keys the explorer
        still tries one by one from here (escape, retreat...).  `cache` is one dict for
        the whole exploration: memoise solved fights in it.  The explorer calls
        `after_change` after `finish`, as after an answer."""
        return None

    def strategy_words(self, label: str) -> "Message | None":
        """A strategy `label` of `fight_outcomes` ("no-luck"...) in the player's words,
        for the advice of the book's kept values; None: the label as written."""
        return None

    def odds_advice(self, advice: str) -> Message:
        """A FightOdds `advice` ("use-luck", "spend:3"...) in words, for `gamebook
        odds` and the REPL's live odds.  Default: the advice as written."""
        return Message(advice, advice)

    def foe_values(self, play, pending, index):
        """An opponent's numbers for the fight pane, as (label Message, value) pairs,
        what the module knows beyond its stats (a condition, a counter); None: the
        opponent's stats as the book gives them."""
        return None

    def death_cause(self, cause: str):
        """How the end screen names a death `cause` this module gives `play.die` ("shame"
        ...): a Message, or None for the engine's own words (a stat at 0, a fight)."""
        return None

    def paragraph_fields(self, fields: Mapping) -> Mapping:
        """A paragraph's module fields as the rules read them: a module whose fields take
        aliases (an enemy's `skill` for `habilete`) gives them their one name here."""
        return fields

    def odds_labels(self):
        """How the odds are worded: an engine.rules.labels.OddsLabels (title of
        the hero's final-state chart, unit of the fight's length, names of word
        states and extra outcomes).  Default: generic words."""
        from engine.rules.labels import OddsLabels
        return OddsLabels()

    # --- exact odds from the command line: `gamebook odds --rules ID ...` ----
    def odds_arguments(self, parser, lang: str) -> None:
        """Add the module's own flags (--hero, --enemy, ...) to `parser`, an
        argparse group that already has BOOK, --rules, --format and --lang; help
        texts in `lang`.  Values are checked in `odds_from_arguments`, not here."""

    def odds_from_arguments(self, args):
        """The fight the parsed `args` describe, solved: an
        engine.analysis.result.OddsReport.  Raise `BadArguments(fr, en)` for a
        bad value (a ValueError from a solver is reported as a fight that cannot
        be analysed).  Return None (the default) when the module offers no odds:
        a module offers them by overriding this method and `odds_arguments`."""
        return None

    def item_summary(self, book: "Book", item_id: str) -> Message | None:
        """Optional: what the item does under these rules, from its data ("arme :
        3 points de blessure, −1 à la Force d'Attaque"), shown before the player
        buys or takes it and in `inventaire`; None for a plain object."""
        return None

    def sheet_bonuses(self, play: "Play") -> Sequence[tuple[Message, Message]]:
        """Optional: the bonuses the hero's fights add to the sheet's numbers, as
        (label, value) rows for the full-screen sheet ("Bonus d'arme", "+1 à la Force
        d'Attaque (Lance de frêne)"), so that they read as bonuses; none by default."""
        return ()

    def fight_values(self, play: "Play", pending: dict) -> Sequence[tuple[Message, Any]] | None:
        """Optional: the hero's values as the fight in `pending` uses them (label,
        value: a text or a Message), e.g. Habileté 7 bare-handed, for the full-screen fight panel; computed
        by the same code as the fight.  None: the panel shows the sheet's values."""
        return None

    def sheet(self, state: "GameState", lang: str) -> list[tuple[str, str]]:
        """The Adventure Sheet as (label, value) lines."""
        return [(s.label.get(lang), str(state.stats.get(s.name, ""))) for s in self.stats]

    def toolbar(self, state: "GameState", lang: str) -> str:
        """One short line for the REPL's bottom toolbar."""
        return "  ".join(f"{label} {value}" for label, value in self.sheet(state, lang)[:6])

    # --- helpers -----------------------------------------------------------
    def stat(self, name: str) -> StatDef | None:
        """The sheet entry for a canonical name or an alias; None if unknown."""
        for s in self.stats:
            if s.name == name or name in s.aliases:
                return s
        return None

    def stat_aliases(self) -> dict[str, str]:
        """alias -> canonical name, for the expression language and effects."""
        return {alias: s.name for s in self.stats for alias in s.aliases}


PLAIN = frozenset({"name", "description"})   # the item properties no rule reads


def plain_items(module: RuleModule, book: "Book") -> frozenset:
    """The book's items with nothing for the rules to read (a name, a description)
    that no carrying limit of `module` counts: a module that reads items only
    through their properties and the fields naming them never reads these."""
    limits = module.carry_limits(book)
    return frozenset(i for i, item in book.items.items()
                     if set(item.props) <= PLAIN and not any(lim.holds(book, i) for lim in limits))
