"""Format 1.2 through `gamebook renumber --shuffle`: outcomes written like `auto:` entries
(`{to:}` renumbered, `end:` and `continue` kept), action choices (no target), unique
items and puzzle answers with conditions (kept, as in 1.1); the renumbered book lints
clean and has the same exact value."""
from __future__ import annotations

from engine.cli import main
from engine.lint.loader import load_book

from .f12_helpers import exact_file, write
from .test_outcomes import BRIDGE
from .test_puzzle_conditions import NEW as PUZZLE

ACTION = """\
  5:
    text: Une niche.
    choices:
      - {text: Prendre le bol, stay: true, once: true, effects: [{gain: bol}]}
      - {text: Revenir, to: 1}
"""


def test_a_shuffled_format_12_book_keeps_its_game(tmp_path):
    for i, body in enumerate((BRIDGE.replace("    choices: [{text: Partir, to: 4}]\n",
                                             "    choices: [{text: Partir, to: 4}, {text: La niche, to: 5}]\n")
                              + ACTION, PUZZLE)):
        path = write(tmp_path, body, name=f"b{i}.yaml")
        out = tmp_path / f"shuffled{i}.yaml"
        assert main(["renumber", str(path), "--shuffle", "--seed", "5", "-o", str(out)]) == 0
        text = out.read_text(encoding="utf-8")
        assert "end: death" in text or "end: victory" in text
        loaded = load_book(out, use_cache=False)
        assert [d.code for d in loaded.diagnostics] == []
        assert exact_file(out) == exact_file(path)


def test_a_puzzle_answers_visited_condition_follows_its_paragraph(tmp_path):
    """`{to: 38, if: 'visited(4)'}`: § 4 (the lever) gets a new number, and so does the
    `visited(4)` of the answer's condition; without that, the condition would name
    another paragraph (or none) and the value 1/3 would change."""
    body = PUZZLE.replace("if: 'flag(\"levier\")'", "if: 'visited(4)'")
    assert "visited(4)" in body
    path = write(tmp_path, body, name="visite.yaml")
    out = tmp_path / "visite-melange.yaml"
    assert main(["renumber", str(path), "--shuffle", "--seed", "5", "-o", str(out)]) == 0
    loaded = load_book(out, use_cache=False)
    assert [d.code for d in loaded.diagnostics] == []
    moved = loaded.book.paragraphs
    lever = next(n for n, p in moved.items() if "levier" in str(p.effects) or "levier" in p.text.lower())
    assert f"visited({lever})" in out.read_text(encoding="utf-8")
    assert exact_file(out) == exact_file(path) == "1/3"
