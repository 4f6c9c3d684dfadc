"""The ceiling of a row inside a fight under way (compiled/fought.py, Défis Fantastiques'
`Chances.under_way`): the fight's win chance from the row's own state (the opponents'
Endurance left, the round, the hero's stats now, his weapon and armour) times what
follows the victory, where the routes alone priced what follows as if the rest of the
fight were won.

Sound: over every row of books explored whole, no exact value is above its ceiling,
and rows inside a fight are priced lower than before (some at their exact value: the
bound is tight); a hook that reads an opponent's Endurance one higher than it is (a
fight priced below its exact chance) is caught."""
import copy
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.frontier import ceilings as routes_only
from engine.analysis.compiled.packed import PENDING
from engine.analysis.compiled.run import solve
from engine.rules.defis_fantastiques.chances import Chances
from tests.analysis_fixtures.support import load

BOOKS = Path(__file__).parent / "books"
COMPILED_BOOKS = Path(__file__).parent.parent / "compiled" / "books"
FOUGHT = [BOOKS / "first-round.yaml", BOOKS / "worn-hero.yaml", BOOKS / "bounds-road.yaml",
          COMPILED_BOOKS / "last-fight.yaml", COMPILED_BOOKS / "fights.yaml"]


def priced(name) -> tuple:
    """(each row's exact value, its ceiling, its ceiling by the routes alone, whether it
    is inside an activity, the account) over every row of the book explored whole."""
    book, module, _ = load(name)
    ex = CompiledExplorer(book, module, sheet=1)
    found = ex.run()
    assert found.bound is None
    value = solve(found.graph, exact=False)["solution"].f
    rows = np.arange(found.table.n)
    worth, account = ex.ceilings(rows)
    before, _ = routes_only(ex, rows)
    return value, worth, before, found.table.column(PENDING) != 0, account


@pytest.mark.parametrize("name", FOUGHT, ids=lambda b: b.stem)
def test_a_fight_under_way_is_priced_from_its_own_state_and_never_below_its_value(name):
    value, worth, before, pending, account = priced(name)
    over = np.flatnonzero(value > worth + 1e-9)
    assert not len(over), (over[:5], value[over[:5]], worth[over[:5]])
    assert (worth <= before + 1e-12).all()
    assert not (worth < before)[~pending].any()   # (only rows inside an activity change)
    assert account["under_way"] > 0


def test_the_fights_under_way_come_down_and_meet_their_exact_value():
    """On the books whose fights lead straight to a victory, rows inside a fight are
    priced below the routes' ceiling, and many at their exact value."""
    lowered = tight = 0
    for name in FOUGHT[:4]:
        value, worth, before, _pending, _account = priced(name)
        low = worth < before - 1e-12
        lowered += int(low.sum())
        tight += int((low & np.isclose(worth, value, rtol=0, atol=1e-12)).sum())
    assert lowered > 100 and tight > 100, (lowered, tight)


def test_an_opponent_read_one_point_stronger_is_caught(monkeypatch):
    """A planted bug: each opponent's Endurance left read one higher than the row holds
    (the fight priced below its exact chance): some row's exact value is then above its
    ceiling."""
    honest = Chances.under_way

    def stronger(book, paragraph, state, lost):
        state = copy.deepcopy(state)
        if isinstance(state.pending, dict):
            for e in state.pending.get("enemies") or ():
                e["endurance"] += 1
        return honest(book, paragraph, state, lost)
    monkeypatch.setattr(Chances, "under_way", staticmethod(stronger))
    caught = 0
    for name in FOUGHT[:4]:
        value, worth, _before, _pending, _account = priced(name)
        caught += int((value > worth + 1e-9).sum())
    assert caught
