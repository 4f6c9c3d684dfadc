"""The generated stand-alone parser (engine/expr/_lalr.py) is current and agrees with lark."""

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from engine.expr import ExprError
from engine.expr.syntax_messages import syntax_error

P = importlib.import_module("engine.expr.parse")  # the package attribute is the function

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools import gen_expr_parser  # noqa: E402

CORPUS = [
    "1 + 2 * 3", "(1 + 2) * 3", "-a * b", "- -1", "a ou b et non c", "vrai et faux",
    "a + 2d6 * (b - 1) >= 3 et non f('x')", "has(\"épée\") or or >= 2", "d6 + 1",
    "f()", "f(1, 'a', (b))", "'l\\'ogre'", "honneur\u00a0>=\u202f3", "x / 0",
    # syntax errors, each with its own message
    "", "1 +", "(1", "1 )", "a == b == c", "f(1,", "1 2", "'open", "a $ b", "1 +* 2",
    "not", "f(,)", "((a)", "a <> b", "3d", "a et", "vrai faux",
]


def test_generated_parser_matches_the_grammar():
    assert gen_expr_parser.recorded_digest() == gen_expr_parser.grammar_digest(), \
        "engine/expr/_lalr.py is out of date: run python -m tools.gen_expr_parser"


def _outcome(parser, text, errors):
    try:
        return ("ok", repr(P._unwrap(parser.parse(text))[0]))
    except errors as exc:
        err = syntax_error(text, exc)
        return ("error", err.code, err.start, err.end, err.message_en, err.message_fr)
    except ExprError as err:
        return ("error", err.code, err.start, err.end, err.message_en, err.message_fr)


@pytest.mark.parametrize("text", CORPUS)
def test_generated_parser_agrees_with_lark(text):
    import lark

    from engine.expr import _lalr
    reference = P.build_parser(None)
    assert _outcome(P._parser(), text, _lalr.UnexpectedInput) == \
        _outcome(reference, text, lark.exceptions.UnexpectedInput)


def test_parsing_does_not_import_lark():
    code = ("import sys; from engine.expr import parse; parse('a + 1 >= 2', 'condition'); "
            "assert 'lark' not in sys.modules, 'lark imported'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
