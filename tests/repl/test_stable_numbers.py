"""A choice keeps its number (issue 33, item 5): on every visit of its paragraph,
whatever is hidden, spent or taken before it; a number that is gone says so."""
from __future__ import annotations

from engine.saves import store as saves
from engine.game import Game
from engine.game.dice import SeededDice
from engine.lint.loader import load_book
from engine.repl.session import Session

BOOK = """\
gamebook: 1.1
title: La Foire
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, equipment: []}
items:
  pomme: {name: Pomme}
paragraphs:
  1:
    text: La foire bat son plein.
    choices:
      - {text: Acheter une pomme, to: 1, once: true, effects: [{gain: pomme}]}
      - {text: Soulever la trappe, to: 2, if: 'visited(2)', show: hidden}
      - {text: Écouter le conteur, to: 1}
      - {text: Quitter la foire, to: 2}
  2: {text: Vous quittez la ville., end: victory}
"""


def _session(tmp_path, lang="fr") -> Session:
    path = tmp_path / "foire.yaml"
    path.write_text(BOOK, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert not [d for d in loaded.diagnostics if d.severity.name == "ERROR"], loaded.diagnostics
    game = Game(loaded.book, loaded.module, SeededDice(1), lang=lang)
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path / "saves"), lang, width=80)


def test_a_taken_once_choice_and_a_hidden_one_leave_the_others_their_numbers(tmp_path):
    s = _session(tmp_path)
    first = str(s.start())
    assert "  1. Acheter une pomme" in first and "  3. Écouter le conteur" in first
    assert "  4. Quitter la foire" in first and "Soulever la trappe" not in first   # 2 hidden
    again = str(s.handle_line("1"))   # the apple bought: choice 1 is no longer offered
    assert "1. Acheter une pomme" not in again
    assert "  3. Écouter le conteur" in again and "  4. Quitter la foire" in again
    assert s.game.state.items == {"pomme": 1}
    assert "La foire bat son plein" in str(s.handle_line("3"))   # 3 is still the storyteller
    assert s.game.state.paragraph == 1 and s.game.state.items == {"pomme": 1}


def test_a_number_no_longer_offered_says_so_and_changes_nothing(tmp_path):
    s = _session(tmp_path)
    s.start()
    s.handle_line("1")
    gone = str(s.handle_line("1"))
    assert "Le choix n° 1 n'est plus proposé ici : tapez 3 ou 4." in gone
    assert "Le choix n° 2 n'est plus proposé ici : tapez 3 ou 4." in str(s.handle_line("2"))
    assert "Il n'y a pas de choix n° 7 : tapez 3 ou 4." in str(s.handle_line("7"))
    assert s.game.state.items == {"pomme": 1} and s.game.state.paragraph == 1
    assert str(s.handle_line("4")).count("Vous quittez la ville.") == 1


def test_the_english_messages(tmp_path):
    s = _session(tmp_path, "en")
    s.start()
    s.handle_line("1")
    assert "Choice 1 is no longer offered here: type 3 or 4." in str(s.handle_line("1"))
