"""The live `chances` of a Cretan fight (issue 12 (b), (c)): every outcome with its
probability, every move weighed (surrender and retreat included), why 0 %; and, in a
group fight against the last opponent, odds that agree with play (play_exact)."""
from __future__ import annotations

from fractions import Fraction

from cc_helpers import game
from tests.analysis_fixtures.play_exact import distribution
from test_cc_agreement import advised, classify, expected

from engine.analysis.live import live_moves, live_odds, live_text

BODY = """\
hero: {force: 7, protection: 15, honneur: %d, honte: 1, zeus_used: true, equipment: []}
paragraphs:
  1:
    text: Deux Crétois.
    combat:
      enemies: [{name: Crétois, force: 7, protection: 14}, {name: Garde, force: 7, protection: 14}]
      win: 2
      all_down: %s
      retreat: 3
      surrender: {to: 4}
  2: {text: a, choices: [{text: a, to: 1}]}
  3: {text: a, choices: [{text: a, to: 1}]}
  4: {text: a, choices: [{text: a, to: 1}]}
  5: {text: a, choices: [{text: a, to: 1}]}
"""


def test_a_group_fight_reports_all_badly_wounded_and_why_victory_is_0(tmp_path):
    g = game(tmp_path, BODY % (1, "5"))
    text = live_text(g, "en")
    odds = live_odds(g)
    assert odds.win == 0 and odds.outcomes["all-badly-wounded"] > 0.2
    assert "All badly wounded:" in text and "0% win: in this group fight" in text
    assert "Tous Grièvement Blessés :" in live_text(g, "fr")


def test_every_move_is_weighed_and_a_0_from_shame_is_explained(tmp_path):
    """Honour 1, Shame 1: a retreat pays the last point of Honour, and its point of
    Shame then kills; spending the last point does the same at the fight's end."""
    g = game(tmp_path, BODY % (1, "5"))
    moves = dict(live_moves(g))
    assert set(moves) == {"spend:0", "spend:1", "retreat"}
    assert moves["retreat"].lose == 1 and moves["retreat"].outcomes["shame"] >= Fraction(4, 6)
    text = live_text(g, "en")
    assert "Retreat: 0% survival because of Shame" in text
    assert "Best decision: Spend no Honour" in text and "Safest" not in text


def test_surrender_is_a_move_once_someone_is_badly_wounded(tmp_path):
    g = game(tmp_path, BODY % (5, "5"), [6, 6, 1, 1, 6, 6])
    for key in ("strike", "defend", "strike"):
        g.answer(key, 0)
    moves = dict(live_moves(g))
    assert "surrender" in moves and moves["surrender"].outcomes["surrender"] == 1
    text = live_text(g, "en")
    assert "Surrender: survive 100.00%" in text and "Safest to survive this fight: Surrender (100.00%)" in text


def test_the_last_opponent_of_a_group_ends_the_fight_badly_wounded_as_played(tmp_path):
    """The first Cretan set aside, the second is the last: the book's `all_down`
    paragraph when he too is badly wounded (no need to kill him), `continue`: to the
    end.  The odds from that point equal play's exact distribution."""
    for all_down in ("5", "continue"):
        g = game(tmp_path, BODY % (3, all_down), [6, 6, 1, 1, 6, 6])
        for key in ("strike", "defend", "strike"):
            g.answer(key, 0)
        assert [e["state"] for e in g.state.pending["enemies"]] == ["left", "fighting"]
        odds = live_odds(g)
        assert (odds.outcomes.get("all-badly-wounded", 0) > 0) == (all_down == "5")
        assert (odds.win > 0) == (all_down == "continue")
        assert distribution(g.book, g.module, g.state, advised({}), classify) == expected(odds)
