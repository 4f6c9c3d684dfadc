"""The compiled book: an immutable model built once from the YAML document.

Everything that changes during play lives in `GameState`; a `Book` never changes.
Module-specific paragraph fields (combat, test, oracle...) are kept as validated
plain data in `Paragraph.fields` and interpreted by the rule module.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.expr import Expr
from engine.support.records import field, record

ENDINGS = ("death", "victory")
# Format 1.2 (engine/book/outcome_shapes.py): an outcome that ends the game or carries
# on in its paragraph, as a target number no paragraph has (paragraphs start at 1).
DEATH, VICTORY, CONTINUE = -1, -2, -3
OUTCOME_ENDS = {DEATH: "death", VICTORY: "victory", CONTINUE: "continue"}


@record(frozen=True, slots=True)
class Effect:
    """One effect: `kind` is the YAML key (gain, lose, add, set, flag, ... or a module's)."""

    kind: str
    value: Any              # item id, {stat: int|Expr}, flag name, or the module's data
    path: tuple


@record(frozen=True, slots=True)
class Choice:
    text: str
    target: int | None      # a fixed paragraph number ...
    target_expr: Expr | None  # ... or an expression computed when the choice is shown
    condition: Expr | None
    effects: tuple[Effect, ...]
    extra: Mapping[str, Any]  # module fields of a choice (e.g. invoke a god)
    path: tuple
    show: str | None = None   # format 1.1: "hidden" or "reason" when its condition fails
    once: bool = False        # format 1.1: offered until taken once
    stay: bool = False        # format 1.2: an action: effects, then the same choices again


@record(frozen=True, slots=True)
class Outcome:
    low: int
    high: int
    target: int
    path: tuple
    effects: tuple[Effect, ...] = ()   # format 1.1: applied before moving


@record(frozen=True, slots=True)
class AutoJump:
    """Format 1.1: a way out the book chooses (`auto:`), the first whose condition holds."""

    condition: Expr | None     # None: the default
    target: int | None         # a paragraph ...
    end: str | None            # ... or an ending ("death" | "victory")
    effects: tuple[Effect, ...]
    path: tuple


@record(frozen=True, slots=True)
class RandomRoll:
    dice: Expr
    outcomes: tuple[Outcome, ...]
    path: tuple


@record(frozen=True, slots=True)
class Paragraph:
    number: int
    text: str
    effects: tuple[Effect, ...]
    choices: tuple[Choice, ...]
    end: str | None               # "death" | "victory" | None
    random: RandomRoll | None
    fields: Mapping[str, Any]     # module fields: combat, test, oracle, ...
    path: tuple
    auto: tuple[AutoJump, ...] = ()   # format 1.1: jumps the book chooses
    # format 1.1: effects of a module's outcomes, keyed by their path in `fields`,
    # e.g. ("test", "success_effects")
    outcome_effects: Mapping[tuple, tuple[Effect, ...]] = field(default_factory=dict)
    # format 1.1: what does not happen again when the paragraph is entered again
    # ("effects" and/or activity fields such as "combat")
    once: tuple[str, ...] = ()
    # format 1.2: the conditions of a puzzle's answers, by their index in `answers:`
    puzzle_if: Mapping[int, Expr] = field(default_factory=dict)
    # format 1.2: the outcomes (by their path in `fields`) that end the game or carry on
    outcome_ends: Mapping[tuple, str] = field(default_factory=dict)

    @property
    def is_ending(self) -> bool:
        return self.end is not None


@record(frozen=True, slots=True)
class Item:
    id: str
    name: str
    props: Mapping[str, Any]      # module-defined: weapon, armour, ...
    path: tuple


@record(frozen=True)
class Book:
    id: str
    title: str
    author: str
    language: str
    rules: str
    start: int
    hero: Mapping[str, Any]
    items: Mapping[str, Item]
    paragraphs: Mapping[int, Paragraph]
    options: Mapping[str, Any]
    content_hash: str
    file: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)

    def item_name(self, item_id: str) -> str:
        item = self.items.get(item_id)
        return item.name if item else item_id


def book_endings(book) -> dict[int, str]:
    """paragraph -> kind, for every ending the book has (what there is to discover)."""
    out = {n: p.end for n, p in book.paragraphs.items() if p.end in ("death", "victory")}
    for n, p in book.paragraphs.items():   # format 1.1: an ending an `auto:` jump makes
        out.setdefault(n, next((a.end for a in p.auto if a.end in ("death", "victory")), None))
        if not out[n]:   # format 1.2: an outcome that ends the game (a test's `{end: death}`)
            out[n] = next((e for e in p.outcome_ends.values() if e in ("death", "victory")), None)
    for n, p in book.paragraphs.items():   # format 1.2: a give-up's `none: {end:}` (engine/book/giving.py)
        gives = [e.value.get("none") for e in (*p.effects, *(e for c in p.choices for e in c.effects))
                 if e.kind == "give_up" and isinstance(e.value, dict)]
        if out.get(n) is None:
            out[n] = next((g.end for g in gives if g is not None and g.end), None)
    return {n: kind for n, kind in out.items() if kind}
