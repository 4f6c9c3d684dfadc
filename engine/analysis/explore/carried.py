"""The routes' ceiling (routes.py) for a hero who holds one weapon at a time: each
column's fights priced with the weapon held, not the best of the book's for each.

Défis Fantastiques: "Vous ne pouvez emporter avec vous qu'une seule arme à la fois ...
Lorsque vous abandonnez une arme, sachez qu'elle est perdue à jamais" (equipment.py:
a `weapon:` effect, or a core gain of a second weapon, discards the one held).  The
routes priced every fight with the weapon of the book that does best there, so
the-clock-of-vennick's pendulum knight (§ 37) was priced with the smith's hammer and
Ossery Vane (§ 221) with the boar spear, though from § 37 on the book gives only the
hammer (§ 44): no game holds both.

The module names the kind of item held one at a time (`Chances.carried = "weapon"`:
the items with `weapon` props, and the effect of that name that puts one in hand) and
prices an activity for a hero whose tuple holds `(kind, item)` with that weapon only
("" : bare hands; no such entry: any weapon of the book, as before).  Each table of the
routes (and each column of spent.py) is then split into one column per weapon w of
the book and bare hands: the value of entering a paragraph holding w.  A paragraph
that may put another weapon in hand or take it away (`gives`: any of its effect
lists, read below) reads its ways on in the columns of w and of every weapon it may
give, and prices its own activity with any weapon (no entry); every other paragraph
prices its activity with w and reads its ways on in w's column.  A state's table is
the most over the weapons (its weapon is not read).

Why it is sound: let a game enter m holding w.  Where m gives nothing, nothing in m
changes the weapon (its effects are read below; the module's rules change it only
through the book's effects: equipment.py `take`, `normalise`, and no command drops a
weapon), so its activity is fought with w, at most its chance for the hero holding w
(`passing`, `outcomes`, `coupled` bound every hero at most the one priced, with that
weapon), and the game leaves m still holding w.  Where m gives, the activity is
priced with every weapon (more than any one), and the game leaves holding w or one
that m gives, each read.  By induction on the steps within which a victory comes, as
for the routes, the game's value is at most the column's; a table's max over the
columns bounds a game holding any weapon.

What may change the weapon (`gives`): a `weapon:` effect (its item, or bare hands for
`none`); a `gain` of a weapon (normalise: the new one is held) or of an item used where
it lies (what its own effects give, read alike); `lose`, `give_up` and `sell` (bare hands, where
a weapon may go); `take` (the weapons among what it offers); `store` and `restore`
(any weapon, or none); any other effect of the module's but `armour` (any).
"""
from __future__ import annotations

from engine.book.effect_lists import all_effects

# the core's effects that never change the weapon held (a flag, a counter, a note, a stat)
STILL = frozenset(("add", "set", "flag", "unflag", "counter-add", "counter-set", "note", "ceiling", "armour"))
DROPS = frozenset(("lose", "give_up", "sell"))   # a weapon may go: bare hands
ANY = object()   # `gives`: every weapon of the book, and bare hands


class Carried:
    """The weapon columns of the routes of one book (above): `options`, `gives`,
    `steps`, `into`."""

    def __init__(self, routes, on: bool = True):
        self.r = routes
        self.kind = getattr(routes.declared, "carried", None) if on else None
        book = routes.book
        weapons = sorted(k for k, i in book.items.items() if isinstance(i.props.get(self.kind), dict)) \
            if self.kind else []
        # the columns: bare hands and each weapon; none where the book has fewer than two
        # ways to fight (nothing to tell apart)
        self.options = ("",) + tuple(weapons) if len(weapons) >= 1 and self.kind else ()
        self._gives: dict | None = None

    def hero(self, hero: tuple, w: int | None) -> tuple:
        """`hero` holding option w (None: any weapon, the hero itself)."""
        return hero if w is None or not self.options else hero + ((self.kind, self.options[w]),)

    @property
    def gives(self) -> dict:
        """{paragraph: the options it may put in hand (indices)} where it may change the
        weapon (above)."""
        if self._gives is None:
            found, every = {}, frozenset(range(len(self.options)))
            if self.options:
                place = {w: i for i, w in enumerate(self.options)}
                used = dict(self.r.book.meta.get("used_here") or {})
                for n, p in self.r.book.paragraphs.items():
                    got = set()
                    for e in all_effects(p):
                        g = self._given(e, place, used)
                        got |= every if g is ANY else g
                    if got:
                        found[n] = frozenset(got)
            self._gives = found
        return self._gives

    def _given(self, e, place: dict, used: dict):
        """The options effect `e` may put in hand (ANY: every one)."""
        if e.kind in STILL:
            return set()
        if e.kind in DROPS:
            return {0} if any(w in place for w in _items(e.value)) or e.kind == "give_up" else set()
        if e.kind == self.kind:
            return {place.get(e.value if e.value not in (None, "none") else "", 0)} \
                if e.value in place or e.value in (None, "none") else ANY
        if e.kind == "gain":   # (an item used where it lies: what its own effects give)
            items, got = _items(e.value), set()
            for i in items:
                for f in (used.get(i) or ()):
                    g = self._given(f, place, {})
                    if g is ANY:
                        return ANY
                    got |= g
            return got | {place[i] for i in items if i in place}
        if e.kind == "take" and isinstance(e.value, dict) and isinstance(e.value.get("from"), list):
            return {place[i] for i in e.value["from"] if i in place}
        return ANY

    def steps(self, m: int, w: int) -> tuple:
        """The options whose columns m's ways on are read in, for a game holding w."""
        g = self.gives.get(m)
        return (w,) if not g else tuple(sorted(g | {w}))

    def into(self, m: int, w: int) -> tuple:
        """The options v whose ways on from m read column w (w in steps(m, v))."""
        g = self.gives.get(m)
        return tuple(range(len(self.options))) if g and w in g else (w,)


def _items(value) -> list:
    """The item ids an effect's value names (a list, a dict of counts, one id)."""
    if isinstance(value, dict):
        return [k for k in value if isinstance(k, str)]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return [value] if isinstance(value, str) else []


class Grid:
    """The columns of one hero's tables: column i = k * W + w, for k the points of a stat
    surely spent (spent.py) and w the weapon held (W options; one, any weapon, where
    the book has no columns of weapons).  `hero(i)` is column i's hero, `priced(m, i)`
    the hero m's activity is priced for, `steps`/`into` the columns m's ways on are
    read in, `entry` the columns a state's table is the most of."""

    def __init__(self, spent, carried, hero: tuple):
        self.spent, self.carried = spent, carried
        self.lucky = spent.heroes(hero)
        self.top = len(self.lucky) - 1
        self.W = len(carried.options) or 1
        self.n = len(self.lucky) * self.W
        self.entry = tuple(range(self.W))
        self.heroes = [self._hero(k, w) for k in range(len(self.lucky)) for w in range(self.W)]

    def _hero(self, k: int, w: int | None) -> tuple:
        return self.carried.hero(self.lucky[k], w if self.carried.options else None)

    def priced(self, m: int, i: int) -> tuple:
        """The hero m's activity is priced for in column i: any weapon where m may
        change it (carried.py), the Luck of spent.py's `priced`."""
        k, w = divmod(i, self.W)
        return self._hero(self.spent.priced(m, k), None if m in self.carried.gives else w)

    def steps(self, m: int, i: int) -> tuple:
        k, w = divmod(i, self.W)
        s = self.spent.step(m, k, self.top)
        return tuple(s * self.W + v for v in self.carried.steps(m, w)) if self.carried.options else (s,)

    def into(self, m: int, i: int) -> tuple:
        k, w = divmod(i, self.W)
        ws = self.carried.into(m, w) if self.carried.options else (0,)
        return tuple(j * self.W + v for j in self.spent.into(m, k, self.top) for v in ws)


class Most:
    """The most of several tables of `up`, read as one (`get`)."""
    __slots__ = ("tables",)

    def __init__(self, tables):
        self.tables = tables

    def get(self, n, default=None):
        found = [t[n] for t in self.tables if n in t]
        return max(found) if found else default

    def __contains__(self, n) -> bool:
        return any(n in t for t in self.tables)


def most(tables: list, columns: tuple):
    """The table (or view) of the most over `columns` of `tables`."""
    return tables[columns[0]] if len(columns) == 1 else Most([tables[c] for c in columns])


def merged(tables: list, columns: tuple) -> dict:
    """A dict of the most over `columns` of `tables` (a state's table: `Grid.entry`)."""
    if len(columns) == 1:
        return tables[columns[0]]
    out: dict = {}
    for c in columns:
        for n, v in tables[c].items():
            if v > out.get(n, -1.0):
                out[n] = v
    return out
