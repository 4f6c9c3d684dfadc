"""No string from a book can send a control sequence to the terminal or forge a CI
annotation: play (plain and REPL), lint in its three formats, graph, odds."""
from __future__ import annotations

import json

import pytest

from engine.diagnostics import Message, Severity, Span, Diagnostic, render_github, render_text
from engine.support.safe_text import clean, clean_line
from tests.fixtures.env import _mini_rules  # noqa: F401  (autouse: the mini rule module)
from tests.hostile._io_support import ATTACKS, FORBIDDEN, gamebook, hostile_book

ALL = "".join(ATTACKS.values())


def _harmless(text: str) -> bool:
    return not any(ch in text for ch in FORBIDDEN) and not any(0x80 <= ord(c) <= 0x9f for c in text)


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_clean_shows_each_control_as_a_visible_escape(name):
    out = clean(ATTACKS[name])
    assert _harmless(out) and "\\u" in out


def test_clean_keeps_text_newlines_tabs_and_every_script():
    text = "Élan, «ÿ», ß, Ωμέγα, 中文, עברית, 🐉\n\tnext"
    assert clean(text) is text or clean(text) == text
    assert clean_line("a\nb\tc") == "a\\u000ab c"


def test_clean_keeps_json_valid_and_equal():
    doc = json.dumps({"t": ALL}, ensure_ascii=False)
    assert json.loads(clean(doc)) == {"t": ALL} and _harmless(clean(doc))


def test_plain_play_prints_the_book_harmless(tmp_path):
    book = hostile_book(tmp_path, ALL)
    done = gamebook(tmp_path, "play", book, "--seed", "1", input=b"1\n1\n")
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr
    assert "PWNED" in out and "Sunlight" in out and _harmless(out + done.stderr.decode())


def test_repl_fragments_are_cleaned(tmp_path):
    from engine.repl.render import Output
    frags = Output().line("T " + ALL, "class:title").fragments
    assert all(_harmless(text) for _, text in frags) and "PWNED" in frags[0][1]


@pytest.mark.parametrize("fmt", ["text", "github", "json"])
def test_lint_quotes_book_values_harmless(tmp_path, fmt):
    book = hostile_book(tmp_path, ALL)
    text = book.read_text(encoding="utf-8").replace("to: 3}", 'to: 3, if: "has(\\"\\e]0;Y\\a\\x9b\\")"}')
    book.write_text(text, encoding="utf-8")
    done = gamebook(tmp_path, "lint", "--format", fmt, book)
    out = done.stdout.decode()
    assert "\\u001b]0;Y" in out and _harmless(out + done.stderr.decode())
    if fmt == "json":   # a JSON reader still gets the book's exact value
        assert "\x1b]0;Y\x07\x9b" in json.loads(out)[0]["message"]


def _diag(file: str, message: str) -> Diagnostic:
    return Diagnostic("some-code", Severity.ERROR, Message(message, message), Span(file, 2, 4))


def test_github_annotation_cannot_be_forged():
    forged = render_github([_diag("x\n::error file=f::FORGED\n.yaml", "m\r\n::error::FORGED %0A")], "en")
    assert forged.count("\n") == 0   # "::" inside the message is data: only a line start counts
    assert forged.startswith("::error file=x%0A%3A%3Aerror file=f%3A%3AFORGED%0A.yaml,line=3,col=5,")
    assert forged.endswith("::m%0D%0A::error::FORGED %250A")


def test_github_comma_in_a_file_name_forges_no_property():
    out = render_github([_diag("a,line=99,col=1.yaml", "m")], "en")
    assert out == "::error file=a%2Cline=99%2Ccol=1.yaml,line=3,col=5,title=some-code::m"


def test_text_format_keeps_one_problem_a_line():
    out = render_text([_diag("x\nevil.yaml:1:1: fake", "a\nb")], "en")
    assert out.count("\n") == 0 and out.startswith("x\\u000aevil.yaml")


def test_lint_github_with_a_forging_file_name(tmp_path):
    name = "x\n::error file=f::FORGED\n,line=99.yaml"
    hostile_book(tmp_path, "", name=name).write_text("gamebook: 1\n", encoding="utf-8")
    done = gamebook(tmp_path, "lint", "--format", "github", name)
    rows = done.stdout.decode().splitlines()
    assert done.returncode == 1 and rows and all(r.startswith("::error file=x%0A%3A%3Aerror") for r in rows)


def test_the_event_log_is_the_same_json_without_controls(tmp_path):
    book = hostile_book(tmp_path, ALL)
    log = tmp_path / "game.jsonl"
    gamebook(tmp_path, "play", book, "--seed", "1", "--log", log, input=b"1\n")
    text = log.read_text(encoding="utf-8")
    events = [json.loads(row) for row in text.splitlines()]
    assert _harmless(text) and {"type": "choice", "text": "Open " + ALL, "to": 2} in events


@pytest.mark.parametrize("front_end", [(), ("--line",)], ids=["full-screen", "line"])
def test_the_repl_on_a_real_terminal_sends_none_of_the_books_sequences(tmp_path, front_end):
    from tests.hostile._io_support import Terminal
    term = Terminal(tmp_path, hostile_book(tmp_path, ALL), args=front_end)
    term.wait_for("Walk away")
    term.send("1\r")
    term.wait_for("A corridor")
    term.send("quit\r")
    assert term.finish() == 0
    seen = term.seen
    assert b"PWNED" in seen and b"\\u001b]0;PWNED\\u0007" in seen     # shown, as text
    for raw in (b"\x07", b"\x1b]", b"\x1bP", "\x9b".encode(), "\u202e".encode(), b"\rFORGED"):
        assert raw not in seen
    assert b"\x1b[" in seen                                            # the REPL's own colours


def test_an_invisible_character_in_a_name_is_shown_where_lint_names_it(tmp_path):
    """`épée` and `ép<U+200B>ée` look the same on a terminal: lint shows the difference."""
    book = tmp_path / "b.yaml"
    book.write_text('gamebook: 1\ntitle: T\nrules: defis-fantastiques\nstart: 1\nhero: {equipment: []}\n'
                    'items:\n  epee: {name: Épée}\nparagraphs:\n'
                    '  1:\n    text: a\n    effects: [{gain: "ep\\u200bee"}]\n'
                    '    choices: [{text: b, to: 2}]\n  2: {text: c, end: victory}\n', encoding="utf-8")
    done = gamebook(tmp_path, "lint", book, "--lang", "en")
    out = done.stdout.decode("utf-8")
    assert "ep\\u200bee" in out and "\u200b" not in out, out
    assert "did you mean 'epee'" in out


CONTROLS = ["\x1b", "\x07", "\x9b", "\x9d", "\x90", "\r"]


@pytest.mark.parametrize("command, fmt", [("export", "md"), ("export", "html"), ("graph", "dot"),
                                          ("graph", "mermaid"), ("graph", "html")])
def test_a_file_written_with_o_carries_no_control_sequence(tmp_path, command, fmt):
    """`cat book.md` must not set the terminal's title nor clear it (issue 30, item 3)."""
    book, out = hostile_book(tmp_path, ALL), tmp_path / f"out.{fmt}"
    done = gamebook(tmp_path, command, book, "--format", fmt, "-o", out)
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert "PWNED" in text   # the book's strings are there, their sequences harmless
    assert not any(ch in text for ch in CONTROLS) and not any(0x80 <= ord(c) <= 0x9f for c in text)
