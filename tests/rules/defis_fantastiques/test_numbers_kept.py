"""Issue 13, prompts: numbered lists do not renumber after each pick (a defeated
opponent stays listed, disabled, so "escape" keeps its number)."""
from df_helpers import play

BODY = """
paragraphs:
  1:
    text: Deux brigands.
    combat:
      mode: together
      win: 2
      escape: {to: 3}
      enemies:
        - {name: Borgne, habilete: 6, endurance: 2}
        - {name: Manchot, habilete: 8, endurance: 3}
  2: {text: Victoire., end: victory}
  3: {text: Fui., end: victory}
"""


def numbered(g):
    return [(o.key, o.enabled) for o in g.prompt().options]


def test_a_defeated_opponent_keeps_his_line_and_escape_its_number(tmp_path):
    g = play(tmp_path, BODY, [1, 1, 1, 1, 6, 6])
    assert numbered(g) == [("attack:0", True), ("attack:1", True), ("escape", True)]
    g.answer("attack:0")   # Borgne: 2 − 2, defeated
    assert numbered(g) == [("attack:0", False), ("attack:1", True), ("escape", True)]
    assert g.prompt().options[0].reason.fr == "vaincu" and g.prompt().default == "attack:1"
