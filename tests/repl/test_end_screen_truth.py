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


def _dead_by_shame(tmp_path, zeus_used=False):
    s = session(tmp_path, book=TAUREAU)
    s.start()
    s.handle_line("1")   # Arès: a patron, the gods' attitudes set
    s.game.state.extra["zeus_used"] = zeus_used
    s.game.change("honte", delta=s.game.state.stats["honneur"] + 1, reason="test")
    s.game.module.after_change(s.game)   # Shame above Honour: the rule's death
    assert s.game.state.ended == "death" and s.game.state.death_cause == "shame"
    return s


def test_the_sheet_after_a_death_by_shame_says_what_is_true(tmp_path):
    """It said 'Indemne' and 'Zeus : disponible une fois' (issue 33, item 7): the hero
    is dead, and Zeus raises no one the rule kills for Shame."""
    sheet = " ".join(str(_dead_by_shame(tmp_path).handle_line("feuille")).split())
    assert "Condition physique Mort" in sheet and "Indemne" not in sheet
    assert "Zeus ne peut plus vous aider (la Honte a dépassé l'Honneur)" in sheet
    assert "disponible" not in sheet
    used = " ".join(str(_dead_by_shame(tmp_path / "used", zeus_used=True).handle_line("feuille")).split())
    assert "Zeus déjà invoqué" in used


def test_the_sheet_of_a_living_hero_is_unchanged(tmp_path):
    s = session(tmp_path, book=TAUREAU)
    s.start()
    sheet = " ".join(str(s.handle_line("feuille")).split())
    assert "Condition physique Indemne" in sheet and "Zeus disponible une fois" in sheet


def test_the_status_line_fits_a_narrow_terminal(tmp_path):
    """At 45 columns the line mode's status line read "… Honneur 7  Hont": whole parts
    only, then "…"."""
    s = session(tmp_path, book=TAUREAU)
    s.start()
    wide, narrow = s.toolbar(), s.toolbar(45)
    assert len(wide) > 45 and len(narrow) <= 45 and narrow.endswith("  …")
    assert wide.startswith(narrow[:-3]) and s.toolbar(200) == wide
