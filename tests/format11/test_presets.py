"""`gamebook play BOOK --start N --set stat=V --give item`: testing from anywhere."""
from __future__ import annotations

import io

import pytest

from engine.cli import main
from pathlib import Path

CLOCHE = str(Path(__file__).resolve().parents[2] / "books" / "la-cloche-de-brumesel.yaml")


def play(monkeypatch, capsys, argv, stdin="fiche\n"):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_start_set_and_give_shape_the_first_sheet(monkeypatch, capsys):
    code, out, _ = play(monkeypatch, capsys, [CLOCHE, "--seed", "1", "--start", "5", "--set", "skill=3",
                                              "--give", "lance", "--give", "cle,sifflet"])
    assert code == 1 and "— 5 —" in out and "— 1 —" not in out
    assert "Habileté     3/3" in out                       # the English alias, value and ceiling
    assert "Clé de fer noirci" in out and "Sifflet d'os" in out and "Lance de frêne" in out


def test_restart_keeps_the_preset(monkeypatch, capsys):
    _, out, _ = play(monkeypatch, capsys, [CLOCHE, "--seed", "2", "--start", "5"], "recommencer\n")
    assert out.count("— 5 —") == 2


@pytest.mark.parametrize("argv, fr, en", [
    (["--set", "habilite=3"], "caractéristique inconnue « habilite » ; vouliez-vous dire « habilete » ?",
     "unknown stat 'habilite'; did you mean 'habilete'?"),
    (["--set", "habilete"], "n'est pas de la forme stat=valeur", "is not stat=value"),
    (["--set", "habilete=dix"], "valeur invalide « dix »", "invalid value 'dix'"),
    (["--give", "lanterne"], "objet inconnu « lanterne » ; vouliez-vous dire « lance » ?",
     "unknown item 'lanterne'; did you mean 'lance'?"),
    (["--start", "999"], "le paragraphe « 999 » n'existe pas", "paragraph '999' does not exist"),
])
def test_bad_presets_are_usage_errors_naming_the_culprit(monkeypatch, capsys, argv, fr, en):
    code, out, err = play(monkeypatch, capsys, [CLOCHE, *argv])
    assert code == 2 and fr in err and out == ""
    code, _, err = play(monkeypatch, capsys, [CLOCHE, "--lang", "en", *argv])
    assert code == 2 and en in err


def test_an_english_name_misspelt_is_answered_with_the_english_name(monkeypatch, capsys):
    """An English book's author writes English names: `--set stamna=3` suggests `stamina`."""
    heron = str(Path(__file__).resolve().parents[2] / "tests" / "authors" / "the-heron-gate.yaml")
    code, _, err = play(monkeypatch, capsys, [heron, "--set", "stamna=3"])
    assert code == 2 and "unknown stat 'stamna'; did you mean 'stamina'?" in err


def test_presets_do_not_combine_with_continue(monkeypatch, capsys):
    code, _, err = play(monkeypatch, capsys, [CLOCHE, "--continue", "--start", "5"])
    assert code == 2 and "--continue" in err


def test_the_example_of_play_md_runs_as_written(monkeypatch, capsys, tmp_path):
    """docs/play.md's command, on a book that has what it names."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "play.md").read_text(encoding="utf-8")
    line = next(x.strip() for x in doc.splitlines() if x.strip().startswith("gamebook play livre.yaml --start"))
    words = line.split()
    assert words[:3] == ["gamebook", "play", "livre.yaml"]
    book = tmp_path / "livre.yaml"
    book.write_text("""gamebook: 1.1
title: Livre
rules: defis-fantastiques
start: 1
hero: {equipment: []}
items:
  cle: {name: Clé}
  corde: {name: Corde}
  lanterne: {name: Lanterne}
paragraphs:
  1: {text: Le début., choices: [{text: Aller, to: 212}]}
  212: {text: Le paragraphe à essayer., choices: [{text: Finir, to: 213}]}
  213: {text: Fin., end: victory}
""", encoding="utf-8")
    code, out, err = play(monkeypatch, capsys, [str(book), *words[3:], "--seed", "1"])
    assert code == 1 and err == "" and "— 212 —" in out and "— 1 —" not in out
    assert "Habileté     10/10" in out and "Clé" in out and "Corde" in out and "Lanterne" in out
    assert "Pièces d'Or  3" in out
