"""The routes past a test that surely spends Luck (explore/spent.py): the danger beyond
it is priced at the Luck left, unless a gain of Luck may come between.

tests/analysis/books/causeway-luck.yaml: Skill 10, Luck 9, a sword; § 2's test of Luck
on the only way on (both ends lead to § 4), then a coral warden (Skill 10, 4
Endurance) to beat in one round, else the wave kills (§ 5); after him § 6 gives 1
Luck back (it comes after the danger: it must not count).  By hand (as
test_coupled.py's knight): the hero wins the round with p = 575/1296, and his wound
of 2 beats the warden only if he tests his Luck on it and is lucky (4 dealt), q(l) =
P(2d6 <= l); unlucky or untested, the round ends and the wave takes him.  § 2 leaves
him with Luck 8, so

    exact              = p * q(8) = 575/1296 * 26/36   ~ 32.04 %
    routes, no columns = p * q(9) = 575/1296 * 30/36   ~ 36.97 %   (the warden at Luck 9)

causeway-gain.yaml: the same with § 3 between the test and the warden, where a hermit
gives 1 Luck back: the warden is met at Luck 9, exact p * q(9), which the ceiling must
not go below.
"""
from pathlib import Path

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.run import high_bound
from engine.analysis.explore import spent
from engine.analysis.explore.ceiling import Ceiling
from engine.analysis.explore.solve import values
from tests.analysis.test_ceiling import over_ceiling, own_ceiling, whole
from tests.analysis.test_layers import layered
from tests.analysis.test_own_hero import compiled_rows
from tests.analysis_fixtures.support import load

BOOKS = Path(__file__).parent / "books"
LUCK, GAIN = BOOKS / "causeway-luck.yaml", BOOKS / "causeway-gain.yaml"
HERO = (("habilete", 10), ("endurance", 20), ("chance", 9))
P, Q9, Q8, Q7 = 575 / 1296, 30 / 36, 26 / 36, 21 / 36


def start(book, module, x, **kw) -> float:
    return Ceiling(book, module, x.lens.edges, **kw).routes.worth(book.start, HERO)


def test_the_danger_past_a_test_of_luck_is_priced_at_the_luck_left():
    book, module, x, space = whole(LUCK)
    value, _ = values(space)
    assert abs(value[0] - P * Q8) < 1e-12
    assert abs(start(book, module, x) - P * Q8) < 1e-12   # (meets the exact value)
    assert abs(start(book, module, x, spent=False) - P * Q9) < 1e-12
    assert over_ceiling(Ceiling(book, module, x.lens.edges), space) == []


def test_a_run_cut_before_the_test_has_the_exact_value_as_its_high_bound():
    book, module, _ = load(LUCK)
    cut = CompiledExplorer(book, module, sheet=1, max_states=1, once=True).run()
    assert cut.bound is not None
    assert abs(float(cut.tops[0]) - P * Q8) < 1e-12
    assert abs(high_bound(cut) - P * Q8) < 1e-12


def test_a_gain_of_luck_between_keeps_the_danger_at_the_luck_restored():
    book, module, x, space = whole(GAIN)
    value, _ = values(space)
    assert abs(value[0] - P * Q9) < 1e-12
    assert abs(start(book, module, x) - P * Q9) < 1e-12
    assert over_ceiling(Ceiling(book, module, x.lens.edges), space) == []


def test_no_state_nor_compiled_row_is_worth_more_than_its_ceiling():
    """Each state's own hero (the Luck it holds plus the gains ahead), the layers, and
    every row of the compiled path (`compiled_rows` asserts it) over both books: the
    columns lower nothing below a value."""
    for name in (LUCK, GAIN):
        book, module, x, space = whole(name)
        assert over_ceiling(own_ceiling(book, module, x), space) == []
        assert over_ceiling(layered(book, module, x, own=True), space) == []
        compiled_rows(name)


def test_the_luck_spent_twice_is_caught(monkeypatch):
    """A planted bug: each column's hero 2 Luck lower a test: the warden at Luck 7,
    below the exact value."""
    book, module, x, space = whole(LUCK)
    honest = spent.Spent.heroes

    def twice(self, hero):
        return [tuple((s, v - k if s == "chance" else v) for s, v in h) for k, h in enumerate(honest(self, hero))]
    monkeypatch.setattr(spent.Spent, "heroes", twice)
    assert abs(start(book, module, x) - P * Q7) < 1e-12
    assert ("state", 0) in over_ceiling(Ceiling(book, module, x.lens.edges), space)


def test_the_gain_ignored_is_caught(monkeypatch):
    """A planted bug: no effect read as a gain: the hermit's Luck is missed and the
    warden priced at Luck 8, below causeway-gain's exact value."""
    book, module, x, space = whole(GAIN)
    monkeypatch.setattr(spent, "_raises", lambda *args: False)
    assert abs(start(book, module, x) - P * Q8) < 1e-12
    assert ("state", 0) in over_ceiling(Ceiling(book, module, x.lens.edges), space)


def test_what_may_raise_a_stat():
    """`_raises`: a plain loss or another stat's gain does not; a gain, a `set:`, an
    amount not a number, an item used where it lies, an effect of the module's not
    declared free of stats does."""
    class E:
        def __init__(self, kind, value):
            self.kind, self.value = kind, value

    def raises(*effects, used=None):
        return spent._raises(list(effects), "chance", {"luck": "chance"}, used or {}, frozenset(("weapon",)), False)
    assert not raises(E("add", {"chance": -1}), E("add", {"endurance": 4}), E("weapon", "epee"), E("flag", ["x"]))
    assert raises(E("add", {"luck": 1}))
    assert raises(E("set", {"chance": 3}))
    assert raises(E("add", {"chance": "1d6"}))
    assert raises(E("gain", ["fiole"]), used={"fiole": []})
    assert not raises(E("gain", ["fiole"]))
    assert raises(E("ceiling", {"chance": 1}))
