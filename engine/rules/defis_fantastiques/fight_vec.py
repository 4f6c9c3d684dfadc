"""The fight chain of `odds_special.SpecialFight` written over arrays, for many roots at once.

Every node of the chain is a row (Endurance, each opponent's Endurance, Luck, armour
hits left, the wounds still queued, rounds fought, rounds won); a whole frontier of
rows is expanded at once by the same steps as `SpecialFight.step` / `expand`, and the
chain goes to `analysis.chain_arrays`, which solves it level by level, exactly.

The rules are not written a second time: every amount, offer and test here is a table
filled by asking the module's scalar rules (`SpecialFight.apply` / `offered`,
`round_ways`, `model.round_over`, `model.escape_left`, ...) once per value, so that the
arrays only index what the model says; tests/rules/defis_fantastiques/test_fight_vec.py
compares the two, fraction for fraction.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.chain import End
from engine.analysis.chain_arrays import ChainArrays

from engine.rules.defis_fantastiques import model
from engine.rules.defis_fantastiques.fight_chain import LUCKY_WAYS
from engine.rules.defis_fantastiques.odds_special import OUTCOMES, escaped

NO_KIND, DEALT, TAKEN, ESCAPE = 0, 1, 2, 3

ESCAPE_LABEL, NO_LUCK, USE_LUCK = -1, -2, -3
WIN, LOSE, HURT = (OUTCOMES.index(o) for o in ("win", "lose", "hurt"))


class Queues:
    """The wounds a round leaves to resolve, each tuple of events numbered once (0: none)."""

    def __init__(self):
        self.ids = {(): 0}
        self.kind, self.who, self.rest = [NO_KIND], [0], [0]

    def of(self, events: tuple) -> int:
        found = self.ids.get(events)
        if found is None:
            rest = self.of(events[1:])
            kind = {"d": DEALT, "t": TAKEN, "e": ESCAPE}[events[0][0]]
            found = self.ids[events] = len(self.kind)
            self.kind.append(kind)
            self.who.append(events[0][1] if kind != ESCAPE else 0)
            self.rest.append(rest)
        return found

    def arrays(self):
        return np.array(self.kind), np.array(self.who), np.array(self.rest)


class ArrayFight:
    """One fight's chain over rows; columns: he, es..., luck, arm, queue, round, wins."""

    def __init__(self, fight, tops: tuple, events: tuple = ()):
        """`fight`: a SpecialFight; `tops`: (largest Endurance, each opponent's
        largest Endurance, largest Luck, most armour hits) of the roots; `events`:
        wounds the roots still have to resolve."""
        self.f, self.sp, self.n = fight, fight.sp, len(fight.skills)
        hmax, emax, lmax, amax = tops
        self.hmax = hmax
        n = self.n
        self.HE, self.LUCK, self.ARM, self.Q, self.RND, self.WINS = 0, n + 1, n + 2, n + 3, n + 4, n + 5
        self.queues = Queues()
        self.escape_q = self.queues.of((("e", self.sp.escape.cost),)) if self.sp.escape else 0
        self._rounds: dict = {}
        self.tables(emax, amax)
        for alive in range(1, 1 << n):   # every queue a round can leave, numbered before the nodes
            for first in {False, bool(self.sp.first)}:
                self.round_ways(tuple(i for i in range(n) if alive >> i & 1), first)
        self.queues.of(tuple(events))
        self.radix = [hmax + 1, *(e + 1 for e in emax), lmax + 1, amax + 1, len(self.queues.kind),
                      fight.cap + 1, (self.sp.win_rounds or 0) + 1]
        self.ends = [End(o, d) for o in OUTCOMES for d in range(hmax + 1)]

    # --- the module's rules, asked once per value ------------------------------------
    def tables(self, emax, amax):
        f, n = self.f, self.n
        top = tuple(emax)
        # a wound dealt: the opponent's Endurance after it, by shift, for every value
        self.dealt = [[np.array([f.apply(1, top[:i] + (e,) + top[i + 1:], 0, ("d", i), s)[1][i]
                                 for e in range(emax[i] + 1)]) for s in model.SHIFTS] for i in range(n)]
        self.dealt_offered = [np.array([f.offered(top[:i] + (e,) + top[i + 1:], 0, ("d", i))
                                        for e in range(emax[i] + 1)]) for i in range(n)]
        # a wound taken: Endurance and armour hits lost, by shift, without / with armour
        big = 10 ** 6
        # (as arrays, indexed by "armour worn" 0 or 1: `apply` and `offered` gather them)
        self.taken = [[np.array([big - f.apply(big, top, a, ("t", j), s)[0] for a in (0, 1)]) for s in model.SHIFTS]
                      for j in range(n)]
        self.worn = np.array([a - f.apply(big, top, a, ("t", 0), 0)[2] for a in (0, 1)])
        # (by shift, the Endurance lost to each opponent's wound without / with armour)
        self.taken_by = [np.array([self.taken[j][s] for j in range(n)]) for s in range(len(model.SHIFTS))]
        self.taken_offered = [np.array([f.offered(top, a, ("t", j)) for a in (0, 1)]) for j in range(n)]
        self.taken_offered_by = np.array(self.taken_offered, dtype=bool).reshape(n, 2)
        rounds = np.arange(f.cap + 1)
        wins = np.arange((self.sp.win_rounds or 0) + 1)
        over = [[model.round_over(self.sp, r, w) for w in wins] for r in rounds]
        self.over = np.array([[OUTCOMES.index(o) if o else -1 for o in row] for row in over])
        esc = self.sp.escape
        if esc is not None:
            self.escape_open = np.array([model.escape_open(esc.after, r) for r in rounds])
            self.escape_cost = {lucky: big - model.escape_left(big, esc.cost, lucky, f.reading)
                                for lucky in (None, True, False)}
            self.escape_tested = model.escape_offered(esc, f.reading)
        self.stops = model.hurt_stops(self.sp, 1, 1)

    def round_ways(self, alive: tuple, first: bool) -> list:
        """[(target, [(queue, weight, counts as a round won)], denominator)] of a round
        from a node whose living opponents are `alive`, in the order play lists them."""
        key = (alive, first)
        if key not in self._rounds:
            f = self.f
            skill = f.hero_skill + model.first_bonus(self.sp, 0 if first else 1)
            targets = alive if f.mode == "together" else alive[:1]
            found = []
            for i in targets:
                others = [j for j in alive if j != i] if f.mode == "together" else []
                harmless = bool(self.sp.immune) and self.sp.immune[i]
                ways = f.round_ways(skill, i, others, harmless)
                found.append((i, [(self.queues.of(ev), w, bool(self.sp.win_rounds) and ev[:1] == (("d", i),))
                                  for ev, w in ways.items()], 1296 * 36 ** len(others)))
            self._rounds[key] = found
        return self._rounds[key]

    def end(self, outcome: str, detail) -> np.ndarray:
        return OUTCOMES.index(outcome) * (self.hmax + 1) + np.maximum(detail, 0)

    def end_ids(self, outcome, rows) -> np.ndarray:
        """The end of each row where its fight is over (`outcome`: an index of
        OUTCOMES): the outcome and the Endurance left (none for a death)."""
        return outcome * (self.hmax + 1) + np.where(outcome == LOSE, 0, np.maximum(rows[:, self.HE], 0))

    def escaped(self, left) -> np.ndarray:
        return np.where(left > 0, self.end("escape", left), self.end("lose", 0))

    def lucky(self, luck) -> np.ndarray:
        return np.asarray(LUCKY_WAYS)[np.clip(luck, 0, 12)]

    def may_test(self, luck) -> np.ndarray:
        f = self.f
        if not f.use_luck:
            return np.zeros(len(luck), dtype=bool)
        return (luck >= 1) | (f.luck_policy == "always")

    # --- the steps of SpecialFight, over rows ----------------------------------------------
    def apply(self, rows, shift: int) -> np.ndarray:
        """Each row's first queued wound applied with one Luck shift (SpecialFight.apply)."""
        kind, who, _rest = self.qarrays
        rows = rows.copy()
        head, target = kind[rows[:, self.Q]], who[rows[:, self.Q]]
        s = model.SHIFTS.index(shift)
        # (whole columns, each row's own amount or nothing: a row meets one wound, so the
        # masks of the opponents are apart and the armour read is the row's before any)
        dealt, hurt = head == DEALT, head == TAKEN
        for i in range(self.n):
            col = rows[:, 1 + i]
            rows[:, 1 + i] = np.where(dealt & (target == i), self.dealt[i][s].take(col, mode="clip"), col)
        if hurt.any():
            worn = (rows[:, self.ARM] > 0).astype(np.int64)
            rows[:, self.HE] -= np.where(hurt, self.taken_by[s][np.where(hurt, target, 0), worn], 0)
            rows[:, self.ARM] -= np.where(hurt, self.worn[worn], 0)
        return rows

    def offered(self, rows) -> np.ndarray:
        may = self.may_test(rows[:, self.LUCK])
        if not may.any():   # (no Luck to test: nothing offered, whatever the wound)
            return may
        kind, who, _rest = self.qarrays
        head, target = kind[rows[:, self.Q]], who[rows[:, self.Q]]
        out = np.zeros(len(rows), dtype=bool)
        for i in range(self.n):   # (whole columns, as `apply`)
            out |= (head == DEALT) & (target == i) & self.dealt_offered[i].take(rows[:, 1 + i], mode="clip")
        hurt = head == TAKEN
        if hurt.any():
            out |= hurt & self.taken_offered_by[np.where(hurt, target, 0), (rows[:, self.ARM] > 0).astype(np.int64)]
        return out & may

    def step(self, rows, hurt) -> tuple[np.ndarray, np.ndarray]:
        """SpecialFight.step on every row: (end id or -1, the node's row)."""
        kind, _who, rest = self.qarrays
        rows, hurt = rows.copy(), hurt.copy()
        ends = np.full(len(rows), -1)
        todo = np.arange(len(rows))
        while todo.size:
            x = rows if todo.size == len(rows) else rows[todo]   # (all of them at first: not copied)
            he = x[:, self.HE]
            out = np.where(he <= 0, LOSE, -1)   # the outcome's index in OUTCOMES
            if self.stops:
                out = np.where((out < 0) & hurt[todo], HURT, out)
            standing = np.zeros(len(x), dtype=bool)
            for i in range(1, 1 + self.n):   # (an opponent standing: a few columns, not `any` over rows)
                standing |= x[:, i] != 0
            out = np.where((out < 0) & ~standing, WIN, out)
            empty = (out < 0) & (x[:, self.Q] == 0)
            over = self.over[x[:, self.RND], x[:, self.WINS]]
            out = np.where(empty & (over >= 0), over, out)
            finished = out >= 0
            stop = finished | empty
            live = np.flatnonzero(~stop)   # (the offer asked of the rows going on only, the end of those over)
            if live.size:
                stop[live] = self.offered(x[live])
            done = np.flatnonzero(finished)
            if done.size:
                ends[todo[done]] = self.end_ids(out[done], x[done])
            go = todo[~stop]
            if go.size:
                moved = self.apply(rows[go], 0)
                hurt[go] = (kind[rows[go, self.Q]] == TAKEN) & (moved[:, self.HE] < rows[go, self.HE])
                moved[:, self.Q] = rest[rows[go, self.Q]]
                rows[go] = moved
            todo = go
        return ends, rows

    @property
    def qarrays(self):
        if getattr(self, "_qlen", None) != len(self.queues.kind):
            self._qlen, self._qarrays = len(self.queues.kind), self.queues.arrays()
        return self._qarrays

    # --- a node's options (SpecialFight.expand) --------------------------------------------
    def expand(self, rows, out: "_Options") -> None:
        """Every option of every row (a node), appended to `out` with its edges."""
        kind = self.qarrays[0][rows[:, self.Q]]
        steps = _Steps()   # every child row of the frontier stepped at once
        self.luck_options(np.flatnonzero((kind == DEALT) | (kind == TAKEN)), rows, out, steps)
        self.escape_luck(np.flatnonzero(kind == ESCAPE), rows, out)
        start = np.flatnonzero(kind == NO_KIND)
        if self.sp.escape is not None:
            self.escape(start, rows, out)
        alive = rows[start][:, 1:1 + self.n] > 0
        first = (rows[start, self.RND] == 0) & bool(self.sp.first)
        classes = alive.astype(np.int64) @ (1 << np.arange(self.n)) * 2 + first
        for c in np.unique(classes):
            members = start[classes == c]
            living = tuple(i for i in range(self.n) if (c >> 1) >> i & 1)
            for slot, (i, ways, denom) in enumerate(self.round_ways(living, bool(c & 1))):
                self.round(members, rows, ways, denom, 1 + slot, i, out, steps)
        steps.run(self)

    def round(self, members, rows, ways, denom, slot, target, out, steps):
        """One round against `target` from each member row (SpecialFight.round)."""
        k = len(ways)
        parent = np.repeat(members, k)
        base = rows[parent]
        child = base.copy()
        child[:, self.Q] = np.tile([q for q, _w, _d in ways], len(members))
        child[:, self.RND] = np.minimum(child[:, self.RND] + 1, self.f.cap)
        child[:, self.WINS] += np.tile([int(d) for _q, _w, d in ways], len(members))

        def then(stepped):
            ends, child = stepped
            weight = np.tile([w for _q, w, _d in ways], len(members))
            stay = ends < 0   # (the child row its parent's: compared column by column, each a
            for j in range(child.shape[1]):   # pass over a column, not an inner loop of a few a row)
                stay &= child[:, j] == base[:, j]
            stays = (weight * stay).reshape(len(members), k).sum(axis=1)   # (a member's k ways together)
            out.add(members, slot, denom - stays, target, parent, weight, ends, child, keep=~stay, cost=denom,
                    place=np.repeat(np.arange(len(members)), k))
        steps.later([(child, np.zeros(len(child), dtype=bool))], then)

    def luck_options(self, at, rows, out, steps):
        """Pass or test Luck on the first queued wound (_Fight.luck_options)."""
        if not at.size:
            return
        x = rows[at]
        rest = self.qarrays[2][x[:, self.Q]]
        taken = self.qarrays[0][x[:, self.Q]] == TAKEN
        after = []
        for shift in (0, 1, -1):
            moved = self.apply(x, shift)
            if shift:
                moved[:, self.LUCK] = np.maximum(0, moved[:, self.LUCK] - 1)
            moved[:, self.Q] = rest
            after.append((moved, taken & (moved[:, self.HE] < x[:, self.HE])))
        steps.later(after, lambda *stepped: self._luck_options(at, x, out, stepped))

    def _luck_options(self, at, x, out, after):
        policy = self.f.luck_policy
        if policy != "always":
            out.add(at, 0, np.ones(at.size, dtype=np.int64), NO_LUCK, at, np.ones(at.size, dtype=np.int64),
                    *after[0])
        if policy != "never":
            good = self.lucky(x[:, self.LUCK])
            both = np.concatenate
            out.add(at, 1, np.full(at.size, 36), USE_LUCK, both([at, at]), both([good, 36 - good]),
                    both([after[1][0], after[2][0]]), both([after[1][1], after[2][1]]))

    def escape_luck(self, at, rows, out):
        """Pass or test Luck on the escape's cost (SpecialFight.escape_luck)."""
        if not at.size:
            return
        he, luck = rows[at, self.HE], rows[at, self.LUCK]
        none = np.zeros((at.size, rows.shape[1]), dtype=np.int64)
        cost = self.escape_cost
        if self.f.luck_policy != "always":
            out.add(at, 0, np.ones(at.size, dtype=np.int64), NO_LUCK, at, np.ones(at.size, dtype=np.int64),
                    self.escaped(he - cost[None]), none)
        if self.f.luck_policy != "never":
            good, both = self.lucky(luck), np.concatenate
            out.add(at, 1, np.full(at.size, 36), USE_LUCK, both([at, at]), both([good, 36 - good]),
                    both([self.escaped(he - cost[True]), self.escaped(he - cost[False])]), both([none, none]))

    def escape(self, start, rows, out):
        """Escaping, listed first where it is open (SpecialFight.expand / escape)."""
        at = start[self.escape_open[rows[start, self.RND]]]
        if self.shut is not None:
            at = at[~(rows[at] == self.shut).all(axis=1)]
        x = rows[at].copy()
        tested = self.may_test(x[:, self.LUCK]) & self.escape_tested
        ends = np.where(tested, -1, self.escaped(x[:, self.HE] - self.escape_cost[None]))
        x[:, self.Q] = self.escape_q
        out.add(at, 0, np.ones(at.size, dtype=np.int64), ESCAPE_LABEL, at, np.ones(at.size, dtype=np.int64),
                ends, x)

    shut = None   # a node's row where escaping is not priced (advice: "fight on")

    # --- the chain from many roots -----------------------------------------------------
    def chain(self, roots, max_states: int):
        """(ChainArrays, each root as a node index or an End) from root rows."""
        ends, rows = self.step(roots, np.zeros(len(roots), dtype=bool))
        table = _Nodes(self.radix)
        ids = table.find(rows, ends < 0)
        out = _Options()
        frontier = np.arange(table.count)
        self.rows = []   # every node's row, in the order of their ids (by batch)
        while frontier.size:
            out.start_batch()
            self.rows.append(table.take())
            self.expand(self.rows[-1], out)
            frontier = out.close_batch(frontier, table)
            if table.count > max_states:
                raise ValueError(f"fight has more than {max_states} states")
        self.table = table
        refs = [int(i) if e < 0 else self.ends[e] for i, e in zip(ids, ends)]
        return out.arrays(table.count, self.ends), refs


DENSE = 1 << 22   # packed keys below it are looked up in a table, above it by sorting


class _Steps:
    """Child rows waiting for `ArrayFight.step`: stepped all at once, then each group
    handed to what waits for it."""

    def __init__(self):
        self.waiting: list = []

    def later(self, groups: list, then) -> None:
        """`then(*[(ends, rows) of each group])` once the groups [(rows, hurt)] are stepped."""
        self.waiting.append((groups, then))

    def run(self, fight) -> None:
        groups = [g for gs, _then in self.waiting for g in gs]
        if not groups:
            return
        ends, rows = fight.step(np.concatenate([g[0] for g in groups]), np.concatenate([g[1] for g in groups]))
        at = 0
        for gs, then in self.waiting:
            stepped = []
            for g in gs:
                stepped.append((ends[at:at + len(g[0])], rows[at:at + len(g[0])]))
                at += len(g[0])
            then(*stepped)
        self.waiting = []


class _Nodes:
    """The nodes found so far: their rows, and their packed keys sorted for lookups."""

    def __init__(self, radix):
        self.mult = np.cumprod([1] + list(radix[:-1])).astype(np.int64)
        if np.prod([float(r) for r in radix]) >= 2 ** 62:
            raise ValueError("fight too large for packed nodes")
        self.fresh: list = []
        self.keys = np.zeros(0, dtype=np.int64)
        self.ids = np.zeros(0, dtype=np.int64)
        self.count = 0
        size = int(np.prod([float(r) for r in radix]))
        self.dense = np.full(size, -1, dtype=np.int64) if size <= DENSE else None

    def find(self, rows, mask, group=None) -> np.ndarray:
        """Each masked row's node id (new rows numbered next, by key), -1 elsewhere.
        `group`: each row's group (rows of one group together, in order): the new rows
        numbered group by group, as many calls one a group would (one call a batch, not
        one an option: the same numbers)."""
        out = np.full(len(rows), -1, dtype=np.int64)
        rows = rows[mask]
        keys = rows @ self.mult
        group = None if group is None else group[mask]
        if self.dense is not None:
            ids = self.dense[keys]
            fresh = np.flatnonzero(ids < 0)
            if fresh.size:
                new, first = np.unique(keys[fresh], return_index=True)
                if group is not None:   # (by the group of each one's first row, by key within it)
                    order = np.argsort(group[fresh[first]], kind="stable")
                    new, first = new[order], first[order]
                self.dense[new] = np.arange(self.count, self.count + new.size)
                self._add(rows[fresh[first]])
                ids = self.dense[keys]
            out[mask] = ids
            return out
        uniq, first = np.unique(keys, return_index=True)
        pos = np.searchsorted(self.keys, uniq)
        known = (pos < self.keys.size) & (self.keys[np.minimum(pos, max(self.keys.size - 1, 0))] == uniq) \
            if self.keys.size else np.zeros(uniq.size, dtype=bool)
        new, new_first = uniq[~known], first[~known]
        if group is not None:
            order = np.argsort(group[new_first], kind="stable")
            new, new_first = new[order], new_first[order]
        new_ids = np.arange(self.count, self.count + new.size)
        self._add(rows[new_first])
        keys_all, ids_all = np.concatenate([self.keys, new]), np.concatenate([self.ids, new_ids])
        order = np.argsort(keys_all, kind="stable")
        self.keys, self.ids = keys_all[order], ids_all[order]
        out[mask] = self.ids[np.searchsorted(self.keys, keys)]
        return out

    def lookup(self, rows) -> np.ndarray:
        """Each row's node id, -1 for a row never found (nothing numbered)."""
        keys = rows @ self.mult
        if self.dense is not None:
            return self.dense[keys]
        pos = np.minimum(np.searchsorted(self.keys, keys), max(self.keys.size - 1, 0))
        if not self.keys.size:
            return np.full(len(rows), -1, dtype=np.int64)
        return np.where(self.keys[pos] == keys, self.ids[pos], -1)

    def _add(self, rows):
        self.fresh.append(rows)
        self.count += len(rows)

    def take(self) -> np.ndarray:
        """The rows numbered since the last call, in the order of their ids."""
        rows = np.concatenate(self.fresh) if self.fresh else np.zeros((0, len(self.mult)), dtype=np.int64)
        self.fresh = []
        return rows


class _Options:
    """The options and edges found, batch by batch (a batch: one frontier's nodes)."""

    def __init__(self):
        self.opts: list = []    # (node, slot, norm, label, cost)
        self.edges: list = []   # (option, weight, child: node id or -1 - end)

    def start_batch(self):
        self.batch: list = []
        self.base = sum(len(o[0]) for o in self.opts)

    def add(self, nodes, slot, norm, label, parent, weight, ends, child, keep=None, cost=0, place=None):
        """One option for each of `nodes` (local, sorted), and its edges from `parent`;
        `cost`: rounds fought x denominator (a round's option: its denominator);
        `place`: each parent's place among `nodes`, where the caller knows it (else
        looked up)."""
        offset = self.base + sum(len(b[0]) for b in self.batch)
        keep = weight > 0 if keep is None else keep & (weight > 0)
        option = offset + (np.searchsorted(nodes, parent[keep]) if place is None else place[keep])
        self.batch.append((nodes, np.full(len(nodes), slot), np.asarray(norm, dtype=np.int64),
                           np.full(len(nodes), label), np.full(len(nodes), cost, dtype=np.int64),
                           option, weight[keep], ends[keep], child[keep]))

    def close_batch(self, frontier, table) -> np.ndarray:
        """Number the batch's children; return the nodes found for the first time."""
        before = table.count
        if self.batch:   # (every option's children numbered in one call, as option by option)
            sizes = [len(b[-1]) for b in self.batch]
            every = np.concatenate([b[-2] for b in self.batch])
            found = table.find(np.concatenate([b[-1] for b in self.batch]), every < 0,
                               np.repeat(np.arange(len(sizes)), sizes))
            cuts = np.cumsum(sizes).tolist()
        for j, (nodes, slot, norm, label, cost, option, weight, ends, child) in enumerate(self.batch):
            ids = found[(cuts[j - 1] if j else 0):cuts[j]]
            self.opts.append((frontier[nodes], slot, norm, label, cost))
            self.edges.append((option, weight, np.where(ends < 0, ids, -1 - ends)))
        return np.arange(before, table.count)

    def arrays(self, count: int, ends: list) -> ChainArrays:
        node, slot, norm, label, cost = (np.concatenate([o[i] for o in self.opts]) for i in range(5))
        option, weight, child = (np.concatenate([e[i] for e in self.edges]) for i in range(3))
        order = np.argsort(node * 64 + slot, kind="stable")
        renumber = np.empty_like(order)
        renumber[order] = np.arange(order.size)
        option = renumber[option]
        by = np.argsort(option, kind="stable")
        return ChainArrays(count, node[order], norm[order], option[by], weight[by], child[by], ends,
                           cost[order], label[order])


def family(fight, sheets: list, es: tuple, arm: int, progress: tuple, max_states: int) -> list:
    """P(not losing) from each sheet (Endurance, Luck) of a SpecialFight, as
    `odds_solver.solve_family` gives it: one chain for every sheet, solved at once."""
    from engine.analysis.chain_arrays import chances
    rnd, wins = progress
    tops = (max(he for he, _l in sheets), es, max(luck or 0 for _h, luck in sheets), arm)
    vec = ArrayFight(fight, tops)
    roots = np.array([[he, *es, luck or 0, arm, 0, rnd, wins] for he, luck in sheets], dtype=np.int64)
    graph, refs = vec.chain(roots, max_states)
    return chances(graph, refs, _aims(fight), lambda end: end.outcome != "lose")


def single(fight, sheet: tuple, events: tuple, progress: tuple, max_states: int, fight_on: bool = False,
           decisions: bool | None = None):
    """`odds_special.solve_special` over rows: the FightOdds of one sheet
    (he, es, luck, arm), its wounds to resolve first, (round, wins) so far;
    `decisions`: a choice somewhere makes the policy "optimal" (default: only
    "together" or with an escape, as solve_special says it; odds_solver's plain
    chain says it of any fight with Luck)."""
    from engine.analysis.chain_arrays import solve
    from engine.rules.defis_fantastiques.odds_special import _odds_of
    he, es, luck, arm = sheet
    rnd, wins = min(progress[0], fight.cap), progress[1] if fight.sp.win_rounds else 0
    vec = ArrayFight(fight, (he, es, luck, arm), events)
    root = np.array([[he, *es, luck, arm, vec.queues.of(tuple(events)), rnd, wins]], dtype=np.int64)
    ends, rows = vec.step(root, np.zeros(1, dtype=bool))
    if ends[0] >= 0:
        from engine.analysis.chain import ONE, ZERO
        return _odds_of({vec.ends[ends[0]]: ONE}, ZERO, False, None)
    if fight_on:
        vec.shut = rows[0]
    graph, refs = vec.chain(rows, max_states)
    has_escape = fight.sp.escape is not None
    solved, finals, rounds = solve(graph, refs[0], _aims(fight))
    root_opts = np.flatnonzero(graph.opt_node == refs[0])
    label = _label(int(graph.opt_label[solved.choice[refs[0]]])) if root_opts.size > 1 else None
    has_choice = bool((np.bincount(graph.opt_node, minlength=graph.nodes) > 1).any())
    lucky = fight.use_luck and fight.luck_policy == "optimal" and luck >= 1
    if decisions is None:
        decisions = fight.mode == "together" or has_escape
    return _odds_of(finals, rounds, lucky or (has_choice and decisions), label, has_escape)


def _aims(fight) -> list:
    """What best play maximises: leaving alive, then winning (an escape); else winning."""
    if fight.sp.escape is not None:
        return [lambda end: model.aims(end.outcome)[0], lambda end: model.aims(end.outcome)[1]]
    return [lambda end: end.outcome == "win"]


def _label(code: int) -> str:
    return {ESCAPE_LABEL: "escape", NO_LUCK: "no-luck", USE_LUCK: "use-luck"}.get(code, f"target:{code}")
