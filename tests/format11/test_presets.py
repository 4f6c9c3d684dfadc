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


def test_presets_do_not_combine_with_continue(monkeypatch, capsys):
    code, _, err = play(monkeypatch, capsys, [CLOCHE, "--continue", "--start", "5"])
    assert code == 2 and "--continue" in err
