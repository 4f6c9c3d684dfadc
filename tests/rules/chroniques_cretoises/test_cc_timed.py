"""Format 1.1 fight specials in Chroniques Crétoises: `rounds`/`timeout` (+
`timeout_effects`), `win_rounds`, `first_round` and `modifiers`, in play (forced
dice), lint, the graph's exits and the odds; each special's agreement of play and
odds fraction for fraction on a fight of its own (the random fights of
test_cc_agreement.py mix them)."""
from __future__ import annotations

import pytest

from cc_helpers import HEADER, codes, game, load, of
from test_cc_agreement import agree

H11 = HEADER.replace("gamebook: 1\n", "gamebook: 1.1\n")
BODY = """\
hero: {force: 7, protection: 15, honneur: 0, honte: 0, zeus_used: true, equipment: [%s]}
paragraphs:
  1:
    text: Le lutteur.
    combat:
      enemies: [{name: Lutteur, force: 7, protection: 14}, {name: Garde, force: 0, protection: 14}]
      win: 2
      all_down: continue
%s
  2: {text: Gagné., end: victory}
  3: {text: Le temps est écoulé., end: victory}
"""
TIMED = "      rounds: 2\n      timeout: 3\n      timeout_effects: [{add: {honte: 1}}]"


def info(g) -> str:
    return " | ".join(m.fr for m in g.prompt().info)


def test_the_fight_stops_after_the_heros_last_strike(tmp_path):
    g = game(tmp_path, BODY % ("", TIMED), [1, 1, 1, 1, 1, 1], header=H11)
    assert "Assaut 1/2" in info(g)
    g.answer("strike")   # misses
    g.answer("defend")   # misses
    assert "Assaut 2/2" in info(g) and "Strike 2/2" in " ".join(m.en for m in g.prompt().info)
    g.answer("strike")   # misses: his second strike was the last
    events = g.drain()
    assert of(events, "combat-timeout") and g.state.paragraph == 3
    assert g.state.stats["honte"] == 1   # timeout_effects


def test_a_wound_on_the_last_strike_still_times_out_but_a_victory_does_not(tmp_path):
    g = game(tmp_path, BODY % ("", "      rounds: 1\n      timeout: 3"), [6, 6], header=H11)
    g.answer("strike")   # wounds the Lutteur, but the fight is not over
    assert g.state.paragraph == 3
    won = game(tmp_path, BODY % ("", "      rounds: 1\n      timeout: 3\n      win_rounds: 1"), [6, 6],
               header=H11)
    won.answer("strike")
    assert won.state.paragraph == 2   # the win comes first


def test_win_rounds_wins_at_the_nth_wound(tmp_path):
    g = game(tmp_path, BODY % ("", "      win_rounds: 2"), [6, 6, 1, 1, 6, 6], header=H11)
    g.answer("strike")
    assert g.state.pending["wounds"] == 1
    g.answer("defend")
    assert "Blessures infligées 1/2" in info(g)
    g.answer("strike")
    events = g.drain()
    assert of(events, "combat-won") and g.state.paragraph == 2   # the Lutteur only Grièvement Blessé


def test_first_round_adds_to_the_first_strike_only(tmp_path):
    # Force 7 + 3 against 14: 4 is enough on the first strike only
    g = game(tmp_path, BODY % ("", "      first_round: {force: 3}"), [2, 2, 1, 1, 2, 2], header=H11)
    assert "Force 10" in info(g)
    g.answer("strike")
    assert g.state.pending["enemies"][0]["condition"] == 1
    g.answer("defend")
    assert "Force 7 " in info(g)
    g.answer("strike")
    assert g.state.pending["enemies"][0]["condition"] == 1   # 4 + 7 misses now


def test_modifiers_weighed_when_the_fight_begins(tmp_path):
    mods = "      modifiers: [{if: 'has(\"lance\")', force: 2}, {if: 'honneur > 5', force: 5}]"
    g = game(tmp_path, BODY % ("lance", mods), header=H11)
    assert g.state.pending["force_bonus"] == 2 and "Force 12" in info(g)   # 7 + lance 3 + 2
    bare = game(tmp_path, BODY % ("", mods), header=H11)
    assert bare.state.pending["force_bonus"] == 0


def test_the_odds_report_each(tmp_path):
    g = game(tmp_path, BODY % ("", TIMED), header=H11)
    spec = g.book.paragraphs[1].fields["combat"]
    odds = g.module.fight_odds(g.book, g.state, spec)
    assert odds.outcomes["timeout"] > 0 and sum(odds.outcomes.get(k, 0) for k in ("win", "lose", "timeout")) == 1
    plain = game(tmp_path, BODY % ("", ""), header=H11)
    base = plain.module.fight_odds(plain.book, plain.state, plain.book.paragraphs[1].fields["combat"])
    for special in ("      win_rounds: 1", "      first_round: {force: 4}",
                    "      modifiers: [{if: 'force > 3', force: 4}]"):
        better = game(tmp_path, BODY % ("", special), header=H11)
        assert better.module.fight_odds(better.book, better.state,
                                        better.book.paragraphs[1].fields["combat"]).win > base.win, special


def fight(**kw) -> dict:
    out = {"force": 4, "protection": 11, "cond": 0, "honour": 2, "shame": 0, "reward": 1,
           "enemies": [{"force": 3, "protection": 11, "cond": 0, "beast": False, "surrenders": True},
                       {"force": 2, "protection": 10, "cond": 1, "beast": True, "surrenders": False}],
           "enemy_first": False, "retreat": 4, "surrender": True, "all_down_ends": False,
           "two_dice": True, "lock": True}
    return {**out, **kw}


def test_play_and_odds_agree_on_each_special(tmp_path):
    for special in ({"rounds": 3}, {"rounds": 1, "enemy_first": True}, {"win_rounds": 2},
                    {"first": 4}, {"modifier": True, "amulet": True}, {"rounds": 2, "win_rounds": 2, "hurt": True}):
        assert agree(tmp_path, fight(**special)), special


def test_lint_exits_and_format(tmp_path):
    loaded = load(tmp_path, BODY % ("", TIMED), header=H11)
    assert not [d for d in loaded.diagnostics if d.severity.value == "error"]
    exits = {e.kind: e.target for e in loaded.module.exits(loaded.book.paragraphs[1])}
    assert exits["timeout"] == 3
    old = load(tmp_path, BODY % ("", TIMED + "\n      win_rounds: 1\n      first_round: {force: 1}"
                                     "\n      modifiers: [{if: 'force > 3', force: 1}]"), name="f1.yaml")
    found = [(d.span.human()[0], d.code) for d in old.diagnostics if d.code == "format-1-1"]
    assert len(found) == 6 and len(set(found)) == 6   # each special once, timeout_effects too
    nowhere = load(tmp_path, BODY % ("", TIMED.replace("timeout: 3", "timeout: 99")), header=H11)
    assert "unknown-target" in codes(nowhere)   # the graph reads the exit
    lonely = load(tmp_path, BODY % ("", "      rounds: 2"), header=H11)
    assert "combat-timeout" in codes(lonely)
    bad = load(tmp_path, BODY % ("", "      modifiers: [{if: 'has(\"lanse\")', force: 1}]"), header=H11)
    found = [d for d in bad.diagnostics if d.severity.value == "error"]
    line, col = found[0].span.human()[:2]   # at the name, inside the condition
    text = (tmp_path / "essai.yaml").read_text(encoding="utf-8").splitlines()[line - 1]
    assert found[0].code == "unknown-reference" and text[col - 1:].startswith('"lanse"'), (text, col)
    broken = load(tmp_path, BODY % ("", "      modifiers: [{if: 'force >', force: 1}]"), header=H11)
    assert [d for d in broken.diagnostics if d.severity.value == "error"]


def test_the_documented_example_is_clean(tmp_path):
    from pathlib import Path
    from engine.lint.loader import load_book
    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules-chroniques-cretoises.md").read_text("utf-8")
    snippet = doc.split("A timed fight, a fight won", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "gue.yaml"
    path.write_text(snippet, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok and not loaded.diagnostics, [(d.code, d.message.en) for d in loaded.diagnostics]
    assert {e.kind for e in loaded.module.exits(loaded.book.paragraphs[1])} == {"win", "timeout"}


def test_the_explorer_plays_them_as_play_does(tmp_path):
    """The explorer's fight nodes (the model) and the explorer answering the real fight
    strike by strike reach the same odds, and they are the fight's odds (no Honour:
    no decision to make)."""
    from engine.analysis.explore.explorer import Explorer
    from engine.analysis.explore.solve import victory_odds
    body = (BODY % ("", TIMED + "\n      win_rounds: 2\n      first_round: {force: 2}")).replace(
        "  3: {text: Le temps est écoulé., end: victory}", "  3: {text: Le temps est écoulé., end: death}")
    loaded = load(tmp_path, body, header=H11)
    nodes = Explorer(loaded.book, loaded.module).run()
    steps = Explorer(loaded.book, loaded.module, fight_nodes=False).run()
    g = game(tmp_path, body, header=H11)
    odds = g.module.fight_odds(g.book, g.state, g.book.paragraphs[1].fields["combat"])
    assert odds.outcomes["timeout"] > 0
    by_model, by_play = victory_odds(nodes)["low"], victory_odds(steps)["low"]
    assert by_model == pytest.approx(by_play, abs=1e-12)
    assert by_model == pytest.approx(float(odds.win), abs=1e-12) and 0 < by_model < 1


def test_the_printed_book_says_them(tmp_path):
    from engine.cli import main
    book = tmp_path / "timed.yaml"
    load(tmp_path, BODY % ("", TIMED + "\n      win_rounds: 2\n      first_round: {force: 2}\n      hurt: 3"),
         header=H11, name="timed.yaml")
    assert main(["export", "--format", "md", "-o", str(tmp_path / "timed.md"), str(book)]) == 0
    text = (tmp_path / "timed.md").read_text(encoding="utf-8").replace("\xa0", " ")
    for line in ("Pour votre premier assaut, ajoutez 2 à votre Force.", "Dès que vous l'avez blessé 2 fois",
                 "Si vous êtes blessé, rendez-vous au [3]", "après 2 de vos assauts, rendez-vous au [3]"):
        assert line in text, line
