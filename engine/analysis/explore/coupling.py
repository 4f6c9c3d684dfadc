"""The routes' ceiling of a fight priced with what follows each of its ends (the
module's `coupled`: Défis Fantastiques' defis_fantastiques/coupled.py).

The ordered ends (routes.py `_tiered`) weigh a fight's victory at the most chance any
play gives it and its timeout at the ceiling of where it leads for the hero at his
best: two bounds no one play reaches together where the chance to win is bought with
Luck that the test after a timeout reads (the-clock-of-vennick's pendulum knight, § 37,
then § 38's test of Luck that kills).  The module plays the fight once with every
end valued by `entered` for the stats the hero has left, and the routes take the
least of the two (each an upper bound, so the least is).

`entered(outcome, stats)`: the ceiling of where an end leads (routes.py `_end`) for a
hero with at most `stats` (each at most the routes' hero's): where it leads to a
paragraph whose first act is a test (no effect before it, faced on entry: `_faced`),
that test's ordered ends for the hero with those stats (the module's `outcomes`)
over the same table of `up`; the least of that and `_end`.  Sound: the table's up
bounds every hero at most the routes' hero (routes.py), so each end of the test is
at most it, and the test itself is passed at most at its chance for the stats left
(none added between the fight's end and the test); an end with effects of its own
(an outcome entry with more than `to`) keeps `_end`.
"""
from __future__ import annotations

from engine.book.model import VICTORY


def coupled(routes, m: int, hero: tuple, tiers: list, up: dict) -> float | None:
    """The module's coupled price of m's fight over `up` (None: not priced so), met
    again while the `up` it reads is the same (`_refine` asks at every step): sound
    whichever table of this hero and layer it was made from, each value of each being a
    ceiling (routes.py `_refine`)."""
    hook = getattr(routes.declared, "coupled", None)
    if hook is None:
        return None
    key = ("price", id(routes.edges), m, hero, tuple(up.get(n, 0.0) for n in reads(routes, m, tiers)))
    if key not in routes.chains:
        routes.chains[key] = hook(routes.book, routes.book.paragraphs[m], hero,
                                  lambda outcome, stats: entered(routes, m, outcome, stats, hero, up), routes.chains)
    return routes.chains[key]


def reads(routes, m: int, tiers: list) -> tuple:
    """The paragraphs whose `up` `entered` may read for m's ends (`tiers`): m's edges and
    the ends' paragraphs, and the edges of each (a test's ends are its edges)."""
    key = ("reads", id(routes.edges), m)
    found = routes.chains.get(key)
    if found is None:
        ends = {o.get("to") if isinstance(o, dict) else o for _t, outcomes in tiers for o in outcomes}
        near = set(routes.edges.get(m, ())) | {n for n in ends if type(n) is int}
        found = routes.chains[key] = tuple(sorted(near | {t for n in near for t in routes.edges.get(n, ())}))
    return found


def entered(routes, m: int, outcome, stats: dict, hero: tuple, up: dict) -> float:
    """The ceiling of an end of m's fight for a hero with at most `stats` left (above)."""
    if isinstance(outcome, dict) and set(outcome) <= {"to"}:
        outcome = outcome.get("to")
    found = routes._end(m, outcome, up)
    p = routes.book.paragraphs.get(outcome) if type(outcome) is int and outcome != VICTORY else None
    if p is None or found <= 0 or p.effects or "test" not in p.fields or not routes._faced(outcome):
        return found
    after = tuple((s, v if v is None or stats.get(s) is None else min(v, stats[s])) for s, v in hero)
    tiers = routes.declared.outcomes(routes.book, p, after, routes.lost)
    return min(found, routes._tiered(outcome, tiers, up)) if tiers else found
