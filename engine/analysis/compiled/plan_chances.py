"""The chances the plan (plan.py) weighs its ways by: the routes' chance of passing
each paragraph's activity for the sheet's hero, priced with the weapons and armours
held (`passing`) and with the stats worn where a restoration may have come (`worn`,
`at`, `spent`).  Apart from plan.py so that the plan reads as its graph and its
solve; like the plan, a heuristic: it only guides the picks."""
from __future__ import annotations

from engine.analysis.compiled.plan_book import TEST_WAYS
from engine.analysis.explore.ceiling import Ceiling

WORN = 0.6       # a stat not restored, where a restoration may have come, at this share of its start


class Pricing:
    """The chances of a `Plan` (its `book`, `reads`, `_gear`, `_by_gear`, `_restored`)."""

    def _chances(self, module, edges: dict, initial: dict | None) -> dict:
        """paragraph -> the routes' chance of passing its activity for the sheet's hero
        (absent: none known)."""
        if initial is None:
            return {}
        ceiling = Ceiling(self.book, module, edges)
        hero = ceiling.routes.hero(initial)
        if hero is None:
            return {}
        self._routes, self._hero = ceiling.routes, hero
        return {m: ceiling.routes.passing(m, hero) for m in ceiling.hopeful if m in self.book.paragraphs}

    def _tested(self, n: int) -> bool:
        """Whether paragraph n's activity is a test (its chance read by its outcomes)."""
        return any(way.kind in TEST_WAYS for way, _t in self.reads.ways.get(n, ()))

    def passing(self, n: int, held: int) -> float:
        """The routes' chance of passing paragraph n's fight with the weapons and armours
        of `held` only (the best of them, as the routes price it), its chance
        otherwise: a plan that needs the boar spear and the jerkin at the last fight
        buys them (the-clock-of-vennick's § 221: 88.9 % without, 99.4 % with)."""
        base = self.at(n, held, 1.0)
        p = self.book.paragraphs.get(n)
        if not self._gear or p is None or "combat" not in p.fields or n not in self.chance \
                or not self._routes._faced(n):
            return base
        mask = sum(b for _g, b in self._gear)
        worn = self.worn(n, held)
        key = (n, held & mask, worn)
        found = self._by_gear.get(key)
        if found is None:
            items = [g for g, b in self._gear if held & b]
            found = self._by_gear[key] = float(self._routes.declared.passing_many(
                self.book, p, [self._worn_hero(worn)], self._routes.lost, items=items)[0])
        return found

    def worn(self, n: int, held: int) -> tuple:
        """The stats the plan counts worn at paragraph n under `held`: each one that a
        restoration (plan_book.py `restores`: the-clock-of-vennick's § 128, Stamina to
        its start; § 186, Luck) may have come before n and that `held` does not say
        restored.  Why: the routes' chances are the fresh hero's, so the plan saw no
        worth in a restoration, and the play came to the last fight (§ 221) with
        Stamina 5 to 13 of 19 and to the pendulum's test (§ 38) at Luck 8 (vennick28,
        at 300,000 states); a worn hero's chances there are lower, so the way through
        § 128 or § 186 is worth its steps.  Only the paragraphs a restoration leads to
        read it: before them every node is alike (nothing restored yet)."""
        return tuple(stat for stat, b, region in self._restored if n in region and not held & b)

    def spent(self, n: int) -> int:
        """The restorations paragraph n's activity spends (left out of the ways out of
        it): each stat whose worn chance there differs from the fresh one (a test of
        Luck, a fight: the stat is used, and the next danger sees it worn again)."""
        if n not in self.chance or not self._restored:
            return 0
        fresh = self.chance[n]
        return sum(b for stat, b, region in self._restored
                   if n in region and self._routes.passing(n, self._worn_hero((stat,))) != fresh)

    def _worn_hero(self, worn: tuple) -> tuple:
        """The sheet's hero with each stat of `worn` at WORN of its start."""
        if not worn:
            return self._hero
        return tuple((s, max(1, int(WORN * most)) if s in worn and isinstance(most, int) else most)
                     for s, most in self._hero)

    def at(self, n: int, held: int, default: float) -> float:
        """The routes' chance of passing paragraph n's activity under `held` (the
        stats `worn` there at WORN of their start), `default` where none is known."""
        if n not in self.chance:
            return default
        worn = self.worn(n, held) if self._restored else ()
        return self.chance[n] if not worn else self._routes.passing(n, self._worn_hero(worn))

    def entry(self, n: int, held: int | None = None) -> float:
        """The chance the plan gives of passing paragraph n's activity once in it (the
        weight of a way into it, STEP apart): a state's value is its node's times
        this, as a way's is.  Why: a node's value is the plan's from the paragraph
        passed (a fight's victory, say), so two fights of one choice (the-clock-of-
        vennick's § 65: Vane attacked, § 223, or weakened by the fork, § 221) would
        otherwise tie, and the first of them be picked."""
        if self._tested(n):
            return 1.0
        return self.chance.get(n, 1.0) if held is None else self.passing(n, held)
