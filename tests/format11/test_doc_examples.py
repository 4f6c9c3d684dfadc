"""Every example of docs/book-format.md's "Format 1.1 constructs" section lints clean
(`--strict`), and each says `gamebook: 1.1`."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.foundation.lintkit import lint

DOC = Path(__file__).resolve().parents[2] / "docs" / "book-format.md"


def examples(heading: str = "## Format 1.1 constructs") -> list[str]:
    section = DOC.read_text(encoding="utf-8").split(heading, 1)[1].split("\n## ", 1)[0]
    return [block.split("```", 1)[0] for block in section.split("```yaml\n")[1:]]


def lints_clean(text: str, version: str, capsys, tmp_path) -> None:
    """`text` says `gamebook: VERSION` and lints `--strict` without a word."""
    assert text.startswith(f"gamebook: {version}\n")
    path = tmp_path / "exemple.yaml"
    path.write_text(text, encoding="utf-8")
    status, out, _ = lint(capsys, path, "--strict", "--no-cache")
    assert (status, out) == (0, ""), out


def test_the_section_has_examples():
    assert len(examples()) >= 2


@pytest.mark.parametrize("i", range(len(examples())))
def test_format_11_example_lints_clean(i, capsys, tmp_path):
    lints_clean(examples()[i], "1.1", capsys, tmp_path)
