"""`fight_wins` (the book table's fast path: one solve for every sheet of a family)
gives, for every sheet, exactly what `fight_odds` gives that sheet alone: plain
fights with Luck at best (`luck_table`), opponents "together" wounding differently,
specials and escapes (`special_chances`, one chain for every sheet), Luck never
tested.  Every fight of both bundled Défis Fantastiques books, a spread of sheets."""
from fractions import Fraction

import pytest

from engine.analysis.chain import End, chances, solve
from engine.lint.loader import load_book
from engine.rules.defis_fantastiques.odds_solver import _Fight, luck_table, ff_fight

BOOKS = ("books/la-cloche-de-brumesel.yaml", "books/la-couronne-de-sel.yaml")
# (Skill, Stamina, Luck): corners, middles, and sheets an axis from 24 must reach
SHEETS = [(7, 14, 7), (7, 24, 12), (9, 17, 8), (10, 19, 10), (11, 15, 12), (12, 24, 12), (12, 14, 7),
          (8, 23, 9)]


def _sheets(module, book):
    rolled = {(s.stats["habilete"], s.stats["endurance"], s.stats["chance"]): s
              for _n, s in module.hero_variants(book) if "weight" in s.extra}
    return [rolled[k] for k in SHEETS]


@pytest.mark.parametrize("path", BOOKS)
@pytest.mark.parametrize("policy", ["optimal", "never"])
def test_every_fight_of_the_book_agrees_sheet_by_sheet(path, policy):
    loaded = load_book(path)
    book, module = loaded.book, loaded.module
    states = _sheets(module, book)
    for spec in _fights(book):
        wins = module.fight_wins(book, states, spec, policy=policy)
        assert wins == [1 - module.fight_odds(book, s, spec, policy=policy).lose for s in states], spec


def _fights(book):
    return [p.fields["combat"] for _n, p in sorted(book.paragraphs.items()) if "combat" in p.fields]


def test_the_books_have_every_kind_of_fight_the_families_solve():
    kinds = set()
    for path in BOOKS:
        for s in _fights(load_book(path).book):
            mixed = len({e.get("damage", 2) for e in s["enemies"]}) > 1
            kinds.add("escape" if "escape" in s else "mixed " + s.get("mode", "one-by-one") if mixed
                      else "special" if {"rounds", "first_round", "win_rounds", "modifiers"} & set(s)
                      else s.get("mode", "one-by-one"))
    assert kinds >= {"escape", "special", "mixed together", "together", "one-by-one", "as-one"}


def test_opponents_wounding_differently_one_after_the_other_agree_sheet_by_sheet(tmp_path):
    """The chain's family (`family_chances` without specials): Luck at best, always, never."""
    path = tmp_path / "b.yaml"
    path.write_text("""\
gamebook: 1
title: Essai
rules: defis-fantastiques
start: 1
paragraphs:
  1:
    text: Un chien et son maître.
    combat: {enemies: [{name: Chien, habilete: 6, endurance: 5, damage: 1}, {name: Maître, habilete: 8, endurance: 6}], win: 2}
  2: {text: Victoire !, end: victory}
""", encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    book, module = loaded.book, loaded.module
    states, spec = _sheets(module, book)[:4], book.paragraphs[1].fields["combat"]
    for policy in ("optimal", "always", "never"):
        wins = module.fight_wins(book, states, spec, policy=policy)
        assert wins == [1 - module.fight_odds(book, s, spec, policy=policy).lose for s in states]


def test_the_luck_table_reads_every_smaller_sheet_off_one_solve():
    for mode, enemies, armour in [("single", [(9, 10)], None), ("one-by-one", [(8, 6), (9, 7)], None),
                                  ("together", [(7, 5), (8, 4)], None), ("single", [(10, 12)], (1, 3))]:
        win = luck_table(enemies, 9, mode=mode, armour=armour)
        for he, luck in [(24, 12), (20, 12), (17, 9), (9, 0), (3, 5), (1, 1)]:
            assert win(he, luck) == ff_fight((9, he), enemies, mode=mode, luck=luck, armour=armour).win


def test_chances_of_many_roots_equal_each_root_solved_alone():
    fight = _Fight(9, (8,), "single", True, "optimal", 2, 2, 0)
    roots = [fight.advance(he, (6,), luck, 0, ()) for he, luck in [(8, 5), (5, 2), (3, 0), (8, 9)]]
    roots.append(End("win", 4))

    def won(end):
        return 1 if end.outcome == "win" else 0
    got = chances(roots, fight.expand, won, won, 1_000_000)
    for root, p in zip(roots, got):
        alone = solve(root, fight.expand, won, 1_000_000)
        assert p == sum((q for e, q in alone.ends.items() if e.outcome == "win"), Fraction(0))
    assert got[-1] == 1
