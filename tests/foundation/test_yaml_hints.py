"""YAML mistakes in plain words, at the right line, each reported once."""
from __future__ import annotations

from .lintkit import book, lint, write

BODY = """\
paragraphs:
  1:
    text: Début.
    choices:
      - {text: Nord, to: 2}
  2: {text: Fin., end: victory}
"""


def report(capsys, tmp_path, text):
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    return status, [line.split(": ", 1)[0].rsplit(":", 2)[1:] + [line.split(": ", 1)[1]]
                    for line in out.splitlines()]


def test_a_tab_says_indent_with_spaces(capsys, tmp_path):
    status, found = report(capsys, tmp_path, book(BODY.replace("    text: Début.", "\ttext: Début.")))
    assert status == 1 and [f[:2] for f in found] == [["7", "1"]]
    assert found[0][2].startswith("yaml-tab ") and "indent with spaces" in found[0][2]


def test_a_colon_in_a_text_says_quote_it_with_the_quoted_text(capsys, tmp_path):
    _, found = report(capsys, tmp_path, book(BODY.replace("text: Début.", "text: Il dit : non.")))
    assert found[0][2] == "yaml-unquoted-colon ': ' inside an unquoted text: quote this text " \
                          "(text: \"Il dit : non.\")"
    assert found[0][0] == "7"


def test_a_hash_in_a_text_is_warned_where_the_text_stops(capsys, tmp_path):
    _, found = report(capsys, tmp_path, book(BODY.replace("text: Début.", "text: Au #3 de la rue.")))
    assert found == [["7", "14", "yaml-hash-in-text (warning) '#3...' starts a comment: "
                                 "the text stops at 'Au'; quote this text"]]
    assert report(capsys, tmp_path, book(BODY.replace("text: Début.", 'text: "Au #3 de la rue."')))[1] == []


def test_choices_swallowed_by_a_block_text_is_one_error_on_its_line(capsys, tmp_path):
    text = book(BODY.replace("    text: Début.\n    choices:\n      - ",
                             "    text: |\n      Début.\n      choices:\n      - "))
    _, found = report(capsys, tmp_path, text)
    assert [f[:2] + [f[2].split()[0]] for f in found] == [["9", "7", "yaml-swallowed-field"]], found


def test_choices_dedented_to_the_paragraph_level_is_one_error_naming_the_paragraph(capsys, tmp_path):
    text = book(BODY.replace("    choices:\n      - {text: Nord, to: 2}\n", "  choices:\n    - {text: Nord, to: 2}\n"))
    _, found = report(capsys, tmp_path, text)
    assert [f[:2] for f in found] == [["8", "3"]], found
    assert found[0][2].startswith("yaml-dedented-field 'choices:' is at the level of the paragraph "
                                  "numbers: indent it under paragraph 1")


def test_a_word_ending_a_text_is_no_key_without_its_colon(capsys, tmp_path):
    """A text running on under its key, its last line one word: a YAML error below it
    is the parser's own, not "the key has no ':'" (yaml-missing-colon, issue 32)."""
    text = book(BODY.replace("    text: Début.\n", "    text: Un long texte\n      ici\n")
                .replace("      - {text: Nord, to: 2}", "      - {text: Nord, to: 2"))
    _, found = report(capsys, tmp_path, text)
    assert [f[2].split(" ", 1)[0] for f in found] == ["yaml-syntax"]


def test_a_key_without_its_colon_is_named_at_its_line(capsys, tmp_path):
    _, found = report(capsys, tmp_path, book(BODY.replace("    choices:\n", "    choices\n")))
    assert [f[:2] for f in found] == [["8", "5"]]
    assert found[0][2] == "yaml-missing-colon 'choices': the key has no ':' after it; write 'choices:'"
