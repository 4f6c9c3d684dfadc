"""Expression errors point at the exact column inside the YAML scalar, whatever its style."""
from __future__ import annotations

import pytest

from .lintkit import book, lint, write

STYLES = [
    "if: 'has(''cle'') or chanse > 1'",            # single-quoted, '' escape
    'if: "has(\\"cle\\") or chanse > 1"',            # double-quoted, \" escapes
    'if: "\\u0068as(\\x22cle\\U00000022) or chanse > 1"',  # \u \x \U escapes: 1 character each
    "if: has('cle') or chanse > 1",                # plain
]


def condition_book(condition: str) -> str:
    """A book whose only conditional choice has `condition` (YAML, 8-space indented) on line 13."""
    return book("""\
        items: {cle: {name: Clé}}
        paragraphs:
          1:
            text: Début.
            effects: [{gain: cle}]
            choices:
              - text: Aller
                to: 2
        """) + condition + "  2: {text: Fin., end: victory}\n"


def unknown_name_at(capsys, tmp_path, text) -> list[str]:
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    return next(l for l in out.splitlines() if "unknown-name" in l).split(":")[1:3]


@pytest.mark.parametrize("written", STYLES)
def test_flow_scalar_styles(capsys, tmp_path, written):
    text = condition_book(f"        {written}\n")
    col = text.splitlines()[12].index("chanse") + 1
    assert unknown_name_at(capsys, tmp_path, text) == ["13", str(col)]


@pytest.mark.parametrize("indicator", ["|", ">", "|-", ">-"])
def test_block_scalars(capsys, tmp_path, indicator):
    text = condition_book(f"        if: {indicator}\n          has(\"cle\")\n          or chanse > 1\n")
    assert unknown_name_at(capsys, tmp_path, text) == ["15", "14"]


def test_syntax_error_column_in_target(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: Aller, to: "here + * 2"}]}
          2: {text: Fin., end: victory}
        """)
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    line = next(l for l in out.splitlines() if "expr-syntax" in l)
    assert line.split(":")[1:3] == ["6", "57"], out
