"""Issue 11 item 7 and issue 12: the module's fight options, played with forced dice,
and what the prompts and odds say about them (the model's one definition)."""
from fractions import Fraction

from df_helpers import HEADER, codes, events, keys, load, play

from engine.rules.defis_fantastiques import model
from engine.rules.defis_fantastiques.odds import fight_odds
from engine.rules.defis_fantastiques.odds_solver import ff_fight

FIGHT = """
paragraphs:
  1:
    text: Un ogre.
    effects: [{{weapon: hache}}]
    combat:
      win: 2{extra}
      enemies: [{{name: Ogre, habilete: 6, endurance: 9, damage: 3}}]
  2: {{text: Victoire., end: victory}}
"""


def fight(tmp_path, faces, extra="", options=""):
    header = HEADER.replace("start: 1\n", f"start: 1\noptions: {{{options}}}\n") if options else HEADER
    return play(tmp_path, FIGHT.format(extra=extra), faces, header=header)


def test_exact_reading_lucky_wound_taken_costs_exactly_one_point(tmp_path):
    """The module's French text: "ne soustrayez que 1 point" whatever the wound."""
    g = fight(tmp_path, [6, 6, 1, 1, 1, 1])        # the ogre hits (3), lucky (2 <= 9)
    g.answer("attack")
    assert keys(g) == ["pass", "luck"]
    info = [m.en for m in g.prompt().info]
    assert "Ogre wounded you (−3). Lucky: only −1; unlucky: −4 in all." in info
    g.answer("luck")
    assert g.state.stats["endurance"] == 19


def test_a_lucky_wound_the_armour_then_stops_says_no_loss_rather_than_minus_zero(tmp_path):
    """A wound of 3 through a cotte absorbing 2: −1; lucky, 1 point less absorbed: nothing."""
    g = play(tmp_path, FIGHT.format(extra="").replace("effects: [{weapon: hache}]",
                                                      "effects: [{weapon: hache}, {armour: mailles}]"),
             [6, 6, 1, 1, 1, 1])
    g.answer("attack")
    info = [m.en for m in g.prompt().info]
    assert "Ogre wounded you (−1). Lucky: no loss at all; unlucky: −2 in all." in info
    assert any("Chanceux : aucune perte ; malchanceux : −2 en tout." in m.fr for m in g.prompt().info)
    g.answer("luck")
    assert g.state.stats["endurance"] == 20


def test_relative_reading_is_the_english_rules_one_point_less(tmp_path):
    g = fight(tmp_path, [6, 6, 1, 1, 1, 1], options="luck_reading: relative")
    g.answer("attack")
    assert "Ogre wounded you (−3). Lucky: only −2; unlucky: −4 in all." in [m.en for m in g.prompt().info]
    g.answer("luck")
    assert g.state.stats["endurance"] == 18


def test_unlucky_wound_dealt_under_each_reading(tmp_path):
    """The axe deals 3: unlucky, exactly 1 (exact) or 3 − 1 = 2 (relative)."""
    for options, left in (("", 8), ("luck_reading: relative", 7)):
        g = fight(tmp_path, [1, 1, 6, 6, 6, 6], options=options)   # hero hits, unlucky (12 > 9)
        g.answer("attack")
        g.answer("luck")
        assert g.state.pending["enemies"][0]["endurance"] == left


def test_luck_switched_off_by_the_book_or_the_fight(tmp_path):
    for extra, options in (("\n      luck: false", ""), ("", "luck_in_combat: false")):
        g = fight(tmp_path, [6, 6, 1, 1], extra=extra, options=options)
        g.answer("attack")
        assert keys(g) == ["attack"] and g.state.stats["endurance"] == 17
        spec = g.book.paragraphs[1].fields["combat"]
        assert fight_odds(g.book, g.state, spec, policy="optimal") == \
            fight_odds(g.book, g.state, spec, policy="never")


def test_odds_and_advice_read_the_book_reading(tmp_path):
    g = fight(tmp_path, [], options="luck_reading: relative")
    spec = g.book.paragraphs[1].fields["combat"]
    odds = fight_odds(g.book, g.state, spec, policy="optimal")
    assert odds == ff_fight((9, 20), [(6, 9)], luck=9, hero_damage=3, enemy_damage=3,
                            luck_reading="relative")
    assert odds != ff_fight((9, 20), [(6, 9)], luck=9, hero_damage=3, enemy_damage=3)


def test_mixed_enemy_damage_is_analysed(tmp_path):
    """Issue 12: a fight whose opponents deal different wounds is no longer left out."""
    g = play(tmp_path, """
paragraphs:
  1:
    text: Deux gardes.
    combat:
      win: 2
      enemies: [{name: A, habilete: 6, endurance: 2, damage: 1}, {name: B, habilete: 6, endurance: 2, damage: 3}]
  2: {text: Victoire., end: victory}
""")
    spec = g.book.paragraphs[1].fields["combat"]
    odds = fight_odds(g.book, g.state, spec, policy="never")
    assert odds is not None and odds == ff_fight((10, 20), [(6, 2), (6, 2)], mode="one-by-one",
                                                 enemy_damage=[1, 3], solver="chain")
    assert g.module.fight_wins(g.book, [g.state], spec, policy="never") == [odds.win]


def test_model_amounts_of_both_readings():
    assert [model.dealt(8, x, "exact") for x in (None, True, False)] == [8, 10, 1]
    assert [model.taken(8, x, "exact") for x in (None, True, False)] == [8, 1, 9]
    assert [model.dealt(8, x, "relative") for x in (None, True, False)] == [8, 10, 7]
    assert [model.taken(8, x, "relative") for x in (None, True, False)] == [8, 7, 9]
    assert all(model.dealt(2, x, r) == model.dealt(2, x) and model.taken(2, x, r) == model.taken(2, x)
               for x in (None, True, False) for r in model.LUCK_READINGS)


ARMOURED = """
items:
  cuir: {{name: Cuir, armour: {{absorbs: 1, hits: 2{penalty}}}}}
paragraphs:
  1:
    text: Un mur.
    effects: [{{armour: cuir}}]
    test: {{type: skill, success: 2, failure: 3}}
  2: {{text: Oui., end: victory}}
  3: {{text: Non., end: death}}
"""


def test_an_armour_without_a_penalty_adds_one_to_skill_tests(tmp_path):
    """"ajouter au moins 1 à votre lancer de dés": 5 + 5 + 1 = 11 > 10."""
    header = HEADER.split("items:\n")[0].replace("provisions: 2}", "provisions: 2, equipment: []}")
    g = play(tmp_path, ARMOURED.format(penalty=""), [5, 5], header=header)
    g.answer("roll")
    assert [(e["total"], e["penalty"]) for e in events(g, "skill")] == [(11, 1)]
    assert g.state.paragraph == 3


def test_lint_says_where_a_book_sets_the_armour_penalty_to_zero(tmp_path):
    header = HEADER.split("items:\n")[0].replace("provisions: 2}", "provisions: 2, equipment: []}")
    assert "armour-test-zero" in codes(load(tmp_path, ARMOURED.format(penalty=", skill_test_penalty: 0"), header))
    assert "armour-test-zero" not in codes(load(tmp_path, ARMOURED.format(penalty=""), header))


def test_as_one_in_odds_is_the_merged_enemy_of_play():
    assert ff_fight((10, 12), [(7, 3), (9, 4), (6, 2)], mode="as-one", enemy_damage=[1, 3, 2]).win == \
        ff_fight((10, 12), [(9, 9)], enemy_damage=3).win != ff_fight((10, 12), [(7, 3)], enemy_damage=1).win
    assert Fraction(0) < ff_fight((10, 12), [(9, 9)], enemy_damage=3).win < 1


ESCAPE = """
paragraphs:
  1:
    text: Un ogre.
    combat:
      win: 2
      escape: {to: 3, cost: {endurance: 3}}
      enemies: [{name: Ogre, habilete: 6, endurance: 9}]
  2: {text: Victoire., end: victory}
  3: {text: En fuite., end: victory}
"""


def test_escape_cost_is_paid_as_written_by_default(tmp_path):
    """Decision 11: the French text has no escape rule; the paragraph's cost is paid."""
    g = play(tmp_path, ESCAPE, [])
    g.answer("escape")
    assert g.state.paragraph == 3 and g.state.stats["endurance"] == 17


def test_escape_luck_option_makes_the_cost_a_wound_luck_may_lessen(tmp_path):
    header = HEADER.replace("start: 1\n", "start: 1\noptions: {escape_luck: true}\n")
    g = play(tmp_path, ESCAPE, [1, 1], header=header)
    g.answer("escape")
    assert keys(g) == ["pass", "luck"] and g.state.stats["endurance"] == 17
    assert "Your escape costs −3 Stamina. Lucky: only −1; unlucky: −4 in all." in [m.en for m in g.prompt().info]
    g.answer("luck")                            # 2 <= 9: lucky, exactly 1 point
    assert g.state.paragraph == 3 and g.state.stats["endurance"] == 19 and g.state.stats["chance"] == 8
    g = play(tmp_path, ESCAPE, [], header=header)
    g.answer("escape")
    g.answer("pass")
    assert g.state.paragraph == 3 and g.state.stats["endurance"] == 17


LIVE = ESCAPE.replace("cost: {endurance: 3}", "cost: {endurance: 2}").replace(
    "habilete: 6, endurance: 9}", "habilete: SKILL, endurance: 6, damage: 3}")


def test_live_advice_compares_attack_and_escape_and_says_why_zero(tmp_path):
    from engine.analysis.live import live_odds, live_text
    g = play(tmp_path, LIVE.replace("SKILL", "8"), [])
    text = live_text(g, "en")
    assert "Best decision: Attack (attack: win 99.72%, leave alive 100.00%; escape to 3: you leave the fight " \
        "(Stamina 18, leave alive 100.00%))" in text
    assert "Escape:                     0.28%" in text   # fighting on, escaping later when it is safer
    from engine.rules.defis_fantastiques.model import Escape, Specials
    escape = Specials(escape=Escape(0, 2, False))   # the same fight, its escape priced
    assert live_odds(g).outcomes == ff_fight((10, 20), [(8, 6)], luck=9, enemy_damage=3, specials=escape).outcomes
    assert live_odds(g).win < ff_fight((10, 20), [(8, 6)], luck=9, enemy_damage=3).win   # escaping, sometimes
    g = play(tmp_path, LIVE.replace("SKILL", "30"), [])
    text = live_text(g, "fr")
    assert "Meilleure décision : Fuyez" in text
    assert "votre Force d'Attaque (au plus 22) ne dépasse jamais celle de Ogre (au moins 32)" in text


def test_live_advice_escapes_when_fighting_on_risks_death(tmp_path):
    """Issue 12: 3 Endurance left against a wound of 3, an escape costing 2: escaping
    leaves alive for sure, fighting on may kill; the odds are the escape's, the advice
    compares both with their figures."""
    import json

    from engine.analysis.live import live_odds, live_text
    g = play(tmp_path, LIVE.replace("SKILL", "8"), [])
    g.state.stats["endurance"] = 3
    odds = live_odds(g)
    assert odds.outcomes == {"win": 0, "escape": 1, "lose": 0} and odds.hero_final == {1: 1}
    told = json.loads(odds.advice[len("moves:"):])
    assert told["best"] == "escape"
    (attack, win, _x, alive), escape = told["moves"]
    assert attack == "attack" and 0 < Fraction(win) <= Fraction(alive) < 1 and escape == ["escape", "0", [3, 1], "1"]
    text = live_text(g, "fr")
    assert "Meilleure décision : Fuyez (attaquer : victoire" in text and \
        "fuir vers le 3 : vous quittez le combat (Endurance 1, sortie vivante 100,00 %)" in text


def test_live_advice_prices_both_luck_answers_from_the_model(tmp_path):
    """After a wound of 3 taken (Endurance 20 -> 17): not testing = the fight from 17;
    testing = 30/36 from 19 (exactly 1 point) + 6/36 from 16 (3 + 1), Luck 8."""
    from engine.analysis.live import live_odds
    g = play(tmp_path, LIVE.replace("SKILL", "8"), [6, 6, 1, 1])
    g.answer("attack")
    advice = live_odds(g).advice
    moves = dict((k, Fraction(p)) for k, p, *_x in __import__("json").loads(advice[len("moves:"):])["moves"])

    from engine.rules.defis_fantastiques.model import Escape, Specials

    def win(he, luck):   # (the fight's escape priced: model.ESCAPE_POLICY)
        return ff_fight((10, he), [(8, 6)], luck=luck, enemy_damage=3, specials=Specials(escape=Escape(0, 2))).win
    assert moves["no-luck"] == win(17, 9)
    assert moves["use-luck"] == Fraction(30, 36) * win(19, 8) + Fraction(6, 36) * win(16, 8)



IMMUNE = """
paragraphs:
  1:
    text: Un spectre.
    combat:
      win: 2
      enemies: [{name: Spectre, habilete: 5, endurance: 4, hurt_only_by: [dague]}]
  2: {text: Victoire., end: victory}
"""
IMMUNE_HEADER = HEADER.replace("gamebook: 1\n", "gamebook: 1.1\n").replace(
    "items:\n", "items:\n  dague: {name: Dague d'argent}\n")


def test_book_odds_note_a_fight_no_sheet_can_win_and_not_one_it_can(tmp_path):
    """Issue 12: 0 % in every column, and the note under the row saying why; with the
    dagger carried the fight is winnable and no note is written."""
    from engine.analysis.book_odds import book_odds
    from engine.rules.defis_fantastiques.odds import zero_reason
    g = play(tmp_path, IMMUNE, [], header=IMMUNE_HEADER)
    table = book_odds(g.book, g.module)
    (row,) = table.rows
    assert set(row.win.values()) == {0}
    assert [m.en for m, _c in row.notes] == ["only one of these weapons can wound Spectre and you carry none: "
                                             "Dague d'argent"]
    spec = g.book.paragraphs[1].fields["combat"]
    state = g.state.copy()
    state.items["dague"] = 1
    assert zero_reason(g.book, state, spec) is None and zero_reason(g.book, g.state, spec) is not None
    from engine.analysis.live import live_text   # and the live advice says the same
    assert "0%: only one of these weapons can wound Spectre and you carry none: Dague d'argent" in live_text(g, "en")
