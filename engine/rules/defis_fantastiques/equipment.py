"""Weapons and armour: one of each at a time, what they change, armour wear.

"Vous ne pouvez emporter avec vous qu'une seule arme à la fois ... Lorsque vous
abandonnez une arme, sachez qu'elle est perdue à jamais."  The same holds for
armour, which also absorbs Endurance on every wound, counts the wounds it took and
falls apart at its limit, and adds a penalty to every Skill test while worn.
"""
from __future__ import annotations

from engine.rules.defis_fantastiques.messages import count
from engine.rules.defis_fantastiques.model import STANDARD_DAMAGE, absorbed  # noqa: F401 - STANDARD_DAMAGE read here too

ARMOUR_TEST_PENALTY = 1      # "ajouter au moins 1 à votre lancer de dés"


def weapon_props(book, item_id: str | None) -> dict | None:
    item = book.items.get(item_id) if item_id else None
    return item.props.get("weapon") if item is not None else None


def armour_props(book, item_id: str | None) -> dict | None:
    item = book.items.get(item_id) if item_id else None
    return item.props.get("armour") if item is not None else None


def _held(play, props) -> list[str]:
    return [i for i, n in play.state.items.items() if n > 0 and props(play.book, i) is not None]


def _held_by_kind(play) -> dict[str, list[str]]:
    """_held for weapons and armour in one pass over the items (after every change)."""
    out: dict[str, list[str]] = {"weapon": [], "armour": []}
    items = play.book.items
    for i, n in play.state.items.items():
        item = items.get(i) if n > 0 else None
        if item is not None:
            for kind in ("weapon", "armour"):
                if item.props.get(kind) is not None:
                    out[kind].append(i)
    return out


def weapon(play) -> str | None:
    """The weapon the hero carries: the one `normalise` keeps in the state (it runs
    whenever the items change, before any rule reads them; tested)."""
    return play.state.extra.get("weapon")


def armour(play) -> str | None:
    """The armour the hero wears (kept by `normalise`, as the weapon)."""
    return play.state.extra.get("armour")


def skill_penalty(play) -> int:
    """"ajouter au moins 1 à votre lancer de dés chaque fois qu'il vous faut Tester
    votre Habileté": an armour without `skill_test_penalty` adds 1 (lint
    `armour-test-zero` where a book sets 0)."""
    props = armour_props(play.book, armour(play))
    if props is None:
        return 0
    return int(props.get("skill_test_penalty", ARMOUR_TEST_PENALTY))


def take(play, kind: str, item_id: str | None) -> None:
    """Effect `weapon: id` / `armour: id` (or `none`): the old one is lost for ever."""
    props = weapon_props if kind == "weapon" else armour_props
    for old in _held(play, props):
        if old != item_id:
            discard(play, kind, old)
    if item_id and not play.state.has(item_id):
        play.gain(item_id)
        if kind == "armour":
            play.state.extra["armour_hits"] = 0
    normalise(play)


def discard(play, kind: str, old: str) -> None:
    """The old weapon or armour lost for ever, said once: "Vous abandonnez pour
    toujours : Épée." replaces the core's "Vous perdez : Épée." (same item event)."""
    play.lose(old)
    last = play.events[-1] if play.narrate and play.events else None
    if last is not None and last.get("type") == "item" and last.get("item") == old:
        last.pop("say", None)
    play.emit(f"{kind}-discarded", f"Vous abandonnez pour toujours : {play.book.item_name(old)}.",
              f"You leave behind for ever: {play.book.item_name(old)}.", item=old)


def normalise(play) -> None:
    """Keep one weapon and one armour after any gain (a core `gain` of a second
    weapon counts as taking it: the one held before is discarded)."""
    held_by_kind = _held_by_kind(play)
    for kind in ("weapon", "armour"):
        held = held_by_kind[kind]
        before = play.state.extra.get(kind)
        if len(held) > 1:
            keep = [i for i in held if i != before][-1]
            for old in held:
                if old != keep:
                    discard(play, kind, old)
            held = [keep]
        now = held[0] if held else None
        if kind == "armour" and (now != before or now is None):
            wear(play.state, now)
        play.state.extra[kind] = now


def wear(state, armour: str | None) -> None:
    """`armour` is worn from now on, with no hit taken; the hit count exists only while
    an armour is worn (one form for "no armour": two states that differ by nothing
    else are one state to the explorer)."""
    state.extra["armour"] = armour
    if armour is None:
        state.extra.pop("armour_hits", None)
    else:
        state.extra["armour_hits"] = 0


def absorb(play, raw: int) -> tuple[int, int]:
    """A wound of `raw` points reaches the hero: (Endurance lost, points absorbed).

    The armour counts one more hit and falls apart when the count reaches its limit
    ("dès que ce nombre atteint la limite prévue, l'armure tombe en ruine")."""
    worn = armour(play)
    props = armour_props(play.book, worn)
    if props is None:
        return raw, 0
    absorbs = int(props.get("absorbs", 0))
    hits = play.state.extra.get("armour_hits", 0) + 1
    play.state.extra["armour_hits"] = hits
    limit = int(props.get("hits", 1))
    name = play.book.item_name(worn)
    if play.narrate:   # the explorer reads no event: none is made for it
        pts = count(absorbs, ("point", "points"), ("point", "points"))
        play.emit("armour-hit", f"{name} encaisse le coup ({hits}/{limit}) et absorbe {pts.fr}.",
                  f"{name} takes the blow ({hits}/{limit}) and absorbs {pts.en}.",
                  item=worn, hits=hits, limit=limit, absorbs=absorbs)
    if hits >= limit:
        play.lose(worn)
        wear(play.state, None)
        play.emit("armour-broken", f"{name} tombe en ruine.", f"{name} falls apart.", item=worn)
    return absorbed(raw, absorbs), absorbs


def unarmed(play, spec: dict) -> bool:
    """"à mains nues (c'est à dire sans arme ni armure)": see docs for the reading."""
    if spec.get("unarmed"):
        return True
    if weapon(play) is not None:
        return False
    if play.book.options.get("unarmed") == "no-weapon-no-armour":
        return armour(play) is None
    return True
