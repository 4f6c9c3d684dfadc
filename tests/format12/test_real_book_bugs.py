"""Issue 31 item 8, bugs 8-10: codeword ids like flags (with `-`) and a bad id reported
at its own key; `unmet_choices: reason` never explains less than the default; the
random explorer tells a game going round the book's loops from one stuck in place."""
from __future__ import annotations

from engine.analysis.explore.report import random_report
from engine.analysis.explore import run_batch

from .f12_helpers import codes, game, load, transcript, where

RAVEN = """\
codewords:
  corbeau: {name: Corbeau}
  tour-noire: {name: Tour noire}
paragraphs:
  1:
    text: Une tour noire.
    effects: [{flag: tour-noire}]
    choices: [{text: Entrer, to: 2, if: 'flag("tour-noire")'}]
  2: {text: Fin., end: victory}
"""


def test_a_codeword_id_may_hold_a_dash_like_a_flag(tmp_path, monkeypatch, capsys):
    loaded = load(tmp_path, RAVEN, version="1.1")
    assert codes(loaded) == []
    g = game(tmp_path, RAVEN, version="1.1")
    assert "tour-noire" in g.state.flags
    out = transcript(monkeypatch, capsys, tmp_path, RAVEN, "sheet\n")
    assert "Tour noire" in out


def test_a_bad_codeword_id_is_reported_at_its_own_key(tmp_path):
    bad = load(tmp_path, RAVEN.replace("  tour-noire: {name: Tour noire}\n",
                                       "  tour-noire: {name: Tour noire}\n  Tour: {name: Tour}\n"))
    assert codes(bad)[0] == "schema" and where(bad, "schema") == (18, 3)   # `Tour`, not `corbeau` (16)


DOOR = """\
unmet_choices: reason
paragraphs:
  1:
    text: La porte du fond.
    choices:
      - {text: Ouvrir, to: 3, if: 'visited(2) and flag("vu")'}
      - {text: Ouvrir avec la clé, to: 3, if: 'has("cle")'}
      - {text: Aller voir, to: 2}
  2: {text: Une salle., effects: [{flag: vu}], choices: [{text: Retour, to: 1}]}
  3: {text: Fin., end: victory}
"""


def test_reason_falls_back_to_the_default_wording(tmp_path, monkeypatch, capsys):
    out = transcript(monkeypatch, capsys, tmp_path, DOOR, "\n")
    assert "Ouvrir (not possible: needs paragraph 2 first; needs the mark 'vu')" in out
    assert "Ouvrir avec la clé (not possible: you need: Clé de bronze)" in out   # what reason says itself
    out = transcript(monkeypatch, capsys, tmp_path, DOOR, "\n", lang="fr")
    assert "condition non remplie" not in out


HUB = """\
paragraphs:
  1:
    text: La place du marché.
    choices:
      - {text: Les étals, to: 2}
      - {text: Le temple, to: 3}
      - {text: La porte de la ville, to: 4, if: 'or > 100'}
  2: {text: Les étals., choices: [{text: Retour, to: 1}]}
  3: {text: Le temple., choices: [{text: Retour, to: 1}]}
  4: {text: Fin., end: victory}
"""


def test_the_random_explorer_reports_a_loop_without_end_with_its_paragraphs(tmp_path):
    loaded = load(tmp_path, HUB)
    r = random_report(loaded.book, loaded.module, run_batch(loaded.book, loaded.module, 5, seed=1,
                                                            max_steps=200, jobs=1))
    assert list(r["outcomes"]) == ["loop"] and "stuck" not in r["outcomes"]
    problem, = r["problems"]
    assert problem["kind"] == "loop" and problem["loop"] == [1, 2, 3] and problem["count"] == 5


def test_a_game_stuck_in_one_paragraph_is_still_stuck(tmp_path):
    stuck = HUB.replace("      - {text: Les étals, to: 2}\n      - {text: Le temple, to: 3}\n",
                        "      - {text: Attendre, stay: true}\n")
    loaded = load(tmp_path, stuck)
    r = random_report(loaded.book, loaded.module, run_batch(loaded.book, loaded.module, 3, seed=1,
                                                            max_steps=200, jobs=1))
    assert list(r["outcomes"]) == ["stuck"] and "loop" not in r["problems"][0]


def test_the_text_report_names_the_loop(tmp_path, monkeypatch, capsys):
    from engine.cli import main
    path = tmp_path / "hub.yaml"
    load(tmp_path, HUB, name="hub.yaml")
    main(["explore", "--runs", "3", "--jobs", "1", "--max-steps", "100", "--lang", "en", str(path)])
    out = capsys.readouterr().out
    assert "loops without end (step limit) × 3 (§ 1) going round §§ 1, 2, 3" in out
    main(["explore", "--runs", "3", "--jobs", "1", "--max-steps", "100", "--lang", "fr", str(path)])
    assert "boucle sans fin (limite de coups) × 3 (§ 1) en tournant entre les § 1, 2, 3" in capsys.readouterr().out
