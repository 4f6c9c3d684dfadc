"""A top-level part of the wrong shape (a list where a mapping belongs) is a schema
error, never a crash of the compiler."""
from __future__ import annotations

import pytest

from .lintkit import HEADER, codes, lint, write


@pytest.mark.parametrize("part", ["items: [cle]", "hero: [1]", "options: [2]", "paragraphs: [1, 2]"])
def test_a_list_instead_of_a_mapping_is_reported(tmp_path, part, capsys):
    body = "paragraphs:\n  1: {text: Fin., end: victory}\n"
    text = HEADER + (part + "\n" + body if not part.startswith("paragraphs") else part + "\n")
    status, out, err = lint(capsys, "--no-cache", write(tmp_path, text))
    assert status == 1
    assert "schema" in codes(out)
    assert "Traceback" not in out + err
