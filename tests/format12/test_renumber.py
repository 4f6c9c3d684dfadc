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
