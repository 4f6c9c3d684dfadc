"""Format 1.2 selling at a market (`sell: {item: price}`, issue 31 item 7): one copy at
a time, for the rules' money, until the player says "sell nothing more"."""
from __future__ import annotations

import json

from engine.cli import main

from .f12b_helpers import codes, game, load, printed, refuses, run, where

MARKET = """\
paragraphs:
  1:
    text: Le marché aux flèches.
    effects: [{gain: {fleche: 2}}, {sell: {fleche: 2, arc: 5, balluchon: 1}}, {add: {provisions: 1}}]
    choices: [{text: Partir, to: 2}]
  2: {text: Fin., end: victory}
"""


def test_the_player_sells_one_copy_at_a_time_then_the_paragraph_goes_on(tmp_path):
    g = game(tmp_path, MARKET)
    prompt = g.prompt()
    assert prompt.kind == "sell" and prompt.title.en == "Sell what you want"
    assert [o.label.en for o in prompt.options] == ["Sell: Flèche ×2 (Gold Pieces +2)", "Sell: Balluchon (Gold Pieces +1)",
                                                    "Sell nothing more"]   # no bow held: not offered
    assert g.state.stats["provisions"] == 2   # the effects after the sale wait for it
    g.answer("sell:fleche")
    assert g.state.items["fleche"] == 1 and g.state.stats["or"] == 17 and g.prompt().kind == "sell"
    g.answer("sell-done")
    assert g.prompt().kind == "choice" and g.state.stats["provisions"] == 3


def test_selling_everything_ends_the_sale(tmp_path):
    g = game(tmp_path, MARKET.replace("balluchon: 1", "epee: 1"))
    for key in ("sell:fleche", "sell:fleche", "sell:epee"):
        g.answer(key)
    assert g.prompt().kind == "choice" and g.state.stats["or"] == 20 and "fleche" not in g.state.items


def test_nothing_to_sell_asks_nothing(tmp_path):
    g = game(tmp_path, MARKET.replace("{gain: {fleche: 2}}, {sell: {fleche: 2, arc: 5, balluchon: 1}}",
                                      "{sell: {fleche: 2, arc: 5}}"))
    assert g.prompt().kind == "choice" and g.state.stats["or"] == 15


def test_the_1_1_workaround_gives_the_same_games(tmp_path):
    """Format 1.1 wrote a sale as a choice per item, coming back to a paragraph of its own."""
    old = """\
    paragraphs:
      1:
        text: Le marché aux flèches.
        effects: [{gain: {fleche: 2}}]
        choices: [{text: Entrer, to: 1000}]
      1000:
        text: L'étal.
        choices:
          - {text: Vendre une flèche, to: 1000, if: 'count("fleche") >= 1', effects: [{lose: {fleche: 1}}, {add: {or: 2}}]}
          - {text: Vendre le balluchon, to: 1000, if: 'has("balluchon")', effects: [{lose: balluchon}, {add: {or: 1}}]}
          - {text: Ne rien vendre de plus, to: 1001}
      1001:
        text: Vous partez.
        effects: [{add: {provisions: 1}}]
        choices: [{text: Partir, to: 2}]
      2: {text: Fin., end: victory}
    """
    for old_answers, new_answers in ((["1", "1", "2", "3"], ["sell:fleche", "sell:balluchon", "sell-done"]),
                                     (["1", "3"], ["sell-done"])):
        was = run(game(tmp_path, old, version="1.1", name="old.yaml"), old_answers)
        now = run(game(tmp_path, MARKET, name="new.yaml"), new_answers)
        assert was == now, (old_answers, was, now)


def test_bad_sales_are_located(tmp_path):
    assert where(load(tmp_path, MARKET, version="1.1"), "format-1-2") == (16, 37)
    assert where(load(tmp_path, MARKET.replace("arc: 5", "ark: 5")), "unknown-item") == (16, 55)
    assert "schema" in codes(load(tmp_path, MARKET.replace("arc: 5", "arc: -5")))
    outcome = MARKET.replace("    choices: [{text: Partir, to: 2}]\n",
                             "    random: {dice: 1d6, outcomes: [{range: [1, 6], to: 2, effects: [{sell: {arc: 1}}]}]}\n")
    assert "take-here" in codes(load(tmp_path, outcome))


def test_a_module_without_money_cannot_sell(tmp_path):
    from engine.lint.codes import BY_NAME
    path = tmp_path / "cc.yaml"
    path.write_text(BY_NAME["sell-no-money"].bad, encoding="utf-8")
    from engine.lint.loader import load_book
    loaded = load_book(path, use_cache=False)
    found = next(d for d in loaded.diagnostics if d.code == "sell-no-money")
    assert "chroniques-cretoises" in found.message.en


def test_the_export_words_the_sale(tmp_path):
    assert ("vous pouvez vendre, un exemplaire à la fois : « Flèche » pour 2 Pièces d'Or, « Arc » pour "
            "5 Pièces d'Or, « Balluchon » pour 1 Pièce d'Or") in printed(tmp_path, MARKET)
    assert ("you may sell, one copy at a time: 'Flèche' for 2 Gold Pieces, 'Arc' for 5 Gold Pieces, "
            "'Balluchon' for 1 Gold Piece") in printed(tmp_path, MARKET, "en")


def test_a_game_saved_while_selling_resumes(tmp_path):
    from engine.saves.store import check, snapshot
    g = game(tmp_path, MARKET)
    obj = snapshot(g)
    assert obj["pending"]["activity"] == "sell" and check(g.book, g.module, obj) == []


ODDS = """\
paragraphs:
  1:
    text: Le marché.
    effects: [{gain: arc}, {sell: {arc: 4}}]
    choices:
      - {text: Payer le passeur, to: 3, if: 'or >= 19'}
      - {text: Passer à gué, to: 4}
  3:
    text: Le bac.
    random: {dice: 1d6, outcomes: [{range: [1, 4], to: 5}, {range: [5, 6], to: 6}]}
  4:
    text: Le gué.
    random: {dice: 1d6, outcomes: [{range: [1, 2], to: 5}, {range: [3, 6], to: 6}]}
  5: {text: Sur l'autre rive., end: victory}
  6: {text: Noyé., end: death}
"""


def test_the_explorer_sells_exactly(tmp_path, capsys):
    """15 Gold Pieces, and the bow sells for 4: 19 pays the ferry (the other bank on 1-4
    of a die, 2/3); without selling, the ford (1-2, 1/3).  Best play sells: 2/3."""
    load(tmp_path, ODDS)
    assert main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", str(tmp_path / "livre.yaml")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["complete"] and report["errors"] == []
    assert abs(report["victory"]["low"] - 2 / 3) < 1e-12


def test_a_sale_refuses_what_is_not_offered(tmp_path):
    g = game(tmp_path, MARKET)
    assert refuses(g, ("sell:arc", "sell:epee", "take:fleche"))
    assert g.state.stats["or"] == 15 and g.state.items["epee"] == 1
