"""`gamebook odds BOOK` says what it assumes and leaves no fight out silently: the
policy of each column (the player's resources used at best, or never), what each
column's hero is, every fight without a figure listed with why."""
import json

import pytest

from engine.analysis.book_odds import book_odds
from engine.cli import main
from engine.lint.loader import load_book

DF = """\
gamebook: 1
title: Essai
rules: defis-fantastiques
start: 1
hero: {habilete: 9, endurance: 12, chance: 11, or: 0, provisions: 0, equipment: []}
paragraphs:
  1:
    text: Un gobelin.
    combat: {enemies: [{name: Gobelin, habilete: 8, endurance: 8}], win: 2}
  2:
    text: Un chien et son maître.
    combat: {enemies: [{name: Chien, habilete: 6, endurance: 5, damage: 1}, {name: Maître, habilete: 8, endurance: 6}], win: 3}
  3: {text: Victoire !, end: victory}
"""


def _book(tmp_path, text=DF):
    path = tmp_path / "b.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok, loaded.diagnostics
    return path, loaded


def test_the_table_uses_luck_as_the_player_can(tmp_path):
    _, loaded = _book(tmp_path)
    table = book_odds(loaded.book, loaded.module)
    (typical,) = table.columns
    assert typical.policy == "optimal"
    hero = loaded.module.hero_variants(loaded.book)[0][1]
    spec = loaded.book.paragraphs[1].fields["combat"]
    best = 1 - loaded.module.fight_odds(loaded.book, hero, spec, policy="optimal").lose
    never = 1 - loaded.module.fight_odds(loaded.book, hero, spec, policy="never").lose
    assert table.rows[0].win["typical"] == best and best > never   # Luck helps: it is used


def test_a_fight_with_mixed_enemy_damage_has_its_figure(tmp_path, capsys):
    path, loaded = _book(tmp_path)
    assert main(["odds", str(path), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["paragraph"] for r in rows] == [1, 2] and "left_out" not in rows[1]
    spec = loaded.book.paragraphs[2].fields["combat"]
    state = loaded.module.hero_variants(loaded.book)[0][1]
    odds = loaded.module.fight_odds(loaded.book, state, spec, policy="optimal")
    assert rows[1]["win"]["typical"] == pytest.approx(float(1 - odds.lose))


def test_a_fight_the_module_gives_no_figure_for_is_listed_with_the_reason(tmp_path, monkeypatch, capsys):
    path, loaded = _book(tmp_path)
    module = type(loaded.module)
    real = module.fight_odds

    def none_for_the_pair(self, book, state, spec, pending=None, policy="optimal"):
        return None if len(spec["enemies"]) == 2 else real(self, book, state, spec, pending, policy)
    monkeypatch.setattr(module, "fight_odds", none_for_the_pair)
    monkeypatch.setattr(module, "fight_wins", lambda *a, **k: None)
    assert main(["odds", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Fights left out:\n  § 2  Chien, Maître: the module gives no odds for this fight" in out
    assert main(["odds", str(path), "--lang", "fr"]) == 0
    assert "le module ne donne pas de chances pour ce combat" in capsys.readouterr().out
    assert main(["odds", str(path), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[1]["win"] == {} and "no odds" in rows[1]["left_out"]["en"]


def test_each_column_says_who_the_hero_is_and_how_he_fights(tmp_path, capsys):
    # A rolled hero: typical, weakest, strongest, and the average over the 396 rolled
    # sheets (Skill x Stamina x Luck), every one with Luck at best.
    path, _ = _book(tmp_path, DF.replace("habilete: 9, endurance: 12, chance: 11, ", ""))
    assert main(["odds", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "  typical: Skill 10, Stamina 19, Luck 10 — a typical starting hero" in out
    assert "  weakest: Skill 7, Stamina 14, Luck 7 — the weakest hero character creation can roll; " \
           "what the rules let the hero spend in a fight (Luck), spent at best" in out
    assert "  average: the exact mean over the 396 sheets character creation can roll, each weighted " \
           "by its probability; what the rules let the hero spend in a fight (Luck), spent at best" in out
    assert "never spent" not in out
    assert main(["odds", str(path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "  le plus fort : Habileté 12, Endurance 24, Chance 12 — le héros le plus fort" in out
    assert "jamais dépensé" not in out and "dépensé au mieux" in out


def test_the_average_is_the_weighted_mean_of_every_rolled_sheet_with_luck_at_best(tmp_path):
    """Skill 1d6+6, Stamina 2d6+12, Luck 1d6+6: 396 sheets, each fought with Luck at
    best as the solver fights it alone; Luck helps, so the mean is above the mean
    of the same sheets never testing it."""
    from fractions import Fraction
    from engine.rules.defis_fantastiques.odds_solver import ff_fight
    _, loaded = _book(tmp_path, DF.replace("habilete: 9, endurance: 12, chance: 11, ", ""))
    book, module = loaded.book, loaded.module
    rolled = [s for _n, s in module.hero_variants(book) if "weight" in s.extra]
    assert len(rolled) == 396
    assert {(s.stats["habilete"], s.stats["endurance"], s.stats["chance"]) for s in rolled} == \
        {(k, e, c) for k in range(7, 13) for e in range(14, 25) for c in range(7, 13)}
    spec = book.paragraphs[1].fields["combat"]
    total = sum(Fraction(s.extra["weight"]) for s in rolled)
    def mean(luck):   # (the hero carries no weapon: bare-handed, -1)
        return sum(Fraction(s.extra["weight"]) * ff_fight(
            (s.stats["habilete"] - 1, s.stats["endurance"]), [(8, 8)], luck=luck(s)).win for s in rolled) / total
    best, never = mean(lambda s: s.stats["chance"]), mean(lambda s: None)
    row = book_odds(book, module).rows[0]
    assert row.win["average"] == best > never


def test_a_fight_whose_analysis_fails_is_listed_and_the_others_stay(tmp_path, monkeypatch, capsys):
    path, loaded = _book(tmp_path)
    module = type(loaded.module)
    real = module.fight_odds

    def failing(self, book, state, spec, pending=None, policy="optimal"):
        if spec["enemies"][0]["name"] == "Gobelin":
            raise ValueError("trop de gobelins")
        return real(self, book, state, spec, pending, policy)
    monkeypatch.setattr(module, "fight_odds", failing)
    monkeypatch.setattr(module, "fight_wins", lambda *a, **k: None)
    table = book_odds(loaded.book, loaded.module)
    assert [(x.paragraph, x.reason.en) for x in table.left_out] == [
        (1, "the computation failed (ValueError: trop de gobelins)")]
    assert [r.paragraph for r in table.rows] == [2]


def test_a_cretan_table_spends_honour_as_the_player_can():
    """Chroniques Crétoises: the column's policy is Honour spent at best, and its
    figure is the module's optimal one, above the figure with Honour never spent."""
    from pathlib import Path
    loaded = load_book(Path(__file__).resolve().parents[2] / "books" / "le-taureau-d-airain.yaml")
    table = book_odds(loaded.book, loaded.module)
    (typical,) = table.columns
    assert typical.policy == "optimal" and not table.left_out
    hero = loaded.module.hero_variants(loaded.book)[0][1]
    row = table.rows[0]
    spec = loaded.book.paragraphs[row.paragraph].fields[row.field]
    best = 1 - loaded.module.fight_odds(loaded.book, hero, spec, policy="optimal").lose
    never = 1 - loaded.module.fight_odds(loaded.book, hero, spec, policy="never").lose
    assert row.win["typical"] == best > never
