"""English books are first-class (issue 32 item 5): an enemy's stats take the hero's
English names (`skill`, `stamina`) and are read exactly as `habilete`, `endurance`."""
from df_helpers import codes, load

FIGHT = """
paragraphs:
  1:
    text: A bear.
    combat: {enemies: [{name: Bear, %s: 8, %s: 10, damage: 3}], win: 2}
  2: {text: Won., end: victory}
"""


def test_skill_and_stamina_are_habilete_and_endurance(tmp_path):
    english = load(tmp_path, FIGHT % ("skill", "stamina"))
    assert english.ok and not english.diagnostics
    assert english.book.paragraphs[1].fields["combat"]["enemies"] == [
        {"name": "Bear", "habilete": 8, "endurance": 10, "damage": 3}]
    french = load(tmp_path, FIGHT % ("habilete", "endurance"))
    assert french.book.paragraphs[1].fields == english.book.paragraphs[1].fields


def test_a_stat_given_under_two_names_or_none(tmp_path):
    both = load(tmp_path, FIGHT.replace("%s: 8", "skill: 8, habilete: 8") % ("stamina",))
    assert codes(both) == ["schema"] and "one of these keys, not both" in both.diagnostics[0].message.en
    missing = load(tmp_path, FIGHT.replace(", %s: 10", "") % ("skill",))
    assert codes(missing) == ["schema"]
    assert "'endurance' or 'stamina' is a required property" in missing.diagnostics[0].message.en
