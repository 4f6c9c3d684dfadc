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


@pytest.mark.parametrize("written", STYLES)
def test_flow_scalar_styles(capsys, tmp_path, written):
    text = book(f"""\
        items: {{cle: {{name: Clé}}}}
        paragraphs:
          1:
            text: Début.
            effects: [{{gain: cle}}]
            choices:
              - text: Aller
                to: 2
                {written}
          2: {{text: Fin., end: victory}}
        """)
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    line = next(l for l in out.splitlines() if "unknown-name" in l)
    col = text.splitlines()[12].index("chanse") + 1
    assert line.split(":")[1:3] == ["13", str(col)], out


@pytest.mark.parametrize("indicator", ["|", ">", "|-", ">-"])
def test_block_scalars(capsys, tmp_path, indicator):
    text = book(f"""\
        items: {{cle: {{name: Clé}}}}
        paragraphs:
          1:
            text: Début.
            effects: [{{gain: cle}}]
            choices:
              - text: Aller
                to: 2
                if: {indicator}
                  has("cle")
                  or chanse > 1
          2: {{text: Fin., end: victory}}
        """)
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    line = next(l for l in out.splitlines() if "unknown-name" in l)
    assert line.split(":")[1:3] == ["15", "14"], out


def test_syntax_error_column_in_target(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: Aller, to: "here + * 2"}]}
          2: {text: Fin., end: victory}
        """)
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    line = next(l for l in out.splitlines() if "expr-syntax" in l)
    assert line.split(":")[1:3] == ["6", "57"], out
