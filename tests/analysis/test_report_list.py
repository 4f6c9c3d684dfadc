"""Issue 12, item 3: the report of `explore --exhaustive` lists, with exact odds, the
best route's decisions, the fights that decide the book, the soft-locks, the
paragraphs unreachable in play and the doomed ones, on a book where each is known
by hand: a fight (§ 2) the only way to the victory, a marsh (§ 5, § 6) with no way
out but one that asks for a key nobody gives (§ 6 a soft-lock, § 7 and § 8 linked
but never entered)."""
from fractions import Fraction

from engine.analysis.book_odds import book_odds
from engine.analysis.explore.report import exhaustive
from engine.analysis.explore.text import exhaustive_text
from engine.lint.loader import load_book

BOOK = """\
gamebook: 1
title: Petit
rules: defis-fantastiques
start: 1
items: {clé: {name: Clé}}
hero: {habilete: 9, endurance: 6, chance: 8, or: 0, provisions: 0, equipment: []}
paragraphs:
  1:
    text: Un carrefour.
    choices:
      - {text: Le gobelin, to: 2}
      - {text: Le marais, to: 5}
  2:
    text: Un gobelin.
    combat: {enemies: [{name: Gobelin, habilete: 8, endurance: 5}], win: 3}
  3:
    text: Une porte.
    choices:
      - {text: Entrer, to: 4}
      - {text: Avec la clé, to: 7, if: 'has("clé")'}
  4: {text: Victoire !, end: victory}
  5:
    text: Le marais.
    choices:
      - {text: Avancer, to: 6}
  6:
    text: Vous êtes perdu, sans issue.
    choices:
      - {text: Revenir, to: 8, if: 'has("clé")'}
  7: {text: Trésor., end: victory}
  8: {text: Retour., end: victory}
"""


def _loaded(tmp_path):
    path = tmp_path / "petit.yaml"
    path.write_text(BOOK, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok
    return path, loaded


def test_the_report_lists_route_deciding_fight_soft_lock_unreachable_and_doomed(tmp_path):
    path, loaded = _loaded(tmp_path)
    r = exhaustive(loaded.book, loaded.module)
    # the fight is the whole book: its exact odds, as `gamebook odds BOOK` gives them
    fight = book_odds(loaded.book, loaded.module).rows[0].win["typical"]
    assert r["complete"] and Fraction(r["exact"]) == fight and 0 < fight < 1
    route = [(x["paragraph"], x["move"], x["odds"]["exact"]) for x in r["best_route"]]
    assert route[0] == (1, "1", str(fight)) and route[1][:2] == (2, "~luck-optimal") and route[2] == (3, "1", "1")
    (deciding,) = r["deciding"]
    assert deciding["paragraph"] == 2 and Fraction(deciding["lost_here"]["exact"]) == 1 - fight
    assert [s["paragraph"] for s in r["soft_locks"]] == [6] and r["soft_locks"][0]["replay"]
    assert r["unreachable_in_play"] == [7, 8]
    assert [d["paragraph"] for d in r["doomed"]] == [5, 6]


def test_the_text_report_says_each_list_in_both_languages(tmp_path):
    _, loaded = _loaded(tmp_path)
    r = exhaustive(loaded.book, loaded.module)
    en, fr = exhaustive_text(r, "en", "petit.yaml"), exhaustive_text(r, "fr", "petit.yaml")
    assert "Best route" in en and "§ 2 ~luck-optimal" in en and "Soft-lock at § 6" in en
    assert "Doomed paragraphs (reached, no victory possible any more): 5, 6" in en
    assert "Unreachable in play (though linked in the graph): 7, 8" in en
    assert f"Exact value: {r['exact']}" in en and f"Valeur exacte : {r['exact']}" in fr
    # fights followed the module's strategies: the figure says what it is exact for
    assert "a lower bound of best play where a fight offers decisions they do not take" in en
    assert "une borne basse du jeu optimal quand un combat offre des décisions qu'elles ne prennent pas" in fr


def test_a_figure_that_is_neither_0_nor_1_is_never_printed_as_either(tmp_path):
    _, loaded = _loaded(tmp_path)
    r = exhaustive(loaded.book, loaded.module)
    r["best_route"][1]["odds"] = {"value": 0.9999999995, "exact": None}   # a sheet all but sure
    r["best_route"][0]["odds"] = {"value": 1e-9, "exact": None}
    text = exhaustive_text(r, "en", "petit.yaml")
    assert "§ 2: ~luck-optimal  > 99.99 %" in text and "§ 1: 1  < 0.01 %" in text
    assert "§ 3: 1  100.00 %" in text   # exactly 1
