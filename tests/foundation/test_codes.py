"""The code table: complete, documented, and every example does what it claims."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.codes import BY_NAME, CODES
from engine.rules import registry
from tools import gen_docs

from .lintkit import codes, lint, write

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULE_PACKAGES = ("chroniques_cretoises", "defis_fantastiques")
EMITTERS = re.compile(r"\b(?:error|warning|note|_unknown|report|ExprError|__init__)\(\s*"
                      r"\"([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\"")
YAML_CODES = [c for c in CODES if c.stage not in ("file", "runtime", "deep")]
DEEP_CODES = [c for c in CODES if c.stage == "deep"]


def engine_codes() -> set[str]:
    found = set()
    for path in ENGINE.rglob("*.py"):
        if any(part in MODULE_PACKAGES for part in path.parts):
            continue  # module codes are documented by the modules
        found |= set(EMITTERS.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_emitted_code_is_documented():
    emitted = engine_codes()
    assert {"unknown-target", "expr-syntax", "unknown-name", "duplicate-key"} <= emitted
    assert emitted - set(BY_NAME) == set()


def test_every_documented_code_exists_in_the_engine():
    assert set(BY_NAME) - engine_codes() == set()


def test_codes_are_unique_kebab_case_and_bilingual():
    assert len(BY_NAME) == len(CODES)
    for c in CODES:
        assert re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", c.name)
        assert c.severity in ("error", "warning", "note")
        assert c.summary.fr and c.summary.en and c.summary.fr != c.summary.en


def test_docs_are_current():
    assert gen_docs.OUT.read_text(encoding="utf-8") == gen_docs.render(), \
        "docs/lint-codes.md is stale: run python -m tools.gen_docs"


def as_fixture(text: str) -> str:
    return re.sub(r"^rules: (defis-fantastiques|chroniques-cretoises)$", "rules: fixture", text, flags=re.M)


@pytest.fixture
def broken_module(monkeypatch):
    monkeypatch.setitem(registry.BUILTINS, "module-casse", "tests.foundation.no_such_module:MODULE")


@pytest.mark.parametrize("code", YAML_CODES, ids=lambda c: c.name)
def test_bad_example_produces_its_code(code, capsys, tmp_path, broken_module):
    status, out, _ = lint(capsys, write(tmp_path, as_fixture(code.bad)), "--no-cache", "--strict")
    assert code.name in codes(out), out
    assert status == (0 if code.severity == "note" else 1)


@pytest.mark.parametrize("code", YAML_CODES, ids=lambda c: c.name)
def test_good_example_is_clean(code, capsys, tmp_path, broken_module):
    status, out, _ = lint(capsys, write(tmp_path, as_fixture(code.good)), "--no-cache", "--strict")
    assert (status, out) == (0, "")


@pytest.mark.parametrize("code", DEEP_CODES, ids=lambda c: c.name)
def test_deep_examples_with_lint_deep(code, capsys, tmp_path):
    """Codes found by playing the book: only `--deep` reports them."""
    bad = write(tmp_path, as_fixture(code.bad))
    status, out, _ = lint(capsys, bad, "--no-cache", "--deep", "--deep-timeout", "5")
    assert code.name in codes(out), out
    assert status == (1 if code.severity == "error" else 0)
    _, shallow, _ = lint(capsys, bad, "--no-cache")
    assert code.name not in codes(shallow)
    good = write(tmp_path, as_fixture(code.good), "good.yaml")
    _, out, _ = lint(capsys, good, "--no-cache", "--deep", "--deep-timeout", "5")
    assert not {c.name for c in DEEP_CODES} & set(codes(out)), out


FILE_SETUPS = {
    "file-not-found": lambda tmp: tmp / "minotaure.yml",
    "not-a-file": lambda tmp: tmp,
    "file-unreadable": lambda tmp: write(tmp, "x: 1\n", "plain") / "book.yaml",
    "file-too-large": lambda tmp: _sparse(tmp / "big.yaml", 50 * 1024 * 1024),
    "binary-file": lambda tmp: write(tmp, b"\x89PNG\r\n\x1a\n\x00\x00"),
    "invalid-utf8": lambda tmp: write(tmp, "title: café\n".encode("latin-1")),
}


def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as fh:
        fh.truncate(size)
    return path


def test_every_file_code_has_a_setup():
    assert set(FILE_SETUPS) == {c.name for c in CODES if c.stage == "file"}


@pytest.mark.parametrize("name", sorted(FILE_SETUPS))
def test_file_codes(name, capsys, tmp_path):
    status, out, _ = lint(capsys, FILE_SETUPS[name](tmp_path), "--no-cache")
    assert (status, codes(out)) == (1, [name])
