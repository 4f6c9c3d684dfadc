"""The kai plugin's fights as chance nodes (its `fight_outcomes` hook) against the
same fights answer by answer, and `explore --exhaustive` on the plugin's book."""
from __future__ import annotations

import pytest

from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.report import exhaustive
from engine.analysis.explore.solve import victory_odds
from engine.lint.loader import load_book

BOOK = """gamebook: 1
id: kai-duel
title: Deux pillards
language: fr
rules: kai
start: 1
hero: {maitrise: 14, vigueur: 9, couronnes: 0, repas: 0, disciplines: [cri, lame], equipment: [couteau]}
items:
  couteau: {name: Couteau, weapon: true}
paragraphs:
  1:
    text: Deux pillards.
    combat:
      enemies: [{name: Pillard, maitrise: 15, vigueur: 5}, {name: Chef, maitrise: 16, vigueur: 6}]
      win: 2%s
  2: {text: Gagné., end: victory}
  3: {text: Vous fuyez dans le marais et vous y perdez., end: death}
"""


@pytest.mark.parametrize("evade", ["", "\n      evade: {after: 1, to: 3}"])
def test_a_kai_fight_node_is_the_fight_played_answer_by_answer(kai_installed, tmp_path, evade):
    path = tmp_path / "kai.yaml"
    path.write_text(BOOK % evade, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok, loaded.diagnostics
    node = Explorer(loaded.book, loaded.module, with_commands=False).run()
    steps = Explorer(loaded.book, loaded.module, with_commands=False, fight_nodes=False).run()
    assert node.bound is None and steps.bound is None and node.strategies == {"survive"}
    assert victory_odds(node)["low"] == pytest.approx(victory_odds(steps)["low"], abs=1e-12)
    assert node.reached == steps.reached and len(node.states) < len(steps.states)


def test_the_plugin_book_is_explored_from_a_sample_of_its_sheets(kai_installed):
    loaded = load_book(kai_installed / "book" / "la-tour-de-brume.yaml", use_cache=False)
    r = exhaustive(loaded.book, loaded.module, timeout=3)
    assert r["exactness"] == "sampled" and r["bound"] == "timeout" and r["strategies"] == ["survive"]
    v = r["victory"]
    assert 0 < v["low"] <= v["high"] <= 1 and v["sample"]["draws"] >= 16
    assert not r["errors"] and not r["soft_locks"]
