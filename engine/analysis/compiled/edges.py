"""The edges of a breadth-first exploration kept already in the graph's order, a slice at a time.

The explorer lists each batch's edges as it makes them (each edge's state, move,
target and probability number: about 10 bytes an edge), in the order its programs
give them.  Once a slice of a wave is expanded its states' edges are all made, so
they are sorted there, by state then move (stably: a move's outcomes keep their
order), and appended to `Edges`: each edge's target and probability number (5 bytes),
each move's edge count (1 byte), each state's number and moves (5 bytes: le-taureau has
64 M moves, 1.85 edges a move, for 7.3 M states).  Breadth-first, each slice's
states come after every state kept before (new states are numbered as they are
found), so the slices appended one after another are the graph's edges in order:
the graph is then these arrays as they stand, with no sort of every edge at the end
(on le-taureau-d-airain's 118 M edges the sort of one int64 key an edge, with the
lists it was made from, held about 18 bytes an edge at the peak).  A slice whose
states do not all come after those kept (another order: focus.py) is refused and
stays in the explorer's lists, which `_graph` sorts as before.

The arrays grow in place (`ndarray.resize`: the C library's realloc, which moves a
large block's pages without copying them), by an eighth, so that no array is ever
held twice while it grows.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.graph import narrow

GROWTH = 8   # an array grows by 1/GROWTH of its size at least


def _room(a: np.ndarray, need: int) -> np.ndarray:
    """`a` with room for `need` items, grown in place when it has less."""
    if len(a) < need:
        a.resize(max(need, len(a) + len(a) // GROWTH, 1024), refcheck=False)
    return a


def _fits(a: np.ndarray, dtype) -> np.ndarray:
    """`a` in a type wide enough for `dtype`'s values too (a copy only when widened)."""
    wide = np.promote_types(a.dtype, dtype)
    return a if wide == a.dtype else a.astype(wide)


class Edges:
    """Edges sorted by (state, move), appended a slice of states at a time; every
    state's edges in one slice.  `targets[:e]`, `probs[:e]` per edge, `move_len[:m]`
    per move (its edges), `state[:k]`, `state_moves[:k]` per state with moves, in
    increasing order (its number, its moves)."""

    def __init__(self):
        self.targets = np.zeros(0, dtype=np.int32)
        self.probs = np.zeros(0, dtype=np.uint8)
        self.move_len = np.zeros(0, dtype=np.uint8)
        self.state = np.zeros(0, dtype=np.int32)
        self.state_moves = np.zeros(0, dtype=np.uint8)
        self.e = self.m = self.k = 0
        self.last = -1   # the highest state whose edges are kept

    def __len__(self) -> int:
        return self.e

    def add(self, st: np.ndarray, mv: np.ndarray, tg: np.ndarray, pr: np.ndarray) -> bool:
        """The edges of a slice of states (each edge's state, move, target, probability
        number), appended in order of (state, move), stably; False (nothing kept) when
        one of its states is not above every state kept, or a state's moves are not
        in order with each other (a move number going down): the caller keeps them."""
        if not len(st):
            return True
        if int(st.min()) <= self.last:
            return False
        order = np.argsort(st, kind="stable")   # (the batches' runs of states in order: merged)
        s, m = st[order], mv[order]
        same = s[1:] == s[:-1]
        if (m[1:][same] < m[:-1][same]).any():
            return False   # (a state's moves listed out of order: not expected, sorted at the end)
        opens = np.ones(len(s), dtype=bool)
        opens[1:] = ~same | (m[1:] != m[:-1])
        starts = np.flatnonzero(opens)
        lengths = np.diff(np.append(starts, len(s)))
        moved = s[starts]
        news = np.ones(len(moved), dtype=bool)
        news[1:] = moved[1:] != moved[:-1]
        firsts = np.flatnonzero(news)
        moves = np.diff(np.append(firsts, len(moved)))
        e, m, k = len(s), len(starts), len(firsts)
        self.targets = _room(_fits(self.targets, tg.dtype), self.e + e)
        self.probs = _room(_fits(self.probs, pr.dtype), self.e + e)
        self.move_len = _room(_fits(self.move_len, np.min_scalar_type(int(lengths.max()))), self.m + m)
        self.state = _room(_fits(self.state, s.dtype), self.k + k)
        self.state_moves = _room(_fits(self.state_moves, np.min_scalar_type(int(moves.max()))), self.k + k)
        self.targets[self.e:self.e + e] = tg[order]
        self.probs[self.e:self.e + e] = pr[order]
        self.move_len[self.m:self.m + m] = lengths
        self.state[self.k:self.k + k] = moved[firsts]
        self.state_moves[self.k:self.k + k] = moves
        self.e, self.m, self.k = self.e + e, self.m + m, self.k + k
        self.last = int(s[-1])
        return True

    def drop_from(self, first: int) -> None:
        """The edges of the states from `first` on let go (a slice cut short)."""
        k = int(np.searchsorted(self.state[:self.k], first))
        m = self.m - int(self.state_moves[k:self.k].sum(dtype=np.int64))
        self.e -= int(self.move_len[m:self.m].sum(dtype=np.int64))
        self.m, self.k = m, k
        self.last = int(self.state[k - 1]) if k else -1

    def _move_state(self) -> np.ndarray:
        """Each move's state."""
        return np.repeat(self.state[:self.k], self.state_moves[:self.k].astype(np.int64))

    def listed(self) -> tuple:
        """(each edge's state, move, target, probability number): the explorer's lists'
        form, for a graph some of whose edges are not in order (`CompiledExplorer._graph`)."""
        mlen = self.move_len[:self.m].astype(np.int64)
        opens = np.ones(self.m, dtype=bool)
        ms = self._move_state()
        opens[1:] = ms[1:] != ms[:-1]
        move_no = np.arange(self.m) - np.maximum.accumulate(np.where(opens, np.arange(self.m), 0))
        st = np.repeat(ms, mlen)
        mv = np.repeat(move_no.astype(np.min_scalar_type(int(move_no.max(initial=0)))), mlen)
        return st, mv, self.targets[:self.e].copy(), self.probs[:self.e].copy()

    def arrays(self, n: int) -> tuple:
        """(state_ptr, move_ptr, targets, probs) of the graph of `n` states, in the
        narrowest types; the store's arrays handed over (it is empty after)."""
        tg, pr = self.targets, self.probs
        tg.resize(self.e, refcheck=False)   # (in place: the room let go, nothing copied)
        pr.resize(self.e, refcheck=False)
        move_ptr = np.empty(self.m + 1, dtype=narrow(self.e))
        move_ptr[0] = 0
        part, at, total = 1 << 22, 0, 0
        while at < self.m:   # (a running sum a part at a time: no int64 array a move)
            c = np.cumsum(self.move_len[at:min(at + part, self.m)], dtype=np.int64) + total
            move_ptr[at + 1:at + 1 + len(c)] = c
            total, at = int(c[-1]), at + len(c)
        per = np.zeros(n, dtype=np.int64)
        per[self.state[:self.k]] = self.state_moves[:self.k]
        state_ptr = np.zeros(n + 1, dtype=narrow(self.m))
        np.cumsum(per, out=state_ptr[1:])
        self.__init__()
        return state_ptr, move_ptr, tg, pr

