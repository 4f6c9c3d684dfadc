"""The move the policy closure (closure.py) picks at each state, and the steps still
to a victory that break the high bound's ties.

Where the low bound already values a move above 0, the best of those; elsewhere the
high bound's: each move's expectation over its successors' last high values or
ceilings, weighed by DISCOUNT to the power of its steps still to a victory (`Steps`),
ties toward the fewest successors not yet explored, then the first; a move barred
(a play caught in a loop: closure.py) last.  At a state picked before, the same move
unless another's low value is better (`improve`: policy iteration over what is
explored).  Any pick keeps the bounds sound: it only chooses what to explore."""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.packed import MISSING
from engine.analysis.compiled.solve import _ranges

NEAR = 1e-9   # expectations this close count as equal (then fewest unexplored successors)
BETTER = 1e-12   # a low value better by more than this switches the play
DISCOUNT = 0.9   # a move's high expectation weighed by this power of its steps still to a victory
PLAN_FLOOR = 1e-6   # added to a state's plan value (plan.py) where the picks weigh by it
STAY = 0.5       # steps a move that stays in its paragraph counts as nearer (a move on: at most 1)


def sorted_edges(x, mark: int) -> tuple:
    """The edges `x` (a CompiledExplorer) listed from its list `mark` on, as int64
    arrays (state, move, target, probability number) in order of state and move."""
    st, mv, tg, pr = (np.concatenate(getattr(x, name)[mark:]).astype(np.int64)
                      for name in ("e_state", "e_move", "e_target", "e_prob"))
    order = np.lexsort((mv, st))
    return st[order], mv[order], tg[order], pr[order]


def moves_of(st: np.ndarray, mv: np.ndarray) -> tuple:
    """Of edges in order of (state, move): (each move's first edge, each state's first
    move: both with the end appended, each state with moves)."""
    new_move = np.ones(len(st), dtype=bool)
    new_move[1:] = (st[1:] != st[:-1]) | (mv[1:] != mv[:-1])
    move_at = np.flatnonzero(new_move)
    state_at = np.flatnonzero(np.diff(st[move_at], prepend=-1))
    return np.append(move_at, len(st)), np.append(state_at, len(move_at)), st[move_at][state_at]


def choose(sp: np.ndarray, mp: np.ndarray, t: np.ndarray, p: np.ndarray, high: np.ndarray,
           unexplored: np.ndarray, low: np.ndarray | None = None, far=None,
           barred: np.ndarray | None = None, wear=None, at: np.ndarray | None = None, plan=None) -> np.ndarray:
    """Per state with moves (moves sp[i]:sp[i+1], edges of move m mp[m]:mp[m+1], targets
    `t`, probabilities `p`): the local number of the move picked for a state not
    picked yet (module docstring): best low expectation where one is above 0, else
    best high expectation, each weighed by DISCOUNT to the power of its steps still to
    a victory (`far`: of target states, their paragraphs' `Steps`; the outcomes that
    can still win), ties toward the fewest edges into `unexplored` states, then the
    first; a move `barred` last.  With a `plan` (plan.py), each outcome's high value is
    its state's plan value where that is lower (PLAN_FLOOR added: where the plan sees
    no way, the high values still rank the moves); not their product: a high value
    already counts the rolls explored on the way (closure-road's road, 5/9, against
    an endless market's 1), which the plan counts too."""
    n_moves = len(mp) - 1
    ok = t >= 0
    safe = np.where(ok, t, 0)
    edge_move = np.repeat(np.arange(n_moves), np.diff(mp))
    owner = np.repeat(np.arange(len(sp) - 1), np.diff(sp))
    worn = 1.0 if wear is None else wear(safe)   # (a worn hero's chances below his ceiling's)
    seen = high[safe]
    if plan is not None:   # (what the ways ahead need, gathered: plan.py; the lower of the two)
        seen = np.minimum(seen, plan(safe) + PLAN_FLOOR)
    q = np.bincount(edge_move, np.where(ok, p * seen * worn, 0.0), minlength=n_moves)
    open_ = np.bincount(edge_move, ok & unexplored[safe], minlength=n_moves)
    if far is not None:   # (the nearer of two chances first: discounted by the steps left)
        d = far(safe)
        if at is not None:   # (a move that stays, a meal or a purchase, half a step nearer than where it is)
            same = far.paragraph(safe) == far.paragraph(np.repeat(at, np.diff(sp))[edge_move])
            d = np.where(same, np.maximum(d - STAY, 0.0), d)
        near = ok & (d < Steps.FAR)
        mass = np.bincount(edge_move, np.where(near, p, 0.0), minlength=n_moves)
        steps = np.bincount(edge_move, np.where(near, p * d, 0.0), minlength=n_moves) / np.maximum(mass, 1e-300)
        q = q * DISCOUNT ** np.minimum(steps, 1e4)
    best = np.full(len(sp) - 1, -1.0)
    np.maximum.at(best, owner, q)
    tied = q >= best[owner] - NEAR
    keys = [np.arange(n_moves), open_, ~tied]   # (np.lexsort: the last key first)
    if low is not None:   # (a way the low bound values above 0 first, the best of them)
        ql = np.bincount(edge_move, np.where(ok, p * low[safe], 0.0), minlength=n_moves)
        keys.append(-ql)
    if barred is not None:
        keys.append(barred)
    order = np.lexsort(keys + [owner])
    first = np.ones(n_moves, dtype=bool)
    first[1:] = owner[order][1:] != owner[order][:-1]
    picked = np.zeros(len(sp) - 1, dtype=np.int64)
    picked[owner[order][first]] = order[first] - sp[:-1][owner[order][first]]
    return picked


def improve(sp: np.ndarray, mp: np.ndarray, t: np.ndarray, p: np.ndarray, low: np.ndarray,
            pick: np.ndarray) -> np.ndarray:
    """`pick` (per state with moves, a local move number; -1: none yet) switched to
    the move of best low expectation wherever that is better than the picked one's
    by more than BETTER (policy iteration); a copy."""
    n_moves = len(mp) - 1
    ok = t >= 0
    edge_move = np.repeat(np.arange(n_moves), np.diff(mp))
    owner = np.repeat(np.arange(len(sp) - 1), np.diff(sp))
    ql = np.bincount(edge_move, np.where(ok, p * low[np.where(ok, t, 0)], 0.0), minlength=n_moves)
    top = np.full(len(sp) - 1, -1.0)
    np.maximum.at(top, owner, ql)
    at_top = ql >= top[owner]
    first = np.full(len(sp) - 1, n_moves)
    np.minimum.at(first, owner[at_top], np.flatnonzero(at_top))
    out = pick.copy()
    has = (pick >= 0) & (np.diff(sp) > 0)
    now = np.zeros(len(sp) - 1)
    now[has] = ql[sp[:-1][has] + pick[has]]
    switch = has & (top > now + BETTER)
    out[switch] = first[switch] - sp[:-1][switch]
    return out


class Wear:
    """Each state's wear, a factor in (0, 1] on the high values of the states a move
    leads to: the product over the module's stats that have a starting value (not its
    money) of (the stat now / its starting value) to the power POWER, each share at
    most 1.  Why: a ceiling is the best hero's from the state on (explore/worth.py), so
    it ties a hero worn by a fight or a test of Luck with a fresh one, where his chances
    differ (the-clock-of-vennick's goat-men, § 192: 78 % for Skill 8 at Stamina 18, 35 %
    at 8).  Weighed so, a move that costs Stamina or Luck is worse than one that does
    not, and a meal that gives back Stamina better than going on.  A stat the module's
    own rules raise by spending another (`ceiling_gains`: Défis Fantastiques' meal,
    Stamina +4 for a Provision) counts that other at SPARE of its gain, and the other
    is not a stat of its own: a meal that gains all its 4 points is worth 2 more than
    the Provision kept (the-clock-of-vennick's hero, sheet 110, came to Vane, § 65, at
    Stamina 5 to 13 of 19 with a Provision uneaten while a Provision was a stat of its
    own: the last one eaten made its share 0).
    Only the picks read it: any pick keeps the bounds sound."""

    POWER = 0.5
    SPARE = 0.5   # a resource's gain counted at this share while it is kept

    def __init__(self, table, module):
        self.table = table   # () -> the explorer's table of states
        gains = getattr(module, "ceiling_gains", None) or {}
        self.gains = {stat: dict(by) for stat, by in gains.items()}   # stat -> {resource: its gain}
        spent = {r for by in self.gains.values() for r in by}
        self.stats = [d.name for d in module.stats if d.name != module.money and d.name not in spent]

    def __call__(self, states: np.ndarray) -> np.ndarray:
        table = self.table()
        pairs = [((table.slots.find("stats", n), table.slots.find("initial", n)), n) for n in self.stats]
        pairs = [((a, b), n) for (a, b), n in pairs if a is not None and b is not None]
        out = np.ones(len(states))
        if not pairs or not len(states):
            return out
        kinds, at = np.unique(states, return_inverse=True)
        rows = table.take(kinds)
        for (a, b), name in pairs:
            if max(a, b) >= rows.shape[1]:
                continue
            now, first = rows[at, a], rows[at, b]
            fine = (now != MISSING) & (first != MISSING) & (first > 0)
            now = np.clip(now, 0, None).astype(np.float64)
            for resource, gain in self.gains.get(name, {}).items():   # (a meal kept: SPARE of its gain)
                r = table.slots.find("stats", resource)
                if r is not None and r < rows.shape[1]:
                    kept = rows[at, r]
                    now = now + np.where(kept == MISSING, 0, np.clip(kept, 0, None)) * gain * self.SPARE
            share = np.where(fine, now / np.where(fine, first, 1), 1.0)
            out *= np.minimum(share, 1.0) ** self.POWER
        return out


class Steps:
    """The fewest moves from each paragraph to one that can end in a victory, over the
    book's static graph (lint/checks.py `graph`), a choice under a condition (`if:`)
    counted GUARDED moves, and so a way to a paragraph noted (`note('hall')`: any of
    the note's writers, not the nearest); a paragraph that leads to none FAR.  Why: where the
    ceilings tie (every unexplored state of a book's towns is worth the same), the
    high bound's play is any of the tied moves, and the first of them may walk back
    to the hub for ever (a loop that closes without a victory: worth 0); the one that
    comes nearer a victory closes.  A way behind a condition the state may not meet
    (the-clock-of-vennick's § 55: the tuning fork's) is no nearer: counted so, it
    does not make the paragraph before it look nearer than the ways open to all."""

    FAR, GUARDED = float(1 << 20), 20.0

    def __init__(self, book, module, paragraphs):
        import heapq

        from engine.analysis.explore.ceiling import wins_at
        from engine.lint.checks import graph
        names = [int(n) for n in book.paragraphs]
        back: dict = {}
        for a, outs in graph(book, module).items():
            ways = {}
            for way, _b in outs:
                ways[id(way)] = ways.get(id(way), 0) + 1
            for way, b in outs:
                if b is None:
                    continue
                guarded = ways[id(way)] > 1 or (
                    way.kind == "choice" and len(way.path) > 3 and way.path[2] == "choices"
                    and book.paragraphs[a].choices[way.path[3]].condition is not None)
                back.setdefault(b, []).append((a, self.GUARDED if guarded else 1.0))
        self.steps = np.full(max(names, default=0) + 1, self.FAR)
        heap = [(0.0, n) for n in names if wins_at(book.paragraphs[n])]
        while heap:   # (Dijkstra, backwards from the victories)
            d, n = heapq.heappop(heap)
            if d >= self.steps[n]:
                continue
            self.steps[n] = d
            heap += [(d + w, a) for a, w in back.get(n, ()) if d + w < self.steps[a]]
            heapq.heapify(heap)
        self.paragraphs = paragraphs   # () -> every kept state's paragraph

    def __call__(self, states: np.ndarray) -> np.ndarray:
        return self.steps[np.clip(self.paragraph(states), 0, len(self.steps) - 1)]

    def paragraph(self, states: np.ndarray) -> np.ndarray:
        return self.paragraphs()[states]
