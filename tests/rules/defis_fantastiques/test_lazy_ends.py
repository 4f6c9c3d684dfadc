"""A Défis Fantastiques fight's ends as the compiled explorer numbers them: pushed in
floats (analysis/chain_floats.py), each a `lazy.Lazy` whose Fraction, made when read
(explore_rows.py `_Grid.exact`: its roots pushed again exactly, alone or with others),
is the one the whole grid's exact push gives, and whose float is within 2**-53 + its
declared error of it."""
from fractions import Fraction

import pytest

from engine.analysis.chain_floats import MOST_EXTRA
from engine.analysis.compiled.fights import Probabilities
from engine.analysis.compiled.lazy import Lazy, resolve
from engine.rules.defis_fantastiques import explore, explore_rows
from tests.rules.defis_fantastiques.test_explore_rows import FIGHTS, rules


def _columns(plan, heroes, cache) -> tuple:
    """(`FightPlan.columns` of the heroes, read as sorted rows with each probability,
    the table)."""
    table = Probabilities()
    he, luck = zip(*heroes)
    rows, probs, details = plan.columns(list(he), list(luck), cache, table)
    return sorted(((tuple(r), table[p]) for r, p in zip(rows.tolist(), probs.tolist())), key=lambda e: e[0]), table


@pytest.mark.parametrize("fight", ["plain", "armour", "together", "one by one, hurt", "escape"])
def test_a_fights_lazy_ends_are_the_exact_pushes_fractions(fight, monkeypatch):
    """Each end a `Lazy` whose Fraction (its root pushed again exactly, alone or with
    others) is the one the whole grid's exact push gives, and whose float is within
    2**-53 + its error of it (the error below 2**-55)."""
    spec, extra = FIGHTS[fight]
    rule = rules(spec, **extra)
    es = tuple(e["endurance"] for e in spec["enemies"])
    hits = extra.get("hits", 0)
    heroes = [(he, luck) for he in (9, 5, 2) for luck in (7, 1, 0)]
    monkeypatch.setattr(explore, "SOLVER", "rows")
    for stopping in (False, True) if extra.get("after") else (False,):
        plan = explore.FightPlan(rule, es, hits, 0, 0, stopping, (9, 7, hits), ())
        monkeypatch.setattr(explore_rows, "LAZY", False)
        eager, _table = _columns(plan, heroes, {})
        monkeypatch.setattr(explore_rows, "LAZY", True)
        lazy, table = _columns(plan, heroes, {})
        ends = [p for p in table if type(p) is Lazy]
        assert ends and len(ends) == len(table)
        for p in ends[::7]:   # a few made alone first (each root pushed by itself), then the rest at once
            p.fraction()
        resolve(ends)
        assert [(row, Fraction(p)) for row, p in lazy] == eager
        for p in ends:
            exact = p.fraction()
            assert 0 < p.error <= MOST_EXTRA
            assert abs(Fraction(float(p)) - exact) <= (Fraction(2.0 ** -53) + Fraction(p.error)) * exact
