"""Helpers for the foundation tests: write a book, run `gamebook lint` on it."""
from __future__ import annotations

import re
import textwrap
from pathlib import Path

from engine.cli import main

HEADER = """\
gamebook: 1
title: Essai
rules: fixture
start: 1
"""

GOOD = HEADER + """\
hero: {equipment: [epee]}
items:
  epee: {name: Épée}
  cle: {name: Clé}
paragraphs:
  1:
    text: Début.
    effects: [{gain: cle}, {pray: Zeus}]
    choices:
      - {text: Nord, to: 2}
      - {text: Porte, to: 3, if: 'has("cle") and god("Zeus")'}
  2: {text: Mort., end: death}
  3:
    text: Un test.
    test: {success: 4, failure: "here - 1"}
  4: {text: Victoire., end: victory}
"""


def book(body: str) -> str:
    """A book made of the standard header and `body` (dedented)."""
    return HEADER + textwrap.dedent(body)


def write(tmp_path: Path, content, name: str = "book.yaml") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def lint(capsys, *args) -> tuple[int, str, str]:
    """Run `gamebook lint ARGS` in-process; (exit status, stdout, stderr)."""
    capsys.readouterr()
    try:
        status = main(["lint", *map(str, args)])
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def codes(out: str) -> list[str]:
    """The codes of a text-format report, in order."""
    return [line.split(": ", 1)[1].split(" ", 1)[0] for line in out.splitlines() if ": " in line]


_ENTRY = re.compile(r"^### ([a-z0-9-]+)\n(.*?)(?=^### |^## |\Z)", re.M | re.S)
_BLOCK = re.compile(r"^(Fails|Passes):\n\n```yaml\n(.*?)\n```", re.M | re.S)


def lint_code_examples() -> list[tuple[str, str, str]]:
    """(code, "Fails" | "Passes", book text) for every YAML example of docs/lint-codes.md."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "lint-codes.md").read_text(encoding="utf-8")
    out = []
    for code, body in _ENTRY.findall(text):
        out += [(code, kind, book + "\n") for kind, book in _BLOCK.findall(body)]
    return out
