"""The REPL logic through handle_line: commands, refusals, amounts, saves, languages."""
from __future__ import annotations

import pytest

from engine.repl.messages import CATALOGUE
from tests.repl.helpers import session


def test_start_shows_header_text_and_numbered_choices(tmp_path):
    out = str(session(tmp_path, width=80).start())
    assert "— 1 —" in out and "  1. Entrer dans la grotte" in out
    assert "  2. Ouvrir la porte de fer (impossible : il faut l'objet « Clé de fer »)" in out


def test_oracle_header_is_styled_italic(tmp_path):
    s = session(tmp_path)
    s.start()
    out = s.handle_line("1")
    assert ("class:header.italic", "— 2 —") in out.fragments
    s.handle_line("annuler")
    assert ("class:header", "— 1 —") in s.handle_line("relire").fragments


@pytest.mark.parametrize("line, expected", [
    ("frobnicate", "Commande inconnue « frobnicate ». Commandes : feuille, inventaire"),
    ("7", "Il n'y a pas de choix n° 7 : tapez un numéro de 1 à 3."),
    ("2", "Refusé : il faut l'objet « Clé de fer »"),
])
def test_bad_input_is_refused_and_state_unchanged(tmp_path, line, expected):
    s = session(tmp_path, width=100)
    s.start()
    before = s.game.save()
    assert expected in str(s.handle_line(line))
    assert s.game.save() == before


def test_command_not_allowed_now_is_refused(tmp_path):
    s = session(tmp_path)
    s.start()
    s.handle_line("1")
    before = s.game.save()
    assert "Refusé : pas le temps de manger maintenant" in str(s.handle_line("eat"))
    assert s.game.save() == before


def test_amount_is_asked_then_checked_then_used(tmp_path):
    s = session(tmp_path)
    s.start()
    s.handle_line("1")
    assert "Combien ? Un nombre de 1 à 3." in str(s.handle_line("2"))
    assert s.prompt_text() == "(1-3) > "
    assert "Donnez un nombre entre 1 et 3." in str(s.handle_line("9"))
    assert s.awaiting is not None
    out = str(s.handle_line("3"))
    assert "Or : 3 → 0" in out and s.game.state.paragraph == 5 and s.awaiting is None


def test_another_command_cancels_the_amount_question(tmp_path):
    s = session(tmp_path)
    s.start()
    s.handle_line("1")
    s.handle_line("2")
    assert "Feuille d'aventure" in str(s.handle_line("sheet")) and s.awaiting is None


def test_save_then_load_slot_and_list(tmp_path):
    s = session(tmp_path)
    s.start()
    assert "Partie sauvegardée : un" in str(s.handle_line("sauver un"))
    s.handle_line("1")
    assert "Sauvegardes : un" in str(s.handle_line("charger"))
    out = str(s.handle_line("load un"))
    assert "Partie chargée : un." in out and s.game.state.paragraph == 1
    assert "un" in s.completion_tree()["charger"]


def test_corrupt_save_is_reported_game_continues_file_kept(tmp_path):
    s = session(tmp_path)
    s.start()
    s.store.dir.mkdir(parents=True)
    bad = s.store.dir / "partie.json"
    bad.write_text('{"version": 1, "book": {"id": "mi')
    out = str(s.handle_line("charger partie"))
    assert "Refusé :" in out and "illisible ou tronqué" in out
    assert s.game.state.paragraph == 1 and "— 2 —" in str(s.handle_line("1"))
    out = str(s.handle_line("sauver"))
    assert "L'ancien fichier, illisible, est gardé sous" in out
    assert (s.store.dir / "partie.damaged.json").read_text().startswith('{"version": 1, "book"')


def test_foreign_book_save_is_refused(tmp_path):
    other = session(tmp_path, "tiny-en.yaml")
    other.handle_line("save x")
    s = session(tmp_path)
    (s.store.dir).mkdir(parents=True, exist_ok=True)
    (s.store.dir / "x.json").write_bytes((other.store.dir / "x.json").read_bytes())
    assert "cette sauvegarde est celle du livre « tiny »" in str(s.handle_line("load x"))


def test_undo_restart_history_quit(tmp_path):
    s = session(tmp_path)
    s.start()
    assert "Rien à annuler." in str(s.handle_line("undo"))
    s.handle_line("1")
    assert "Retour en arrière : paragraphe 1." in str(s.handle_line("annuler"))
    s.handle_line("1")
    assert "» Entrer dans la grotte" in str(s.handle_line("history"))
    assert "Nouvelle aventure (vie n° 2)." in str(s.handle_line("restart"))
    assert "» Entrer" not in str(s.handle_line("history"))
    assert "sauvegardée automatiquement" in str(s.handle_line("quit")) and s.finished
    assert "autosave" in s.store.slots()


def test_english_book_gets_an_english_interface(tmp_path):
    s = session(tmp_path, "tiny-en.yaml")
    assert "Type a choice number, or 'help'." in str(s.start())
    assert "Unknown command 'x'. Commands: sheet, inventory, save" in str(s.handle_line("x"))


def test_option_key_typed_as_a_word(tmp_path):
    s = session(tmp_path, "tiny-en.yaml")
    s.handle_line("1")
    assert "A new adventure" in str(s.handle_line("restart"))


def test_empty_line_shows_the_choices_again(tmp_path):
    s = session(tmp_path)
    s.start()
    assert "  3. Sauter dans le puits" in str(s.handle_line("   "))


def test_toolbar_shows_the_live_sheet(tmp_path):
    s = session(tmp_path)
    assert s.toolbar() == " §1  Vie 10  Or 3  Repas 2"


def test_every_message_exists_in_both_languages():
    for key, (fr, en) in CATALOGUE.items():
        assert fr.strip() and en.strip(), key
        assert sorted(_fields(fr)) == sorted(_fields(en)), key


def _fields(text: str) -> list[str]:
    import string
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]
