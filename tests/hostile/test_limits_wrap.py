"""Wrapping a word longer than the line: cut into line-long pieces in linear time (the
4 MB word that took textwrap 20 s), with the same rows as before for ordinary text."""
from __future__ import annotations

import textwrap

import pytest

from engine.repl.render import fill, wrap


@pytest.mark.parametrize("width, hang", [(20, None), (20, "    "), (80, "  "), (33, None)])
def test_a_long_word_is_cut_into_rows_that_fit(width, hang):
    word = "".join(chr(97 + i % 26) for i in range(1000))
    rows = fill("  Voici " + word + " fin ?", width, hang)
    assert all(len(row) <= width for row in rows)
    assert "".join(row.strip().replace(" ", "") for row in rows) == "Voici" + word + "fin?"
    assert rows[-1].endswith("fin ?")   # French punctuation stays with its word
    indent = "  " if hang is None else hang
    assert all(row.startswith(indent) for row in rows[1:])


def test_a_four_megabyte_word_is_wrapped():
    rows = wrap("Début " + "x" * 4_000_000 + " fin.", 80)
    assert len(rows) == 50_002 and rows[0] == "Début" and rows[-1] == "fin."
    assert {len(row) for row in rows[1:-1]} == {80}


def test_ordinary_text_wraps_as_textwrap_does():
    text = ("Vous entrez dans une salle voûtée où résonnent vos pas, au fond une porte "
            "de bronze porte une inscription effacée et une torche vacille. ") * 3
    for width in (20, 40, 79):
        assert fill(text.strip(), width) == textwrap.wrap(text.strip(), width, break_on_hyphens=False)
