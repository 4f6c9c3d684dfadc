"""Layout of the REPL's output: wrapping to the width, French typography, the
banner, the amount question, module commands refused with their reason."""
from __future__ import annotations

from pathlib import Path

from engine.saves import store as saves
from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.lint.loader import load_book
from engine.repl.render import Output, fill
from engine.repl.session import Session

BOOKS = Path(__file__).resolve().parents[2] / "books"


def bundled(tmp_path, name, dice=(), lang=None, width=60) -> Session:
    loaded = load_book(BOOKS / name, use_cache=False)
    lang = lang or loaded.book.language
    game = Game(loaded.book, loaded.module, ScriptedDice(list(dice)), lang=lang)
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path), lang, width=width)


def test_fill_keeps_french_punctuation_with_its_word():
    text = "Il faut choisir maintenant entre les deux portes ; laquelle ouvrez-vous ?"
    for width in range(20, len(text)):
        rows = fill(text, width)
        assert all(len(r) <= width for r in rows), (width, rows)
        assert not any(r.lstrip()[:1] in "?!:;»" for r in rows), (width, rows)
        assert " ".join(rows).split() == text.split()


def test_fill_keeps_guillemets_closed_on_their_word():
    text = "Tapez donc « aide » pour obtenir la liste complète des commandes du jeu"
    for width in range(20, 40):
        rows = fill(text, width)
        assert not any(r.rstrip().endswith("«") or r.lstrip().startswith("»") for r in rows), rows


def test_wrapped_lines_use_their_hanging_indent():
    out = Output().line("  1. " + "mot " * 30, hang="     ").wrapped(40)
    rows = str(out).splitlines()
    assert len(rows) > 2 and rows[0].startswith("  1. mot")
    assert all(r.startswith("     mot") for r in rows[1:])


def test_every_line_of_a_fight_fits_a_narrow_terminal(tmp_path):
    s = bundled(tmp_path, "le-taureau-d-airain.yaml", width=50)
    text = str(s.start()) + str(s.handle_line("1")) + str(s.handle_line("2"))
    text += str(s.handle_line("feuille"))
    assert "Combat contre le Loup gris" in text
    assert all(len(row) <= 50 for row in text.splitlines()), text


def test_banner_puts_the_title_alone_and_the_author_after_par(tmp_path):
    rows = str(bundled(tmp_path, "le-taureau-d-airain.yaml").start()).splitlines()
    assert rows[0] == "Le Taureau d'Airain"
    assert rows[1].startswith("par ") and "règles" not in rows[0].lower()


def test_enter_alone_at_an_amount_means_zero_when_zero_is_allowed(tmp_path):
    s = bundled(tmp_path, "le-taureau-d-airain.yaml", dice=[6, 6])
    s.start()
    s.handle_line("1")
    s.handle_line("2")
    assert "Entrée seule : 0" in str(s.handle_line("1"))
    assert s.prompt_text() == "(0-7, Entrée = 0) > "
    s.handle_line("")
    assert s.awaiting is None and s.game.state.stats["honneur"] == 7
    assert s.game.state.pending["enemies"][0]["condition"] == 1   # the 6+6 hit


def test_module_command_refused_says_why(tmp_path):
    s = bundled(tmp_path, "la-cloche-de-brumesel.yaml", dice=[6] * 20)
    s.start()
    out = str(s.handle_line("manger"))
    assert "Refusé :" in out and ("maximum" in out or "Provisions" in out), out


def test_a_weapon_gained_by_a_choice_changes_force_before_the_next_paragraph(tmp_path):
    s = bundled(tmp_path, "le-taureau-d-airain.yaml", width=100)
    s.start()
    s.handle_line("1")
    s.handle_line("1")
    out = str(s.handle_line("1"))
    assert out.index("Force : 5 → 7") < out.index("— 5 —")


def test_help_names_the_commands_in_the_ui_language_first(tmp_path):
    s = bundled(tmp_path, "la-cloche-de-brumesel.yaml", dice=[6] * 20, lang="en", width=100)
    rows = str(s.handle_line("help")).splitlines()
    assert any(r.startswith("  sheet / feuille ") for r in rows)
    assert any(r.startswith("  eat / manger ") and r.endswith("not in a fight)") for r in rows)


def test_sheet_listing_the_equipment_is_not_followed_by_the_inventory(tmp_path):
    s = bundled(tmp_path, "la-cloche-de-brumesel.yaml", dice=[6] * 20, width=100)
    out = str(s.handle_line("feuille"))
    assert "Épée" in out and "Inventaire" not in out
