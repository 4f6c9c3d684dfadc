"""Issue 33, item 7 (the rest): the sheet and the fight pane label a bonus as a bonus
(a weapon's +1 is not summed silently into Habileté), and an item never wraps inside
its parentheses, at 60 and 80 columns."""
from __future__ import annotations

import re

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input

from engine.repl import fullscreen, panels
from tests.repl.helpers import written
from tests.repl.test_fullscreen import Sized, _shown

LANCE = "gamebook: 1.1\ntitle: La Lance de frêne\nlanguage: fr\nrules: defis-fantastiques\nstart: 1\n" + """\
hero: {habilete: 11, endurance: 20, chance: 9, equipment: [lance, cotte, potion, corde, lanterne]}
items:
  lance: {name: Lance de frêne, weapon: {damage: 2, attack: 1}}
  cotte: {name: Cotte de mailles, armour: {absorbs: 1, hits: 4, skill_test_penalty: 1}}
  potion: {name: Potion de vigueur (2 doses restantes)}
  corde: {name: Corde de chanvre tressée (douze mètres)}
  lanterne: {name: Lanterne sourde (huile pour une nuit)}
paragraphs:
  1:
    text: Le gardien du gué lève son bâton.
    combat:
      enemies: [{name: Gardien du gué, habilete: 8, endurance: 14}]
      win: 2
  2: {text: Vous passez le gué., end: victory}
"""


def _lance(tmp_path, lang="fr"):
    s = written(tmp_path, LANCE, lang=lang)
    s.start()
    return s


def test_the_fight_pane_shows_a_weapons_bonus_as_a_bonus(tmp_path):
    s = _lance(tmp_path)
    hero, _ = panels.fighters(s.game, "fr")
    assert hero[0] == ("Habileté", "12 (11 + 1 de bonus)")   # not "Habileté 12"
    hero_en, _ = panels.fighters(s.game, "en")
    assert hero_en[0] == ("Skill", "12 (11 + 1 bonus)")


def test_the_sheet_names_the_weapons_bonus(tmp_path):
    s = _lance(tmp_path)
    sheet = str(panels.sheet(s.game, "fr", 31))
    assert "Habileté : 11/11" in sheet
    assert "Bonus d'arme : +1 à la Force" in sheet and "(Lance de frêne)" in sheet
    line = str(panels.sheet_line(s.game, "en", 79)).replace("\n", " ")
    assert "Weapon bonus +1 to Attack Strength (Ash spear)" not in line   # (the book is French)
    assert "Weapon bonus +1 to Attack Strength (Lance de frêne)" in line


def test_a_sheet_without_a_bonus_has_no_bonus_row(tmp_path):
    s = written(tmp_path, LANCE.replace("attack: 1", "attack: 0"))
    s.start()
    assert "Bonus" not in str(panels.sheet(s.game, "fr", 31))
    assert panels.fighters(s.game, "fr")[0][0] == ("Habileté", "11")


def _unbroken(text: str) -> None:
    """No line of `text` opens a bracket it does not close, nor closes one it did not open."""
    for line in text.splitlines():
        depth = 0
        for ch in line:
            depth += (ch == "(") - (ch == ")")
            assert depth >= 0, f"a bracket closed on a line it did not open: {line!r}"
        assert depth == 0, f"a bracket left open at the end of a line: {line!r}"


@pytest.mark.parametrize("columns", [60, 80])
def test_items_never_wrap_inside_their_parentheses(tmp_path, columns):
    s = _lance(tmp_path)
    s.game.state.notes.append("le passeur demande deux pièces (une à l'aller, une au retour) au gué du nord")
    output = Sized(40, columns)
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = fullscreen.FullScreen(s, input=inp, output=output)
        shown = _shown(app._body())
        app.drawer = True   # F2: the whole sheet in the story's place
        drawer = "".join(f[1] for f in app._story())
    assert "Potion de vigueur (2 doses restantes)" in " ".join(drawer.split())
    for text in (shown, drawer, str(panels.sheet(s.game, "fr", columns - 1)),
                 str(panels.sheet_line(s.game, "fr", columns - 1)),):
        _unbroken(text)
    # on one line (its spaces may be non-breaking ones, shown as spaces)
    assert re.search(r"Potion\sde\svigueur\s\(2\sdoses\srestantes\)", drawer)


def test_items_keep_their_parentheses_in_the_sheet_column(tmp_path):
    """The column beside the story on a wide terminal (SHEET_WIDTH)."""
    s = _lance(tmp_path)
    column = str(panels.sheet(s.game, "fr", fullscreen.SHEET_WIDTH - 1))
    _unbroken(column)
    assert "(2 doses restantes)" in column.replace("\u00a0", " ")


def test_a_bracket_longer_than_a_line_breaks_at_its_spaces_not_inside_a_word():
    from engine.repl.render import fill
    rows = fill(panels.bound("  Armure : Cotte (deux coups encaissés sur quatre)", 16), 20, "    ")
    assert all(len(row) <= 20 for row in rows)
    assert " ".join(r.strip() for r in rows) == "Armure : Cotte (deux coups encaissés sur quatre)"
