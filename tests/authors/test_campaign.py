"""The planted-mistakes campaign (issue 32): every mistake of tests/authors/mistakes.py,
planted alone in a copy of the-heron-gate.yaml, is named by `gamebook lint` with its
code, at its own line:col, with a message that says what to do, and never with a
traceback; the clean book lints clean."""
from __future__ import annotations

import json

import pytest

from tests.authors.mistakes import BOOK, MISTAKES
from tests.foundation.lintkit import lint, write


def lint_json(capsys, tmp_path, text: str) -> tuple[int, list[dict], str]:
    path = write(tmp_path, text, "the-heron-gate.yaml")
    status, out, err = lint(capsys, path, "--no-cache", "--format", "json", "--lang", "en")
    return status, json.loads(out), err


def test_the_book_lints_clean(capsys, tmp_path):
    path = write(tmp_path, BOOK, "the-heron-gate.yaml")
    assert lint(capsys, path, "--no-cache", "--strict")[:2] == (0, "")


def test_the_campaign_plants_at_least_70_different_mistakes():
    assert len(MISTAKES) >= 70
    assert len({m.name for m in MISTAKES}) == len({m.text() for m in MISTAKES}) == len(MISTAKES)


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.name for m in MISTAKES])
def test_lint_names_the_mistake_where_it_is(mistake, capsys, tmp_path):
    status, found, err = lint_json(capsys, tmp_path, mistake.text())
    assert "Traceback" not in err
    line, col = mistake.position()
    at = [d for d in found if d["code"] == mistake.code]
    assert [(d["line"], d["column"]) for d in at][:1] == [(line + 1, col + 1)], found
    assert mistake.fix in at[0]["message"], at[0]["message"]
    # one mistake, one finding: no follow-on diagnostic, nor the same one repeated
    assert len(at) == 1, found
    assert {d["code"] for d in found} - {mistake.code} <= set(mistake.also), found
    if mistake.code in ("never-granted",):
        assert status == 0
    else:
        assert status == (1 if at[0]["severity"] == "error" else 0)
