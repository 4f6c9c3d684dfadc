"""Issue 13, prompts: after a refused amount, the retry is read the way it was typed."""
from __future__ import annotations

from tests.rules.chroniques_cretoises.cc_helpers import game
from engine.saves import store as saves
from engine.repl.session import Session

FIGHT = """\
hero: {honneur: 5, honte: 0, patron: Arès}
paragraphs:
  1:
    text: Un garde.
    combat:
      enemies: [{name: Garde, force: 6, protection: 14}]
      win: 2
  2: {text: Gagné., end: victory}
"""


def fight(tmp_path, faces) -> Session:
    g = game(tmp_path, FIGHT, faces)
    g.drain()
    return Session(g, saves.SaveStore("essai", tmp_path), "fr", width=200)


def test_choice_and_amount_retyped_after_a_refusal(tmp_path):
    s = fight(tmp_path, [6, 6])
    assert "Donnez un nombre entre 0 et 5" in str(s.handle_line("1 9"))
    s.handle_line("1 3")           # option 1 again, spending 3 (not "spend 1")
    assert s.game.state.stats["honneur"] == 2


def test_a_bare_number_after_a_refusal_is_the_amount(tmp_path):
    s = fight(tmp_path, [6, 6])
    s.handle_line("1 9")
    s.handle_line("1")
    assert s.game.state.stats["honneur"] == 4
