"""The code table: complete, documented, and every example does what it claims."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.lint.codes import BY_NAME, CODES
from tools import gen_docs

from .lintkit import codes, lint, write

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULE_PACKAGES = ("chroniques_cretoises", "defis_fantastiques")
EMITTERS = re.compile(r"\b(?:error|warning|note|unknown_name|report|ExprError|Refused|__init__)\(\s*"
                      r"\"([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\"")


def engine_codes(modules: bool = False) -> set[str]:
    found = set()
    for path in ENGINE.rglob("*.py"):
        if not modules and any(part in MODULE_PACKAGES for part in path.parts):
            continue  # module codes are documented by the modules (some here too)
        found |= set(EMITTERS.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_emitted_code_is_documented():
    emitted = engine_codes()
    assert {"unknown-target", "expr-syntax", "unknown-name", "duplicate-key"} <= emitted
    assert emitted - set(BY_NAME) == set()


def test_every_documented_code_exists_in_the_engine():
    assert set(BY_NAME) - engine_codes(modules=True) == set()


def test_codes_are_unique_kebab_case_and_bilingual():
    assert len(BY_NAME) == len(CODES)
    for c in CODES:
        assert re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", c.name)
        assert c.severity in ("error", "warning", "note")
        assert c.summary.fr and c.summary.en and c.summary.fr != c.summary.en


def test_docs_are_current():
    assert gen_docs.OUT.read_text(encoding="utf-8") == gen_docs.render(), \
        "docs/lint-codes.md is stale: run python -m tools.gen_docs"


# The examples themselves are linted, as the page shows them, by test_doc_examples.py.


FILE_SETUPS = {
    "file-not-found": lambda tmp: tmp / "minotaure.yml",
    "not-a-file": lambda tmp: tmp,
    "file-unreadable": lambda tmp: write(tmp, "x: 1\n", "plain") / "book.yaml",
    "file-too-large": lambda tmp: _sparse(tmp / "big.yaml", 50 * 1024 * 1024),
    "binary-file": lambda tmp: write(tmp, b"\x89PNG\r\n\x1a\n\x00\x00"),
    "invalid-utf8": lambda tmp: write(tmp, "title: café\n".encode("latin-1")),
    "include-too-many": lambda tmp: _split(tmp, 201),
    "include-too-large": lambda tmp: _split(tmp, 1, size=21 * 1024 * 1024),
    "renumber-interrupted": lambda tmp: _cut(_split(tmp, 0)),
}


def _cut(book: Path) -> Path:
    """`book` as a renumbering killed after its commit point leaves it: its journal."""
    from engine.support.fileset import journal_of
    journal_of(book).write_text('{"state": "commit", "files": []}', encoding="utf-8")
    return book


def _split(tmp: Path, count: int, size: int = 0) -> Path:
    """A clean book including `count` parts (sparse ones of `size` bytes when given)."""
    from engine.lint.codes_core import FINE_11
    names = [f"p{i}.yaml" for i in range(count)]
    for name in names:
        if size:
            _sparse(tmp / name, size)
        else:
            (tmp / name).write_text("paragraphs: {}\n", encoding="utf-8")
    return write(tmp, FINE_11.replace("start: 1\n", f"start: 1\ninclude: [{', '.join(names)}]\n"))


def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as fh:
        fh.truncate(size)
    return path


def test_every_file_code_has_a_setup():
    assert set(FILE_SETUPS) == {c.name for c in CODES if c.stage == "file"}


@pytest.mark.real_rules   # the split books name the example module, as the docs do
@pytest.mark.parametrize("name", sorted(FILE_SETUPS))
def test_file_codes(name, capsys, tmp_path):
    status, out, _ = lint(capsys, FILE_SETUPS[name](tmp_path), "--no-cache")
    usage = name in ("file-not-found", "not-a-file")  # a usage error, as for `gamebook play`
    assert (status, codes(out)) == (2 if usage else 1, [name])
