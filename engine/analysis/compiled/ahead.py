"""The most each stat of a batch of states can still be, from each state on.

For a stat whose maximum the module declares with `ceiling_gains` (ceilings.py
`declared`: Défis Fantastiques' Habileté, Endurance and Chance), a state's stat can
later be at most

    what it holds
    + what the activity under way may still add (the module's `activity_reads`: a
      lucky answer still due on a wound gives back at most that wound)
    + the book's gains of it ahead of the state's paragraph (ceilings.py `gains`:
      UNBOUNDED where a loop, a `set:` or the module's own effect makes it unknown)
    + for each resource the module turns into it (a Provision eaten: at most 4
      Endurance), its most a unit times (the resource held + its own gains ahead),
      where a step may still read the resource (ceilings.py `quiet_after`),

and nothing else adds to it: every other change a step makes is a loss.  Under an
activity the module does not describe, nothing is known (UNBOUNDED).

Read by forget.py (a starting value beyond a row's reach is forgotten: the difficulty
table) and by the routes' hero of each unexplored state (explore/worth.py: the fights
ahead priced at the most the hero can still be, not at his starting values).
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled import ceilings


class Ahead:
    """`most` over batches of states, for the lens's graph (its gains and what follows
    each paragraph's activity worked out once)."""

    def __init__(self, lens, hero: bool = False):
        self.lens, self.hero = lens, hero   # (ceilings.py `gains`: forget.py's, or a hero's)
        self.declared = ceilings.declared(lens.module)   # (None: the module declares no gains)
        self._gains: dict | None = None
        self._quiet: dict | None = None

    def gains(self) -> dict:
        """{stat: {paragraph: the most it can still gain}} of the declared stats and
        their resources (ceilings.py `gains`)."""
        if self._gains is None:
            declared = self.declared or {}
            stats = set(declared) | {r for rs in declared.values() for r in rs}
            self._gains = ceilings.gains(self.lens, sorted(stats), self.hero)
        return self._gains

    def quiet(self, uniq) -> list:
        """ceilings.py `quiet_after` of each paragraph of `uniq`."""
        if self._quiet is None:
            self._quiet = ceilings.quiet_after(self.lens)
        return [self._quiet.get(n) for n in uniq.tolist()]

    def read_later(self, stat: str, said: list, which, uniq, inverse) -> np.ndarray:
        """Whether each row's `stat` may still be read: by the activity under way (a
        row at its choices or under an activity not described: yes) or by a step after
        it (a hero not over, a word of the book)."""
        now = np.array([d is None or d[0] is None or stat in d[0] for d in said])[which]
        later = np.array([q is None or stat in q for q in self.quiet(uniq)])[inverse]
        return now | later

    def most(self, uniq, inverse, said: list, which, held) -> dict:
        """{stat: the most each row's stat can still be (above)}, for every declared
        stat: the rows' paragraphs as `uniq[inverse]`, their activities as
        `said[which]` (`activity_reads` of each distinct one: (None, {}) at the
        choices, None where the module does not say), `held(stat)` each row's value
        (0 where it holds none)."""
        gains = self.gains()
        paragraphs = uniq.tolist()
        ahead = {stat: np.array([by.get(n, ceilings.UNBOUNDED) for n in paragraphs], dtype=np.int64)[inverse]
                 for stat, by in gains.items()}
        told = np.array([d is not None for d in said], dtype=bool)[which]
        out = {}
        for stat, resources in (self.declared or {}).items():
            added = np.array([d[1].get(stat, 0) if d else 0 for d in said], dtype=np.int64)[which]
            reach = held(stat) + added + ahead[stat]
            for resource, unit in resources.items():
                read = self.read_later(resource, said, which, uniq, inverse)
                reach += unit * np.where(read, held(resource) + ahead[resource], 0)
            out[stat] = np.where(told, np.minimum(reach, ceilings.UNBOUNDED), ceilings.UNBOUNDED)
        return out
