"""The ceiling below 1 (explore/routes.py): the fights and tests every way to a victory
must still pass, each at the best chance the rule module declares (Défis Fantastiques:
defis_fantastiques/chances.py).  It is sound: on the Défis Fantastiques books here
explored whole, no state's exact value is above its ceiling (some meet it exactly);
a planted bound one fight too low is caught; cut runs keep low <= exact <= high in
both explorers, and the ceiling brings their high bound under what the 0/1 ceiling
gives."""
from pathlib import Path

import pytest

from engine.analysis.compiled.explorer import explore_compiled
from engine.analysis.compiled.run import high_bound, solve
from engine.analysis.explore.ceiling import Ceiling
from engine.analysis.explore import routes
from engine.analysis.explore.worth import Worth
from engine.analysis.explore.solve import values, victory_odds
from engine.analysis.explore.explorer import Explorer
from engine.rules.defis_fantastiques.chances import Chances
from tests.analysis.test_ceiling import over_ceiling, whole
from tests.analysis_fixtures.support import load

ROAD = Path(__file__).parent / "books" / "bounds-road.yaml"
FIGHTS = Path(__file__).parents[1] / "compiled" / "books" / "fights.yaml"   # (a first round's bonus, armour)
BOOKS = ["df-crypt", "df-market", ROAD]


def too_low(field):
    """A planted error: every chance of a `field` activity (a fight, a test) a tenth too low."""
    class TooLow(Chances):
        @staticmethod
        def passing(book, paragraph, hero, lost):
            found = Chances.passing(book, paragraph, hero, lost)
            return found * 0.9 if field in paragraph.fields else found
    return TooLow()


@pytest.mark.parametrize("name", BOOKS + [FIGHTS], ids=lambda b: Path(str(b)).stem)
def test_every_state_is_worth_at_most_its_routes_ceiling_and_some_ceilings_are_below_one(name):
    book, module, x, space = whole(name)
    ceiling = Ceiling(book, module, x.lens.edges)
    assert over_ceiling(ceiling, space) == []
    worth = Worth(ceiling, space)
    value, _ = values(space)
    below = [s for s in range(len(value)) if 0 < worth.state(s) < 1]
    assert below
    if name in ("df-crypt", "df-market"):   # (the ceiling meets the exact value: one fight or test stands between)
        assert any(abs(worth.state(s) - value[s]) < 1e-12 for s in below)


@pytest.mark.parametrize("name, field", [("df-crypt", "combat"), ("df-market", "test")])
def test_a_fight_or_test_chance_planted_too_low_is_caught(name, field, monkeypatch):
    book, module, x, space = whole(name)
    monkeypatch.setattr(type(module), "chance_ceiling", too_low(field))
    assert over_ceiling(Ceiling(book, module, x.lens.edges), space)


def test_the_skill_and_luck_tests_bound_as_the_rules_count():
    """P(2d6 + modifier <= the stat) where failing is lost: Skill 9 wins on 30 of 36
    rolls, 21 of 36 with a modifier of +2; a test whose failure leads on is not bounded."""
    class P:
        def __init__(self, test):
            self.fields = {"test": test}
    lost = {2: True, 3: False}.get
    hero = (("habilete", 9), ("endurance", 20), ("chance", 7))
    assert Chances.passing(None, P({"type": "skill", "success": 3, "failure": 2}), hero, lost) == 30 / 36
    assert Chances.passing(None, P({"type": "skill", "success": 3, "failure": 2, "modifier": 2}), hero, lost) \
        == 21 / 36
    assert Chances.passing(None, P({"type": "luck", "success": 3, "failure": 2}), hero, lost) == 21 / 36
    assert Chances.passing(None, P({"type": "luck", "success": 3, "failure": 3}), hero, lost) == 1.0
    assert Chances.passing(None, P({"type": "luck", "success": 3, "failure": {"end": "death"}}), hero,
                           lambda o: o == {"end": "death"}) == 21 / 36


def test_a_fight_with_an_escape_or_an_unknown_stat_is_not_bounded():
    book, _module, _ = load("df-crypt")
    fight = next(p for p in book.paragraphs.values() if "combat" in p.fields)

    class P:
        fields = {"combat": dict(fight.fields["combat"], escape={"to": 1})}
    hero = (("habilete", 12), ("endurance", 24), ("chance", 12))
    assert Chances.passing(book, P(), hero, lambda o: False) == 1.0
    assert Chances.passing(book, fight, (("habilete", None), ("endurance", 24), ("chance", 12)), lambda o: False) == 1.0
    assert 0 < Chances.passing(book, fight, (("habilete", 7), ("endurance", 14), ("chance", 7)), lambda o: False) \
        <= Chances.passing(book, fight, hero, lambda o: False) <= 1


def test_the_hero_is_at_most_his_starting_values_or_the_books_own_maxima():
    """The starting values are the maxima, unless the book gives its own (`hero.ceilings`:
    a number, or `false` for none) or an effect moves one (`ceiling:`): then no bound."""
    book, _module, _ = load("df-crypt")
    start = {"habilete": 9, "endurance": 18, "chance": 9}
    assert Chances.hero(book, start) == (("habilete", 9), ("endurance", 18), ("chance", 9))

    class Own:
        paragraphs, hero = book.paragraphs, {"ceilings": {"endurance": False, "chance": 20}}
    assert Chances.hero(Own(), start) == (("habilete", 9), ("endurance", None), ("chance", 20))


def test_a_fights_bonuses_count_where_they_add_and_never_where_they_take_away():
    book, _module, _ = load("df-crypt")
    fight = next(p for p in book.paragraphs.values() if "combat" in p.fields)
    hero = (("habilete", 8), ("endurance", 10), ("chance", 6))

    def bound(**more):
        class P:
            fields = {"combat": dict(fight.fields["combat"], **more)}
        return Chances.passing(book, P(), hero, lambda o: False)
    plain = bound()
    assert bound(first_round={"attack": -2}) == plain == bound(modifiers=[{"if": "true", "attack": -1}])
    raised = bound(first_round={"attack": 2})
    assert plain < raised <= bound(first_round={"attack": 2}, modifiers=[{"if": "x", "attack": 1}])


FIRST = Path(__file__).parent / "books" / "first-round.yaml"   # (a fight whose bonus is the first round's only)


class EveryRound(Chances):
    """A first round's bonus priced in every round, as before (sound, looser)."""
    @staticmethod
    def passing(book, paragraph, hero, lost):
        spec = paragraph.fields.get("combat")
        if not isinstance(spec, dict) or not spec.get("first_round"):
            return Chances.passing(book, paragraph, hero, lost)
        bonus = {"if": "true", "attack": spec["first_round"]["attack"]}

        class P:
            fields = {"combat": dict(spec, first_round=None, modifiers=[*(spec.get("modifiers") or ()), bonus])}
        return Chances.passing(book, P(), hero, lost)


class Forgotten(Chances):
    """A planted error: a first round's bonus left out (a surprise attack priced as a
    plain fight)."""
    @staticmethod
    def passing(book, paragraph, hero, lost):
        spec = paragraph.fields.get("combat")
        if not isinstance(spec, dict) or not spec.get("first_round"):
            return Chances.passing(book, paragraph, hero, lost)

        class P:
            fields = {"combat": dict(spec, first_round=None)}
        return Chances.passing(book, P(), hero, lost)


def test_a_first_rounds_bonus_counts_in_the_first_round_only_and_the_ceiling_meets_the_exact_value(monkeypatch):
    """first-round.yaml: Skill 7 against a captain of Skill 10, surprised (+3 in the
    first round: the hero wins 24.06 % of the time, Luck at best) or faced (15.93 %).
    The ceiling of the start is the surprise's chance, the exact value: no state is
    above its ceiling.  Priced in every round (before), the bonus gave 75.20 %: sound,
    three times the value.  Left out (planted), the ceiling falls below the value."""
    book, module, x, space = whole(FIRST)
    value, _ = values(space)
    ceiling = Ceiling(book, module, x.lens.edges)
    assert over_ceiling(ceiling, space) == []
    start = Worth(ceiling, space).state(0)
    assert abs(start - value[0]) < 1e-12 and 0.2 < value[0] < 0.3
    monkeypatch.setattr(type(module), "chance_ceiling", EveryRound())
    assert Worth(Ceiling(book, module, x.lens.edges), space).state(0) > 0.7
    monkeypatch.setattr(type(module), "chance_ceiling", Forgotten())
    assert over_ceiling(Ceiling(book, module, x.lens.edges), space)


def cut_bounds(book, module, cap):
    v = victory_odds(Explorer(book, module, sheet=1, likely=True, max_states=cap).run())
    return v["low"], v["high"]


@pytest.mark.parametrize("name", BOOKS, ids=lambda b: Path(str(b)).stem)
def test_cut_runs_stay_sound_and_below_the_plain_ceiling_in_both_explorers(name, monkeypatch):
    book, module, _ = load(name)
    exact = victory_odds(Explorer(book, module, sheet=1, likely=True).run())["low"]
    compiled_exact = solve(explore_compiled(book, module, sheet=1).graph)["float"]
    assert abs(exact - compiled_exact) < 1e-9
    lowered = compiled_lowered = 0
    for cap in (5, 10, 20, 40, 80, 160):
        low, high = cut_bounds(book, module, cap)
        with monkeypatch.context() as m:   # (the module declaring no chance: the 0/1 ceiling)
            m.setattr(type(module), "chance_ceiling", None)
            _low, plain = cut_bounds(book, module, cap)
            plain_compiled = high_bound(explore_compiled(book, module, sheet=1, max_states=cap))
        assert low - 1e-12 <= exact <= high + 1e-12 <= plain + 2e-12, (cap, low, exact, high, plain)
        lowered += high < plain - 1e-9
        ex = explore_compiled(book, module, sheet=1, max_states=cap)
        if ex.bound is None:
            continue
        low, high = solve(ex.graph, exact=False)["float"], high_bound(ex)
        assert low - 1e-9 <= exact <= high + 1e-9 <= plain_compiled + 2e-9, (cap, low, exact, high, plain_compiled)
        compiled_lowered += high < plain_compiled - 1e-9
    assert compiled_lowered
    assert lowered or name == ROAD   # (the engine path: not lowered there at these cuts)


PENDULUM = Path(__file__).parent / "books" / "pendulum.yaml"   # (a leap, then a fight of 3 rounds, then Luck)


class Unordered(Chances):
    """The ends of an activity not ordered (as before): the routes' max picks the end."""
    outcomes = None


class WinTooLow(Chances):
    """A planted error: a fight's win chance among its ordered ends a tenth too low."""
    @staticmethod
    def outcomes(book, paragraph, hero, lost):
        found = Chances.outcomes(book, paragraph, hero, lost)
        if found is None or "combat" not in paragraph.fields:
            return found
        return [(t * 0.9 if i == 0 else t, ends) for i, (t, ends) in enumerate(found)]


def test_ordered_ends_price_a_fight_of_rounds_and_a_test_that_leads_on_and_meet_the_exact_value(monkeypatch):
    """pendulum.yaml: Skill 10 leaps the chasm on 33 of 36 rolls (Testez votre
    Habileté), else fights the iron knight (Skill 9, 6 Endurance, no Luck) for 3 rounds
    at most: won with chance w (the fight model), else a test of Luck at 9 that kills on
    6 of 36 rolls (`failure: {end: death}`).  Nothing else wears the hero (his 20
    Endurance outlast 3 rounds), so the exact value is 33/36 + 3/36 * (w + (1 - w) *
    30/36), and the ceiling of the start, the leap's and the fight's ends ordered, is
    that value.  Unordered (before), each end picked: 1.  The death written `{end:
    death}` not read as lost: the ceiling of § 4 is 1.  The win chance planted a tenth
    too low: some state is above its ceiling."""
    book, module, x, space = whole(PENDULUM)
    value, _ = values(space)
    hero = (("habilete", 10), ("endurance", 20), ("chance", 9))
    w = Chances.outcomes(book, book.paragraphs[3], hero, lambda o: False)[0][0]
    assert 0 < w < 1
    assert abs(value[0] - (33 / 36 + 3 / 36 * (w + (1 - w) * 30 / 36))) < 1e-12
    ceiling = Ceiling(book, module, x.lens.edges)
    assert over_ceiling(ceiling, space) == []
    assert abs(Worth(ceiling, space).state(0) - value[0]) < 1e-12
    assert ceiling.routes.worth(4, hero) == 1.0 and abs(ceiling.routes._up(hero)[4] - 30 / 36) < 1e-12
    with monkeypatch.context() as m:
        m.setattr(type(module), "chance_ceiling", Unordered())
        assert Worth(Ceiling(book, module, x.lens.edges), space).state(0) == 1.0
    with monkeypatch.context() as m:
        m.setattr(routes, "DEATH", -99)   # (the ending read as a number outside the book)
        assert Ceiling(book, module, x.lens.edges).routes._up(hero)[4] == 1.0
    monkeypatch.setattr(type(module), "chance_ceiling", WinTooLow())
    assert over_ceiling(Ceiling(book, module, x.lens.edges), space)


def test_a_fight_with_an_escape_or_a_weapon_it_needs_is_not_ordered():
    """Its ends are the player's to choose (an escape), or depend on what he carries
    (`hurt_only_by`): the routes keep their max."""
    book, _module, _ = load(PENDULUM)
    fight = book.paragraphs[3].fields["combat"]
    hero = (("habilete", 10), ("endurance", 20), ("chance", 9))

    def ordered(without=(), **more):
        class P:
            fields = {"combat": {**{k: v for k, v in fight.items() if k not in without}, **more}}
        return Chances.outcomes(book, P(), hero, lambda o: False)
    assert ordered() is not None
    assert ordered(escape={"to": 4}) is None
    assert ordered(enemies=[dict(fight["enemies"][0], hurt_only_by=["lance"])]) is None
    assert ordered(without=("rounds", "timeout")) is None   # (a plain fight: `passing` bounds it)
