"""The end screen tells the truth (issue 33, item 4): the book's endings counted apart
from deaths met on the way, the death cause as the rule says it, no record written by a
scripted game, no "resume" nor "life 2" after a victory."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.saves.endings import EndingStore
from tests.repl.helpers import session

ROOT = Path(__file__).resolve().parents[2]
TAUREAU = ROOT / "books" / "le-taureau-d-airain.yaml"


def test_a_death_on_the_way_is_not_counted_as_one_of_the_books_endings(tmp_path):
    s = session(tmp_path, book="tiny-en.yaml")
    s.start()
    EndingStore(s.game.book.id, tmp_path).record(7, "death")   # a fight's death, earlier
    text = str(s.handle_line("1"))
    assert "Endings discovered in this book: 1 (of 2 written endings)" in " ".join(text.split())
    assert "Other endings met on the way (deaths in a fight, by a rule): 1" in " ".join(text.split())


def test_death_by_shame_is_named_as_the_rule_says(tmp_path):
    s = session(tmp_path, book=TAUREAU)
    assert s._cause("shame") == " (la Honte a dépassé l'Honneur)"
    assert s._cause("combat") == " (combat)"


def test_after_a_victory_no_resume_and_the_next_adventure_is_a_first_life(tmp_path):
    s = session(tmp_path, book="tiny-en.yaml")
    s.start()
    s.handle_line("1")
    assert s.game.state.ended == "victory"
    bye = " ".join(str(s.autosave()).split())
    assert "Game won, saved automatically." in bye and "--continue" not in bye
    assert "For a new adventure: gamebook play" in bye
    assert "A new adventure." in str(s.handle_line("1")) and s.game.state.lives == 1


DOOR = """\
gamebook: 1
title: The Door
language: en
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, equipment: []}
paragraphs:
  1:
    text: A door stands before you.
    choices:
      - {text: Open it, to: 2}
      - {text: Walk away, to: 3}
  2: {text: Sunlight. You win., end: victory}
  3: {text: You starve., end: death}
"""


def test_a_scripted_game_leaves_the_players_endings_alone(tmp_path):
    data, book = tmp_path / "data", tmp_path / "door.yaml"
    book.write_text(DOOR, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "engine", "play", str(book), "--seed", "1"],
                         input="1\n", capture_output=True, text=True, cwd=ROOT,
                         env={"GAMEBOOK_DATA_DIR": str(data), "PATH": "/usr/bin:/bin"})
    said = " ".join(run.stdout.split())
    assert "The end: victory at paragraph 2" in said, run.stdout + run.stderr
    assert "Endings discovered in this book: 1 (of 2 written endings)" in said
    assert "this ending is not added to those you have found" in said
    assert not (data / "endings").exists()
