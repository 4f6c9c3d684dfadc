"""Format 1.1 fight specials in Chroniques Crétoises: `hurt` ("if you are wounded,
turn to") and an opponent's `hurt_only_by` (only some weapons wound him), in play,
lint, the graph's exits and the odds (their agreement with play is in
test_cc_agreement.py)."""
from __future__ import annotations

from cc_helpers import HEADER, codes, game, keys, load, of

H11 = HEADER.replace("gamebook: 1\n", "gamebook: 1.1\n")
BODY = """\
hero: {force: 7, protection: 15, honneur: 0, honte: 0, zeus_used: true, equipment: [%s]}
paragraphs:
  1:
    text: Le spectre.
    combat:
      enemies: [{name: Spectre, force: 7, protection: 14%s}]
      win: 2
      hurt: 3
  2: {text: Gagné., end: victory}
  3: {text: Touché., end: victory}
"""


def test_the_first_wound_ends_the_fight_at_hurt(tmp_path):
    g = game(tmp_path, BODY % ("", ""), [1, 1, 6, 6], header=H11)
    g.answer("strike")
    g.answer("defend")
    assert g.state.paragraph == 3 and g.state.extra["condition"] == 0   # Indemne again


def test_a_hit_without_the_weapon_does_no_harm(tmp_path):
    g = game(tmp_path, BODY % ("", ", hurt_only_by: [lance]"), [6, 6], header=H11)
    g.drain()
    g.answer("strike")
    events = g.drain()
    assert of(events, "no-harm") and "Lance" in str(of(events, "no-harm")[0])
    assert g.state.pending["enemies"][0]["condition"] == 0 and keys(g)[0] == "defend"
    g2 = game(tmp_path, BODY % ("lance", ", hurt_only_by: [lance]"), [6, 6], header=H11)
    g2.answer("strike")
    assert g2.state.pending["enemies"][0]["condition"] == 1


def test_the_odds_know_both(tmp_path):
    immune = game(tmp_path, BODY % ("", ", hurt_only_by: [lance]"), header=H11)
    spec = immune.book.paragraphs[1].fields["combat"]
    odds = immune.module.fight_odds(immune.book, immune.state, spec)
    assert odds.win == 0 and odds.outcomes["hurt"] + odds.lose == 1   # he cannot win, only be hurt
    armed = game(tmp_path, BODY % ("lance", ", hurt_only_by: [lance]"), header=H11)
    assert armed.module.fight_odds(armed.book, armed.state, spec).win > 0


def test_lint_exits_and_format(tmp_path):
    loaded = load(tmp_path, BODY % ("", ", hurt_only_by: [lanse]"), header=H11)
    assert "unknown-item" in codes(loaded)
    exits = {e.kind: e.target for e in loaded.module.exits(loaded.book.paragraphs[1])}
    assert exits["hurt"] == 3
    old = load(tmp_path, BODY % ("", ", hurt_only_by: [lance]"), name="f1.yaml")
    assert codes(old).count("format-1-1") == 2
