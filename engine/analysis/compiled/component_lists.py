"""The components a state's component, level and loop make, as `Components` holds
them: listed by level, then by their smallest state, members in increasing order
(components.py `peeled` hands its arrays here).  `tarjan` makes its own lists as it
closes each component."""
from __future__ import annotations

from array import array

import numpy as np


class Components:
    """`members[ptr[c]:ptr[c + 1]]` the states of component c (in the order Tarjan
    pops them; in increasing order when peeled), `comp_of[s]` the component of state s, `level[c]` its level,
    `loop[c]` 1 when it is cyclic.  Indexed and iterated as a list of components
    (each an array slice)."""

    def __init__(self, members: array, ptr: array, comp_of: array, level: array, loop: bytearray):
        self.members, self.ptr, self.comp_of, self.level, self.loop = members, ptr, comp_of, level, loop

    def __len__(self) -> int:
        return len(self.ptr) - 1

    def __getitem__(self, c: int) -> array:
        return self.members[self.ptr[c]:self.ptr[c + 1]]

    def __iter__(self):
        members, ptr = self.members, self.ptr
        for c in range(len(ptr) - 1):
            yield members[ptr[c]:ptr[c + 1]]


def listed(comp: np.ndarray, level: np.ndarray, loop: np.ndarray) -> Components:
    """Components from each state's component (named by a member), level and loop:
    listed by level then name, members in increasing order.  Each list handed over
    as it is made, what it was made from let go (they were all held together, with a
    bytes copy of each: 7 arrays of 8 bytes a state at the end of the peeling, whose
    pages the solve's later steps then held)."""
    n = len(comp)
    states = _by_level(comp, level)   # (by level, then component; states in order within)
    named = comp[states]
    opens = np.ones(n, dtype=bool)   # (where a component begins among the states listed)
    opens[1:] = named[1:] != named[:-1]
    del named
    first = np.flatnonzero(opens)
    number = np.zeros(n, dtype=np.int64)
    number[states] = np.cumsum(opens) - 1
    del opens
    heads = states[first]
    members = _q(states)
    del states
    comp_of = _q(number)
    del number
    return Components(members, _q(np.append(first, n)), comp_of, _q(level[heads]),
                      bytearray(loop[heads].astype(np.uint8).tobytes()))


def _by_level(comp: np.ndarray, level: np.ndarray) -> np.ndarray:
    """The states sorted by level, then component, then number: one sort of a 64-bit
    key a state (level, component, state from the high bits down: no two alike, so
    the order is `np.lexsort`'s), 0.29 s where the lexsort took 0.62 s over 7.3 M
    states; the lexsort when the three do not fit in 63 bits."""
    n = len(comp)
    bits = max(n - 1, 1).bit_length()
    if int(level.max(initial=0)).bit_length() + 2 * bits > 63:
        return np.lexsort((comp, level))
    key = level.astype(np.int64) << (2 * bits)
    key |= comp.astype(np.int64) << bits
    key |= np.arange(n, dtype=np.int64)
    key.sort()
    key &= (1 << bits) - 1
    return key


def _q(values: np.ndarray) -> array:
    """A NumPy integer array as an array("q") (what `Components` holds), read through
    its buffer (`tobytes` made a second copy)."""
    out = array("q")
    out.frombytes(memoryview(np.ascontiguousarray(values, dtype=np.int64)).cast("B"))
    return out
