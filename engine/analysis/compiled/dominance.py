"""Sound bounds of a cut exploration's frontier from dominance (monotone.py).

Of two rows r, s of the table equal in every column but the monotone stats' (the
stats more of which is never worse: monotone.py), s holding at most as much of
each as r: V(s) <= V(r).  A frontier row r (found, not expanded) is worth 0 to the
low bound and its ceiling (explore/worth.py) to the high one; dominance narrows
both:

* low: r takes the value of an explored row s <= r (`low_graph`: each edge into r
  goes to s instead, as a move r -> s of probability 1 would).  Sound: the low
  solve's values are the least fixed point, the limit of the values of the first
  k steps, each at most V by induction (at r: x(s) <= V(s) <= V(r)).
* high: not by edges (a loop r -> s -> ... -> r of such edges could hold a least
  fixed point below the value), but by constants: after a high solve, a frontier
  row's constant becomes min(constant, high(s) + its proven error) for an explored
  s >= r, and the graph is solved again (`tightened`).  Each solve's values are
  upper bounds, since each frontier constant is at least V: the ceiling is, and
  high(s) >= V(s) >= V(r) by induction over the solves.

Finding the pairs (`dominance`): the rows hashed over every other column; then for
each monotone stat j in turn, the rows at the paragraphs where j is monotone
(monotone.py `ahead`) grouped by that hash and the other monotone columns' values
(equal: whether they are monotone there matters not), sorted by column j: a frontier row's nearest explored row below
(low) and above (high) in its group, by running maxima and minima of the explored
rows' places (a sweep, one stat at a time).  With several monotone stats, a pair
differing in two of them is found through a frontier row between them: the low
bound follows each frontier row's next row below when it has no explored one
(`_followed`: r -> q -> s, V(r) >= V(q) >= V(s)); the high bound pairs each frontier
row with its next row above too, frontier or not (a frontier row's constant is at
least its value), and its solves again carry each bound one step further.  Each pair is
checked column by column (a hash may collide: such a pair is dropped).  A row whose
column j is not held (MISSING) takes no part in pass j.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from engine.analysis.compiled.packed import MISSING, PARAGRAPH

MIX = np.uint64(0x9E3779B97F4A7C15)   # (odd: a multiplication by it is a bijection of 64-bit words)
ROUNDS = 4   # high solves again at most (`tightened`)
MOVED = 1e-7   # ... while the start's high bound falls by more
PART = 1 << 22   # edges redirected at once (`low_graph`)


@dataclass
class Dominance:
    stats: tuple            # the monotone stats (monotone.py) the pairs were sought over
    low_rows: np.ndarray    # frontier rows r, each with an explored row s <= r ...
    low_to: np.ndarray      # ... that s
    high_rows: np.ndarray   # frontier rows r (one per pair: a row may have several) ...
    high_to: np.ndarray     # ... and an explored row s >= r
    rounds: int = 0         # high solves again (`tightened`)

    def rows(self) -> np.ndarray:
        """The frontier rows in some pair (each kept a state of its own in the graph)."""
        return np.union1d(self.low_rows, self.high_rows)

    def settled(self, done: np.ndarray, frontier: np.ndarray) -> None:
        """Only the pairs whose row s is `done` (a mask over the rows: expanded, or a
        game over), or for the high bound a row of the `frontier` (its constant, at
        least its value): a row neither is no bound of anything."""
        keep = done[self.low_to]
        self.low_rows, self.low_to = self.low_rows[keep], self.low_to[keep]
        done = done.copy()
        done[frontier] = True
        keep = done[self.high_to]
        self.high_rows, self.high_to = self.high_rows[keep], self.high_to[keep]

    def account(self) -> dict:
        return {"stats": list(self.stats), "low": int(len(self.low_rows)),
                "high": int(len(np.unique(self.high_rows))), "rounds": self.rounds}


def dominance(table, frontier: np.ndarray, worth: np.ndarray, stats: dict) -> Dominance | None:
    """The pairs (module docstring) of the frontier rows `frontier` worth more than 0
    (`worth`: their ceilings) over the monotone `stats` ({stat: the paragraphs where
    it is monotone}: monotone.py `ahead`); None when no stat has a column."""
    slots = table.slots
    mono = [(s, slots.find("stats", s)) for s in sorted(stats)]
    mono = [(s, i) for s, i in mono if i is not None and i < len(table.kind)]
    if not mono or not len(frontier):
        return None
    n = table.n
    paragraph = table.column(PARAGRAPH)
    front = np.zeros(n, dtype=bool)
    front[frontier[worth > 0]] = True
    explored = np.ones(n, dtype=bool)
    explored[frontier] = False
    monos = [i for _s, i in mono]
    other = [i for i in range(len(table.kind)) if i not in monos]
    h = _hash(table, other, np.zeros(n, dtype=np.uint64))
    low_to = np.full(n, -1, dtype=np.int64)   # (an explored row below)
    link = np.full(n, -1, dtype=np.int64)     # (else a frontier row below: its own, followed)
    high_r, high_s = [], []
    for _s, j in mono:
        key = _hash(table, [i for i in monos if i != j], h.copy())
        v = table.column(j)
        allowed = np.zeros(int(paragraph.max(initial=0)) + 1, dtype=bool)
        at = np.fromiter((p for p in stats[_s] if 0 <= p < len(allowed)), dtype=np.int64)
        allowed[at] = True
        part = np.flatnonzero((v != MISSING) & (front | explored) & allowed[np.maximum(paragraph, 0)])
        order = part[np.lexsort((v[part], key[part]))]
        k, e = key[order], explored[order]
        place = np.arange(len(order))
        f = np.flatnonzero(front[order])
        below = np.maximum.accumulate(np.where(e, place, -1))[f]
        above = np.minimum.accumulate(np.where(e, place, len(order))[::-1])[::-1][f]
        pairs = _pairs(table, other + [i for i in monos if i != j], order, k, f)
        r, s = pairs(below)
        fresh = low_to[r] < 0
        low_to[r[fresh]] = s[fresh]
        r, s = pairs(f - 1)   # (the next row below, explored or not)
        fresh = link[r] < 0
        link[r[fresh]] = s[fresh]
        for to in (above, f + 1):   # (the nearest explored row above, the next row above)
            r, s = pairs(to)
            high_r.append(r)
            high_s.append(s)
    low_to = _followed(low_to, link)
    low_rows = np.flatnonzero(low_to >= 0)
    cat = (lambda xs: np.concatenate(xs) if xs else np.zeros(0, dtype=np.int64))
    return Dominance(tuple(s for s, _i in mono), low_rows, low_to[low_rows], cat(high_r), cat(high_s))


def _pairs(table, columns, order, k, f):
    """A function of the places `to[i]` (in `order`, sorted by group key `k`) paired
    with the frontier places `f[i]`: the rows (r, s) of the pairs in one group, equal
    in every one of `columns` (a hash may collide)."""
    def pairs(to):
        ok = (to >= 0) & (to < len(order))
        ok[ok] = k[to[ok]] == k[f[ok]]
        r, s = order[f[ok]], order[to[ok]]
        keep = _same(table, columns, r, s)
        return r[keep], s[keep]
    return pairs


def _followed(low_to: np.ndarray, link: np.ndarray) -> np.ndarray:
    """Each row's explored row below (`low_to`), or, without one, that of the frontier
    row below it (`link`), followed down (each step holds less: no loop)."""
    out = low_to.copy()
    todo = np.flatnonzero((out < 0) & (link >= 0))
    step = link.copy()
    while len(todo):
        nxt = step[todo]
        out[todo] = out[nxt]
        left = out[todo] < 0
        todo, nxt = todo[left], nxt[left]
        step[todo] = step[nxt]   # (pointer jumping: twice as far each round)
        todo = todo[step[todo] >= 0]
    return out


def _hash(table, columns, h: np.ndarray) -> np.ndarray:
    """`h` mixed with each of `columns` of every row (64-bit words, wrapping)."""
    with np.errstate(over="ignore"):
        for i in columns:
            h += table.column(i).view(np.uint64)
            h *= MIX
            h ^= h >> np.uint64(29)
    return h


def _same(table, columns, r: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Whether rows r[i] and s[i] are equal in every one of `columns`."""
    ok = np.ones(len(r), dtype=bool)
    for i in columns:
        if not ok.any():
            break
        c = table.column(i)
        ok &= c[r] == c[s]
    return ok


def low_graph(g, dom: Dominance | None):
    """The graph `g` with each edge into a row of `dom.low_rows` going to its explored
    row below instead (module docstring: the low bound), or `g` itself."""
    if dom is None or not len(dom.low_rows):
        return g
    to = np.arange(g.states, dtype=np.int64)
    to[dom.low_rows] = dom.low_to
    t = g.targets.copy()
    for a in range(0, len(t), PART):   # (a part at a time: no int64 copy of every edge)
        part = t[a:a + PART]
        hit = part >= 0
        part[hit] = to[part[hit]]
    roots = [(p, int(to[s]) if s >= 0 else s) for p, s in g.roots]
    return replace(g, targets=t, roots=roots)


def tightened(solved, terminal: np.ndarray, dom: Dominance | None):
    """The high bound's solution `solved(terminal)` (each frontier row's constant in
    `terminal`), solved again with each row of `dom.high_rows` at most its explored
    row's high value plus its proven error (module docstring), while the start's
    value falls by more than MOVED, ROUNDS times at most."""
    sol = solved(terminal)
    if dom is None or not len(dom.high_rows):
        return sol
    for _ in range(ROUNDS):
        bound = np.minimum(1.0, sol.f[dom.high_to] + sol.e[dom.high_to])
        before = terminal[dom.high_rows].copy()
        np.minimum.at(terminal, dom.high_rows, bound)
        if not (terminal[dom.high_rows] < before).any():
            break
        start = sol.start()
        sol = solved(terminal)
        dom.rounds += 1
        if start - sol.start() <= MOVED:
            break
    return sol
