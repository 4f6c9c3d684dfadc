"""Books split across files (`include:`, format 1.1): paragraphs from every part,
diagnostics located in the right file, cycles and missing parts, the cache keyed on
every file."""
from __future__ import annotations

from tests.format11.test_frontmatter import run

MAIN = """gamebook: 1.1
title: Grand livre
rules: defis-fantastiques
start: 1
hero: {equipment: []}
include: [partie1.yaml, chapitres/partie2.yaml]
paragraphs:
  1: {text: Début., choices: [{text: Entrer, to: 10}]}
"""
PART1 = """paragraphs:
  10:
    text: Le couloir.
    choices:
      - {text: Avancer, to: 20, if: 'chance >= 3'}
"""
PART2 = "paragraphs:\n  20: {text: Fin., end: victory}\n"


def write(tmp_path, main=MAIN, part1=PART1, part2=PART2):
    (tmp_path / "chapitres").mkdir(exist_ok=True)
    for name, text in (("b.yaml", main), ("partie1.yaml", part1), ("chapitres/partie2.yaml", part2)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    return str(tmp_path / "b.yaml")


def test_a_split_book_lints_and_plays_to_its_end(monkeypatch, capsys, tmp_path):
    book = write(tmp_path)
    assert run(monkeypatch, capsys, ["lint", "--strict", book])[0] == 0
    code, out, _ = run(monkeypatch, capsys, ["play", book, "--seed", "1"], "1\n1\n")
    assert code == 0 and "— 10 —" in out and "— 20 —" in out


def test_diagnostics_name_the_part_they_are_in(monkeypatch, capsys, tmp_path):
    book = write(tmp_path, part1=PART1.replace("chance >= 3", "chance >= "),
                 part2=PART2.replace("to: 20", "to: 20") + "  30: {text: Seul., end: death}\n")
    code, out, _ = run(monkeypatch, capsys, ["lint", book, "--lang", "en"])
    assert code == 1
    assert f"{tmp_path}/partie1.yaml:5:46: expr-syntax" in out
    assert f"{tmp_path}/chapitres/partie2.yaml:3:3: unreachable" in out


def test_cycles_missing_parts_and_stray_fields_are_located(monkeypatch, capsys, tmp_path):
    book = write(tmp_path, main=MAIN.replace("partie2.yaml]", "partie2.yaml, absente.yaml]"),
                 part1=PART1 + "include: [partie1.yaml]\ntitle: x\n",
                 part2=PART2 + "  10: {text: Encore, end: death}\n")
    code, out, _ = run(monkeypatch, capsys, ["lint", book, "--lang", "en"])
    assert code == 1
    assert f"{tmp_path}/b.yaml:6:49: include-not-found included file not found or unreadable: 'absente.yaml'" in out
    assert f"{tmp_path}/partie1.yaml:6:11: include-cycle" in out
    assert f"{tmp_path}/partie1.yaml:7:1: unknown-field" in out
    assert f"{tmp_path}/chapitres/partie2.yaml:3:3: duplicate-paragraph paragraph 10 is already written" in out


def test_include_needs_format_11(monkeypatch, capsys, tmp_path):
    book = write(tmp_path, main=MAIN.replace("gamebook: 1.1", "gamebook: 1"))
    code, out, _ = run(monkeypatch, capsys, ["lint", book])
    assert code == 1 and "b.yaml:6:1: format-1-1" in out


def test_the_cache_keys_on_every_part(monkeypatch, capsys, tmp_path):
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    book = write(tmp_path)
    assert run(monkeypatch, capsys, ["lint", book])[0] == 0
    assert any((tmp_path / "cache").iterdir())                        # it was cached
    (tmp_path / "chapitres" / "partie2.yaml").write_text(PART2.replace("to: 20", "x") + "  20: {}\n")
    code, out, _ = run(monkeypatch, capsys, ["lint", book])
    assert code == 1 and "partie2.yaml" in out                         # the edit is seen
