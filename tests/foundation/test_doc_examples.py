"""The examples of docs/lint-codes.md and the first one of docs/book-format.md,
read from the Markdown as an author copies them and linted with the real rule
modules, exactly as written: each "Fails" book produces its code, each "Passes"
book lints clean with --strict."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.lint.codes import BY_NAME
from engine.rules import registry

from .lintkit import codes, lint, lint_code_examples, write

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXAMPLES = lint_code_examples()


def test_the_page_has_two_examples_for_each_yaml_code():
    found = {(c, k) for c, k, _ in EXAMPLES}
    yaml_codes = [c.name for c in BY_NAME.values() if c.stage not in ("file", "runtime")]
    assert {(c, k) for c in yaml_codes for k in ("Fails", "Passes")} == found


@pytest.fixture
def broken_module(monkeypatch):
    monkeypatch.setitem(registry.BUILTINS, "module-casse", "tests.foundation.no_such_module:MODULE")


def _deep(code: str) -> tuple[str, ...]:
    return ("--deep", "--deep-timeout", "5") if BY_NAME[code].stage == "deep" else ()


@pytest.mark.real_rules
@pytest.mark.parametrize("code,kind,text", EXAMPLES, ids=[f"{c}-{k}" for c, k, _ in EXAMPLES])
def test_example_as_written(code, kind, text, capsys, tmp_path, broken_module):
    path = write(tmp_path, text)
    status, out, _ = lint(capsys, path, "--no-cache", "--strict", *_deep(code))
    if kind == "Passes":
        assert (status, out) == (0, ""), out
        return
    assert code in codes(out), out
    assert status == (0 if BY_NAME[code].severity == "note" else 1)
    if _deep(code):  # found by playing only: a plain lint does not report it
        assert code not in codes(lint(capsys, path, "--no-cache")[1])


@pytest.mark.real_rules
def test_first_example_of_book_format_lints_clean(capsys, tmp_path):
    text = (DOCS / "book-format.md").read_text(encoding="utf-8")
    first = re.search(r"```yaml\n([^`]*?\ngamebook:.*?)\n```", text, re.S).group(1)
    books = tmp_path / "books"
    books.mkdir()
    status, out, _ = lint(capsys, write(books, first + "\n"), "--no-cache", "--strict")
    assert (status, out) == (0, ""), out
