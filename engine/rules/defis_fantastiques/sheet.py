"""The Adventure Sheet of Défis Fantastiques: stats, ceilings, creation, display.

Habileté, Endurance and Chance start from dice and their starting totals are
ceilings ("il vous est impossible de dépasser la limite de vos totaux de départ"),
unless the book raises or removes a ceiling.  The starting totals themselves are
kept untouched in `state.initial` ("n'effacez jamais vos totaux de départ"); the
current maxima live in `state.extra["max"]`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import expr as X
from engine.rules.base import StatDef
from engine.rules.defis_fantastiques.messages import M

if TYPE_CHECKING:  # pragma: no cover
    from engine.game.state import GameState

STATS = (
    StatDef("habilete", M("Habileté", "Skill"), ("habileté", "skill"), "1d6+6", ceiling=True),
    StatDef("endurance", M("Endurance", "Stamina"), ("stamina",), "2d6+12", ceiling=True),
    StatDef("chance", M("Chance", "Luck"), ("luck",), "1d6+6", ceiling=True),
    StatDef("or", M("Pièces d'Or", "Gold Pieces"),
            ("gold", "pieces_d_or", "pièces_d_or", "po"), "2d6+12", one=M("Pièce d'Or", "Gold Piece")),
    StatDef("provisions", M("Provisions", "Provisions"), ("repas", "meals"), 0,
            one=M("Provision", "Provision")),
)
CAPPED = ("habilete", "endurance", "chance")
# The creation order is fixed so that a player rolling real dice can give them with
# --dice in the order the rules list them.
CREATION_ORDER = ("habilete", "endurance", "chance", "or", "provisions")
DEFAULT_EQUIPMENT = ("epee", "balluchon")


def bounds(book) -> dict:
    """Values each stat can take in any game of `book` (for the linter): never below
    0; a capped stat never above its starting maximum (the highest its formula rolls,
    or `hero.ceilings`), unless an effect of the book moves that ceiling."""
    hero = book.hero if isinstance(book.hero, dict) else {}
    from engine.book.effect_lists import all_effects
    moved = {stat for p in book.paragraphs.values() for e in all_effects(p)
             if e.kind == "ceiling" and isinstance(e.value, dict) for stat in e.value}
    ceilings = hero.get("ceilings") or {}
    out = {}
    for spec in STATS:
        high = None
        if spec.name in CAPPED and spec.name not in moved and ceilings.get(spec.name) is not False:
            cap = ceilings.get(spec.name)
            high = cap if isinstance(cap, int) else _highest(hero.get(spec.name, spec.initial))
        out[spec.name] = (0, high)
    return out


def _highest(value) -> int | None:
    try:
        f = formula(value)
    except X.ExprError:
        return None  # reported by the module's lint
    if isinstance(f, int):
        return f
    span = X.dice_range(f)
    return span[1] if span else None


def maximum(state: "GameState", stat: str) -> int | None:
    """The current ceiling of a stat, or None when it has none."""
    caps = state.extra.get("max")
    if caps and stat in caps:
        return caps[stat]
    return state.initial.get(stat) if stat in CAPPED else None


def formula(value) -> X.Expr | int:
    """A hero value: an integer, or a dice formula parsed once (memoised by the parser)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return X.parse(str(value), "dice")


class _RollCtx:
    """Evaluates a dice formula with every die rolled through the game, with a purpose."""

    def __init__(self, play, purpose: str):
        self.play, self.purpose = play, purpose

    def variable(self, name):
        raise LookupError(name)

    def call(self, name, args):
        raise LookupError(name)

    def roll(self, count: int, sides: int) -> int:
        return sum(self.play.roll(count, sides, self.purpose))


def roll_stats(play) -> None:
    """Roll (or read) every starting stat, in front of the player: one event a roll."""
    hero = play.book.hero if isinstance(play.book.hero, dict) else {}
    st = play.state
    if play.narrate:   # the explorer reads no event: none is made for it
        play.emit("creation-start", "Votre personnage :", "Your character:")
    for spec, value, dice in _sheet_rolls(play, hero):
        if dice is not None:   # NdS±K: the dice rolled as the evaluator would roll them
            n = sum(play.roll(dice[0], dice[1], spec.name)) + dice[2]
        else:
            n = value if isinstance(value, int) else _rolled(play, value, spec.name)
        st.stats[spec.name] = st.initial[spec.name] = n
        if play.narrate:
            how = "" if isinstance(value, int) else f" ({hero.get(spec.name, spec.initial)})"
            play.emit("creation", f"{spec.label.fr} : {n}{how}", f"{spec.label.en}: {n}{how}",
                      stat=spec.name, value=n)
    caps = {}
    for stat, cap in (hero.get("ceilings") or {}).items():
        caps[stat] = None if cap is False else int(cap)
    st.extra["max"] = caps


def _rolled(play, value: X.Expr, purpose: str) -> int:
    try:
        return int(X.evaluate(value, _RollCtx(play, purpose)))
    except X.EvalError as exc:   # `1d6 / (1d6 - 1d6)`: told where it is in the book
        from engine.game.faults import expression_fault
        raise expression_fault(play.book, play.state.paragraph, value.text, exc) from None


def _sheet_rolls(play, hero: dict) -> tuple:
    """(stat, value, (count, sides, added) for a plain NdS±K formula, else None) for
    each stat of the sheet, read from the book once (the game's memo; tested against
    the evaluator)."""
    made = play.memo.get("df-sheet")
    if made is None:
        made = []
        for spec in STATS:
            value = formula(hero.get(spec.name, spec.initial))
            made.append((spec, value, None if isinstance(value, int) else _plain_dice(value.root)))
        made = play.memo["df-sheet"] = tuple(made)
    return made


def _plain_dice(root) -> tuple[int, int, int] | None:
    """NdS, NdS+K or NdS-K as (N, S, ±K); None for any other formula."""
    if isinstance(root, X.Dice):
        return root.count, root.sides, 0
    if isinstance(root, X.Binary) and root.op in ("+", "-") and isinstance(root.left, X.Dice) \
            and isinstance(root.right, X.Int):
        return root.left.count, root.left.sides, root.right.value if root.op == "+" else -root.right.value
    return None


def clamp(state: "GameState", stat: str, value: int) -> int:
    if value < 0:
        value = 0
    caps = state.extra.get("max")   # maximum(state, stat), inlined: asked on every change
    cap = caps[stat] if caps and stat in caps else state.initial.get(stat) if stat in CAPPED else None
    return value if cap is None or value <= cap else cap


def raise_ceiling(play, changes: dict) -> None:
    """Effect `ceiling: {habilete: 1}`: move a maximum (the rare cases the rules allow)."""
    caps = play.state.extra.setdefault("max", {})
    for stat, delta in changes.items():
        old = maximum(play.state, stat)
        base = old if old is not None else play.state.stats.get(stat, 0)
        caps[stat] = max(0, base + play.number(delta))
        play.emit("ceiling", f"Maximum de {label(stat, 'fr')} : {caps[stat]}.",
                  f"{label(stat, 'en')} maximum: {caps[stat]}.", stat=stat, value=caps[stat])


def label(stat: str, lang: str) -> str:
    spec = next((s for s in STATS if s.name == stat), None)
    return spec.label.get(lang) if spec else stat


def stat_line(state: "GameState", stat: str) -> str:
    cap = maximum(state, stat)
    value = state.stats.get(stat, 0)
    return f"{value}/{cap}" if cap is not None else str(value)
