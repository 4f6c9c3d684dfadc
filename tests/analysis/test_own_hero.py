"""Each unexplored state's ceiling from its own stats (compiled/ahead.py, explore/worth.py):
the fights ahead priced at the most the hero can still be from that state (what he
holds, plus the book's gains ahead, the Provisions, what the activity under way may
give back), not at his starting values.  tests/analysis/books/worn-hero.yaml: a rockfall
takes 0, 4 or 8 Stamina of 12, a spring gives 2 once (a loop only a `once:` choice
enters), a test of Luck whose failure costs 2 leads on, a bear (Skill 8, Stamina 8).

Sound: every state's and every compiled row's exact value is at most its ceiling; a
bound that forgets a gain ahead is caught; cut runs keep low <= exact <= high in both
explorers, and below the starting values' high bound."""
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled.ahead import Ahead
from engine.analysis.compiled.explorer import CompiledExplorer, explore_compiled
from engine.analysis.compiled.packed import PARAGRAPH
from engine.analysis.compiled.run import high_bound, solve
from engine.analysis.explore.ceiling import Ceiling
from engine.analysis.explore.compact import parts_of
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.solve import values, victory_odds
from engine.analysis.explore.worth import Worth
from tests.analysis.test_ceiling import WORN, over_ceiling, own_ceiling, whole
from tests.analysis_fixtures.support import load

WORN_HERO = Path(__file__).parent / "books" / "worn-hero.yaml"
ROAD = Path(__file__).parent / "books" / "bounds-road.yaml"


def at_fork(space, stamina: int) -> list:
    """The states at the fork (§ 2) holding `stamina`, the spring not yet drunk (its
    `once:` choice not taken)."""
    return [s for s in range(len(space.states)) if space.paragraph[s] == 2
            and parts_of(space.states[s]).stats.get("endurance") == stamina and not parts_of(space.states[s]).flags]


def test_a_worn_hero_is_priced_at_what_he_can_still_be():
    """At the fork with 4 Stamina, the most he can have at the bear is 4 + the spring's
    2: his ceiling is the bear's at 6, below a fresh hero's (at 12), and at least his
    exact value; with his starting values only, both were the same."""
    book, module, x, space = whole(WORN_HERO)
    own, plain = Worth(own_ceiling(book, module, x), space), Worth(Ceiling(book, module, x.lens.edges), space)
    (worn,), (fresh,) = at_fork(space, 4), at_fork(space, 12)
    assert dict(own._hero(worn))["endurance"] == 6 and dict(own._hero(fresh))["endurance"] == 12
    value, _ = values(space)
    assert value[worn] <= own.state(worn) < own.state(fresh) == plain.state(fresh) == plain.state(worn)
    assert value[fresh] <= own.state(fresh)


@pytest.mark.parametrize("plant", ["gains", "provisions"])
def test_a_bound_that_forgets_what_the_hero_can_still_gain_is_caught(plant, monkeypatch):
    """Planted errors, each caught on some book explored whole: the book's gains ahead
    left out (the spring: the worn hero at the fork priced at 4 Stamina, where he may
    fight at 6), the Provisions left out (meals)."""
    if plant == "gains":
        monkeypatch.setattr(Ahead, "gains", lambda self: {s: dict.fromkeys(self.lens.edges, 0) for s in (
            "habilete", "endurance", "chance", "provisions")})
        names = [WORN_HERO]
    else:
        monkeypatch.setattr(Ahead, "__init__", _without_meals)
        names = WORN + [ROAD]
    caught = []
    for name in names:
        book, module, x, space = whole(name)
        caught += over_ceiling(own_ceiling(book, module, x), space)
    assert caught


def _without_meals(self, lens, hero=False):
    self.lens, self.hero, self._gains, self._quiet = lens, hero, None, None
    self.declared = {"habilete": {}, "endurance": {}, "chance": {}}


@pytest.mark.parametrize("name", [WORN_HERO, ROAD] + WORN[:3], ids=lambda b: Path(str(b)).stem)
def test_every_compiled_row_is_worth_at_most_its_own_ceiling(name):
    """The compiled path's ceilings (CompiledExplorer.ceilings, as a cut run's frontier
    gets them) over every row of a space explored whole."""
    found, value, worth, account = compiled_rows(name)
    if name == WORN_HERO:   # (the fork's rows: lower at 4 Stamina than at 12)
        fork = found.table.column(PARAGRAPH) == 2
        stamina = found.table.column(found.table.slots.find("stats", "endurance"))
        assert worth[fork & (stamina == 4)].max() < worth[fork & (stamina == 12)].min()
        assert account["heroes"] > 1


def compiled_rows(name) -> tuple:
    """(the space explored whole on the compiled path, each row's exact value, its
    ceiling, `ceilings`' account), no row above its ceiling."""
    book, module, _ = load(name)
    ex = CompiledExplorer(book, module, sheet=1)
    found = ex.run()
    assert found.bound is None
    value = solve(found.graph, exact=False)["solution"].f
    worth, account = ex.ceilings(np.arange(found.table.n))
    over = np.flatnonzero(value > worth + 1e-9)
    assert not len(over), (over[:5], value[over[:5]], worth[over[:5]])
    return found, value, worth, account


def without_own_stats(monkeypatch):
    """The ceiling of the starting values only (as before each state's own hero)."""
    monkeypatch.setattr(Ahead, "most", lambda self, *a, **k: {})


@pytest.mark.parametrize("name", [WORN_HERO, ROAD], ids=lambda b: Path(str(b)).stem)
def test_cut_runs_stay_sound_and_below_the_starting_values_bound_in_both_explorers(name, monkeypatch):
    book, module, _ = load(name)
    exact = victory_odds(Explorer(book, module, sheet=1, likely=True).run())["low"]
    lowered = compiled_lowered = 0
    for cap in (4, 8, 12, 20, 30, 45, 70):
        space = Explorer(book, module, sheet=1, likely=True, max_states=cap).run()
        v = victory_odds(space)
        ex = explore_compiled(book, module, sheet=1, max_states=cap)
        with monkeypatch.context() as m:
            without_own_stats(m)
            plain = victory_odds(Explorer(book, module, sheet=1, likely=True, max_states=cap).run())["high"]
            plain_compiled = high_bound(explore_compiled(book, module, sheet=1, max_states=cap))
        assert v["low"] - 1e-12 <= exact <= v["high"] + 1e-12 <= plain + 2e-12, (cap, v, exact, plain)
        lowered += v["high"] < plain - 1e-9
        if ex.bound is None:
            continue
        low, high = solve(ex.graph, exact=False)["float"], high_bound(ex)
        assert low - 1e-9 <= exact <= high + 1e-9 <= plain_compiled + 2e-9, (cap, low, exact, high, plain_compiled)
        compiled_lowered += high < plain_compiled - 1e-9
    if name == WORN_HERO:
        assert lowered and compiled_lowered


def test_what_a_hero_can_still_gain_counts_once_choices_sets_and_items_used_where_they_lie():
    """For a hero's most (`hero=True`), books/hero-gains.yaml: the fountain and the well, on the square's loop but
    each entered only by a `once:` choice, count once: the fountain's 2, the well's
    `set:` of Luck to 8 at most 8 (the minimum is 0); the flask, used where it lies, its
    4 where it is gained.  Forgetting a starting value keeps the coarser count (a loop's
    gain, a `set:`, an item used where it lies: no bound)."""
    from engine.analysis.compiled.ceilings import UNBOUNDED, gains
    from engine.analysis.compiled.forget import Forget
    book, module, _ = load(Path(__file__).parent / "books" / "hero-gains.yaml")
    lens = Forget(book, module).lens
    hero, coarse = gains(lens, ["endurance", "chance"], hero=True), gains(lens, ["endurance", "chance"])
    assert hero["endurance"][1] == 2 + 4 and hero["endurance"][4] == 4 and hero["endurance"][5] == 0
    assert hero["chance"][1] == hero["chance"][3] == 8 and hero["chance"][4] == 0
    assert coarse["endurance"][1] == coarse["endurance"][5] == coarse["chance"][1] == UNBOUNDED
