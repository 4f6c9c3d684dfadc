"""Pricing a book's fights: a start paragraph that divides by zero (`odds BOOK` and
`export --odds` play the start to know the hero: it was a traceback), and an enemy of
Endurance 100,000 (`export --odds` reached 3 GB, then said "no fight to analyse").
Every path that prices a fight refuses such numbers first, as `odds --rules` does."""
from __future__ import annotations

import pytest

from engine.analysis.arguments import MAX_VALUE
from engine.analysis.fight_inputs import fight_too_large
from tests.hostile._limits_support import df_head, no_traceback, run

FIGHT = df_head("Combat") + """paragraphs:
  1:
    text: Départ.
    effects: [EFFECTS]
    choices:
      - {text: Aller, to: 2}
  2:
    text: Un géant.
    combat:
      enemies: [{name: Géant, habilete: 5, endurance: ENDURANCE}]
      win: 3
  3: {text: Fin, end: victory}
"""


def _book(tmp_path, effects: str = "", endurance: int = 8):
    path = tmp_path / "combat.yaml"
    path.write_text(FIGHT.replace("EFFECTS", effects).replace("ENDURANCE", str(endurance)), encoding="utf-8")
    return path


ZERO = "{add: {endurance: '1 / (habilete - habilete)'}}"
ODDS_COMMANDS = {"odds": lambda p: ["odds", str(p)],
                 "export": lambda p: ["export", str(p), "--odds", "-o", str(p.with_suffix(".md"))]}


@pytest.mark.parametrize("command", sorted(ODDS_COMMANDS))
@pytest.mark.parametrize("lang, words", [("en", "book error, {}:9:36: division by zero in"),
                                         ("fr", "erreur du livre, {}:9:36 : division par zéro dans")])
def test_a_start_that_divides_by_zero_is_one_located_line(tmp_path, command, lang, words):
    path = _book(tmp_path, ZERO)
    result = run(ODDS_COMMANDS[command](path) + ["--lang", lang], tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    assert result.stderr.strip() == words.format(path) + (
        " “1 / (habilete - habilete)”" if lang == "en" else " « 1 / (habilete - habilete) »")
    assert not path.with_suffix(".md").exists()


def test_odds_leaves_out_an_enemy_too_large_and_says_why(tmp_path):
    path = _book(tmp_path, endurance=100_000)
    result = run(["odds", str(path), "--lang", "en"], tmp_path)
    no_traceback(result)
    assert result.returncode == 0
    assert f"'endurance' 100000 (Géant): at most {MAX_VALUE} to compute odds" in result.stdout


def test_export_odds_refuses_an_enemy_too_large_instead_of_gigabytes(tmp_path):
    """Under the suite's 1 GiB limit the unbounded table died of MemoryError (caught,
    then "no fight to analyse"); now the appendix says which fight and why."""
    path = _book(tmp_path, endurance=100_000)
    out = path.with_suffix(".md")
    result = run(["export", str(path), "--odds", "-o", str(out)], tmp_path)
    no_traceback(result)
    assert result.returncode == 0
    text = out.read_text(encoding="utf-8").replace("\xa0", " ")   # (French typography)
    assert "aucun combat à analyser" not in text
    assert f"§ 2 (Géant) : non calculé, « endurance » 100000 (Géant) : au plus {MAX_VALUE}" in text


def test_export_odds_of_a_big_fight_within_the_numbers_is_bounded_by_states(tmp_path):
    """999 is within the numbers, but a hero of Endurance 999 makes too many states for
    the table of `export --odds`: left out with the solver's reason, not computed."""
    path = tmp_path / "combat.yaml"
    path.write_text(FIGHT.replace("EFFECTS", "").replace("ENDURANCE", "999")
                    .replace("hero: {equipment: []}", "hero: {habilete: 12, endurance: 999, chance: 9, "
                             "equipment: []}"), encoding="utf-8")
    out = path.with_suffix(".md")
    result = run(["export", str(path), "--odds", "-o", str(out)], tmp_path)
    no_traceback(result)
    assert result.returncode == 0
    assert "fight has more than 200000 states" in out.read_text(encoding="utf-8")


def test_the_shared_bound_passes_a_real_fight_and_what_is_not_a_fight():
    assert fight_too_large({"enemies": [{"name": "Loup", "habilete": 7, "endurance": 6}], "win": 5000}) is None
    assert fight_too_large({"text": "no fight"}) is None and fight_too_large(None) is None
    too_many = fight_too_large({"enemies": [{"name": "Rat", "habilete": 1, "endurance": 1}] * 21})
    assert too_many.en == "21 opponents, at most 20 to compute odds"
