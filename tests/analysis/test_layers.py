"""The routes' ceiling in layers (explore/layers.py, explore/before.py): a `once:`
activity on a loop of the paragraph graph is met at the first entry of its paragraph,
and a state picks its layer from its own record of that visit.

tests/analysis/books/bridge-loop.yaml: a door (§ 1) that opens only to one who has
been to the far bank (`if: 'visited(5)'`), a bridge (§ 2) guarded by an iron knight
(`once: [combat]`, 3 rounds, else a test of Luck that kills), the far bank (§ 5)
leading back over the bridge, whose second crossing skips the knight.  The graph
holds § 2 on a loop (2 -> 5 -> 2) and a way 1 -> 6 to the victory, so the routes
counted the knight 1 and the start at 1; but the door needs § 5 entered, § 5 lies
beyond the knight, and a game first enters § 2 facing him.

Sound: on every fixture book explored whole no state's exact value is above its
layered ceiling (nor a move's), in both explorers; a state that has already fought
priced in the layer where the knight is still ahead falls below its exact value and
is caught; cut runs keep low <= exact <= high."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled.ahead import Ahead
from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.compiled.packed import PARAGRAPH
from engine.analysis.compiled.run import high_bound, solve
from engine.analysis.explore.before import Before
from engine.analysis.explore.ceiling import Ceiling
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.lens import Lens
from engine.analysis.explore.solve import values, victory_odds
from engine.analysis.explore.worth import Worth
from engine.rules.defis_fantastiques.chances import Chances
from tests.analysis.test_ceiling import BOOKS, WORN, over_ceiling, whole
from tests.analysis.test_own_hero import compiled_rows
from tests.analysis.test_routes import BOOKS as ROUTES_BOOKS, PENDULUM
from tests.analysis_fixtures.support import load

BRIDGE = Path(__file__).parent / "books" / "bridge-loop.yaml"
VENNICK = Path(__file__).parents[2] / "books" / "the-clock-of-vennick.yaml"
HERO = (("habilete", 10), ("endurance", 20), ("chance", 9))


def layered(book, module, x, own: bool = False) -> Ceiling:
    """The ceiling that reads each state's record of its visits (as the explorers make it)."""
    return Ceiling(book, module, x.lens.edges, Ahead(x.lens, hero=True) if own else None, x.lens)


def test_the_knight_is_met_at_the_first_entry_and_the_start_meets_its_exact_value():
    """By hand: every way to the door passes the knight once, and after him nothing
    can be lost (the far bank, the bridge again without him, the door).  So the start
    is worth w + (1 - w) * 30/36, w the fight model's chance of winning in 3 rounds
    (no Luck in this fight: the fight model's, at Skill 10 against 9, 6 Endurance)
    and 30/36 the test of Luck at 9; the layered ceiling of the start is that value,
    where the routes alone (the knight on a loop, counted 1; the door read as open)
    gave 1."""
    book, module, x, space = whole(BRIDGE)
    value, _ = values(space)
    w = Chances.outcomes(book, book.paragraphs[2], HERO, lambda o: False)[0][0]
    assert 0 < w < 1
    assert abs(value[0] - (w + (1 - w) * 30 / 36)) < 1e-12
    assert Worth(Ceiling(book, module, x.lens.edges), space).state(0) == 1.0
    assert abs(Worth(layered(book, module, x), space).state(0) - value[0]) < 1e-12
    routes = layered(book, module, x).routes
    assert routes.layers.candidates == (2,) and routes.layers.chosen(HERO) == {2}
    assert routes.worth(1, HERO) == 1.0 and abs(routes.worth(1, HERO, ahead={2}) - value[0]) < 1e-12


def test_what_a_game_enters_before_the_knight_is_the_start_only():
    """R_2 = {1}: the door needs § 5 entered, and § 5 lies beyond § 2.  Without its
    condition, the door opens (§ 6 in R_2).  On the-clock-of-vennick, the Gear Chamber
    (§ 200) is entered only beyond the pendulum knight (§ 37): its ladder (`if:
    'visited(200)'`) and the returns to the paragraph noted (`note('hall')`) need it
    entered before."""
    book, module, _ = load(BRIDGE)
    lens = Lens(book, module)
    assert Before(book, module, lens.edges).reach(2) == {1}
    door = book.paragraphs[1].choices[1]
    object.__setattr__(door, "condition", None)
    assert Before(book, module, lens.edges).reach(2) == {1, 6}
    book, module, _ = load(VENNICK)
    lens = Lens(book, module)
    before = Before(book, module, lens.edges)
    assert 200 not in before.reach(37) and {25, 160} <= before.reach(37)
    assert 200 not in before.ways(frozenset((37,)))[160] and 200 in lens.edges[160]


@pytest.mark.parametrize("name", BOOKS + WORN + ROUTES_BOOKS + [PENDULUM, BRIDGE], ids=lambda b: Path(str(b)).stem)
def test_no_state_is_worth_more_than_its_layered_ceiling(name):
    book, module, x, space = whole(name)
    assert over_ceiling(layered(book, module, x), space) == []
    assert over_ceiling(layered(book, module, x, own=True), space) == []


def test_a_state_that_has_fought_priced_as_if_the_knight_were_ahead_is_caught(monkeypatch):
    """A planted error: every record read as 'not entered' (the layer where the knight
    is still ahead): a state back at the door after the far bank, worth 1, is priced
    below it."""
    book, module, x, space = whole(BRIDGE)
    monkeypatch.setattr(Worth, "_unmet", lambda self, s: self.c.unmet(self.space.paragraph[s], lambda m: False))
    found = over_ceiling(layered(book, module, x), space)
    assert any(f[0] == "state" and space.paragraph[f[1]] == 1 for f in found)


def test_every_compiled_row_is_worth_at_most_its_layered_ceiling():
    """The compiled path (CompiledExplorer.ceilings, each row's layer from its visit
    columns): every row of the space explored whole at most its ceiling; the rows at
    the start before the knight at the exact value, those at the door after him at 1."""
    found, value, worth, _account = compiled_rows(BRIDGE)
    door = found.table.column(PARAGRAPH) == 1
    knight = found.table.column(found.table.slots.find("visits", 2)) != 0
    assert np.allclose(worth[door & ~knight], value[door & ~knight]) and (worth[door & ~knight] < 1).all()
    assert (worth[door & knight] == 1).all()


def test_cut_runs_stay_sound_and_each_root_is_at_most_its_own_ceiling():
    """Both explorers' cuts keep low <= exact <= high.  The compiled path's first cuts
    leave rows inside the knight's fight (rounds: the odds under way unread, their
    ceiling the best of § 2's ways, the door's 1 among them) and rows waiting for § 3's
    roll: the high solve alone gave 1 while those were priced as if the roll were behind
    them, the root's own ceiling (`Explored.tops`) the exact value; priced at the Luck
    they hold (unrolled.py), the solve alone meets it too.  The high bound is never above
    the solve alone, and meets the exact value; a root's ceiling planted a tenth too low
    puts the high bound under the exact value."""
    book, module, _ = load(BRIDGE)
    exact = victory_odds(Explorer(book, module, sheet=1, likely=True).run())["low"]
    capped = 0
    for cap in (2, 4, 6, 10, 15, 20):
        v = victory_odds(Explorer(book, module, sheet=1, likely=True, max_states=cap).run())
        assert v["low"] - 1e-12 <= exact <= v["high"] + 1e-12, (cap, v, exact)
        ex = explore_compiled(book, module, sheet=1, max_states=cap)
        if ex.bound is None:
            continue
        low, high = solve(ex.graph, exact=False)["float"], high_bound(ex)
        assert low - 1e-9 <= exact <= high + 1e-9, (cap, low, exact, high)
        uncapped = high_bound(replace(ex, tops=None))
        assert high <= uncapped + 1e-12
        capped += abs(high - exact) < 1e-9
        assert high_bound(replace(ex, tops=ex.tops * 0.9)) < exact - 1e-3
    assert capped
