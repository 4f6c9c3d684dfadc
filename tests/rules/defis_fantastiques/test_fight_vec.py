"""`fight_vec` (a fight's chain as rows of arrays, many sheets at once, solved level by
level in `analysis.chain_arrays`) against the reference chain solver (`solver="chain"`,
node by node in `analysis.chain`): the same Fractions, fraction for fraction, the same
advice, ends and expected rounds, on every fight of the bundled books and of the test
books that goes through it, and on a set of generated fights (Luck at best, always and
never, an escape with and without Luck on its cost, opponents together wounding alike
and differently, `win_rounds`, `rounds`, `hurt`, `first_round`, `hurt_only_by`, opponents
only rounds defeat, Luck on one side only (format 1.2), armour, the relative reading,
a pending wound and the wounds queued after it, rounds already fought)."""
from __future__ import annotations

import pytest

from engine.lint.loader import load_book
from engine.rules.defis_fantastiques import fight_cache, odds_solver
from engine.rules.defis_fantastiques.model import Escape, Specials
from engine.rules.defis_fantastiques.odds_solver import solve_family, solve_fight

BOOKS = ("books/la-cloche-de-brumesel.yaml", "books/la-couronne-de-sel.yaml",
         "books/the-clock-of-vennick.yaml", "tests/fixtures/books/arene.yaml",
         "tests/analysis_fixtures/books/df-duel.yaml", "tests/analysis_fixtures/books/df-crypt.yaml",
         "tests/analysis_fixtures/books/df-market.yaml", "tests/analysis_fixtures/books/df-shortcut.yaml",
         "tests/authors/the-heron-gate.yaml")
# (Skill, Stamina, Luck): corners and middles of the rolled sheets
SHEETS = [(7, 14, 7), (9, 17, 8), (10, 19, 10), (11, 15, 12), (12, 24, 12), (8, 23, 9)]

FAMILY = [   # (hero skill, enemies, sheets (Endurance, Luck), options)
    (10, [(8, 6)], [(9, 3), (6, 1), (4, 0), (2, 2)], {"use_luck": True, "luck_policy": "optimal"}),
    (9, [(9, 7)], [(10, 4), (7, 2)], {"use_luck": True, "luck_policy": "always"}),
    (9, [(8, 5), (7, 4)], [(9, 3), (5, 2)], {"mode": "one-by-one", "enemy_damage": [3, 1], "use_luck": True,
                                             "luck_policy": "optimal"}),
    (10, [(7, 6), (6, 5)], [(12, 5), (9, 3), (5, 0)],
     {"mode": "together", "enemy_damage": [2, 1], "use_luck": True, "luck_policy": "optimal",
      "specials": Specials(escape=Escape(2, 2))}),
    (8, [(8, 5)], [(9, 4), (4, 1)], {"use_luck": True, "luck_policy": "optimal",
                                     "specials": Specials(escape=Escape(1, 3, luck=True))}),
    (9, [(9, 6)], [(2, 3), (1, 0), (3, 2)], {"specials": Specials(hurt=True), "armour": (1, 2), "enemy_damage": 3,
                                             "use_luck": True, "luck_policy": "optimal"}),
    (9, [(8, 8)], [(10, 3), (7, 5)], {"specials": Specials(rounds=5, win_rounds=2), "use_luck": True,
                                      "luck_policy": "optimal"}),
]

SINGLE = [   # ff_fight's arguments of fights with specials (odds_special's chain)
    dict(hero=(10, 12), enemies=[(7, 6), (6, 5)], mode="together", luck=6, enemy_damage=[2, 1],
         specials=Specials(escape=Escape(2, 2))),
    dict(hero=(10, 9), enemies=[(7, 6)], luck=8, specials=Specials(escape=Escape(1, 2))),
    dict(hero=(8, 9), enemies=[(9, 6)], luck=5, specials=Specials(escape=Escape(0, 3, luck=True))),
    dict(hero=(8, 9), enemies=[(9, 6)], luck=5, specials=Specials(escape=Escape(1, 3)), fight_on=True),
    dict(hero=(10, 10), enemies=[(9, 8)], luck=7, specials=Specials(rounds=6, win_rounds=3)),
    dict(hero=(10, 10), enemies=[(9, 8)], luck=7, specials=Specials(hurt=True), armour=(1, 3)),
    dict(hero=(9, 10), enemies=[(9, 8), (8, 4)], mode="together", luck=6, specials=Specials(first=2, rounds=8),
         pending="after-wound-taken", pending_enemy=1, queued=(("t", 0),)),
    dict(hero=(9, 8), enemies=[(8, 1), (7, 5)], mode="together", luck=5,
         specials=Specials(win_rounds=3, rounds_only=(True, False))),
    dict(hero=(9, 9), enemies=[(8, 6)], luck=6, specials=Specials(luck_on="taken", rounds=9)),
    dict(hero=(9, 9), enemies=[(8, 6)], luck=6, specials=Specials(luck_on="dealt", first=1)),
    dict(hero=(10, 9), enemies=[(8, 5), (9, 4)], mode="together", luck=6, specials=Specials(immune=(True, False),
                                                                                          rounds=7)),
    dict(hero=(9, 9), enemies=[(9, 7)], luck=6, enemy_damage=3, luck_reading="relative",
         specials=Specials(escape=Escape(2, 1, luck=True))),
    dict(hero=(9, 9), enemies=[(9, 7)], luck=6, luck_policy="always", specials=Specials(rounds=6)),
    dict(hero=(9, 9), enemies=[(9, 7)], luck=6, luck_policy="never", specials=Specials(escape=Escape(1, 1))),
    dict(hero=(10, 9), enemies=[(9, 7)], luck=6, specials=Specials(rounds=8), progress=(3, 0),
         pending="after-wound-dealt"),
]


@pytest.mark.parametrize("case", range(len(FAMILY)))
def test_a_family_of_sheets_agrees_with_the_chain(case):
    skill, enemies, sheets, options = FAMILY[case]
    got = solve_family(skill, enemies, sheets, **options, solver="rows")
    assert got == solve_family(skill, enemies, sheets, **options, solver="chain")
    assert 0 < sum(got) < len(got)   # neither all won nor all lost: the cases decide something


@pytest.mark.parametrize("case", range(len(SINGLE)))
def test_one_sheet_agrees_with_the_chain_fraction_for_fraction(case):
    odds = solve_fight(**SINGLE[case], solver="rows")
    assert odds == solve_fight(**SINGLE[case], solver="chain")
    assert max(odds.outcomes.values()) < 1   # more than one way out: the case decides something


@pytest.mark.parametrize("path", BOOKS)
def test_every_fight_of_the_books_agrees_with_the_chain(path, monkeypatch):
    """Every family and every special fight the books' odds solve through fight_vec,
    solved again by the chain: the same Fractions, the same FightOdds."""
    checked = []

    def family(*args, **options):
        got = solve_family(*args, **options)
        assert solve_family(*args, **options, solver="rows") == solve_family(*args, **options, solver="chain"), \
            (args, options)
        checked.append(args)
        return got

    def fight(*args, **options):
        got = solve_fight(*args, **options)
        specials = options.get("specials")
        if specials is not None and specials.active():
            assert solve_fight(*args, **{**options, "solver": "rows"}) == \
                solve_fight(*args, **{**options, "solver": "chain"}), (args, options)
            checked.append(args)
        return got
    monkeypatch.setattr(odds_solver, "solve_family", family)
    monkeypatch.setattr(odds_solver, "solve_fight", fight)
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
    fight_cache.forget_memory()
    loaded = load_book(path)
    book, module = loaded.book, loaded.module
    rolled = {(s.stats["habilete"], s.stats["endurance"], s.stats["chance"]): s
              for _n, s in module.hero_variants(book) if "weight" in s.extra}
    states = [rolled[k] for k in SHEETS] if rolled else [s for _n, s in module.hero_variants(book)]
    for _n, paragraph in sorted(book.paragraphs.items()):
        spec = paragraph.fields.get("combat")
        if spec:
            for policy in ("optimal", "never"):
                module.fight_wins(book, states, spec, policy=policy)
                module.fight_odds(book, states[0], spec, policy=policy)
    fight_cache.forget_memory()
    if "clock" in path or "couronne" in path or "cloche" in path:
        assert checked   # these books have escapes and specials: they go through fight_vec


@pytest.mark.parametrize("case", [0, 3, 5, 6])
def test_options_floats_cannot_tell_apart_are_compared_exactly(case, monkeypatch):
    """With an error bound so wide that floats tell no two options apart, every choice
    goes through the fingerprints (equal: the first option) and the exact comparison
    (different): the values are still the reference's."""
    from engine.analysis import chain_arrays
    monkeypatch.setattr(chain_arrays, "UNIT", 0.01)
    skill, enemies, sheets, options = FAMILY[case]
    assert solve_family(skill, enemies, sheets, **options, solver="rows") == \
        solve_family(skill, enemies, sheets, **options, solver="chain")


@pytest.mark.parametrize("case", [0, 6, 11])
def test_the_exact_solver_the_rows_fall_back_on_agrees(case, monkeypatch):
    """Where floats could not be trusted (a value below TINY, a normaliser too large
    for the fingerprints' primes), the rows are solved with integers only."""
    from engine.analysis import chain_arrays

    def refuse(*_args, **_kwargs):
        raise chain_arrays.NearTie
    monkeypatch.setattr(chain_arrays.Fast, "__init__", refuse)
    assert solve_fight(**SINGLE[case], solver="rows") == solve_fight(**SINGLE[case], solver="chain")
    skill, enemies, sheets, options = FAMILY[min(case, len(FAMILY) - 1)]
    assert solve_family(skill, enemies, sheets, **options, solver="rows") == \
        solve_family(skill, enemies, sheets, **options, solver="chain")


@pytest.mark.parametrize("options", [{"luck": 10}, {"luck": 9, "luck_policy": "always"},
                                     {"luck": 9, "pending": "after-wound-taken"}])
def test_a_chain_without_fast_path_goes_through_the_rows_and_agrees(options):
    """Opponents wounding differently one after the other (or Luck always tested): no
    fast path reads them; a chain that big is solved as rows, the reference's odds."""
    from engine.rules.defis_fantastiques.odds_solver import rows_pay
    from engine.rules.defis_fantastiques.odds_special import SpecialFight
    fight = SpecialFight(10, (7, 10), "one-by-one", True, options.get("luck_policy", "optimal"), 2, (1, 2), 0,
                         specials=Specials())
    assert rows_pay(fight, 19, (5, 14), options["luck"], 0)
    asked = dict(hero=(10, 19), enemies=[(7, 5), (10, 14)], mode="one-by-one", enemy_damage=[1, 2], **options)
    assert solve_fight(**asked) == solve_fight(**asked, solver="chain")
