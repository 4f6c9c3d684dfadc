"""The kai module's own table and lint checks, on small books."""
from __future__ import annotations

import pytest

from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.lint.loader import load_book


@pytest.fixture(scope="module")
def table(kai_installed):
    from gamebook_rules_kai import table
    return table


def test_the_table_covers_every_ratio_and_favours_the_stronger(table):
    assert [table.column(r) for r in (-40, -7, -6, -1, 0, 1, 3, 4, 6, 7, 40)] == \
        [0, 0, 1, 2, 3, 4, 4, 5, 5, 6, 6]
    cells = [(table.losses(r, n), r, n) for r in range(-8, 9) for n in range(10)]
    for (enemy, hero), r, n in cells:
        better = [table.losses(r + 1, n), table.losses(r, min(n + 1, 9))]
        assert all(e >= enemy and h <= hero for e, h in better), (r, n)
    with pytest.raises(ValueError):
        table.losses(0, 10)


def test_a_random_number_is_a_d10_face_minus_one(table, kai_installed):
    loaded = load_book(kai_installed / "book" / "la-tour-de-brume.yaml", use_cache=False)
    g = Game(loaded.book, loaded.module, ScriptedDice([5, 5, 5, 1, 10]))
    g.drain()
    assert [table.random_number(g), table.random_number(g)] == [0, 9]
    assert [e["faces"] for e in g.drain()] == [[1], [10]]


def lint(tmp_path, paragraphs: str):
    path = tmp_path / "kai.yaml"
    path.write_text("gamebook: 1\ntitle: Essai\nrules: kai\nstart: 1\nparagraphs:\n" + paragraphs,
                    encoding="utf-8")
    return [(d.code, d.span.human()) for d in load_book(path, use_cache=False).diagnostics]


def test_two_activities_in_one_paragraph_are_a_located_warning(tmp_path):
    assert lint(tmp_path, "  1:\n    text: Faim et combat.\n    faim: true\n"
                          "    combat: {enemies: [{name: Rat, maitrise: 5, vigueur: 3}], win: 2}\n"
                          "  2: {text: Fin., end: victory}\n") == [("kai-several-activities", (9, 5))]


def test_choosing_disciplines_after_the_start_is_a_warning(tmp_path):
    assert lint(tmp_path, "  1: {text: Début., choices: [{text: Suite, to: 2}]}\n"
                          "  2: {text: Choix., disciplines: {choose: 1}, end: victory}\n") == \
        [("kai-late-creation", (7, 21))]


def test_an_unknown_discipline_in_a_condition_is_an_error_at_its_column(tmp_path):
    found = lint(tmp_path, "  1: {text: A., choices: [{text: B, to: 2, if: 'discipline(\"chase\")'}]}\n"
                           "  2: {text: Fin., end: victory}\n")
    assert found == [("unknown-reference", (6, 60))]


def test_combat_exits_feed_the_graph(tmp_path):
    found = lint(tmp_path, "  1:\n    text: Combat.\n"
                           "    combat: {enemies: [{name: Rat, maitrise: 5, vigueur: 3}], win: 2,"
                           " evade: {to: 9}}\n  2: {text: Fin., end: victory}\n")
    assert found == [("unknown-target", (8, 83))]
