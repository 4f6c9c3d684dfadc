"""A ceiling below 1 for the states a cut exploration leaves unexplored: the fights and
tests every way to a victory must still pass, each at its best chance.

The rule module declares (`RuleModule.chance_ceiling`, beside its rules: Défis
Fantastiques' defis_fantastiques/chances.py) the most each stat can be from a state's
starting values (`hero`: its maxima) and, for a hero, a sound upper bound on the chance
that a paragraph's fight or test does not end in a loss (`passing`, 1 where it cannot
say).  A state's own hero is lower still where its stats cannot climb back to their
maxima: each stat at most what it holds plus all that can still be added to it
(compiled/ahead.py; worth.py reads it per state and per row), so that every stat the
hero holds at any later step is at most the hero's, and `passing`, growing with each
stat, bounds every activity ahead.  One table of `up` a distinct hero.

Over the lens's paragraph graph (ceiling.py), with `c(m)` that bound at paragraph m:

    up(v) = 1 at a paragraph that can end in victory, 0 where no victory is ahead,
    up(m) = c(m) * max(up(t) for each t the graph leads to from m),

the most probable way to a victory, its chances multiplied (a max-product path:
Dijkstra's order from the victories back, each product at most the last).  Why it is
sound: a hero entering m faces its activity before leaving it (c(m) is 1 where the
paragraph may jump away first or ends there, or where its activity is `once:` and a
game may enter m again: on a loop of the graph; off any loop, every entry is a
first; layers.py prices the first entry of those on loops, from each state's own
record of them), every way on is an edge, and what the activity's losses lead to holds no
victory, so the value of entering m is at most the chance of getting through times
the best value beyond.  A state found at m may have passed m's activity already, so
its ceiling is `now(m)`, the best up(t) of m's edges; a move from it that the cut did
not add (`after`) ends at m or at a paragraph its edges lead to, or beyond it where
that one does not surely wait for the player (a move goes on until the game asks
something: only a paragraph with choices and nothing else to do, or with an activity
the module says always asks first, `asks`, surely stops it): the best `now` of those
(layers.py `landing`).
A number the graph leads to outside the book counts as 1.

Where an activity has several ends that lead on (a test whose failure leads on, a fight
with rounds or a wound), c(m) is 1 and the max above lets the hero pick the end.  The
module may order those ends (`outcomes`: tiers best first, the k-th with T_k, the most
chance for any hero at most this one, under any play, of ending in the first k tiers;
the rest is lost).  Then, with M_k the best up of the ends in tiers k and after,

    up(m) = sum over k of (T_k - T_{k-1}) * M_k      (T_0 = 0),

the most of sum p_i * up(end i) over every spread p whose first k tiers hold at most
T_k: mass moved to a later tier stays within every bound, and M_k is the best it can
meet there (`_refine`, from the max-product values down; each step maps ceilings to
ceilings, so every value met on the way is sound, and it stops where none moves by
more than `EPS`).  The-clock-of-vennick's pendulum knight: won in 4 rounds at 65.7 %
for the best hero of sheet 110, else a Luck test that may kill (11 in 12 pass).  Where
the module plays such a fight once with what follows each end (`coupled`: the Luck
spent to win is missing at that test; coupling.py), the least of the two (`ordered`).

Where the module says a test spends a stat for sure (`spent`, `spends`: Défis
Fantastiques' test of Luck), each table is worked in columns, one for each point of
it surely spent since the last place that may give it back, up to a few (spent.py,
where it is proved): la-couronne-de-sel's Ordric Vaume, past § 81's test of Luck on every way to
him, is priced at the Luck left.  The table is the first column.
"""
from __future__ import annotations

import heapq
import time
from collections import deque

from engine.analysis.explore.coupling import coupled
from engine.analysis.explore.layers import Layers, backward
from engine.analysis.explore.spent import Spent
from engine.book.model import CONTINUE, DEATH, VICTORY

PRIMED = 8   # heroes priced together at most (`prime`): the budget is read between groups
EPS = 1e-12  # `_refine` stops where no ceiling comes down by more
SWEEPS = 64  # ... or after this many steps a paragraph (its values are sound at any step)


class Late(Exception):
    """The CPU time given to pricing heroes (`Routes.until`) is over: the hero under way
    is left unpriced (worth.py `row_worth`)."""


UNBOUNDED = 1 << 40   # a stat's most where nothing bounds it: more than any stat (compiled/ceilings.py)

# effects of a paragraph that cannot move the hero elsewhere before its activity
STAYING = frozenset(("add", "set", "gain", "lose", "flag", "unflag", "counter-add", "counter-set", "note",
                     "weapon", "armour", "ceiling"))


class Routes:
    def __init__(self, book, module, edges: dict, hopeful: frozenset, wins: set, spent: bool = True):
        self.book, self.module, self.edges, self.hopeful, self.wins = book, module, edges, hopeful, wins
        self.declared = getattr(module, "chance_ceiling", None)
        # the activities that always ask the player something before they play
        self.activities = tuple(getattr(self.declared, "asks", ()))
        self.back = backward(edges)
        self._passing: dict = {}  # (paragraph, hero) -> c
        self._ends: dict = {}     # (paragraph, hero) -> the module's `outcomes`, or None
        self.chains: dict = {}    # the module's fights expanded for `coupled` (coupling.py), and their prices
        self.layers = Layers(self)   # (the tables of `up`, one a hero and layer)
        self.spent = Spent(self, spent)   # (the columns of a stat a test spends for sure; False: none)
        # the paragraphs whose `once:` activity a game may meet again (on a loop of the whole graph)
        self.looping = frozenset(m for m, p in book.paragraphs.items() if set(p.once) & set(p.fields) and self._again(m))
        self.until: float | None = None   # (process time past which `passing` prices nothing new: Late)

    @property
    def stats(self) -> tuple:
        """The stats whose starting values a hero is read from (none: nothing declared)."""
        return tuple(self.declared.stats) if self.declared is not None else ()

    def hero(self, initial: dict) -> tuple | None:
        """The hero bound (the module's `hero`) of a state with these starting values."""
        if self.declared is None:
            return None
        return self.declared.hero(self.book, initial)

    def worth(self, paragraph: int, hero: tuple | None, after: bool = False, ahead=frozenset()) -> float:
        """The ceiling of a state at `paragraph` (`after`: of a move from it) for `hero`,
        `ahead` the `once:` activities on loops the state has surely not met yet
        (layers.py: its own record of them; none: the ceiling as if all were met)."""
        if hero is None:
            return 1.0
        return self.layers.worth(paragraph, hero, after, ahead)

    def waits(self, u: int) -> bool:
        """Whether a move entering u surely stops there for the player (layers.py
        `landing`): no jump, ending, random outcome, nor an effect that asks something,
        and choices with nothing else to do, or an activity that asks first."""
        p = self.book.paragraphs.get(u)
        if p is None or p.auto or p.end is not None or p.random is not None \
                or not all(e.kind in STAYING for e in p.effects):
            return False
        asks = set(p.fields) & set(self.activities) - set(p.once)   # (the module's `asks`: a prompt first)
        others = set(p.fields) - set(self.activities)
        return not others and (bool(asks) or (bool(p.choices) and not p.fields))

    def _up(self, hero: tuple, fixed: dict | None = None) -> dict:
        """paragraph -> up (above), for the hopeful paragraphs (absent: 0); `fixed`: the
        paragraphs whose value is given (layers.py: a `once:` activity met first), whose
        ways on are not read here.  Worked over the columns of a stat a test spends
        (spent.py; one column where none is): the first is the table."""
        fixed = fixed or {}
        heroes = self.spent.heroes(hero)
        top, cols = len(heroes) - 1, [{} for _h in heroes]
        start = set(self.wins) | {t for ts in self.edges.values() for t in ts if t not in self.book.paragraphs}
        seeds = [(1.0, n) for n in start] + [(v, n) for n, v in fixed.items() if v > 0]
        heap = [(-v, i, n, k) for i, (k, (v, n)) in enumerate((k, s) for k in range(top + 1) for s in seeds)]
        heapq.heapify(heap)   # (i: ties never compare the paragraphs)
        pushed = len(heap)
        while heap:
            u, _i, n, k = heapq.heappop(heap)
            if n in cols[k]:
                continue
            cols[k][n] = -u
            for m in self.back.get(n, ()):
                if m in self.hopeful and m not in fixed:
                    for j in self.spent.into(m, k, top):
                        c = 0.0 if m in cols[j] else self.passing(m, heroes[self.spent.priced(m, j)])
                        if c > 0:
                            heapq.heappush(heap, (u * c, pushed, m, j))
                            pushed += 1
        self._refine(cols, heroes, fixed)
        return cols[0]

    def _refine(self, cols: list, heroes: list, fixed: dict) -> None:
        """Lower each column where the module orders an activity's ends (the docstring
        above), then where that lowers a paragraph's best way, until nothing moves
        (`fixed`: never)."""
        top, spent = len(cols) - 1, self.spent
        tiers = {(m, k): found for k, up in enumerate(cols) for m in sorted(up) if m not in self.wins
                 and m not in fixed and (found := self.ends(m, heroes[spent.priced(m, k)]))}
        if not tiers:
            return
        todo, queued, steps = deque(tiers), set(tiers), SWEEPS * sum(len(up) for up in cols)
        while todo and steps:
            node = todo.popleft()
            queued.discard(node)
            steps -= 1
            m, k = node
            hero, on = heroes[spent.priced(m, k)], cols[spent.step(m, k, top)]
            if node in tiers:
                new = min(cols[k][m], self.ordered(m, hero, tiers[node], on))
            else:
                new = self.passing(m, hero) * self._best(m, on)
            if new < cols[k][m] - EPS:
                cols[k][m] = new
                for n in self.back.get(m, ()):
                    for j in spent.into(n, k, top):
                        if n in cols[j] and n not in self.wins and (n, j) not in queued and n not in fixed:
                            todo.append((n, j))
                            queued.add((n, j))

    def ordered(self, m: int, hero: tuple, tiers: list, up: dict) -> float:
        """m's ordered ends over `up` (`_tiered`), or less where the module prices its
        fight with what follows each end (coupling.py): the least of the two."""
        found = self._tiered(m, tiers, up)
        if self.until is not None and time.process_time() > self.until:
            raise Late()
        joint = coupled(self, m, hero, tiers, up)
        return found if joint is None else min(found, joint)

    def _tiered(self, m: int, tiers: list, up: dict) -> float:
        """sum over k of (T_k - T_{k-1}) * M_k (the docstring above)."""
        best = [max((self._end(m, o, up) for o in outcomes), default=0.0) for _t, outcomes in tiers]
        total, before, beyond = 0.0, 0.0, 0.0
        for k in range(len(tiers) - 1, -1, -1):   # (M_k: the best of tiers k and after)
            beyond = max(beyond, best[k])
            best[k] = beyond
        for (t, _outcomes), most in zip(tiers, best):
            t = min(1.0, max(t, before))
            total += (t - before) * most
            before = t
        return total

    def _end(self, m: int, outcome, up: dict) -> float:
        """The ceiling of where an end leads: a paragraph entered (outside the book: 1),
        an ending, or, for `continue` and a fight's victory without a number, the
        paragraph's own ways on (all of its edges: at least those)."""
        if isinstance(outcome, dict):
            end = outcome.get("end")
            if end is not None:
                return 0.0 if end == "death" else 1.0
            outcome = outcome.get("to")
        if outcome == DEATH:
            return 0.0
        if outcome is None or outcome in (CONTINUE, "continue"):
            return self._best(m, up)
        if type(outcome) is int and outcome != VICTORY:
            return self._at(outcome, up)
        return 1.0

    def _at(self, t, up: dict) -> float:
        return up.get(t, 0.0) if t in self.book.paragraphs else 1.0

    def _best(self, m: int, up: dict) -> float:
        """The best `up` of m's edges (a number outside the book: 1)."""
        return max((self._at(t, up) for t in self.edges.get(m, ())), default=0.0)

    def ends(self, m: int, hero: tuple):
        """The module's ordered ends of m's activity (`outcomes`), where the hero faces
        it; None otherwise (its `passing` then)."""
        key = (m, hero)
        if key not in self._ends:
            outcomes = getattr(self.declared, "outcomes", None)
            found = None
            if outcomes is not None and self._faced(m):
                if self.until is not None and time.process_time() > self.until:
                    raise Late()
                found = outcomes(self.book, self.book.paragraphs[m], hero, self.lost)
            self._ends[key] = found
        return self._ends[key]

    def met(self, m: int, hero: tuple) -> tuple:
        """(c(m), the ordered ends or None) of m's activity for a hero who meets it, as
        `passing` and `ends` price it where it is faced: a `once:` activity on a loop at
        its first entry (layers.py)."""
        key = (m, hero, "met")
        if key not in self._ends:
            if self.until is not None and time.process_time() > self.until:
                raise Late()
            p, outcomes = self.book.paragraphs[m], getattr(self.declared, "outcomes", None)
            self._ends[key] = (float(self.declared.passing(self.book, p, hero, self.lost)),
                               None if outcomes is None else outcomes(self.book, p, hero, self.lost))
        return self._ends[key]

    def passing(self, m: int, hero: tuple) -> float:
        """c(m): the module's bound, or 1 where the hero may not face the activity."""
        key = (m, hero)
        found = self._passing.get(key)
        if found is None:
            if self.until is not None and time.process_time() > self.until:
                raise Late()
            p = self.book.paragraphs.get(m)
            found = self._passing[key] = float(self.declared.passing(self.book, p, hero, self.lost)) \
                if self._faced(m) else 1.0
        return found

    def prime(self, heroes: list) -> None:
        """`passing` of every paragraph a hero may face, for all of `heroes` at once where
        the module prices many together (`passing_many`: one fight chain for all);
        Late past `until`, between paragraphs and between groups of PRIMED heroes (a
        fight priced for a hundred heroes, each with every weapon and armour of the
        book, took longer than a rule hook may: 30 s); each hero's columns with it
        (spent.py: the same stats, a stat a test spends lower)."""
        many = getattr(self.declared, "passing_many", None)
        if many is None:
            return
        heroes = list(dict.fromkeys(c for h in heroes for c in self.spent.heroes(h)))
        for m in sorted(self.hopeful):
            wanted = [h for h in heroes if (m, h) not in self._passing]
            if not wanted or not self._faced(m):
                continue
            for at in range(0, len(wanted), PRIMED):
                if self.until is not None and time.process_time() > self.until:
                    raise Late()
                group = wanted[at:at + PRIMED]
                for h, c in zip(group, many(self.book, self.book.paragraphs[m], group, self.lost)):
                    self._passing[(m, h)] = float(c)

    def _faced(self, m: int) -> bool:
        """Whether a hero entering m faces its activity (not where it may jump away first
        or end there, nor a `once:` activity met again on a loop: `looping`)."""
        return self.plain(m) and m not in self.looping

    def plain(self, m: int) -> bool:
        """Whether a hero entering m meets its activity unless `once:` skips it (no jump,
        ending, nor effect that may move him first)."""
        p = self.book.paragraphs.get(m)
        return p is not None and not p.auto and p.end is None and all(e.kind in STAYING for e in p.effects)


    def _again(self, m: int) -> bool:
        """Whether a game may enter m a second time (m on a loop of the graph): a `once:`
        activity is faced on every entry but those."""
        seen, todo = set(), list(self.edges.get(m, ()))
        while todo:
            u = todo.pop()
            if u == m:
                return True
            if u not in seen:
                seen.add(u)
                todo.extend(self.edges.get(u, ()))
        return False

    def lost(self, outcome) -> bool:
        """Whether an outcome (a paragraph number, an outcome entry) leads nowhere a
        victory is (an outcome not understood here is not)."""
        if isinstance(outcome, dict):
            if outcome.get("end") is not None:
                return outcome["end"] == "death"
            outcome = outcome.get("to")
        if outcome == DEATH:   # (a format 1.2 `{end: death}` as the book keeps it: engine/book/model.py)
            return True
        return type(outcome) is int and outcome in self.book.paragraphs and outcome not in self.hopeful
