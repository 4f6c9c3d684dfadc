"""A fight with rounds priced with what follows each of its ends (explore/coupling.py,
Défis Fantastiques' defis_fantastiques/coupled.py): the Luck a hero spends to win it
is the Luck he no longer has for the test its timeout leads to.

tests/analysis/books/knight-luck.yaml: Skill 10, Luck 9, a sword; an iron knight
(Skill 10, 4 Endurance) to beat in one round, else the pendulum throws the hero off
the bridge and a test of Luck kills him on failure.  By hand: the hero wins the round
with p = 575/1296 (2d6 + 10 above 2d6 + 10: (1296 - 146 ties) / 2); his wound of 2
beats the knight only if he tests his Luck on it and is lucky (4 dealt), on 30 of 36
rolls at Luck 9; unlucky (1 dealt) or untested, the round ends and the pendulum
strikes, with Luck 8 or 9.  A wound taken is not worth a test (the round is the last
either way).  So, q(l) = P(2d6 <= l):

    exact  = p * (q(9) + (1 - q(9)) * q(8)) + (1 - p) * q(9)          ~ 88.674 %
    tiered = T + (1 - T) * q(9),  T = p * q(9) the most win chance    ~ 89.495 %

the ordered ends (routes.py `_tiered`) pricing the timeout as if the Luck were kept
(= q(9) + p (1 - q(9)) q(9): the timeout at the starting Luck), the fight priced
with its ends (`Chances.coupled`) meeting the exact value.
"""
from pathlib import Path

from engine.analysis.explore.ceiling import Ceiling
from engine.analysis.explore.lens import Lens
from engine.analysis.explore.solve import values
from engine.analysis.explore.worth import Worth
from engine.rules.defis_fantastiques.chances import Chances
from tests.analysis.test_ceiling import over_ceiling, whole
from tests.analysis_fixtures.support import load

KNIGHT = Path(__file__).parent / "books" / "knight-luck.yaml"
VENNICK = Path(__file__).parents[2] / "books" / "the-clock-of-vennick.yaml"
HERO = (("habilete", 10), ("endurance", 20), ("chance", 9))
P, Q9, Q8 = 575 / 1296, 30 / 36, 26 / 36


class Uncoupled(Chances):
    """The fight's ends weighed apart (as before): the ordered ends alone."""
    coupled = None


def test_the_luck_spent_to_win_is_missing_at_the_test_and_the_start_meets_its_exact_value(monkeypatch):
    book, module, x, space = whole(KNIGHT)
    value, _ = values(space)
    exact = P * (Q9 + (1 - Q9) * Q8) + (1 - P) * Q9
    assert abs(value[0] - exact) < 1e-12
    ceiling = Ceiling(book, module, x.lens.edges)
    assert over_ceiling(ceiling, space) == []
    assert abs(Worth(ceiling, space).state(0) - exact) < 1e-12
    assert abs(ceiling.routes.worth(1, HERO) - exact) < 1e-12
    monkeypatch.setattr(type(module), "chance_ceiling", Uncoupled())
    tiered = P * Q9 + (1 - P * Q9) * Q9
    assert abs(Ceiling(book, module, x.lens.edges).routes.worth(1, HERO) - tiered) < 1e-12
    assert tiered > exact + 0.008


def test_without_luck_in_the_fight_the_test_is_at_the_luck_the_hero_came_with():
    """`luck: false`: nothing is spent, the timeout's test is at Luck 9 and the fight is
    worth w + (1 - w) * q(9), w its win chance (no lucky wound: 4 Endurance in one
    round is out of reach, w = 0): q(9); Luck 5: q(5)."""
    book, module, _ = load(KNIGHT)
    lens = Lens(book, module)
    object.__setattr__(book.paragraphs[2], "fields", {"combat": {**book.paragraphs[2].fields["combat"], "luck": False}})
    routes = Ceiling(book, module, lens.edges).routes
    assert abs(routes.worth(1, HERO) - Q9) < 1e-12
    assert abs(routes.worth(1, (("habilete", 10), ("endurance", 20), ("chance", 5))) - 10 / 36) < 1e-12


def test_fights_not_coupled_here_keep_their_ordered_ends():
    """An escape, a wound that ends the fight (`hurt`), two opponents one after the
    other: None (the ordered ends alone)."""
    book, _module, _ = load(KNIGHT)
    fight = book.paragraphs[2].fields["combat"]
    knight = fight["enemies"][0]

    def priced(**more):
        class Paragraph:
            fields = {"combat": {**fight, **more}}
        return Chances.coupled(book, Paragraph(), HERO, lambda outcome, stats: 1.0, {})
    assert priced() is not None
    assert priced(escape={"to": 3}) is None
    assert priced(hurt=3) is None
    assert priced(enemies=[knight, knight]) is None
    assert priced(enemies=[knight, knight], mode="as-one") is not None


def test_the_pendulum_knight_of_vennick_lowers_the_starts_layered_ceiling(monkeypatch):
    """The-clock-of-vennick, sheet 110 (Skill 10, Stamina 19, Luck 10): the pendulum
    knight (§ 37, 4 rounds, else § 38's test of Luck that kills) met at the first
    crossing; its victory bought with Luck is Luck missing at § 38, so the start's
    layered ceiling is below the one of the ends weighed apart (96.76 %)."""
    book, module, _ = load(VENNICK)
    lens = Lens(book, module)
    hero = (("habilete", 10), ("endurance", 19), ("chance", 10))

    def start():
        routes = Ceiling(book, module, lens.edges, lens=lens).routes
        return routes.worth(book.start, hero, ahead=frozenset(routes.layers.candidates))
    coupled = start()
    monkeypatch.setattr(type(module), "chance_ceiling", Uncoupled())
    apart = start()
    assert coupled < apart - 0.01


def test_the_luck_left_read_one_lower_is_caught(monkeypatch):
    """A planted error: each end valued for a hero with one Luck less than he has left:
    the start is priced below its exact value."""
    from engine.analysis.explore import coupling
    book, module, x, space = whole(KNIGHT)
    entered = coupling.entered

    def poorer(routes, m, outcome, stats, hero, up):
        return entered(routes, m, outcome, {**stats, "chance": stats["chance"] - 1}, hero, up)
    monkeypatch.setattr(coupling, "entered", poorer)
    found = over_ceiling(Ceiling(book, module, x.lens.edges), space)
    assert ("state", 0) in found


MACE = Path(__file__).parent / "books" / "knight-mace.yaml"


def test_a_weapons_attack_penalty_counts_as_play_counts_it(monkeypatch):
    """knight-mace.yaml: the same knight at 3 Endurance, and a mace in the book (wound
    3, attack -1) the hero never finds.  With it his Attack Strength is 9 + 2d6 against
    10 + 2d6: he wins the round with p' = 435/1296 (his roll at least 2 above: 575 -
    140 of 1296), and his plain wound of 3 beats the knight; so the mace is worth p' +
    (1 - p') q(9) ~ 88.93 %, above the sword's (its lucky wound of 4, as in
    knight-luck.yaml: 88.67 %, the exact value).  The start's ceiling is the mace's;
    the mace's -1 left out (planted, as the fights' `passing` counts a weapon), it is
    p + (1 - p) q(9) ~ 90.73 %, the ordered ends' own."""
    from engine.rules.defis_fantastiques import coupled
    book, module, x, space = whole(MACE)
    value, _ = values(space)
    assert abs(value[0] - (P * (Q9 + (1 - Q9) * Q8) + (1 - P) * Q9)) < 1e-12
    mace = 435 / 1296 + (1 - 435 / 1296) * Q9
    ceiling = Ceiling(book, module, x.lens.edges)
    assert over_ceiling(ceiling, space) == []
    assert abs(ceiling.routes.worth(1, HERO) - mace) < 1e-12
    chains = coupled._chains
    monkeypatch.setattr(coupled, "_chains", lambda book, spec, sheet, opponents, gear, lucky: chains(
        book, spec, sheet, opponents, ([(max(a, 0), d) for a, d in gear[0]], gear[1]), lucky))
    assert abs(Ceiling(book, module, x.lens.edges).routes.worth(1, HERO) - (P + (1 - P) * Q9)) < 1e-12
