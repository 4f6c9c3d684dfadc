"""Which groups of sheets the difficulty table explores together (sheets.py `Sheets`).

Groups of sheets explored in one space share the states where what tells them apart
is forgotten (forget.py: a starting value no later step can reach), and only there.
Two groups whose starts differ in one starting stat meet where that stat's start is
forgotten; two that differ in two stats only where both are, which is much rarer.
Measured on la-cloche-de-brumesel (6 December 2026, Skill 12, Stamina 24, the six
Lucks; warm fight chains): the six groups alone 70.8 s of CPU, 8.84 million states;
explored two by two as before (the first alone) 69.2 s; by three 55.8 s; all six in
one space 53.9 s, 6.29 million states.  Along the Stamina instead (Skill 12, Luck 12,
the six highest Staminas) the six groups take 8.95 million states in one space: the
starting Stamina is read wherever a meal can still follow.

So the groups, in the sheets' order (strongest first: the last stat varies fastest),
are cut into **runs**: consecutive groups whose starts differ, one to the next, in the
same one stat (la-cloche-de-brumesel: the six Lucks of one Skill and Stamina).  A space
takes a piece of one run (the run cut into even pieces), or whole runs while they fit
(the rolled fixture's tiny groups: every run of the book in one space).  Any cut gives
each sheet its own exact value (its own start's: sheets.py); the cut only decides
which states are shared.
"""
from __future__ import annotations


def differing(a, b, passive=()) -> frozenset:
    """The names of what tells two starting states apart: each stat whose value or
    starting value differs (a passive stat left out: sheets.py drops it), "paragraph",
    "items"."""
    names = (set(a.stats) | set(b.stats) | set(a.initial) | set(b.initial)) - set(passive)
    out = {k for k in names if a.stats.get(k) != b.stats.get(k) or a.initial.get(k) != b.initial.get(k)}
    if a.paragraph != b.paragraph:
        out.add("paragraph")
    if dict(a.items) != dict(b.items):
        out.add("items")
    return frozenset(out)


def run_ends(starts: list, passive=()) -> list[int]:
    """For each group (its first sheet's starting state, in order), where its run ends
    (the index after its run's last group): a run is consecutive groups that differ,
    one to the next, in the same one stat."""
    ends = [0] * len(starts)
    begin, along = 0, None
    for i in range(1, len(starts) + 1):
        if i < len(starts):
            d = differing(starts[i - 1], starts[i], passive)
            if len(d) == 1 and along in (None, d):
                along = d
                continue
        ends[begin:i] = [i] * (i - begin)
        begin, along = i, None
    return ends


def together(at: int, ends: list[int], room: int) -> int:
    """How many groups from `at` to explore in one space, at most `room` (at least 1):
    a piece of `at`'s run when the rest of it does not fit (the rest cut into even
    pieces), else the rest of the run and the whole runs after it that fit."""
    room = max(1, room)
    end = ends[at]
    if at + room < end:
        left = end - at
        pieces = -(-left // room)
        return -(-left // pieces)
    while end < len(ends) and ends[end] - at <= room:
        end = ends[end]
    return end - at


def run_chunks(ends: list[int], size: int) -> list[range]:
    """Consecutive groups cut into chunks of about `size` (a worker's), at the ends of
    runs where a run is no longer than `size` (a run cut between two workers shares
    nothing across the cut)."""
    out, begin = [], 0
    while begin < len(ends):
        end = ends[begin]
        if end - begin > size:
            end = begin + size
        while end < len(ends) and ends[end] - begin <= size:
            end = ends[end]
        out.append(range(begin, end))
        begin = end
    return out
