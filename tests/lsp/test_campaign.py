"""The planted-mistakes campaign (tests/authors/mistakes.py) replayed through the
language server: for every mistake, the editor shows exactly what `gamebook lint`
prints (code, line, column, severity, message), YAML layout mistakes included."""
from __future__ import annotations

import json

import pytest
from lsprotocol import types as T

from engine.cli import main
from tests.authors.mistakes import MISTAKES
from tests.lsp.conftest import open_book

pytestmark = pytest.mark.asyncio(loop_scope="session")
SEVERITY = {T.DiagnosticSeverity.Error: "error", T.DiagnosticSeverity.Warning: "warning",
            T.DiagnosticSeverity.Information: "note"}


def linted(capsys, path, lang: str = "en") -> list[tuple]:
    """What `gamebook lint` prints for the book at `path`, as the editor's tuples."""
    capsys.readouterr()
    try:
        main(["lint", "--no-cache", "--format", "json", "--lang", lang, str(path)])
    except SystemExit:
        pass
    return sorted((d["code"], d["line"] - 1, d["column"] - 1, d["severity"], d["message"])
                  for d in json.loads(capsys.readouterr().out))


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.name for m in MISTAKES])
async def test_the_editor_shows_what_lint_prints(client, mistake, capsys, tmp_path):
    path = tmp_path / "the-heron-gate.yaml"
    path.write_text(mistake.text(), encoding="utf-8")
    shown = await open_book(client, path.as_uri(), mistake.text())
    assert sorted((d.code, d.range.start.line, d.range.start.character, SEVERITY[d.severity], d.message)
                  for d in shown) == linted(capsys, path)
