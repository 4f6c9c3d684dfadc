"""The exact outcome distribution of a fight as PLAY plays it.

The real `Game` is driven through every dice sequence: each answer is replayed
from a copy of the state with forced whole rolls, and a roll not yet forced
branches over every face (`Branch`).  States that come back (two misses) make
cycles: the distribution is solved exactly, strongly connected part by part
(Tarjan), each part by Gaussian elimination over fractions.  A `policy(game,
prompt)` gives the answer at each prompt; an ending is named by `classify`.
"""
from __future__ import annotations

import copy
import itertools
import json
from fractions import Fraction

from engine.game import Game


class Branch(Exception):
    """A roll the forced faces do not cover yet."""

    def __init__(self, count: int, sides: int):
        super().__init__(count, sides)
        self.count, self.sides = count, sides


class Forced:
    """Whole rolls, in order; the next one missing raises Branch."""

    exhausted = False

    def __init__(self, rolls):
        self.rolls, self.used = list(rolls), 0

    def roll(self, count: int, sides: int):
        if self.used < len(self.rolls):
            self.used += 1
            return list(self.rolls[self.used - 1])
        raise Branch(count, sides)

    def to_json(self) -> dict:
        return {"kind": "forced"}


def key_of(state) -> str:
    """A state without its history: the same fight position gives the same key."""
    return json.dumps([state.paragraph, state.stats, state.items, state.extra, state.pending,
                       state.ended, state.death_cause], sort_keys=True)


def lean_copy(state):
    """A copy without the history (it only grows, and nothing in a fight reads it)."""
    new = copy.copy(state)
    new.history, new.visits, new.stats, new.items = [], dict(state.visits), dict(state.stats), dict(state.items)
    new.initial, new.flags, new.notes, new.dice = dict(state.initial), set(state.flags), list(state.notes), {}
    new.extra, new.pending = json.loads(json.dumps(state.extra)), json.loads(json.dumps(state.pending))
    return new


def successors(book, module, state, policy):
    """[(probability, next state)] of the policy's answer at `state`."""
    out = []

    def run(rolls, weight):
        game = Game(book, module, Forced(rolls), state=lean_copy(state), undo=False)
        prompt = game.prompt()
        key, amount = policy(game, prompt)
        try:
            game.answer(key, amount)
        except Branch as b:
            # every roll, as the multiset of its faces (a strike reads their sum and number)
            ways: dict = {}
            for faces in itertools.product(range(1, b.sides + 1), repeat=b.count):
                ways[tuple(sorted(faces))] = ways.get(tuple(sorted(faces)), 0) + 1
            for faces, n in ways.items():
                run(rolls + [faces], weight * n / b.sides ** b.count)
            return
        out.append((weight, game.state))

    run([], Fraction(1))
    return out


def distribution(book, module, state, policy, classify, limit=20_000) -> dict:
    """{ending: Fraction} from `state` under `policy`; `classify(state)` names an ending
    or returns None while the fight goes on."""
    graph, ends, todo = {}, {}, [state]
    root = key_of(state)
    while todo:
        st = todo.pop()
        k = key_of(st)
        if k in graph or k in ends:
            continue
        end = classify(st)
        if end is not None:
            ends[k] = end
            continue
        graph[k] = []
        for p, nxt in successors(book, module, st, policy):
            graph[k].append((p, key_of(nxt)))
            todo.append(nxt)
        if len(graph) > limit:
            raise RuntimeError("too many states")
    if root in ends:
        return {ends[root]: Fraction(1)}
    return _absorb(graph, ends)[root]


def _absorb(graph, ends) -> dict:
    """Absorption distribution of every state, SCC by SCC in reverse topological order."""
    value: dict = {k: {e: Fraction(1)} for k, e in ends.items()}
    for part in _sccs(graph):
        index = {k: i for i, k in enumerate(part)}
        n = len(part)
        # x_i - sum_{j in part} p_ij x_j = sum_{outside} p_ik v_k
        rows = [[Fraction(0)] * n for _ in range(n)]
        rhs = [dict() for _ in range(n)]
        for k in part:
            i = index[k]
            rows[i][i] += 1
            for p, nxt in graph[k]:
                if nxt in index:
                    rows[i][index[nxt]] -= p
                else:
                    for e, q in value[nxt].items():
                        rhs[i][e] = rhs[i].get(e, 0) + p * q
        for k, dist in zip(part, _solve(rows, rhs)):
            value[k] = dist
    return value


def _solve(rows, rhs):
    n = len(rows)
    for c in range(n):
        pivot = next(r for r in range(c, n) if rows[r][c] != 0)
        rows[c], rows[pivot], rhs[c], rhs[pivot] = rows[pivot], rows[c], rhs[pivot], rhs[c]
        for r in range(n):
            if r != c and rows[r][c] != 0:
                f = rows[r][c] / rows[c][c]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[c])]
                for e, q in rhs[c].items():
                    rhs[r][e] = rhs[r].get(e, 0) - f * q
    return [{e: q / rows[i][i] for e, q in rhs[i].items() if q} for i in range(n)]


def _sccs(graph):
    """Tarjan's strongly connected parts of the non-ending states, successors first."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            for _p, nxt in it:
                if nxt not in graph:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(graph[nxt])))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        k = stack.pop()
                        on.discard(k)
                        part.append(k)
                        if k == node:
                            break
                    out.append(part)
    return out
