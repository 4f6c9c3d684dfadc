"""What no later step reads, forgotten in packed rows: today's explorer's lens
(explore/lens.py `Lens.strip`) over columns.

At each paragraph the lens knows the facts some paragraph ahead still reads; every
other visit, once-only mark, codeword and item the rules never read is set back to
0, a passive stat (gold in Défis Fantastiques) to 0, and a stat read ahead only in
comparisons with numbers capped beyond any use (caps.py).  Two states that differ
only there have the same future: keeping them apart multiplies the space for
nothing.  The book's counters and notes (held in the module extras) no later step
reads are dropped from the extras as `Lens.strip` drops them (each distinct extras
value pruned once a paragraph).  A row holding a fact that closes ways for good (guards.py: a visit, a
once-only choice taken, a codeword no effect takes back) forgets what only those
ways led to, as `Lens.strip` does.  The lens's graph is checked by the explorer against every move made (a
path it did not know makes it stale, and the exploration starts again).

Asked (`ceilings`: the difficulty table, sheets.py), a starting value that no later
step can reach is forgotten too (ceilings.py): when the stat plus all it can still
gain (what the activity under way may still give back: a lucky wound; the book's
gains ahead; what the module turns the resources held and still to gain into) cannot
pass it.  In a row waiting at its paragraph's choices, and in a row under an activity
the module describes (`activity_reads`: Défis Fantastiques' fights and tests), not
under another.  Under such an activity, a stat of the module it does not read is
forgotten (0) where no step after it can read it (ceilings.py `quiet_after`: only
endings that do nothing follow, and the book names it in none): the Provisions in
the last fight of a book, after which no meal can be taken; then the resource adds
nothing to the reach of a starting value either.  Today's explorer keeps them, and so
do the values kept for play (keep.py): a run for one sheet forgets none.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.ahead import Ahead
from engine.analysis.compiled.distinct import numbered
from engine.analysis.compiled.packed import EXTRA, HEAD, MISSING, PARAGRAPH, PENDING
from engine.analysis.explore.compact import freeze, thaw
from engine.analysis.explore.lens import ALL, NAMED, Lens


AT_CHOICES = (None, {})   # `_activity` of a row waiting at its choices


class Forget:
    def __init__(self, book, module, lens: Lens | None = None):
        self.lens = Lens(book, module) if lens is None else lens   # (lint --deep's: built against its clock)
        self.named = any(self.lens.declared[k] for k in NAMED)   # counters or notes declared
        self.masks: dict = {}   # (paragraph, columns) -> (zeroed, passive, [(column, cap)])
        self.ceilings = None    # {stat: {resource: a unit's most}}: starting values forgotten (`reach`)

    def reach(self) -> bool:
        """Forget the starting values no later step can reach, from now on, where the
        module allows it (ceilings.py); whether it does."""
        self.ceilings = self.ahead().declared
        return self.ceilings is not None

    def unread_visit(self, number: int) -> bool:
        """Whether no paragraph reads the visit of `number` (nor every visit: the lens's
        reads, kept with the masks): it is then cleared at every paragraph (`_mask`),
        so a program need not write it (entering.py `unread_visit`)."""
        read = self.masks.get("visits read")
        if read is None:
            read = self.masks["visits read"] = frozenset(
                f[1] for r in self.lens.reads.values() for f in r if isinstance(f, tuple) and f[0] == "v")
        return ALL not in read and number not in read

    def _mask(self, n: int, slots) -> tuple:
        key = (n, len(slots))
        found = self.masks.get(key)
        if found is not None:
            return found
        lens = self.lens
        live = lens.live.get(n, set())
        # a column's fate at n does not depend on the others: the columns made since
        # the last mask of n are the only ones read
        done, zeroed, passive = self.masks.get((n, "last"), (HEAD, [], []))
        zeroed, passive = list(zeroed), list(passive)
        for i in range(done, len(slots)):
            part, name = slots.names[i]
            if part == "visits":
                dead = ("v", ALL) not in live and ("v", name) not in live
            elif part == "flags":
                dead = lens.mark_dead(name, live) or \
                    (lens._dead_name("flags", name) and not lens._live_name(name, n))
            elif part == "items":
                dead = lens._dead_name("items", name) and not lens._live_name(name, n)
            else:
                dead = False
                if part in ("stats", "initial") and name in lens.passive and name not in live:
                    passive.append(i)
            if dead:
                zeroed.append(i)
        self.masks[(n, "last")] = (len(slots), zeroed, passive)
        capped = [(slots.find("stats", stat), cap) for stat, cap in lens.caps.get(n, {}).items()
                  if stat in live and slots.find("stats", stat) is not None]
        found = self.masks[key] = (np.asarray(zeroed, dtype=np.int64), np.asarray(passive, dtype=np.int64), capped)
        return found

    def _plan(self, n: int, slots) -> tuple | None:
        """The lens at paragraph `n` as rows over every column: (zeroed, passive, cap),
        or None where it forgets nothing (kept with the masks: cleared with them)."""
        key = (n, len(slots), "rows")
        if key not in self.masks:
            zeroed, passive, capped = self._mask(n, slots)
            plan = None
            if len(zeroed) or len(passive) or capped:
                k = len(slots)
                plan = (np.zeros(k, dtype=bool), np.zeros(k, dtype=bool), np.full(k, np.iinfo(np.int64).max))
                plan[0][zeroed] = True
                plan[1][passive] = True
                for col, cap in capped:
                    plan[2][col] = cap
            self.masks[key] = plan
        return self.masks[key]

    def strip(self, rows: np.ndarray, slots, copy: bool = True) -> np.ndarray:
        """The rows (a copy, or the same changed in place) with what cannot be read from
        their paragraph on forgotten: every paragraph's lens at once (a row of masks a
        paragraph, gathered by row)."""
        uniq, inverse = _distinct(rows[:, PARAGRAPH])
        plans = [self._plan(n, slots) for n in uniq.tolist()]
        out = rows.copy() if copy else rows
        if not all(p is None for p in plans):
            self._apply(out, plans, inverse.reshape(-1))
        if self.named:
            self._prune(out, uniq, inverse.reshape(-1), slots)
        if self.ceilings:   # (the activities under way counted once for both: neither changes them)
            activities = _distinct(out[:, PENDING])
            self._unread(out, uniq, inverse.reshape(-1), slots, activities)
            self._unreached(out, uniq, inverse.reshape(-1), slots, activities)
        for i, n in enumerate(uniq.tolist()):
            guards = self._guards(n, slots)
            if guards:
                self._shut(out, np.flatnonzero(inverse.reshape(-1) == i), n, guards, slots)
        return out

    def _prune(self, out: np.ndarray, uniq: np.ndarray, inverse: np.ndarray, slots) -> None:
        """The counters and notes nothing reads from each row's paragraph on, dropped
        from its extras (`Lens.strip`), in place."""
        for i, n in enumerate(uniq.tolist()):
            dead = self._dead(n)
            if not dead:
                continue
            at = np.flatnonzero(inverse == i)
            ids, which = np.unique(out[at, EXTRA], return_inverse=True)
            pruned = np.array([self._pruned(x, n, dead, slots) for x in ids.tolist()], dtype=np.int64)
            out[at, EXTRA] = pruned[which.reshape(-1)]

    def _dead(self, n: int) -> dict:
        """{counters|notes: the names nothing reads from `n` on} (kept with the masks)."""
        key = (n, "named")
        if key not in self.masks:
            lens = self.lens
            self.masks[key] = {k: frozenset(x for x in lens.declared[k] if not lens._live_name(x, n))
                               for k in NAMED if lens.declared[k]}
            self.masks[key] = {k: v for k, v in self.masks[key].items() if v}
        return self.masks[key]

    def _pruned(self, x: int, n: int, dead: dict, slots) -> int:
        """The interned extras `x` with `dead`'s names dropped (kept with the masks)."""
        key = (n, "extra", x)
        found = self.masks.get(key)
        if found is None:
            extra = thaw(slots.extras.values[x]) if x else None
            found = x
            if extra and any(extra.get(k) and dead[k] & set(extra[k]) for k in dead):
                for k in dead:
                    held = extra.get(k)
                    if held:
                        extra[k] = {name: v for name, v in held.items() if name not in dead[k]}
                found = slots.extras(freeze(extra) or None)
            self.masks[key] = found
        return found

    def _unreached(self, out: np.ndarray, uniq: np.ndarray, inverse: np.ndarray, slots, activities) -> None:
        """The starting values the rows can no longer reach set to MISSING (in place):
        each stat's most from the row on (ahead.py: held, plus what the activity under
        way can still add, its gains ahead, and what the module turns the resources held
        and still to gain into) at most the start.  In a row under an activity the
        module does not describe, nothing.  `activities`: the distinct pending
        activities and each row's (`_distinct`)."""
        pendings, which = activities
        said = [self._activity(p, slots) for p in pendings.tolist()]
        most = self.ahead().most(uniq, inverse, said, which.reshape(-1), lambda stat: self._held(out, slots, stat))
        for stat in self.ceilings:
            start = slots.find("initial", stat)
            if start is not None:
                out[(out[:, start] != MISSING) & (most[stat] <= out[:, start]), start] = MISSING

    def most(self, paragraphs: np.ndarray, pendings: np.ndarray, held, slots) -> dict:
        """{stat: the most each row's stat can still be} (ahead.py) for the stats whose
        maximum the module declares, of rows given by their paragraph and pending
        columns and `held(stat)` (each row's value, 0 where it holds none); {} when the
        module declares none."""
        ahead = self.ahead(hero=True)
        if not ahead.declared or not len(paragraphs):
            return {}
        uniq, inverse = np.unique(paragraphs, return_inverse=True)
        kinds, which = np.unique(pendings, return_inverse=True)
        said = [self._activity(p, slots) for p in kinds.tolist()]
        return ahead.most(uniq, inverse.reshape(-1), said, which.reshape(-1), held)

    def ahead(self, hero: bool = False) -> Ahead:
        """The stats' most from each row on (ahead.py; `hero`: for the routes' hero of a
        row, else for forgetting its starting values: ceilings.py `gains`), kept with
        the masks (made again with the lens's graph)."""
        found = self.masks.get(("ahead", hero))
        if found is None:
            found = self.masks[("ahead", hero)] = Ahead(self.lens, hero)
        return found

    def _unread(self, out: np.ndarray, uniq: np.ndarray, inverse: np.ndarray, slots, activities) -> None:
        """The module's stats held in rows under an activity that does not read them,
        after which no step can read them (ahead.py `read_later`), set to 0 (in place): a
        Provisions count in the last fight of the book."""
        pendings, which = activities
        if not pendings.any():
            return
        which = which.reshape(-1)
        said = [self._activity(p, slots) for p in pendings.tolist()]
        ahead = self.ahead()
        for stat in self._own_stats():
            col = slots.find("stats", stat)
            if col is None:
                continue
            dead = ~ahead.read_later(stat, said, which, uniq, inverse) & (out[:, col] != MISSING) & (out[:, col] != 0)
            out[dead, col] = 0

    def _activity(self, pending: int, slots):
        """(what the activity under way `pending` reads, what it can still add) as the
        module says (`activity_reads`), or None (kept with the masks); a row at its
        choices: (None: it may read everything, nothing added)."""
        if pending == 0:
            return AT_CHOICES
        key = ("activity", pending)
        if key not in self.masks:
            said = getattr(self.lens.module, "activity_reads", None)
            self.masks[key] = said(thaw(slots.pendings.values[pending])) if said else None
        return self.masks[key]

    def _own_stats(self) -> list:
        """The module's stats its own rules may read (not passive: the lens has those)."""
        return [s.name for s in self.lens.module.stats if s.name not in self.lens.passive]

    @staticmethod
    def _held(out: np.ndarray, slots, stat: str) -> np.ndarray:
        """Each row's `stat` (0 where it holds none)."""
        col = slots.find("stats", stat)
        if col is None:
            return np.zeros(len(out), dtype=np.int64)
        return np.where(out[:, col] == MISSING, 0, out[:, col])

    def _guards(self, n: int, slots) -> tuple:
        """The lens's guards at `n` among the columns (kept with the masks)."""
        key = (n, len(slots), "guards")
        if key not in self.masks:
            self.masks[key] = self.lens.guarded(n, slots.find)
        return self.masks[key]

    @staticmethod
    def _apply(out: np.ndarray, plans: list, inverse: np.ndarray) -> None:
        """Each row's paragraph's plan (zeroed, passive, cap), in place."""
        k = out.shape[1]
        none = (np.zeros(k, dtype=bool), np.zeros(k, dtype=bool), np.full(k, np.iinfo(np.int64).max))
        zeroed, passive, cap = (np.stack([(p or none)[j][:k] for p in plans]) for j in range(3))
        # (times 0 or 1, every row's mask gathered by `take`: a boolean assignment through
        # a gathered mask cost three times as much, a tenth of la-cloche-de-brumesel's dedup)
        if zeroed.any():
            np.multiply(out, (~zeroed).take(inverse, axis=0), out=out)
        # only the few columns some paragraph makes passive or caps: a passive stat not
        # held stays MISSING; a cap lowers a value held (MISSING is below any cap)
        for j in np.flatnonzero(passive.any(axis=0)).tolist():
            col = out[:, j]
            col[passive[inverse, j] & (col != MISSING)] = 0
        for j in np.flatnonzero((cap < np.iinfo(np.int64).max).any(axis=0)).tolist():
            np.minimum(out[:, j], cap[inverse, j], out=out[:, j])

    def _shut(self, rows: np.ndarray, at: np.ndarray, n: int, guards: tuple, slots) -> None:
        """What the ways the rows' guards close led to, set back to 0 (in place)."""
        held = rows[np.ix_(at, [col for col, _g in guards])] != 0
        # (the distinct combinations by one code a row: distinct.py, no sort of the rows)
        combos, which = numbered([held[:, j] for j in range(held.shape[1])])
        for k, combo in enumerate(combos):
            if any(combo):
                columns = [(i, part, name) for i, (part, name) in enumerate(slots.names)]
                shut = self.lens.shut(n, frozenset(g for (_c, g), h in zip(guards, combo) if h), columns)
                if shut:
                    rows[np.ix_(at[which.ravel() == k], list(shut))] = 0


def _distinct(para: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`np.unique(para, return_inverse=True)` of paragraph numbers or pending activities'
    numbers, by counting where they are small and not negative (no sort of every row: a
    wave's successors are millions; a sort of the pending column, twice a batch, was
    1.35 s of 50 over la-cloche-de-brumesel's first three groups)."""
    if not len(para) or para.min() < 0 or para.max() >= 1 << 20:
        uniq, inverse = np.unique(para, return_inverse=True)
        return uniq, inverse.reshape(-1)
    uniq = np.flatnonzero(np.bincount(para))
    place = np.zeros(int(uniq[-1]) + 1, dtype=np.int64)
    place[uniq] = np.arange(len(uniq))
    return uniq, place[para]
