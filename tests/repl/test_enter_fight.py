"""Issue 13, prompts: Enter takes the obvious action, and never spends Luck.

A whole Défis Fantastiques fight between equals (some fifteen rounds), played by
pressing Enter only, through the real prompt_toolkit REPL: every round is fought,
every Luck question is answered "no", and the Luck is untouched at the end.
"""
from __future__ import annotations

import textwrap

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine.saves import store as saves
from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book
from engine.repl import shell
from engine.repl.session import Session

BOOK = """\
gamebook: 1
title: Duel
rules: defis-fantastiques
start: 1
hero: {habilete: 9, endurance: 20, chance: 9, or: 0, provisions: 0}
items:
  epee: {name: Épée, weapon: {damage: 2}}
paragraphs:
  1:
    text: Votre double surgit du miroir.
    combat: {enemies: [{name: Double, habilete: 9, endurance: 20}], win: 2}
  2: {text: Vous avez vaincu votre double., end: victory}
"""
SEED = 4


class Recorder:
    """Every round and every Luck question the session showed."""

    def __init__(self, session):
        self.rounds = self.luck_questions = 0
        handle = session.handle_line

        def counted(line):
            out = handle(line)
            text = str(out)
            self.rounds += text.count("Assaut ")
            self.luck_questions += text.count("Ne pas tenter votre Chance (Entrée)")
            return out
        session.handle_line = counted


def duel(tmp_path) -> Session:
    path = tmp_path / "duel.yaml"
    path.write_text(BOOK, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(SEED), lang="fr")
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path), "fr", width=100)


def test_a_whole_fight_on_enter_alone_leaves_luck_untouched(tmp_path):
    s = duel(tmp_path)
    seen = Recorder(s)
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("\r" * 80 + "quit\r")
        shell.run(s, input=inp, output=DummyOutput())
    st = s.game.state
    assert st.ended is not None                   # the fight was fought to its end
    assert seen.rounds >= 12 and seen.luck_questions >= 6
    assert st.stats["chance"] == 9                # never spent


def test_the_digit_of_attack_never_spends_luck(tmp_path):
    s = duel(tmp_path)
    for _ in range(80):
        if s.game.state.ended:
            break
        s.handle_line("1")
    assert s.game.state.ended is not None and s.game.state.stats["chance"] == 9


def test_the_prompt_says_what_enter_does(tmp_path):
    text = str(duel(tmp_path).start())
    assert "1. Lancer l'assaut (Entrée)" in textwrap.dedent(text)
