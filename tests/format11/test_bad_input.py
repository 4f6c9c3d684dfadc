"""Issue 11: bad input for each new construct gets a located diagnostic with a code,
in French and in English, documented in docs/lint-codes.md: an unknown note (written
or read), a counter out of its range (a `set:`, a `start`, bounds no value fits), a
counter named like a stat, a computed number no paragraph answers, an include cycle,
a missing included file."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.lint.codes import BY_NAME
from tests.format11.test_frontmatter import run

DOCS = Path(__file__).resolve().parents[2] / "docs" / "lint-codes.md"
BOOK = """\
gamebook: 1.1
title: Essai
rules: defis-fantastiques
start: 1
hero: {equipment: []}
include: [partie.yaml]
counters:
  jours: {name: Jours, min: 0, max: 3}
notes:
  retour: {name: Retour}
paragraphs:
  1:
    text: Le camp.
    effects: [{add: {jours: 1}}, {note: retour}]
    puzzle: {answers: [2], wrong: 2}
    choices:
      - {text: Revenir, to: 'note("retour")'}
      - {text: Partir, to: 2, if: 'jours >= 1'}
"""
PART = "paragraphs:\n  2: {text: Fin., end: victory}\n"

# (case, file, what replaces what in it, "file:line:col: code" expected, a word of the French message)
CASES = [
    ("note-written", "b.yaml", ("{note: retour}", "{note: retuor}"), "b.yaml:14:41: unknown-note", "note"),
    ("note-read-in-a-target", "b.yaml", ("to: 'note(\"retour\")'", "to: 'note(\"retuor\")'"),
     "b.yaml:17:35: unknown-note", "note"),
    ("note-read-in-a-condition", "b.yaml", ("if: 'jours >= 1'", "if: 'note(\"retuor\") >= 1'"),
     "b.yaml:18:41: unknown-note", "note"),
    ("counter-set-out-of-range", "b.yaml", ("{add: {jours: 1}}", "{set: {jours: 9}}"),
     "b.yaml:14:29: counter-out-of-range", "bornes"),
    ("counter-start-out-of-range", "b.yaml", ("max: 3}", "max: 3, start: 5}"),
     "b.yaml:8:47: counter-out-of-range", "bornes"),
    ("counter-bounds-fit-nothing", "b.yaml", ("min: 0, max: 3", "min: 4, max: 3"),
     "b.yaml:8:29: counter-out-of-range", "au-dessus"),
    ("counter-named-like-a-stat", "b.yaml", ("  jours: {name", "  chance: {name"),
     "b.yaml:8:3: counter-name-taken", "caractéristique"),
    ("puzzle-answer-no-paragraph", "b.yaml", ("answers: [2]", "answers: [7]"),
     "b.yaml:15:24: puzzle-no-answer", "paragraphe"),
    ("puzzle-no-answer-at-all", "b.yaml", ("answers: [2]", "answers: []"),
     "b.yaml:15:13: puzzle-no-answer", "réponse"),
    ("include-missing", "b.yaml", ("[partie.yaml]", "[partie.yaml, absente.yaml]"),
     "b.yaml:6:24: include-not-found", "absente.yaml"),
    ("include-cycle", "partie.yaml", (PART, PART + "include: [b.yaml]\n"),
     "partie.yaml:3:11: include-cycle", "b.yaml"),
]


def write(tmp_path, case_file: str, change: tuple) -> str:
    for name, text in (("b.yaml", BOOK), ("partie.yaml", PART)):
        if name == case_file:
            assert text.count(change[0]) == 1, change
            text = text.replace(*change)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return str(tmp_path / "b.yaml")


def test_the_book_without_a_fault_lints_clean(monkeypatch, capsys, tmp_path):
    book = write(tmp_path, "", ("", ""))
    assert run(monkeypatch, capsys, ["lint", "--strict", "--no-cache", book])[:2] == (0, "")


@pytest.mark.parametrize("case, name, change, located, word", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_located_with_its_code(monkeypatch, capsys, tmp_path, case, name, change, located, word):
    book = write(tmp_path, name, change)
    file, code = located.split(":", 1)[0], located.rsplit(" ", 1)[1]
    where = f"{tmp_path}/{located}"
    status, out, _ = run(monkeypatch, capsys, ["lint", "--no-cache", "--lang", "en", book])
    lines = [x for x in out.splitlines() if f": {code} " in x]
    assert status == 1 and lines and lines[0].startswith(where + " "), out
    status, out, _ = run(monkeypatch, capsys, ["lint", "--no-cache", "--lang", "fr", book])
    french = next(x for x in out.splitlines() if x.startswith(where + " "))
    assert word in french and "Traceback" not in out
    assert BY_NAME[code].severity == "error" and file in located


@pytest.mark.parametrize("code", sorted({c[3].rsplit(" ", 1)[1] for c in CASES}))
def test_each_code_is_documented_with_its_examples(code):
    text = DOCS.read_text(encoding="utf-8")
    entry = re.search(rf"^### {re.escape(code)}\n(.*?)(?=^### |\Z)", text, re.M | re.S)
    assert entry and "Fails:" in entry.group(1) and "Passes:" in entry.group(1)
