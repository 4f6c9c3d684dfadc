"""The routes' ceiling (routes.py) in layers: a `once:` activity on a loop of the
paragraph graph is met at the first entry of its paragraph.

The routes count such an activity 1 (a game may enter its paragraph again, and then
skips it), so a state before the-clock-of-vennick's pendulum knight (§ 37: `once:
[combat]`, 4 rounds, else a Luck test that kills) was priced as if the knight were
beaten: the bridge beyond (§ 200) leads back to § 37, and its choice "Cross the
bridge" was read as a way past him.  But the game records every entry (play.core:
`visits`, the `once:` parts skipped where the paragraph was entered before), and a
state keeps that record wherever a step ahead can read it: the paragraph itself
reads it (lens.py).  Here each such paragraph m of a chosen set S has its layers:

    up_A, for A the paragraphs of S whose activity is still ahead (A ⊆ S):
    up_{}   = the routes' up (every one of them counted met: c = 1, as before);
    up_A    = the routes' up with each m of A fixed at its first entry,
    e_A(m)  = min(c(m) * best(m, up_{A-m}),  the ordered ends over up_{A-m})

where c(m) and the ordered ends are the module's `passing` and `outcomes` of m's
activity, as for any activity faced (routes.py `met`), best(m, up) the best up of
m's edges, and every other paragraph is priced as the routes price it, its edges
staying in layer A.  Computed from the smaller sets up (A-m before A).

Why it is sound: let σ be a game entering paragraph n with A_σ the paragraphs of S
it has never entered.  For every A ⊆ A_σ, value(σ) <= up_A(n), by induction on the
steps within which a victory comes (the value is their limit), as for the routes:
where n is not in A, n is priced as the routes price it (a paragraph of A_σ - A
counted 1, more than any chance) and the game goes on with A_σ minus n, still
holding A; where n is in A, n is in A_σ: this entry is the first, so its `once:`
activity is played (`Routes.plain`: nothing moves the hero before it), the chance
of getting through is at most c(n) and its ends at most the tiers, and the game
goes on with A_σ - n, holding A - n.  A state found at n (its record of n says
entered) is worth at most now_A(n) = the best up_{A-n} of n's edges, and a move from
it at most the best now of the (paragraph, layer) pairs it may land on (`landing`:
entering m of A on the way goes on in A - m).  So a state may take for A any set of
paragraphs of S it surely has not entered: those whose visit it keeps (the lens
keeps it at n where a paragraph ahead reads it, and where no way closed for good
hides that paragraph: `kept`) and holds not.  A record the lens may have dropped
counts as entered (m left out of A: sound, only higher).

S (`chosen`): the paragraphs whose layer alone lowers the start's ceiling most for
the first hero priced (a run for one sheet: its start's), at most CAP of them, kept
for every hero (any S is sound): each is a doubling of the tables of `up` a hero
(each a pass over the graph and the ordered ends) and its activity priced for each,
and a frontier prices hundreds of heroes (a difficulty table's starts, each rolled
sheet's maxima; worth.py HERO_SECONDS); which first entries lower the start is the
graph's more than the stats'.  One that lowers nothing there is left out.
"""
from __future__ import annotations

import copy

from engine.analysis.explore.before import Before

CAP = 4       # paragraphs in layers at most a hero (2**CAP tables)
BITS = 62     # the candidates a compiled row's layer bits can hold (`unmet_rows`, `ahead_of`)
EPS = 1e-12   # a layer that lowers the start's ceiling by less is not chosen


class Layers:
    """The tables of `up`, `now` and `after` of a Routes, one a hero and layer."""

    def __init__(self, routes):
        self.r = routes
        self.before = Before(routes.book, routes.module, routes.edges)
        self._candidates = None
        self._views: dict = {}     # A -> the routes over the ways open in layer A (before.py)
        self._chosen = None        # S (chosen for the first hero priced)
        self._ups: dict = {}       # (hero, A) -> up
        self._tables: dict = {}    # (hero, A) -> [now, after (None until asked)]
        self._landings: dict = {}  # (paragraph, A) -> the (paragraph, layer) pairs a move may land on
        self._kept: dict = {}      # (id of the lens, paragraph) -> the candidates whose visit a state keeps

    @property
    def candidates(self) -> tuple:
        """The paragraphs whose `once:` activity is on a loop and met at a first entry,
        where a victory is still ahead (a paragraph that can end in victory left out)."""
        if self._candidates is None:
            r = self.r
            self._candidates = tuple(sorted(m for m in r.looping if m in r.hopeful and m not in r.wins and r.plain(m)))
        return self._candidates

    def worth(self, paragraph: int, hero: tuple, after: bool, ahead) -> float:
        """routes.py `worth` for the layer of the paragraphs of S in `ahead`."""
        a = frozenset(m for m in self.chosen(hero) if m in ahead) if ahead else frozenset()
        found = self._table(hero, a)
        if after and found[1] is None:   # (worked out when first asked)
            found[1] = {n: max(self._table(hero, b)[0].get(u, 1.0) for u, b in self.landing(n, a))
                        for n in self.r.edges}
        return found[after].get(paragraph, 1.0)

    def ahead_of(self, bits: int) -> frozenset:
        """The candidates whose bit is set in `bits` (a row's layer: `unmet_rows`)."""
        return frozenset(m for i, m in enumerate(self.candidates[:BITS]) if bits >> i & 1)

    def chosen(self, hero: tuple) -> frozenset:
        """S (the module docstring): the CAP candidates whose layer alone lowers the
        start's ceiling most for `hero`, the first hero asked; kept for every other."""
        if self._chosen is None:
            start = self.r.book.start
            base = self.up(hero, frozenset()).get(start, 0.0)
            drops = []
            for m in self.candidates:
                v = self.up(hero, frozenset((m,))).get(start, 0.0)
                if v < base - EPS:
                    drops.append((v, m))
            self._chosen = frozenset(m for _v, m in sorted(drops)[:CAP])
        return self._chosen

    def view(self, a: frozenset):
        """The routes of layer A: over the ways open to a game that has entered none of A
        (before.py; A empty: the routes themselves), priced within the same `until`."""
        if not a:
            return self.r
        found = self._views.get(a)
        if found is None:   # (the same routes over other ways, what is priced shared: `looping` read
            found = self._views[a] = copy.copy(self.r)   # on the whole graph)
            found.edges = self.before.ways(a)
            found.back = backward(found.edges)
        found.until = self.r.until
        return found

    def up(self, hero: tuple, a: frozenset) -> dict:
        """up_A (the module docstring)."""
        key = (hero, a)
        found = self._ups.get(key)
        if found is None:
            fixed = {m: self._entered(m, hero, a - {m}) for m in sorted(a)}
            found = self._ups[key] = self.view(a)._up(hero, fixed)
        return found

    def _entered(self, m: int, hero: tuple, rest: frozenset) -> float:
        """e_A(m): m's activity met, then its ways on in the layer `rest` (A - m)."""
        up, view = self.up(hero, rest), self.view(rest)
        c, tiers = self.r.met(m, hero)
        found = c * view._best(m, up)
        return min(found, view.ordered(m, hero, tiers, up)) if tiers else found

    def _table(self, hero: tuple, a: frozenset) -> list:
        """[now_A, after_A or None]: now_A(n) the best up_{A-n} of n's edges in layer
        A - n (1 at a paragraph that can end in victory)."""
        found = self._tables.get((hero, a))
        if found is None:
            r = self.r
            now = {n: 1.0 if n in r.wins else self.view(a - {n})._best(n, self.up(hero, a - {n})) for n in r.edges}
            found = self._tables[(hero, a)] = [now, None]
        return found

    def landing(self, n: int, a: frozenset) -> set:
        """The (paragraph, layer) pairs one move from a state at `n` in layer `a` may end
        at: (n, a), and what its edges lead to, on through every paragraph that may not
        wait for the player (routes.py `waits`), each entered in the layer it leaves
        (a paragraph of the layer entered: the layer without it, from there on)."""
        key = (n, a)
        found = self._landings.get(key)
        if found is None:
            found, todo = {(n, a)}, [(t, a - {n}) for t in self.view(a - {n}).edges.get(n, ())]
            while todo:
                u, b = todo.pop()
                if (u, b) in found:
                    continue
                found.add((u, b))
                if not self.r.waits(u):
                    todo.extend((t, b - {u}) for t in self.view(b - {u}).edges.get(u, ()))
            self._landings[key] = found
        return found

    def kept(self, lens, paragraph: int) -> tuple:
        """The candidates whose visit a state at `paragraph` keeps (lens.py `strip`, and
        the compiled path's forget.py alike): read from there on, and not hidden by any
        way the guards it may hold close for good (the more closed, the less is read)."""
        key = (id(lens), paragraph)
        found = self._kept.get(key)
        if found is None:
            live = lens.live.get(paragraph, set())
            useful = frozenset(lens.guards.useful(paragraph)) if paragraph in lens.edges else frozenset()
            read = lens.guards.read_ahead(paragraph, useful) if useful else live
            found = self._kept[key] = tuple(m for m in self.candidates
                                            if lens._kept("visits", m, live) and lens._kept("visits", m, read))
        return found


def backward(edges: dict) -> dict:
    """paragraph -> the paragraphs whose edges lead to it."""
    back: dict = {}
    for n, ts in edges.items():
        for t in ts:
            back.setdefault(t, set()).add(n)
    return back


def unmet_rows(ceiling, paragraphs, visited):
    """Each compiled row's `once:` activities on loops surely not met, as bits over
    the first BITS candidates (`Ceiling.unmet`: a visit the row keeps at its paragraph
    and does not hold; `visited(m)`: whether each row holds it, None where no row
    can); None without the lens."""
    import numpy as np
    if ceiling.lens is None or visited is None or not ceiling.routes.layers.candidates:
        return None
    p = np.asarray(paragraphs, dtype=np.int64)
    bits = np.zeros(len(p), dtype=np.int64)
    uniq, inverse = np.unique(p, return_inverse=True)
    layers = ceiling.routes.layers
    at = [set(layers.kept(ceiling.lens, n)) for n in uniq.tolist()]   # (each paragraph's records kept)
    for k, m in enumerate(layers.candidates[:BITS]):
        kept = np.array([m in found for found in at], dtype=bool)[inverse.reshape(-1)]
        held = visited(m)
        if held is not None:
            kept &= ~np.asarray(held, dtype=bool)
        bits[kept] |= np.int64(1 << k)
    return bits
