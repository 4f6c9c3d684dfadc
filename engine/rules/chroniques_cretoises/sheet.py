"""The Adventure Sheet: the hero's starting values, Force and Protection derived
from the equipment, the armour limits, and the sheet shown by the REPL.

Force = natural Force + the Force of the most powerful weapon carried.
Protection = natural Protection + the best piece of each kind of armour worn
+ the Protection of the weapon in hand (the lance of the rule text's example gives 1).
The state keeps `stats.force` and `stats.protection` up to date (`refresh`), so that
expressions, the sheet and the events all see the same numbers.
"""
from __future__ import annotations

from engine.book.frontmatter import equipment
from engine.support.records import record

from engine.diagnostics import Message
from engine.rules.chroniques_cretoises import names as N

M = Message

# The rule text's starting weapon, used when a book does not describe it.
MASSUE = {"name": "Massue", "weapon": {"force": 1, "protection": 0}}
CACHE_SIZE = 4096   # item sets remembered by `derived` (a book has few)
DEFAULTS = {"force": 4, "protection": 10, "honneur": 7, "honte": 0, "equipment": ["massue"]}


def props(book, item_id: str) -> dict:
    item = book.items.get(item_id)
    if item is not None:
        return dict(item.props)
    return dict(MASSUE) if item_id == "massue" else {}


def carried(book, items: dict) -> list[tuple[str, dict]]:
    """One (id, props) per piece carried, a count of 2 giving two pieces."""
    return [(i, props(book, i)) for i, n in sorted(items.items()) for _ in range(n)]


def wielded(book, items: dict) -> tuple[str, dict] | None:
    """The most powerful weapon: highest Force, then highest Protection, then id."""
    weapons = [(i, p["weapon"]) for i, p in carried(book, items) if "weapon" in p]
    if not weapons:
        return None
    return max(weapons, key=lambda w: (w[1].get("force", 0), w[1].get("protection", 0), w[0]))


def armour_by_slot(book, items: dict) -> dict[str, list[tuple[str, int]]]:
    """Armour pieces grouped by kind, best first."""
    slots: dict[str, list[tuple[str, int]]] = {}
    for i, p in carried(book, items):
        if "armour" in p:
            slots.setdefault(p["armour"].get("slot", i), []).append((i, p["armour"].get("protection", 0)))
    for pieces in slots.values():
        pieces.sort(key=lambda x: (-x[1], x[0]))
    return slots


def worn(book, items: dict) -> list[tuple[str, int]]:
    """The piece worn of each kind (the best one); the others are spares."""
    return [pieces[0] for _, pieces in sorted(armour_by_slot(book, items).items())]


def best_armour(book, items: dict) -> str | None:
    """The most important piece of armour (highest Protection), for a surrender's tribute."""
    pieces = [x for pieces in armour_by_slot(book, items).values() for x in pieces]
    return max(pieces, key=lambda x: (x[1], x[0]))[0] if pieces else None


def new_hero(play, gods) -> None:
    """Fill a fresh state from the book's `hero:` (or the rule text's values)."""
    hero, st = dict(DEFAULTS), play.state
    hero.update(play.book.hero or {})
    opts = play.book.options
    patron = N.god_name(hero["patron"], gods) if hero.get("patron") else None
    attitudes = {g: N.NEUTRE for g in gods}
    if patron:
        attitudes[patron] = N.FAVORABLE
    for g, a in (hero.get("gods") or {}).items():
        name = N.god_name(g, gods)
        if name and N.attitude(a):
            attitudes[name] = N.attitude(a)
    st.extra.update({
        "base_force": int(hero["force"]), "base_protection": int(hero["protection"]),
        "condition": N.condition_index(hero.get("condition", 0)) or 0, "patron": patron,
        "gods": attitudes, "zeus_used": bool(hero.get("zeus_used", False)),
        "honour_exhausted": False, "lock_zero": bool(opts.get("honour_zero_lock", True)),
    })
    st.items = {}
    for item, copies, _path in equipment(hero):
        st.items[item] = st.items.get(item, 0) + copies
    st.stats.update({"honneur": int(hero["honneur"]), "honte": int(hero["honte"])})
    d = derived(play)
    st.stats["force"] = st.extra["base_force"] + d.force
    st.stats["protection"] = st.extra["base_protection"] + d.protection
    st.initial = dict(st.stats)
    st.extra["equipment"] = {lang: list(lines) for lang, lines in d.lines.items()}


def enforce_spares(play) -> None:
    """At most `armour_spares` (2) spare pieces of one kind besides the one worn."""
    limit = 1 + int(play.book.options.get("armour_spares", 2))
    for slot, item_id in spares_over(play.book, play.state.items):
        play.emit("armour-limit", f"Vous ne pouvez garder plus de {limit} pièces de type « {slot} ».",
                  f"You cannot keep more than {limit} pieces of kind '{slot}'.", slot=slot)
        play.lose(item_id, 1)


def spares_over(book, items: dict) -> list[tuple[str, str]]:
    """(kind, piece) of each piece past the limit, the worst ones of each kind: each is
    one copy lost (`enforce_spares`, and the compiled explorer's vector rules)."""
    limit = 1 + int(book.options.get("armour_spares", 2))
    return [(slot, item_id) for slot, pieces in armour_by_slot(book, items).items()
            for item_id, _ in pieces[limit:]]


def refresh(play) -> None:
    """Recompute the derived stats after the equipment may have changed."""
    st = play.state
    # Called after every change: skip the work when nothing it depends on moved (the
    # key: {id: count}, base Force, base Protection, Force, Protection; a key of
    # another form, from an older save, is simply not equal).
    key, extra, stats = st.extra.get("equipment_key"), st.extra, st.stats
    if key is not None and key[0] == st.items and key[1] == extra.get("base_force") \
            and key[2] == extra.get("base_protection") and key[3] == stats.get("force") \
            and key[4] == stats.get("protection") and "equipment" in extra:
        return
    if derived(play).over_limit:
        enforce_spares(play)
    d = derived(play)
    for stat, value in (("force", st.extra.get("base_force", 4) + d.force),
                        ("protection", st.extra.get("base_protection", 10) + d.protection)):
        if st.stats.get(stat) != value:
            old = st.stats.get(stat)
            st.stats[stat] = value
            play.emit("stat", stat=stat, old=old, new=value, reason="equipment")
    # The sheet is drawn from the state alone, so the item names are kept with it.
    st.extra["equipment"] = {lang: list(lines) for lang, lines in d.lines.items()}
    st.extra["equipment_key"] = [dict(st.items), st.extra.get("base_force"), st.extra.get("base_protection"),
                                 st.stats.get("force"), st.stats.get("protection")]


@record(frozen=True)
class Derived:
    """What the items carried give, whatever the rest of the state."""

    force: int              # the wielded weapon's Force
    protection: int         # the armour worn + the wielded weapon's Protection
    over_limit: bool        # more spare pieces of one kind than allowed
    lines: dict             # lang -> the sheet's equipment lines


def derived(play) -> Derived:
    """`Derived` for the items held, computed once per book and set of items (the
    cache lives on the module object and is bounded)."""
    book, items = play.book, play.state.items
    cache = play.module.derived_cache
    key = (book.content_hash, tuple(sorted(items.items())))
    d = cache.get(key)
    if d is None:
        if len(cache) > CACHE_SIZE:
            cache.clear()
        d = cache[key] = derive(book, items)
    return d


def derive(book, items: dict) -> Derived:
    """`Derived` of the items held (Force from the wielded weapon; Protection from the
    armour worn and the weapon in hand)."""
    w = wielded(book, items)
    limit = 1 + int(book.options.get("armour_spares", 2))
    return Derived(
        w[1].get("force", 0) if w else 0,
        sum(p for _, p in worn(book, items)) + (w[1].get("protection", 0) if w else 0),
        any(len(pieces) > limit for pieces in armour_by_slot(book, items).values()),
        {lang: tuple(_lines(book, items, lang)) for lang in ("fr", "en")})


def _lines(book, items: dict, lang: str) -> list[str]:
    w = wielded(book, items)
    worn_ids = [i for i, _ in worn(book, items)]
    out = []
    for item_id, n in sorted(items.items()):
        name = book.item_name(item_id) if book.items.get(item_id) else props(book, item_id).get("name", item_id)
        p = props(book, item_id)
        note = ""
        if "weapon" in p:
            wp = p["weapon"]
            strength = "F" if lang == "fr" else "S"   # Force / Strength
            note = f" ({strength} {wp.get('force', 0)}, P {wp.get('protection', 0)})"
            if w and w[0] == item_id:
                note += " — en main" if lang == "fr" else " — in hand"
        elif "armour" in p:
            note = f" (P {p['armour'].get('protection', 0)})"
            note += (" — portée" if lang == "fr" else " — worn") if item_id in worn_ids else \
                (" — de rechange" if lang == "fr" else " — spare")
        out.append(f"{name}{' ×' + str(n) if n > 1 else ''}{note}")
    return out



def condition_event(play, who: str, name: str, old: int, new: int) -> None:
    if not play.narrate:   # the explorer reads no event: none is made for it
        return
    a, b = N.CONDITION_LABELS[old], N.CONDITION_LABELS[new]
    play.emit("condition", f"{name} : {a.fr} → {b.fr}.", f"{name}: {a.en} → {b.en}.",
              who=who, name=name, old=N.CONDITIONS[old], new=N.CONDITIONS[new])



def set_hero_condition(play, new: int) -> None:
    old = condition_set(play.state.extra, new)
    if old != new:
        condition_event(play, "hero", "Althéos", old, new)


def condition_set(extra: dict, new: int) -> int:
    """The hero's condition `new` in the module's `extra`, written only when it changes
    (play and the compiled explorer's vector rules); the old one."""
    old = extra.get("condition", 0)
    if old != new:
        extra["condition"] = new
    return old
