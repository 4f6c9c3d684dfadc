"""Strongly connected components and their levels over the graph's CSR arrays.

The same components, in the same order, as explore/solve.py `components` (Tarjan,
iteratively, roots 0..n-1, successors in edge order; a component is listed after
every component it leads to), but kept in flat integer arrays: no Python list a
state or a component, no iterator a state on the work stack (a state's next edge is
an index).  Each component's level (one more than the highest level of a component it
leads to, 0 for none) and whether it loops (more than one member, or a member leading
to itself) are worked out as it is closed, when every component it leads to is known.
"""
from __future__ import annotations

from array import array


class Components:
    """`members[ptr[c]:ptr[c + 1]]` the states of component c (in the order Tarjan
    pops them), `comp_of[s]` the component of state s, `level[c]` its level,
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


def components(n: int, edge_ptr: array, targets: array, levels: bool = True) -> Components:
    """The components of the graph whose state s leads to `targets[edge_ptr[s]:edge_ptr[s + 1]]`
    (negative targets, states not in the graph, skipped); without `levels`, their
    levels and loops are not worked out (`level` and `loop` left empty: a second
    walk over every edge that the end components and the exact pass do not need)."""
    index = array("q", [-1]) * n
    low = array("q", [0]) * n
    nxt = array("q", edge_ptr[:n])      # each open state's next edge
    on = bytearray(n)
    stack, work = array("q"), array("q")
    members, ptr = array("q"), array("q", [0])
    comp_of = array("q", [-1]) * n
    level, loop = array("q"), bytearray()
    counter = 0
    for root in range(n):
        if index[root] != -1:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on[root] = 1
        work.append(root)
        while work:
            v = work[-1]
            i, end = nxt[v], edge_ptr[v + 1]
            descended = False
            while i < end:
                w = targets[i]
                i += 1
                if w < 0:
                    continue
                if index[w] == -1:
                    nxt[v] = i
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on[w] = 1
                    work.append(w)
                    descended = True
                    break
                if on[w] and index[w] < low[v]:
                    low[v] = index[w]
            if descended:
                continue
            nxt[v] = i
            work.pop()
            if work:
                u = work[-1]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] != index[v]:
                continue
            c = len(ptr) - 1
            first = len(members)
            while True:
                w = stack.pop()
                on[w] = 0
                comp_of[w] = c
                members.append(w)
                if w == v:
                    break
            ptr.append(len(members))
            if not levels:
                continue
            top, cyclic = 0, len(members) - first > 1
            for k in range(first, len(members)):
                s = members[k]
                for j in range(edge_ptr[s], edge_ptr[s + 1]):
                    t = targets[j]
                    if t < 0:
                        continue
                    d = comp_of[t]
                    if d == c:
                        cyclic = True
                    elif level[d] >= top:
                        top = level[d] + 1
            level.append(top)
            loop.append(cyclic)
    return Components(members, ptr, comp_of, level, loop)
