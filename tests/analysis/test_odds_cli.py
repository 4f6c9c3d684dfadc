"""`gamebook odds` from the command line: output, JSON, validation errors."""
import json
from fractions import Fraction

import pytest

from engine.rules.chroniques_cretoises.odds_solver import cc_fight
from engine.rules.defis_fantastiques.odds_solver import ff_fight
from engine.cli import main


def run_json(capsys, *argv):
    assert main(["odds", *argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_ff_json_matches_solver(capsys):
    out = run_json(capsys, "--rules", "defis-fantastiques", "--hero", "10/20", "--enemy", "8/8")
    expected = ff_fight((10, 20), [(8, 8)])
    assert Fraction(out["win_exact"]) == expected.win
    assert Fraction(out["lose_exact"]) == expected.lose
    assert out["win"] == pytest.approx(0.99979, abs=5e-6)
    assert isinstance(out["win"], float) and isinstance(out["lose"], float)


def test_equal_sheets_exactly_half(capsys):
    out = run_json(capsys, "--rules", "ff", "--hero", "9/12", "--enemy", "9/12")
    assert out["win_exact"] == "1/2" and out["lose_exact"] == "1/2"


def test_ff_text_shows_percent_fraction_chart_and_rounds(capsys):
    assert main(["odds", "--rules", "ff", "--hero", "8/2", "--enemy", "8/2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "50.00%  (1/2)" in out
    assert "Hero's final STAMINA" in out and "(dead)" in out and "█" in out
    assert "Expected length: 1.13 attack rounds" in out  # 1296/1150


def test_french_text(capsys):
    assert main(["odds", "--rules", "ff", "--hero", "8/2", "--enemy", "8/2", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Victoire :" in out and "50,00 %" in out and "(mort)" in out


def test_ff_luck_policy_and_advice(capsys):
    argv = ["--rules", "ff", "--hero", "8/4", "--enemy", "8/4", "--luck", "9"]
    out = run_json(capsys, *argv)
    assert Fraction(out["win_exact"]) == ff_fight((8, 4), [(8, 4)], luck=9).win
    assert out["win_without_resources_exact"] == "1/2"
    dealt = ff_fight((8, 4), [(8, 4)], luck=9, pending="after-wound-dealt").advice
    assert out["first_decisions"]["after-wound-dealt"] == dealt
    assert main(["odds", *argv, "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "Optimal policy" in text and "If you wound the enemy:" in text


def test_ff_group_modes_and_equipment(capsys):
    base = ["--rules", "ff", "--hero", "10/12", "--enemy", "7/4", "--enemy", "8/4"]
    together = run_json(capsys, *base, "--mode", "together")
    assert Fraction(together["win_exact"]) == ff_fight(
        (10, 12), [(7, 4), (8, 4)], mode="together").win
    assert together["advice"].startswith("target:")
    default = run_json(capsys, *base)
    assert Fraction(default["win_exact"]) == ff_fight(
        (10, 12), [(7, 4), (8, 4)], mode="one-by-one").win
    kit = run_json(capsys, *base, "--armour", "1/3", "--damage", "3", "--unarmed")
    assert Fraction(kit["win_exact"]) == ff_fight(
        (10, 12), [(7, 4), (8, 4)], mode="one-by-one", armour=(1, 3), hero_damage=3,
        unarmed=True).win



def test_ff_as_one_with_several_enemies_is_the_merged_opponent_of_play(capsys):
    """Issue 12: `--mode as-one` kept only the first `--enemy` (and a test pinned it);
    it now fights the one opponent play makes of them (model.as_one, read by
    combat.begin): best Skill, Stamina summed, the worst wound."""
    from engine.rules.defis_fantastiques import model
    enemies = [{"name": "a", "habilete": 7, "endurance": 3}, {"name": "b", "habilete": 9, "endurance": 4},
               {"name": "c", "habilete": 6, "endurance": 2}]
    merged = model.as_one(enemies)
    argv = ["--rules", "ff", "--hero", "10/12", "--mode", "as-one"]
    for e in enemies:
        argv += ["--enemy", f"{e['habilete']}/{e['endurance']}"]
    grouped = run_json(capsys, *argv)
    alone = run_json(capsys, "--rules", "ff", "--hero", "10/12",
                     "--enemy", f"{merged['habilete']}/{merged['endurance']}")
    first = run_json(capsys, "--rules", "ff", "--hero", "10/12", "--enemy", "7/3")
    assert grouped["win_exact"] == alone["win_exact"] != first["win_exact"]

def test_cc_defaults_are_the_rules(capsys):
    out = run_json(capsys, "--rules", "chroniques-cretoises", "--hero", "7/15", "--enemy", "5/15")
    assert Fraction(out["win_exact"]) == cc_fight((7, 15), [(5, 15)]).win
    assert out["policy"] == "none"
    assert set(out["hero_final"]) <= {"indemne", "blessé", "grièvement-blessé", "mort"}


def test_cc_honour_conditions_companions(capsys):
    out = run_json(capsys, "--rules", "cc", "--hero", "7/15", "--enemy", "5/15",
                   "--honour", "6", "--hero-condition", "blessé", "--enemy-condition",
                   "wounded", "--enemy-first", "--shame", "3", "--reward", "2")
    expected = cc_fight((7, 15), [(5, 15)], honour=6, spend_honour=True,
                        hero_condition="blessé", enemy_conditions=["blessé"],
                        pending="defence", honte=3, reward=2)
    assert Fraction(out["win_exact"]) == expected.win
    assert out["advice"] == expected.advice and out["advice"].startswith("spend:")
    group = run_json(capsys, "--rules", "cc", "--hero", "7/15", "--enemy", "7/14", "--enemy", "7/14")
    assert "all-badly-wounded" in group["outcomes"]
    assert Fraction(group["lose_exact"]) == cc_fight((7, 15), [(7, 14)] * 2).lose


@pytest.mark.parametrize("argv,fr,en", [
    (["--rules", "ff", "--hero", "10-20", "--enemy", "8/8"], "entiers", "non-negative integers"),
    (["--rules", "ff", "--hero=-1/20", "--enemy", "8/8"], "entiers", "non-negative integers"),
    (["--rules", "nope", "--hero", "10/20", "--enemy", "8/8"], "règles inconnues", "unknown rules"),
    (["--hero", "10/20", "--enemy", "8/8"], "indiquez les règles", "name the rules"),
    (["--rules", "ff", "--hero", "10/20"], "--enemy manquant", "missing --enemy"),
    (["--rules", "ff", "--hero", "10/20", "--enemy", "8/8", "--luck", "-2"], "entier", "integer"),
    (["--rules", "ff", "--hero", "10/20", "--enemy", "8/8", "--honour", "3"], "ne s'applique pas",
     "does not apply"),
    (["--rules", "cc", "--hero", "7/15", "--enemy", "5/15", "--luck", "3"], "ne s'applique pas",
     "does not apply"),
    (["--rules", "cc", "--hero", "7/15", "--enemy", "5/15", "--hero-condition", "dead"],
     "état inconnu", "unknown condition"),
    (["--rules", "ff", "--hero", "10/20", "--enemy", "8/8", "--mode", "all"], "--mode", "--mode"),
    (["--rules", "ff", "--hero", "10/0", "--enemy", "8/8"], "au moins 1", "at least 1"),
    (["--rules", "ff", "--hero", "10/20", "--enemy", "8/8", "--damage", "0"], "au moins 1",
     "at least 1"),
    (["--rules", "cc", "--hero", "7/15", "--enemy", "5/15", "--enemy", "5/15",
      "--enemy-condition", "blessé"], "un par adversaire", "one per enemy"),
])
def test_bad_input_exits_2_with_message_in_both_languages(capsys, argv, fr, en):
    for lang, words in (("fr", fr), ("en", en)):
        assert main(["odds", *argv, "--lang", lang]) == 2
        captured = capsys.readouterr()
        assert words in captured.err and "Traceback" not in captured.err
        assert captured.out == ""


def test_argparse_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["odds", "--rules", "ff", "--hero", "-1/20", "--enemy", "8/8", "--lang", "fr"])
    assert stop.value.code == 2
    assert "erreur" in capsys.readouterr().err
