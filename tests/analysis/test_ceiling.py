"""The ceiling of unexplored states (explore/ceiling.py): 0 where no game can still be
won (no victory ahead; a counter that only grows past the largest value a way to a
victory allows), else the routes' (routes.py) for the state's own hero (its stats at
their most from it on: compiled/ahead.py).  It is sound: on every book here explored
whole, no state's exact value is above its ceiling, nor above the ceiling of a move to
it; cut runs keep low <= exact <= high in both explorers, and the ceiling lowers the
high bound where a hub would hold it at 100 %."""
from pathlib import Path

import numpy as np
import pytest

from tests.analysis_fixtures.support import load
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.compiled.run import high_bound, solve
from engine.analysis.compiled.ahead import Ahead
from engine.analysis.explore.ceiling import ANY, NEVER, Ceiling
from engine.analysis.explore.worth import Worth
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.solve import values, victory_odds

BOOKS_DIR = Path(__file__).parent / "books"
DEADLINE = BOOKS_DIR / "deadline-hub.yaml"
COUNTED = Path(__file__).parents[1] / "compiled" / "books" / "counted-notes.yaml"
COMPILED_BOOKS = Path(__file__).parents[1] / "compiled" / "books"
BOOKS = [DEADLINE, COUNTED, BOOKS_DIR / "bounds-road.yaml", BOOKS_DIR / "hub.yaml", BOOKS_DIR / "doomed.yaml",
         BOOKS_DIR / "worn-hero.yaml", "df-crypt", "quest", "df-market", "cc-duels", "hopeless", "codewords"]
# (Défis Fantastiques books whose stats go up and down: meals, springs, give-ups, stores, loops)
WORN = [COMPILED_BOOKS / f"{name}.yaml" for name in ("fights", "meal", "last-fight", "tests", "maxima", "giving",
                                                       "stores", "auto-once")]


def whole(name):
    book, module, _ = load(name)
    x = Explorer(book, module, sheet=1, likely=True)
    space = x.run()
    assert space.bound is None
    return book, module, x, space


def over_ceiling(ceiling: Ceiling, space) -> list:
    """The states whose exact value is above their ceiling, and the moves to a state
    whose value is above the ceiling of a move from its parent."""
    value, _ = values(space)
    worth = Worth(ceiling, space)
    found = [("state", s) for s in range(len(value)) if value[s] > worth.state(s) + 1e-12]
    for s in range(len(value)):
        for t in space.actions.targets[s]:
            if t >= 0 and value[t] > worth.after(s) + 1e-12:
                found.append(("move", s, t))
    return found


def own_ceiling(book, module, x, edges=None) -> Ceiling:
    """The ceiling with each state's own hero (as the explorers make it)."""
    return Ceiling(book, module, x.lens.edges if edges is None else edges, Ahead(x.lens, hero=True))


@pytest.mark.parametrize("name", BOOKS + WORN, ids=lambda b: Path(str(b)).stem)
def test_no_state_is_worth_more_than_its_ceiling(name):
    book, module, x, space = whole(name)
    assert over_ceiling(Ceiling(book, module, x.lens.edges), space) == []
    assert over_ceiling(own_ceiling(book, module, x), space) == []


def test_the_deadline_book_limits_as_derived_by_hand():
    """The ford (7) is won with at most 2 days gone (its first jump takes 3 or more to
    the tide); the road, the fight and the square lead there adding nothing for sure
    (the road's day is a random outcome's: not counted), so 2 there too; the market
    and the inn count their day on entry, so 2 after it; the marsh (4, 9) and its
    death lead to no victory."""
    book, module, x, _space = whole(DEADLINE)
    c = Ceiling(book, module, x.lens.edges)
    assert c.hopeful == {1, 2, 3, 5, 6, 7}
    assert c.limits["jours"] == {1: 2, 2: 2, 3: 2, 5: 2, 6: 2, 7: 2, 4: NEVER, 8: NEVER, 9: NEVER, 10: NEVER}
    assert c.worth(1, {"jours": 2}) == 1 and c.worth(1, {"jours": 3}) == 0 and c.worth(9, {"jours": 0}) == 0
    assert c.worth(1, None) == 1   # (a state that holds no counter: nothing known)


def test_a_ceiling_one_day_short_is_caught():
    """A planted error: every limit one lower (the market's day counted twice) puts
    states of the deadline book above their ceiling."""
    book, module, x, space = whole(DEADLINE)
    c = Ceiling(book, module, x.lens.edges)
    c.limits = {k: {n: v - 1 if v not in (ANY, NEVER) else v for n, v in lim.items()} for k, lim in c.limits.items()}
    assert over_ceiling(c, space)


def test_a_victory_ahead_only_through_an_edge_the_ceiling_misses_is_caught():
    """A planted error: the graph without the road (1 -> 5) leaves the square hopeless,
    and states there that win are found above their ceiling."""
    book, module, x, space = whole(DEADLINE)
    edges = {n: set(ts) - ({5} if n == 1 else set()) for n, ts in x.lens.edges.items()}
    assert over_ceiling(Ceiling(book, module, edges), space)


def cut(book, module, cap, ceiling=True):
    space = Explorer(book, module, sheet=1, likely=True, max_states=cap).run()
    if not ceiling:
        space.ceiling = None
    v = victory_odds(space)
    return v["low"], v["high"]


def test_cut_runs_stay_sound_and_the_ceiling_lowers_the_high_bound():
    book, module, _x, space = whole(DEADLINE)
    exact = victory_odds(space)["low"]
    lowered = 0
    for cap in range(10, len(space.states), 10):
        low, high = cut(book, module, cap)
        _low, plain = cut(book, module, cap, ceiling=False)
        assert low - 1e-12 <= exact <= high + 1e-12, (cap, low, exact, high)
        assert high <= plain + 1e-12
        lowered += high < plain - 1e-9
    assert lowered


@pytest.mark.parametrize("name", [DEADLINE, COUNTED, "df-crypt"], ids=lambda b: Path(str(b)).stem)
def test_compiled_cut_runs_stay_sound(name):
    """The compiled path: the frontier's rows past their ceiling count as lost in the
    high bound too; every cut keeps low <= exact <= high."""
    book, module, _ = load(name)
    exact = solve(explore_compiled(book, module, sheet=1).graph)["float"]
    seen = set()
    for cap in (5, 20, 60, 150, 400):
        ex = explore_compiled(book, module, sheet=1, max_states=cap)
        if ex.bound is None:
            break
        low, high = solve(ex.graph, exact=False)["float"], high_bound(ex)
        assert low - 1e-9 <= exact <= high + 1e-9, (cap, low, exact, high)
        seen.add(bool(np.count_nonzero(ex.hopeless)))
    if name == DEADLINE:
        assert True in seen   # (some cut found rows past the deadline)


def test_the_cut_reports_say_how_many_states_the_ceiling_counts_as_lost():
    """Both explorers' reports, in both languages: the states left unexplored that no
    game can still win, and why (no victory ahead; the days past the ford's tide)."""
    from engine.analysis.compiled.report import compiled_report, compiled_text
    from engine.analysis.explore.report import exhaustive
    from engine.analysis.explore.text import exhaustive_text
    book, module, _ = load(DEADLINE)
    r = exhaustive(book, module, max_states=30, sheet=1)
    c = r["frontier"]["ceiling"]
    assert c["lost"] == c["no_victory"] + sum(c["counters"].values()) and c["counters"]["jours"] > 0
    assert 0 < c["lost"] < c["unexplored"]
    en, fr = exhaustive_text(r, "en", "deadline-hub.yaml"), exhaustive_text(r, "fr", "deadline-hub.yaml")
    assert (f"Ceiling: {c['lost']} of the {c['unexplored']} states left unexplored can no longer be won" in en
            and "counter 'jours' past what a victory allows" in en)
    assert f"Plafond : {c['lost']} des {c['unexplored']} états non explorés" in fr and "compteur « jours »" in fr
    r = compiled_report(book, module, max_states=30, sheet=1, keep=False)
    c = r["ceiling"]
    assert c["counters"]["jours"] > 0 and c["lost"] == c["no_victory"] + c["counters"]["jours"]
    assert f"Ceiling: {c['lost']} of the {c['unexplored']}" in compiled_text(r, "en")
    assert "Plafond :" in compiled_text(r, "fr")


def test_the_ceiling_line_writes_its_counts_with_their_thousands_apart():
    from engine.analysis.explore.text import ceiling_lines
    c = {"lost": 12_345, "unexplored": 669_749, "no_victory": 11_000, "counters": {"days": 1_345}}
    (en,) = ceiling_lines(c, "en")
    (fr,) = ceiling_lines(c, "fr")
    assert en.startswith("  Ceiling: 12,345 of the 669,749 states left unexplored") and "no victory ahead: 11,000; counter 'days' past what a victory allows: 1,345" in en
    assert fr.startswith("  Plafond : 12\u202f345 des 669\u202f749 états non explorés")
