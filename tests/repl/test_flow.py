"""Small flow problems a player met (issue 33, item 9): Ctrl-C at a question, a named
save written over, Zeus' "give up"."""
from __future__ import annotations

from pathlib import Path

from tests.repl.helpers import session
from tests.repl.test_saves_kept import in_progress

TAUREAU = Path(__file__).parents[2] / "books" / "le-taureau-d-airain.yaml"


def test_ctrl_c_at_the_resume_question_starts_anew_and_shows_the_new_game(tmp_path):
    s = in_progress(tmp_path)
    s.start()
    text = str(s.cancel())
    assert text.startswith("Annulé.") and "— 1 —" in text and "autosave-previous" in text
    assert s.asking is None and s.game.state.paragraph == 1


def test_ctrl_c_at_a_load_question_keeps_the_game(tmp_path):
    s = session(tmp_path)
    s.start()
    s.handle_line("sauver")
    s.handle_line("1")
    s.handle_line("charger")
    assert s.asking
    assert "Annulé." in str(s.cancel()) and s.game.state.paragraph == 2


def test_a_named_save_asks_before_replacing_another(tmp_path):
    s = session(tmp_path)
    s.start()
    s.handle_line("sauver a")
    s.handle_line("1")
    asked = " ".join(str(s.handle_line("sauver a")).split())
    assert "La sauvegarde « a » existe déjà : la remplacer par la partie en cours ?" in asked
    assert "Rien n'est écrit : « a » est gardée telle quelle." in " ".join(str(s.handle_line("n")).split())
    assert s.store.read("a")["paragraph"] == 1
    s.handle_line("sauver a")
    assert "Partie sauvée : a" in str(s.handle_line("o")) and s.store.read("a")["paragraph"] == 2
    s.handle_line("sauver")   # the quick save is written over without a question
    assert "Partie sauvée : partie" in str(s.handle_line("sauver")) and not s.asking


def test_giving_up_zeus_says_so(tmp_path):
    s = session(tmp_path, book=TAUREAU)
    s.start()
    s.game.goto(22)   # the altar of Zeus (`zeus: true`)
    s.game.drain()
    s.handle_line("zeus")
    number = next(n for n, o in enumerate(s.game.prompt().options, 1) if o.key == "cancel")
    text = str(s.handle_line(str(number)))
    assert "Vous renoncez à invoquer Zeus : il reste disponible." in text
    assert not s.game.state.extra.get("zeus_used")
