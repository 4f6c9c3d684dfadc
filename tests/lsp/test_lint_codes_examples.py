"""Every "Fails" example of docs/lint-codes.md replayed through the language server:
the editor shows exactly what `gamebook lint` prints for it (issue 32 item 2)."""
from __future__ import annotations

import pytest

from tests.foundation.lintkit import lint_code_examples
from tests.lsp.conftest import open_book
from tests.lsp.test_campaign import SEVERITY, linted

pytestmark = pytest.mark.asyncio(loop_scope="session")
# rules-failed needs a rule module that fails to import, patched into this process's
# registry (tests/foundation/test_doc_examples.py): the server runs in another process.
# empty-book: an empty YAML file is no book to the server, which checks only books
# (tests/lsp/test_book_errors.py); lint is asked for that file by name.
FAILS = [(code, text) for code, kind, text in lint_code_examples()
         if kind == "Fails" and code not in ("rules-failed", "empty-book")]


@pytest.mark.parametrize("code,text", FAILS, ids=[c for c, _ in FAILS])
async def test_the_editor_shows_what_lint_prints(client, code, text, capsys, tmp_path):
    path = tmp_path / "exemple.yaml"
    path.write_text(text, encoding="utf-8")
    shown = await open_book(client, path.as_uri(), text)
    lang = "en" if "language: en" in text else "fr"
    assert sorted((d.code, d.range.start.line, d.range.start.character, SEVERITY[d.severity], d.message)
                  for d in shown) == linted(capsys, path, lang)
