"""The generated parsers agree with lark: the stand-alone one (engine/expr/_lalr.py,
used for error messages) and the table-driven one (engine/expr/lalr.py over
engine/expr/_tables.py, used for every parse)."""

import importlib
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.expr import ExprError
from engine.expr.syntax_messages import syntax_error

P = importlib.import_module("engine.expr.parse")  # the package attribute is the function

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools import gen_expr_parser, gen_expr_tables  # noqa: E402

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


def test_generated_tables_match_the_grammar():
    assert gen_expr_tables.recorded_digest() == gen_expr_tables.grammar_digest(), \
        "engine/expr/_tables.py is out of date: run python -m tools.gen_expr_tables"


def test_generated_tables_are_what_lark_computes_today():
    """Not only the same grammar: the same tables, e.g. after a lark upgrade."""
    assert (ROOT / "engine" / "expr" / "_tables.py").read_text(encoding="utf-8") == \
        gen_expr_tables.generate()


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


_WORDS = [  # pieces that exercise every terminal, keyword-like names and bad characters
    "a", "or", "ou", "and", "et", "not", "non", "true", "faux", "vrai", "false", "order",
    "andy", "nota", "x1", "épée", "d6", "2d6", "D10", "3d", "12", "0", "'s'", '"t"', "'\\''",
    "(", ")", ",", "+", "-", "*", "/", "==", "!=", "<=", ">=", "<", ">", "f(", "has(",
    "$", "'", "=", "!", " ", "\u00a0",
]


def _random_expression(rng, depth=0):
    """A random text of the grammar (valid unless a piece makes it otherwise)."""
    if depth > 3 or rng.random() < 0.3:
        return rng.choice(_WORDS[:26])
    shape = rng.randrange(5)
    if shape == 0:
        op = rng.choice(("or", "ou", "and", "et", "+", "-", "*", "/", "==", "<", ">=", "!="))
        return f"{_random_expression(rng, depth + 1)} {op} {_random_expression(rng, depth + 1)}"
    if shape == 1:
        return rng.choice(("not ", "non ", "-")) + _random_expression(rng, depth + 1)
    if shape == 2:
        return f"({_random_expression(rng, depth + 1)})"
    args = ", ".join(_random_expression(rng, depth + 1) for _ in range(rng.randrange(4)))
    return f"{rng.choice(('f', 'has', 'or', 'a'))}({args})"


def _random_texts(count: int, seed: int):
    """Half grammar-shaped texts, some mutated by one piece; half random pieces."""
    rng = random.Random(seed)
    for i in range(count):
        if i % 2:
            pieces = rng.choices(_WORDS, k=rng.randint(0, 9))
            yield "".join(p + rng.choice(("", " ", " ", "  ")) for p in pieces)
            continue
        text = _random_expression(rng)
        if rng.random() < 0.4:
            cut = rng.randrange(len(text) + 1)
            text = text[:cut] + rng.choice(_WORDS) + text[cut + rng.randrange(3):]
        yield text


def _fast_outcome(text):
    from engine.expr import lalr
    try:
        return ("ok", repr(P._unwrap(P._fast_parser().parse(text))[0]))
    except lalr.Rejected:
        return ("rejected",)
    except ExprError as err:
        return ("error", err.code, err.start, err.end, err.message_en)


def _lark_outcome(parser, text):
    import lark
    try:
        return ("ok", repr(P._unwrap(parser.parse(text))[0]))
    except lark.exceptions.UnexpectedInput:
        return ("rejected",)
    except lark.exceptions.VisitError as err:  # the builder's own error (dice out of bounds)
        err = err.orig_exc
        return ("error", err.code, err.start, err.end, err.message_en)
    except ExprError as err:
        return ("error", err.code, err.start, err.end, err.message_en)


def test_table_parser_accepts_and_builds_exactly_what_lark_does():
    reference = P.build_parser(None)
    texts = list(_random_texts(6000, seed=20261129)) + CORPUS
    outcomes = [(_fast_outcome(t), _lark_outcome(reference, t)) for t in texts]
    assert sum(fast[0] == "ok" for fast, _ in outcomes) > 1500  # the corpus is not all errors
    assert sum(fast[0] == "rejected" for fast, _ in outcomes) > 1500
    mismatches = [(t, o) for t, o in zip(texts, outcomes) if o[0] != o[1]]
    assert mismatches == []


def test_rejected_text_gets_lark_s_message():
    with pytest.raises(ExprError) as caught:
        P.parse("a == b == c", "condition")
    assert "chained comparison" in caught.value.message_en
