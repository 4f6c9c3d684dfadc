"""A key written twice, of any kind and in any style, is one located `duplicate-key`
naming both lines, from lint, play and every command; never a traceback (issue 32:
a paragraph pasted twice whose second copy's text is a `|` block crashed them all
with `KeyError: '\\x00duplicate'`)."""
from __future__ import annotations

import io
import re

import pytest

from engine.cli import main

HEAD = """\
gamebook: 1.1
title: Doubles
language: en
rules: fixture
start: 1
hero: {equipment: []}
"""
PASTED = HEAD + """\
paragraphs:
  1:
    text: |
      Start.
    choices:
      - {text: Go, to: 2}
  2:
    text: |
      The end.
    end: victory
  2:
    text: |
      The end, pasted again.
    end: victory
"""
# kind -> (book, line of the first key, line of the second, column of the second)
CASES = {
    "paragraph with a | text": (PASTED, 13, 17, 3),
    "field in block style": (HEAD + "paragraphs:\n  1:\n    text: |\n      a\n    end: victory\n"
                             "    text: |\n      b\n", 9, 12, 5),
    "item in block style": (HEAD + "items:\n  sword: {name: Sword}\n  sword: {name: Blade}\n"
                            "paragraphs:\n  1: {text: a, end: victory}\n", 8, 9, 3),
    "field in flow style": (HEAD + "paragraphs:\n  1: {text: a, end: victory, end: death}\n", 8, 8, 30),
    "paragraph in flow style": (HEAD + "paragraphs: {1: {text: a, end: victory}, 1: {text: b, end: death}}\n",
                                7, 7, 42),
    "choice field in a | paragraph": (HEAD + "paragraphs:\n  1:\n    text: |\n      a\n    choices:\n"
                                      "      - {text: go, to: 2, to: 2}\n  2: {text: b, end: victory}\n",
                                      12, 12, 27),
}


def run(capsys, monkeypatch, *argv, stdin: str = "") -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    capsys.readouterr()
    try:
        code = main(list(map(str, argv)))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "KeyError" not in out + err, out + err
    return code, out + err


@pytest.mark.parametrize("kind", sorted(CASES))
def test_lint_names_both_places(capsys, monkeypatch, tmp_path, kind):
    text, first, second, col = CASES[kind]
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = run(capsys, monkeypatch, "lint", "--no-cache", path)
    found = [line for line in out.splitlines() if " duplicate-key " in line]
    assert code == 1 and len(found) == 1, out
    assert found[0].startswith(f"{path}:{second}:{col}: duplicate-key ")
    if first == second:   # flow style: the columns tell them apart
        assert re.search(rf"first at line {first}:\d+, again at line {second}:{col}\)", found[0]), found[0]
    else:
        assert f"first at line {first}, again at line {second})" in found[0], found[0]


def test_in_an_included_file(capsys, monkeypatch, tmp_path):
    (tmp_path / "part.yaml").write_text(
        "paragraphs:\n  2:\n    text: |\n      b\n    end: victory\n  2:\n    text: |\n      c\n"
        "    end: death\n", encoding="utf-8")
    path = tmp_path / "book.yaml"
    path.write_text(HEAD + "include: [part.yaml]\nparagraphs:\n  1:\n    text: |\n      a\n"
                    "    choices:\n      - {text: go, to: 2}\n", encoding="utf-8")
    code, out = run(capsys, monkeypatch, "lint", "--no-cache", path)
    assert code == 1 and f"{tmp_path / 'part.yaml'}:6:3: duplicate-key " in out, out
    assert "first at line 2, again at line 6" in out


def test_play_says_so_and_exits_as_for_any_book_error(capsys, monkeypatch, tmp_path):
    pasted, other = tmp_path / "pasted.yaml", tmp_path / "other.yaml"
    pasted.write_text(PASTED, encoding="utf-8")
    other.write_text(PASTED.replace("  2:\n    text: |\n      The end, pasted again.\n    end: victory\n", "")
                     .replace("to: 2}", "to: 99}"), encoding="utf-8")
    other_code, other_out = run(capsys, monkeypatch, "play", other, stdin="1\n")
    assert "unknown-target" in other_out and other_code != 0
    code, out = run(capsys, monkeypatch, "play", pasted, stdin="1\n")
    assert code == other_code, out
    assert f"{pasted}:17:3: duplicate-key duplicate key '2' (first at line 13, again at line 17)" in out


@pytest.mark.parametrize("command", [["graph"], ["export", "-o", "{tmp}/out.md"],
                                     ["explore", "--runs", "3"], ["renumber", "-o", "{tmp}/new.yaml"],
                                     ["odds"]])
def test_every_command_reports_it(capsys, monkeypatch, tmp_path, command):
    path = tmp_path / "book.yaml"
    path.write_text(PASTED, encoding="utf-8")
    argv = [command[0], path, *(a.format(tmp=tmp_path) for a in command[1:])]
    code, out = run(capsys, monkeypatch, *argv)
    assert code != 0 and f"{path}:17:3: duplicate-key " in out, out
