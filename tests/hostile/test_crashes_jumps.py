"""Paragraphs that jump by themselves for ever: an `auto:` cycle, a counted loop longer
than MAX_JUMPS.  They used to end in RecursionError in play and explore (lint passed).
Now lint reports the cycle it can see (`auto-cycle`, file:line:col), and play, explore
and `lint --deep` stop a chain of more than MAX_JUMPS paragraphs with a located book
error (`jump-loop`); a loop within the bound (500 steps) plays to its end."""
from __future__ import annotations

import json

import pytest

from engine.support.limits import MAX_JUMPS
from tests.hostile._limits_support import df_head, no_traceback, run

HEAD = df_head("Boucle", start="START")

# 2 and 3 send the game to each other before anything is asked: lint sees it.
CYCLE = HEAD + """paragraphs:
  1:
    text: Départ.
    choices:
      - {text: Descendre, to: 2}
      - {text: Partir, to: 4}
  2:
    text: Un couloir.
    auto:
      - {to: 3}
  3:
    text: Le même couloir.
    auto:
      - {to: 2}
  4: {text: Victoire, end: victory}
"""

# A counter that counts to STEPS, one automatic jump a step: lint cannot tell how long.
COUNTED = HEAD + """counters:
  n: {name: N, min: 0, max: 100000}
paragraphs:
  1:
    text: Départ.
    choices:
      - {text: Descendre, to: 2}
  2:
    text: Un escalier.
    effects: [{add: {n: 1}}]
    auto:
      - {if: 'n < STEPS', to: 2}
      - {to: 3}
  3: {text: Victoire, end: victory}
"""


def _book(tmp_path, text: str, start: int = 1, steps: int = 0, name: str = "boucle.yaml"):
    path = tmp_path / name
    path.write_text(text.replace("START", str(start)).replace("STEPS", str(steps)), encoding="utf-8")
    return path


def _flat(result) -> str:
    """Both streams, their lines joined (play wraps its messages at the terminal width)."""
    return " ".join((result.stdout + " " + result.stderr).split())


def test_lint_reports_an_auto_cycle_where_it_starts(tmp_path):
    path = _book(tmp_path, CYCLE)
    result = run(["lint", str(path)], tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    assert (f"{path}:14:5: auto-cycle the automatic jumps 2 → 3 → 2 go round for ever"
            in result.stdout), result.stdout


def test_lint_reports_the_cycle_in_french(tmp_path):
    path = _book(tmp_path, CYCLE)
    result = run(["lint", str(path), "--lang", "fr"], tmp_path)
    assert f"{path}:14:5: auto-cycle les sauts automatiques 2 → 3 → 2 tournent en rond" in result.stdout


def test_a_jump_with_a_condition_is_not_a_sure_cycle(tmp_path):
    path = _book(tmp_path, COUNTED, steps=10)
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 0 and "auto-cycle" not in result.stdout, result.stdout


def test_a_loop_of_500_jumps_plays_to_its_end(tmp_path):
    path = _book(tmp_path, COUNTED, steps=500)
    result = run(["play", str(path), "--seed", "1", "--lang", "en"], tmp_path, stdin="1\n")
    no_traceback(result)
    assert "RecursionError" not in _flat(result)
    assert result.returncode == 0 and "Victoire" in result.stdout


def test_a_longer_loop_is_a_located_book_error_and_the_move_is_undone(tmp_path):
    path = _book(tmp_path, COUNTED, steps=5 * MAX_JUMPS)
    result = run(["play", str(path), "--seed", "1", "--lang", "en"], tmp_path, stdin="1\n")
    no_traceback(result)
    text = _flat(result)
    # (compared without white space: a temporary path longer than a line is cut into
    # line-long pieces, wherever its length puts the cut, "FILE:13:3:" included)
    said = f"book error, {path}:13:3: more than {MAX_JUMPS} paragraphs entered one after " \
           "another without the player answering (… 2 → 2"
    assert "".join(said.split()) in "".join(text.split()), text
    assert "move undone" in text and "RecursionError" not in text
    (save,) = (tmp_path / "data" / "saves").glob("*/script.json")
    assert json.loads(save.read_text(encoding="utf-8"))["paragraph"] == 1   # the move undone


def test_a_loop_from_the_start_stops_play_with_one_line(tmp_path):
    path = _book(tmp_path, COUNTED, start=2, steps=5 * MAX_JUMPS)
    result = run(["play", str(path), "--seed", "1", "--lang", "fr"], tmp_path, stdin="1\n")
    no_traceback(result)
    assert result.returncode == 1
    assert f"erreur du livre, {path}:13:3 : plus de {MAX_JUMPS} paragraphes enchaînés" in result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("start", [1, 2], ids=["after-a-move", "at-the-start"])
def test_random_runs_report_the_loop(tmp_path, jobs, start):
    path = _book(tmp_path, COUNTED, start=start, steps=5 * MAX_JUMPS)
    result = run(["explore", str(path), "--runs", "20", "--jobs", jobs, "--lang", "en"], tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    assert f"more than {MAX_JUMPS} paragraphs entered one after another" in result.stdout
    assert "(§ 2)" in result.stdout and "RecursionError" not in result.stdout


@pytest.mark.parametrize("start", [1, 2], ids=["after-a-move", "at-the-start"])
def test_the_exhaustive_explorer_reports_the_loop(tmp_path, start):
    path = _book(tmp_path, COUNTED, start=start, steps=5 * MAX_JUMPS)
    result = run(["explore", str(path), "--exhaustive", "--lang", "en"], tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    assert f"more than {MAX_JUMPS} paragraphs entered one after another" in result.stdout


def test_lint_deep_reports_the_loop_at_its_paragraph(tmp_path):
    path = _book(tmp_path, COUNTED, start=2, steps=5 * MAX_JUMPS)
    result = run(["lint", "--deep", str(path)], tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    assert f"{path}:13:3: explore-error" in result.stdout and f"more than {MAX_JUMPS}" in result.stdout
