"""Every example of docs/book-format.md's "Format 1.2 constructs: giving, fights won by
rounds, taking and selling" section lints clean (`--strict`), and each says `gamebook: 1.2`."""
from __future__ import annotations

import pytest

from tests.format11.test_doc_examples import examples, lints_clean

HEADING = "## Format 1.2 constructs: giving, fights won by rounds, taking and selling"


def test_the_section_has_examples():
    assert len(examples(HEADING)) >= 1


@pytest.mark.parametrize("i", range(len(examples(HEADING))))
def test_format_12_b_example_lints_clean(i, capsys, tmp_path):
    lints_clean(examples(HEADING)[i], "1.2", capsys, tmp_path)
