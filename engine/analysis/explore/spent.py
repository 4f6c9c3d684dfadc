"""The routes' ceiling (routes.py) past a test that surely spends a stat: the hero
meets what follows with what he has left.

Défis Fantastiques: "Chaque fois que vous Tentez votre Chance, vous devez soustraire 1
point à votre total de chance du moment", whatever the roll (rolls.py `test_luck`,
before the test's outcome is applied).  The module says which stat its activities
spend for sure (`spent`) and how much a paragraph's activity spends (`spends`).  The
routes price every activity for a hero whose stats are at most the hero's at every
later step, so a state before la-couronne-de-sel's causeway (§ 81: a test of Luck
on every way to the abbey, nothing restoring Luck before Ordric Vaume; § 141, after
him, does) was priced as if Vaume were met at the Luck it started with.

Here the routes' table of a hero has columns, one for each k = 0..K: the value of
entering a paragraph with that stat at most the hero's L minus k (the other stats at
most the hero's, and every stat at most the hero's at every later step: k = 0 is
the routes' own table).  A paragraph m faced in column k (`Routes._faced`: nothing
moves the hero before its activity) is priced for the hero with L - k (`heroes`), and
its ways on are read in the column

    step(m, k) = 0                     where m may raise the stat (`raising`),
               = min(K, k + spends(m)) where its activity, the only one, is faced,
               = k                     elsewhere,

and where m may raise the stat its activity is priced as in column 0 (`priced`).
K is at most L (the stat is never below 0, so L - k - spends is what is left only
while it is at least 0) and at most `DEPTH` (each column a table of the hero's).

Why it is sound: let a game enter m with the stat at most L - k.  Where m may raise
the stat the column-0 pricing holds for any game (the routes' own argument).
Elsewhere nothing in m adds to the stat (its effects are read below; the module's
rules add to it only through the book's effects: `spends`'s promise), so every step
in m holds at most L - k: its activity is passed at most at its chance for the hero
with L - k (`passing`, `outcomes`, `coupled` bound every hero at most the one
priced), and where its activity spends s for sure before any way out (the test is
faced and alone) the game leaves m with at most L - k - s, or L - K when capped (a
column read for a larger stat is still a bound: each column bounds a set of games
that holds those of every later column).  By induction on the steps within which a
victory comes, as for the routes, the game's value is at most the column's.

A paragraph may raise the stat (`raising`) where any of its effect lists (all of
them: the choices', the outcomes') holds an `add:` of it that is not a plain number
at most 0, a `set:` of it, a gain of an item used where it lies (format 1.2), a
`take`, `store` or `restore` where such items exist, a `sell` where the stat is the
module's money, or an effect of the module's not declared free of stats (`stat_free`):
the gain is counted where it may come, and only what lies between it and the danger
keeps the stat low.
"""
from __future__ import annotations

from engine.book.compiler import book_aliases
from engine.book.effect_lists import all_effects

# columns past the routes' own at most: each is a table of `up` a hero, its fights priced
# at a Luck one lower (the start's first pricing, cold: la-couronne-de-sel 4.4 s -> 6.8 s
# with 1, 10.4 s with 3; the-clock-of-vennick 10.5 -> 15.7 s, 24.8 s; neither start
# lower with more than 1)
DEPTH = 1

# the core's effects that never add to a stat (engine/game/core.py `apply`); `gain` of an
# item used where it lies and the moves of items where there are such items are read apart
QUIET = frozenset(("lose", "flag", "unflag", "counter-add", "counter-set", "note", "give_up"))
MOVED = frozenset(("take", "store", "restore"))


class Spent:
    """The columns of the routes of one book (above): `heroes`, `step`, `priced`, `into`."""

    def __init__(self, routes, on: bool = True):
        self.r = routes
        declared = routes.declared
        self.stat = getattr(declared, "spent", None) if on else None
        self._spends = getattr(declared, "spends", None)
        self.free = frozenset(getattr(declared, "stat_free", ()))
        self._raising: frozenset | None = None
        self._spending: dict | None = None

    def heroes(self, hero: tuple) -> list:
        """[the hero with the stat at most L - k, for k = 0..K] (one: no columns)."""
        most = dict(hero).get(self.stat) if self.stat is not None else None
        if most is None or most <= 0 or not self.spending:
            return [hero]
        return [tuple((s, v - k if s == self.stat else v) for s, v in hero) for k in range(min(DEPTH, most) + 1)]

    @property
    def spending(self) -> dict:
        """{paragraph: what its activity spends for sure} where it is faced and alone."""
        if self._spending is None:
            r, found = self.r, {}
            if self._spends is not None:
                for m in r.hopeful:
                    p = r.book.paragraphs.get(m)
                    if p is not None and len(p.fields) == 1 and r._faced(m) and m not in self.raising:
                        s = int(self._spends(r.book, p))
                        if s > 0:
                            found[m] = s
            self._spending = found
        return self._spending

    @property
    def raising(self) -> frozenset:
        """The paragraphs whose effects may add to the stat (above)."""
        if self._raising is None:
            book, module = self.r.book, self.r.module
            names = book_aliases(module)
            used = dict(book.meta.get("used_here") or {})
            money = self.stat is not None and self.stat == getattr(module, "money", None)
            self._raising = frozenset(n for n, p in book.paragraphs.items()
                                      if _raises(list(all_effects(p)), self.stat, names, used, self.free, money))
        return self._raising

    def step(self, m: int, k: int, top: int) -> int:
        """The column m's ways on are read in, from column k (`top`: K)."""
        return 0 if m in self.raising else min(top, k + self.spending.get(m, 0))

    def priced(self, m: int, k: int) -> int:
        """The column whose hero m's activity is priced for, from column k."""
        return 0 if m in self.raising else k

    def into(self, m: int, k: int, top: int) -> tuple:
        """The columns j whose ways on from m are read in column k (step(m, j) == k)."""
        if m in self.raising:
            return tuple(range(top + 1)) if k == 0 else ()
        s = self.spending.get(m, 0)
        if not s:
            return (k,)
        if k < top:
            return (k - s,) if k >= s else ()
        return tuple(range(max(0, top - s), top + 1))


def _raises(effects: list, stat, names: dict, used: dict, free: frozenset, money: bool) -> bool:
    """Whether `effects` (all applied) may add to `stat` (the module docstring)."""
    for e in effects:
        if e.kind in ("add", "set") and hasattr(e.value, "items"):
            if any(names.get(key, key) == stat and (e.kind == "set" or type(amount) is not int or amount > 0)
                   for key, amount in e.value.items()):
                return True
        elif e.kind == "gain":
            if any(item in used for item in e.value):
                return True
        elif e.kind in MOVED:
            if used:
                return True
        elif e.kind == "sell":
            if money:
                return True
        elif e.kind not in QUIET and e.kind not in free:
            return True
    return False
