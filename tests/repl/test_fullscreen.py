"""The full-screen layout without a terminal: the application driven through a pipe
input and a dummy output, its panes laid out at chosen sizes, and the panels' lines
for the three rule modules."""
from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.layout import VSplit
from prompt_toolkit.output import DummyOutput

from engine.repl import fullscreen, panels
from tests.fixtures.env import BOOKS
from tests.repl.helpers import session, written

ARENE = BOOKS / "arene.yaml"
TAUREAU = Path(__file__).parents[2] / "books" / "le-taureau-d-airain.yaml"


class Sized(DummyOutput):
    def __init__(self, rows=30, columns=60):
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


def run(s, keys: str, output=None) -> fullscreen.FullScreen:
    output = output or Sized()
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        inp.send_text(keys)
        app = fullscreen.FullScreen(s, input=inp, output=output)
        assert app.run() == 0
    return app


def texts(frags) -> str:
    return "".join(f[1] for f in frags)   # (a clickable choice has its handler third)


def test_lines_typed_go_to_the_session_and_ctrl_d_autosaves(tmp_path):
    s = session(tmp_path, book=ARENE)
    app = run(s, "1\r1\r\x04")
    assert s.game.state.paragraph == 2 and s.game.state.pending["round"] == 1
    assert "autosave" in s.store.slots()
    story = "".join(str(block) for block in app.story)
    assert "> 1\n» Avancer vers les gardes" in story and "Partie sauvegardée automatiquement" in story
    assert "  1. Avancer vers les gardes" not in story   # the choices have a pane of their own


def test_quit_ends_the_application(tmp_path):
    s = session(tmp_path, book=ARENE)
    run(s, "quitter\r")
    assert s.finished and "autosave" in s.store.slots()


def test_ctrl_c_cancels_a_question(tmp_path):
    s = session(tmp_path, book=ARENE)
    run(s, "sauver a\reffacer a\r\x03o\r\x04")
    assert "a" in s.store.slots() and s.asking is None


def _laid_out(tmp_path, rows, columns, keys="1\r\x04", book=ARENE):
    s = session(tmp_path, book=book)
    output = Sized(rows, columns)
    app = run(s, keys, output)
    with create_app_session(output=output):
        return app, app._body(), s


def _windows(container) -> list:
    found = [container]
    for child in container.get_children():
        found += _windows(child)
    return found


def _shown(container) -> str:
    out = []
    for w in _windows(container):
        control = getattr(w, "content", None)
        if control is not None and hasattr(control, "text"):
            out.append(texts(control.text() if callable(control.text) else control.text))
    return "\n".join(out)


def test_wide_terminal_puts_the_sheet_beside_the_story(tmp_path):
    app, body, _ = _laid_out(tmp_path, 30, 140)
    top = body.get_children()[0]
    assert isinstance(top, VSplit)
    shown = _shown(body)
    assert "Feuille d'aventure" in shown and "Habileté : 12/12" in shown
    assert "Vous" in shown and "Garde au bouclier" in shown and "1. Lancer l'assaut" in shown


def test_narrow_terminal_puts_the_sheet_above_in_a_few_lines(tmp_path):
    app, body, _ = _laid_out(tmp_path, 30, 60)
    shown = _shown(body)
    sheet = body.get_children()[0].get_children()[0]
    assert sheet.height == 3 and shown.startswith("Habileté 12/12")   # its 3 lines, whole
    assert "Feuille d'aventure" not in shown
    assert "Habileté 12/12 · Endurance 20/20" in shown
    assert all(len(line) <= 60 for line in shown.splitlines())


def test_story_reflows_to_the_width_at_each_redraw(tmp_path):
    s = session(tmp_path, book=ARENE)
    output = Sized(30, 60)
    app = run(s, "\x04", output)
    with create_app_session(output=output):
        narrow = texts(app._story()).splitlines()
        output.size = Size(rows=30, columns=140)
        wide = texts(app._story()).splitlines()
    assert len(wide) < len(narrow) and max(map(len, narrow)) <= 59 < max(map(len, wide))


def test_a_terminal_too_small_for_the_layout_hands_the_game_to_the_line_mode(tmp_path):
    s = session(tmp_path, book=ARENE)
    output = Sized(10, 40)
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = fullscreen.FullScreen(s, input=inp, output=output)
        assert app.run() is fullscreen.SMALL and not s.finished
        shown = _shown(app._body())
    assert "Terminal trop petit (40×10) pour l'affichage plein écran : mode ligne." in shown


def test_fits_decides_between_full_screen_and_line_mode():
    assert fullscreen.fits(Sized(14, 50)) and not fullscreen.fits(Sized(13, 80))
    assert not fullscreen.fits(Sized(40, 49))


def _rows(body, width: int, height: int) -> int:
    """The rows the layout asks for at least: more than the terminal has is what made
    prompt_toolkit draw "Window too small..." instead of the game."""
    return body.preferred_height(width, height).min


def _big_sheet(s, items: int = 14) -> None:
    for n in range(items):
        s.game.state.items[f"objet-{n}"] = 1
    s.game.state.notes.extend(f"une longue note numéro {n} sur la route du nord" for n in range(6))


@pytest.mark.parametrize("rows, columns", [(24, 80), (20, 60), (30, 120), (40, 160)])
def test_the_layout_never_asks_for_more_rows_than_the_terminal_has(tmp_path, rows, columns):
    """In a fight with the biggest sheet a game may have: the choices and the prompt
    whole, the rest cut to fit."""
    s = _in_a_cretan_fight(tmp_path)
    _big_sheet(s)
    output = Sized(rows, columns)
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = fullscreen.FullScreen(s, input=inp, output=output)
        body = app._body()
        assert _rows(body, columns, rows) <= rows
        shown = _shown(body)
    assert "1. Frapper" in shown and "2. Battre en retraite" in shown   # the choices, whole
    # the fight pane where 3 rows are left for it beside the story's 3 (at 60x20 the
    # choices of a Cretan fight take 11 rows: the story's last lines are worth more)
    assert ("Vous" in shown) == (rows >= 24)
    assert not app.leaving


def test_a_sheet_too_long_for_its_column_says_f2_and_f2_opens_it_whole(tmp_path):
    s = session(tmp_path, book=TAUREAU)
    _big_sheet(s)
    output = Sized(24, 120)
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        inp.send_text("\x1bOQ\x04")   # F2, then Ctrl-D
        app = fullscreen.FullScreen(s, input=inp, output=output)
        app.drawer = False
        shown = _shown(app._body())
        assert "… F2 : toute la feuille" in shown and "objet-13" not in shown
        assert app.run() == 0 and app.drawer
        drawer = texts(app._story())
    assert "objet-13" in drawer and "longue note numéro 5" in drawer and "(F2 : retour au récit)" in drawer


def test_tab_completes_a_unique_command_and_enter_runs_it(tmp_path):
    s = session(tmp_path, book=ARENE)
    app = run(s, "feu\t\r\x04")
    story = "".join(str(block) for block in app.story)
    assert "> feuille" in story and "Commande inconnue" not in story


def test_the_end_screen_has_a_pane_at_the_end(tmp_path):
    s = session(tmp_path, book="tiny-en.yaml")
    output = Sized(30, 80)
    app = run(s, "1\r\x04", output)
    with create_app_session(output=output):
        shown = _shown(app._body())
    assert "— The end: victory at paragraph 2 —" in shown and "(new!)" in shown
    assert "The end" not in "".join(str(b) for b in app.story)   # not twice


def test_page_up_scrolls_the_story_back(tmp_path):
    s = session(tmp_path, book=ARENE)
    app = run(s, "aide\r\x1b[5~\x04")
    assert app.back > 0
    with create_app_session(output=Sized()):
        whole, shown = texts(app._lines()).splitlines(), texts(app._story()).splitlines()
        assert shown == whole[:len(whole) - app.back] and app._story_cursor().y == len(shown) - 1
        help_line = next(i for i, line in enumerate(whole) if line.startswith("  parties / slots"))
        assert whole[help_line + 1].startswith(" " * 30)   # the help's hanging indent kept


def test_fighters_for_defis_fantastiques(tmp_path):
    s = session(tmp_path, book=ARENE)
    s.start()
    assert panels.fighters(s.game, "fr") is None
    s.handle_line("1")
    hero, foes = panels.fighters(s.game, "fr")
    assert hero == [("Habileté", "12"), ("Endurance", "20/20"), ("Blessure infligée", "2")]
    assert foes[0] == ("Garde au bouclier", [("Habileté", "6"), ("Endurance", "4")], "")
    s.game.state.pending["enemies"][0]["endurance"] = 0
    assert panels.fighters(s.game, "fr")[1][0][2] == "✝"


def _in_a_cretan_fight(tmp_path):
    s = session(tmp_path, book=TAUREAU, seed=4)
    s.start()
    for _ in range(12):
        if panels.fighters(s.game, "fr"):
            break
        s.handle_line("1")
    return s


def test_fighters_for_chroniques_cretoises(tmp_path):
    s = _in_a_cretan_fight(tmp_path)
    hero, foes = panels.fighters(s.game, "en")
    assert [label for label, _ in hero] == ["Strength", "Protection", "Dice", "Condition"]
    assert foes[0][0] == "Démarque le soldat"
    # the opponent's condition too (issue 33, item 7): the game knows it, the pane says it
    assert foes[0][1] == [("Strength", str(s.game.state.pending["enemies"][0]["force"])),
                          ("Protection", str(s.game.state.pending["enemies"][0]["protection"])),
                          ("Condition", "Unhurt")]


def test_sheet_column_puts_a_list_one_item_a_line(tmp_path):
    s = session(tmp_path, book=TAUREAU)
    lines = str(panels.sheet(s.game, "fr", 31)).splitlines()
    assert "Dieux" in lines and "  Poséidon : Neutre" in lines
    assert all(len(line) <= 31 for line in lines)


def test_choices_are_never_cut_the_story_gives_way(tmp_path):
    app, body, _ = _laid_out(tmp_path, 18, 60, keys="aide\r\x04", book=TAUREAU)
    windows = [w for w in _windows(body) if isinstance(w, type(app.text))]
    assert windows[0].height == 3   # the sheet, cut to 18 // 6 lines (`feuille` shows it all)
    choices = windows[-3]
    assert choices is app.choices   # (one window, kept from redraw to redraw)
    shown = texts(choices.content.text())
    assert choices.height() == 1 + shown.count("\n") and choices.preferred_height(60, 18).min == choices.height()
    assert "6. Héra, reine de l'Olympe" in shown


def test_sheet_line_keeps_each_label_with_its_value(tmp_path):
    s = session(tmp_path, book=ARENE)
    s.game.state.notes.append("la porte nord")
    out = str(panels.sheet_line(s.game, "fr", 30))
    for pair in ("Pièces d'Or 5", "Habileté 12/12", "Arme Épée courte"):
        assert pair in out.replace("\n", "|"), pair
    assert "1. la porte nord" in out


def test_parts_keep_brackets_whole():
    assert panels._parts("Lance (F 3, P 1) — en main, Massue") == ["Lance (F 3, P 1) — en main", "Massue"]


def test_the_fight_panel_shows_the_values_the_fight_uses(tmp_path):
    """Issue 13: bare-handed, the panel shows the Habileté the Attack Strength adds
    (one less than the sheet's), from the fight's own code (combat.hero_skill)."""
    from engine.rules.defis_fantastiques import combat
    s = session(tmp_path, book=ARENE)
    s.start()
    s.handle_line("1")
    pending = s.game.state.pending
    pending["unarmed"] = True
    hero, _ = panels.fighters(s.game, "fr")
    # the sheet's value and the bonus shown as such (issue 33, item 7)
    assert hero[0] == ("Habileté", "11 (12 − 1 de malus)") and combat.hero_skill(s.game, pending) == 11
    you, _ = panels.fight(s.game, "en", 40)
    assert "Skill 11" in " ".join(row[1] for row in you.rows)


def test_chroniques_cretoises_panel_counts_one_die_when_badly_wounded(tmp_path):
    s = _in_a_cretan_fight(tmp_path)
    s.game.state.extra["condition"] = 2
    hero = dict(panels.fighters(s.game, "fr")[0])
    assert hero["Dés"] == "1" and hero["État"] == "Grièvement Blessé"


SWORDS = """\
gamebook: 1.1
title: Les Six Épées
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, equipment: [cotte]}
items:
  cotte: {name: Cotte de mailles, armour: {absorbs: 1, hits: 4, skill_test_penalty: 1}}
paragraphs:
  1:
    text: Le gardien aux six épées.
    combat:
      enemies: [{name: Gardien, habilete: 8, endurance: 14}]
      win_rounds: 6
      win: 2
  2: {text: Vous passez., end: victory}
"""


def test_the_fight_pane_counts_rounds_won_and_the_armours_hits_left(tmp_path):
    """Issue 33, item 7: `win_rounds` and the armour, as the game keeps them."""
    s = written(tmp_path, SWORDS)
    s.start()
    s.game.state.pending["wins"] = 2
    s.game.state.extra["armour_hits"] = 1
    hero, _ = panels.fighters(s.game, "fr")
    assert ("Assauts gagnés", "2/6") in hero and ("Armure", "3 coups à encaisser") in hero


def test_a_group_fought_as_one_is_named_in_french_in_the_french_pane(tmp_path):
    """"Premier rat…, Deuxième rat… and Troisième…" in the French pane (issue 33, item 6)."""
    s = written(tmp_path, "gamebook: 1\ntitle: Les Rats\nlanguage: fr\nrules: defis-fantastiques\nstart: 1\n"
                   "hero: {habilete: 10, endurance: 20, chance: 9, equipment: []}\nparagraphs:\n"
                   "  1:\n    text: Des rats.\n    combat:\n      mode: as-one\n      enemies:\n"
                   "        - {name: Premier rat, habilete: 5, endurance: 3}\n"
                   "        - {name: Deuxième rat, habilete: 5, endurance: 3}\n"
                   "        - {name: Troisième rat, habilete: 5, endurance: 3}\n      win: 2\n"
                   "  2: {text: Victoire !, end: victory}\n")
    s.start()
    _, foes = panels.fighters(s.game, "fr")
    assert foes[0][0] == "Le Premier rat, le Deuxième rat et le Troisième rat"
    _, foes_en = panels.fighters(s.game, "en")
    assert " and " in foes_en[0][0]
