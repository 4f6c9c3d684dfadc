"""The REPL's prompts of the format 1.2 give-ups, takes and sales, in French and English:
numbered like every menu, answered by their number."""
from __future__ import annotations

from tests.repl.helpers import written

BOOK = """\
gamebook: 1.2
title: Le Péage
language: {lang}
rules: defis-fantastiques
start: 1
hero: {{habilete: 10, endurance: 20, chance: 9, provisions: 1, equipment: [{{fleche: 3}}]}}
items:
  fleche: {{name: Flèche}}
  corde: {{name: Corde}}
paragraphs:
  1:
    text: Le péage.
    effects:
      - {{give_up: {{count: 1, stats: [provisions], none: {{end: death}}}}}}
      - {{take: {{choose: 1, from: [corde]}}}}
      - {{sell: {{fleche: 2}}}}
    choices: [{{text: Passer, to: 2}}]
  2: {{text: Fin., end: victory}}
"""


def flat(output) -> str:
    return " ".join(str(output).split())


def test_the_prompts_in_french(tmp_path):
    s = written(tmp_path, BOOK.format(lang="fr"), "fr")
    text = flat(s.start())
    assert "1. Flèche ×3" in text and "2. Provisions : 1 (sur 1)" in text and "3. Ne rien donner" in text
    text = flat(s.handle_line("2"))
    assert "1. Corde" in text and "2. Ne rien prendre de plus" in text
    text = flat(s.handle_line("1"))
    assert "1. Vendre : Flèche ×3 (Pièces d'Or +2)" in text and "2. Ne rien vendre de plus" in text
    s.handle_line("1")
    s.handle_line("2")
    assert s.game.state.items == {"fleche": 2, "corde": 1} and s.game.state.stats["provisions"] == 0


def test_the_prompts_in_english(tmp_path):
    s = written(tmp_path, BOOK.format(lang="en"), "en")
    text = flat(s.start())
    assert "2. Provisions: 1 (of 1)" in text and "3. Give nothing" in text
    text = flat(s.handle_line("1"))
    assert "Take what you want (1 at most)" in text and "2. Take nothing more" in text
    text = flat(s.handle_line("2"))
    assert "Sell what you want" in text and "1. Sell: Flèche ×2 (Gold Pieces +2)" in text
    gold = s.game.state.stats["or"]
    s.handle_line("1")   # one arrow sold
    assert s.game.state.stats["or"] == gold + 2 and s.game.state.items["fleche"] == 1
