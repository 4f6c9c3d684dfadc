"""JSON round trip, canonical printing and dice ranges (with Hypothesis)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.expr import (Binary, Bool, Call, Dice, ExprError, Int, Name, Str, Unary, describe,
                         dice_range, from_json, parse, to_json)
from engine.expr.ast import walk
from helpers import shape

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"or", "ou", "and", "et", "not", "non", "true", "false", "vrai", "faux"}

names = st.from_regex(r"[a-zA-Zéàçœ_][a-zA-Z0-9éàçœ_]{0,7}", fullmatch=True).filter(
    lambda n: n not in KEYWORDS and not re.fullmatch(r"[0-9]*[dD][0-9]+", n))
leaves = st.one_of(
    st.builds(Int, st.integers(0, 10**6), st.just(0), st.just(0)),
    st.builds(Str, st.text(max_size=6), st.just(0), st.just(0)),
    st.builds(Bool, st.booleans(), st.just(0), st.just(0)),
    st.builds(Dice, st.integers(1, 100), st.integers(2, 100), st.just(0), st.just(0)),
    st.builds(Name, names, st.just(0), st.just(0)),
)


def _extend(children):
    return st.one_of(
        st.builds(lambda op, a, b: Binary(op, a, b, 0, 0, 0, 0),
                  st.sampled_from(["or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/"]),
                  children, children),
        st.builds(lambda op, a: Unary(op, a, 0, 0, 0), st.sampled_from(["not", "-"]), children),
        st.builds(lambda n, args: Call(n, tuple(args), 0, 0), names, st.lists(children, max_size=3)),
    )


trees = st.recursive(leaves, _extend, max_leaves=12)
KIND = st.sampled_from(["condition", "target", "number", "dice"])


def _parse_or_skip(text, kind):
    try:
        return parse(text, kind)
    except ExprError as err:
        assume(err.code not in ("expr-too-long", "expr-too-deep"))
        raise


@settings(max_examples=300, deadline=None)
@given(trees, st.sampled_from(["en", "fr"]), KIND)
def test_describe_then_parse_gives_the_same_tree(node, lang, kind):
    expr = _parse_or_skip(describe(node, lang), kind)
    assert shape(expr.root) == shape(node)
    assert describe(expr, lang) == describe(node, lang)


@settings(max_examples=300, deadline=None)
@given(trees, KIND)
def test_json_round_trip_is_exact(node, kind):
    expr = _parse_or_skip(describe(node), kind)
    obj = json.loads(json.dumps(to_json(expr)))
    assert from_json(obj, expr.text, kind) == expr


@settings(max_examples=200, deadline=None)
@given(trees)
def test_every_span_reparses_to_its_node(node):
    expr = _parse_or_skip(describe(node), "number")
    for sub in walk(expr.root):
        assert 0 <= sub.start < sub.end <= len(expr.text)
        assert shape(parse(expr.text[sub.start:sub.end], "number").root) == shape(sub)


def test_to_json_format():
    assert to_json(parse("2d6+12", "number")) == [
        "binary", "+", ["dice", 2, 6, 0, 3], ["int", 12, 4, 6], 3, 4, 0, 6]


@pytest.mark.parametrize("bad", [
    None, [], ["nope", 1, 0, 1], ["int", 1, 0], ["int", "1", 0, 1], ["int", True, 0, 1],
    ["bool", 1, 0, 1], ["call", "f", "x", 0, 1], ["unary", "-", ["int", 1], 1, 0, "2"],
])
def test_from_json_rejects_malformed(bad):
    with pytest.raises(ValueError):
        from_json(bad, "x", "number")


def test_from_json_rejects_unknown_kind():
    with pytest.raises(ValueError):
        from_json(["int", 1, 0, 1], "1", "formula")


def test_from_json_does_not_import_lark():
    code = ("import sys; from engine.expr import from_json, evaluate, check, describe;"
            "e = from_json(['binary', '+', ['int', 1, 0, 1], ['int', 2, 4, 5], 2, 3, 0, 5], '1 + 2', 'number');"
            "assert describe(e) == '1 + 2';"
            "assert 'lark' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


@pytest.mark.parametrize("text, expected", [
    ("(a + b) * -c", "(a + b) * -c"),
    ("a - (b - c)", "a - (b - c)"),
    ("(a - b) - c", "a - b - c"),
    ("non (x ou y) et z", "not (x or y) and z"),
    ("(a == b) == c", "(a == b) == c"),
    ("not (a == b)", "not a == b"),
    ("'it\\'s' == \"a\\\\b\"", '"it\'s" == "a\\\\b"'),
    ("d6 + 1D8", "1d6 + 1d8"),
    ("f( 1 ,2 )", "f(1, 2)"),
    ("vrai", "true"),
])
def test_describe_canonical(text, expected):
    assert describe(parse(text, "number")) == expected


def test_describe_french():
    assert describe(parse("not a and b or true", "condition"), "fr") == "non a et b ou vrai"


@pytest.mark.parametrize("text, expected", [
    ("2d6+12", (14, 24)), ("1d6", (1, 6)), ("d6", (1, 6)), ("-1", (-1, -1)), ("3", (3, 3)),
    ("2d6 - 1d6", (-4, 11)), ("-(1d6) * 2", (-12, -2)), ("1d6 / 2", (0, 3)),
    ("-7 / 2", (-4, -4)), ("10 / 1d3", (3, 10)), ("1d6 * 1d6 - 3", (-2, 33)),
])
def test_dice_range(text, expected):
    assert dice_range(parse(text, "number")) == expected


@pytest.mark.parametrize("text", ["here + 1", "1d6 + f()", "1 / (1d6 - 1)", "vrai", "1 < 2", '"a"'])
def test_dice_range_none(text):
    assert dice_range(parse(text, "number")) is None


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5), st.integers(2, 12), st.integers(-20, 20), st.integers(1, 4),
       st.sampled_from(["+", "-", "*", "/"]), st.randoms(use_true_random=False))
def test_dice_range_bounds_real_evaluations(count, sides, constant, divisor, op, rng):
    from engine.expr import evaluate
    from helpers import FakeContext

    text = f"{count}d{sides} {op} {constant if op != '/' else divisor}"
    expr = parse(text, "number")
    low, high = dice_range(expr)
    for rolls in ([count], [count * sides], [rng.randint(count, count * sides)]):
        assert low <= evaluate(expr, FakeContext(rolls=rolls)) <= high


def test_free_references():
    from engine.expr import free_references

    expr = parse('honour >= 3 and has("épée") or not has(x)', "condition")
    assert free_references(expr) == {"honour", "has", "x"}
    assert free_references(expr, {"honour": "honneur"}) == {"honneur", "has", "x"}
    assert free_references(parse("2d6 + 1", "number")) == frozenset()
