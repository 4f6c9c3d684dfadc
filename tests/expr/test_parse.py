"""Parsing: precedence, positions, literals, names and syntax errors."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.expr import Binary, Bool, Call, Dice, ExprError, Int, Name, Str, Unary, parse
from engine.expr.ast import walk
from helpers import shape

ROOT = Path(__file__).resolve().parents[2]


def tree(text, kind="number"):
    return shape(parse(text, kind).root)


@pytest.mark.parametrize("text, expected", [
    ("1 + 2 * 3", ("+", ("int", 1), ("*", ("int", 2), ("int", 3)))),
    ("(1 + 2) * 3", ("*", ("+", ("int", 1), ("int", 2)), ("int", 3))),
    ("10 - 3 - 2", ("-", ("-", ("int", 10), ("int", 3)), ("int", 2))),
    ("8 / 2 / 2", ("/", ("/", ("int", 8), ("int", 2)), ("int", 2))),
    ("-a * b", ("*", ("-", ("name", "a")), ("name", "b"))),
    ("- -1", ("-", ("-", ("int", 1)))),
    ("a or b and c", ("or", ("name", "a"), ("and", ("name", "b"), ("name", "c")))),
    ("not a and b", ("and", ("not", ("name", "a")), ("name", "b"))),
    ("not a == 1", ("not", ("==", ("name", "a"), ("int", 1)))),
    ("a + 1 >= b * 2", (">=", ("+", ("name", "a"), ("int", 1)), ("*", ("name", "b"), ("int", 2)))),
    ("a ou b et non c", ("or", ("name", "a"), ("and", ("name", "b"), ("not", ("name", "c"))))),
    ("vrai et faux", ("and", ("bool", True), ("bool", False))),
    ("true or false", ("or", ("bool", True), ("bool", False))),
])
def test_precedence(text, expected):
    assert tree(text) == expected


def test_positions_of_nodes():
    text = 'honneur >= 3 and has("épée")'
    root = parse(text, "condition").root
    assert isinstance(root, Binary) and root.op == "and"
    assert (root.start, root.end, root.op_start, root.op_end) == (0, 28, 13, 16)
    cmp = root.left
    assert (cmp.start, cmp.end, cmp.op_start, cmp.op_end) == (0, 12, 8, 10)
    assert (cmp.left.start, cmp.left.end) == (0, 7)
    call = root.right
    assert isinstance(call, Call) and (call.start, call.end, call.name_end) == (17, 28, 20)
    assert call.args == (Str("épée", 21, 27),)


def test_parenthesised_operands_extend_the_parent_span():
    text = " (a + b) * c "
    root = parse(text, "number").root
    assert (root.start, root.end) == (1, 12)
    assert (root.left.start, root.left.end) == (2, 7)


@pytest.mark.parametrize("text", [
    "(a + b) * c", "not (x or y) and z", "-(1 + 2) * f(a, (b), -c)", "((a)) == (b)",
    'has("x") ou non visited(3)',
])
def test_every_node_span_reparses_to_the_same_node(text):
    for node in walk(parse(text, "number").root):
        assert shape(parse(text[node.start:node.end], "number").root) == shape(node)


@pytest.mark.parametrize("text, count, sides", [
    ("2d6", 2, 6), ("d6", 1, 6), ("1D20", 1, 20), ("100d100", 100, 100), ("d2", 1, 2)])
def test_dice(text, count, sides):
    assert parse(text, "dice").root == Dice(count, sides, 0, len(text))


def test_dice_in_formula():
    assert tree("1d6+6") == ("+", ("dice", 1, 6), ("int", 6))
    assert tree("2d6+12") == ("+", ("dice", 2, 6), ("int", 12))


@pytest.mark.parametrize("text", ["d6x", "d", "dé", "d6_bonus"])
def test_names_that_look_like_dice(text):
    assert parse(text, "number").root == Name(text, 0, len(text))


@pytest.mark.parametrize("text", ["habileté", "pieces_d_or", "Énergie2", "_x", "œuvre", "orange", "et_x"])
def test_unicode_names_and_keyword_prefixes(text):
    assert parse(text, "number").root == Name(text, 0, len(text))


@pytest.mark.parametrize("text, value", [
    ('"épée"', "épée"), ("'épée'", "épée"), (r'"a\"b"', 'a"b'), (r"'a\'b'", "a'b"),
    (r'"a\\b"', "a\\b"), ('"it\'s"', "it's"), ('""', "")])
def test_strings(text, value):
    assert parse(text, "number").root == Str(value, 0, len(text))


def test_integers_and_call_without_arguments():
    assert parse("  42 ", "number").root == Int(42, 2, 4)
    assert parse("f()", "number").root == Call("f", (), 0, 3)
    assert parse("vrai", "condition").root == Bool(True, 0, 4)


def test_unary_positions():
    root = parse("non  x", "condition").root
    assert root == Unary("not", Name("x", 5, 6), 3, 0, 6)


def test_memoized_on_text_and_kind():
    assert parse("a + 1", "target") is parse("a + 1", "target")
    assert parse("a + 1", "number").kind == "number"
    assert parse("a + 1", "target").text == "a + 1"


def test_unknown_kind_is_a_programming_error():
    with pytest.raises(ValueError):
        parse("1", "formula")


@pytest.mark.parametrize("text, start, end, fr_fragment", [
    ("3 +", 2, 3, "fin inattendue"),
    (")", 0, 1, "attendu : un nombre, un nom ou « ( »"),
    ("a $ b", 2, 3, "caractère inattendu « $ »"),
    ('has("épée)', 4, 10, "chaîne non fermée"),
    ("", 0, 1, "expression vide"),
    ("honneur 3", 8, 9, "« 3 » est inattendu"),
    ("a < b < c", 6, 7, "enchaînée"),
    ("f(1,)", 4, 5, "« ) » est inattendu"),
    ("(a + b", 5, 6, "« ) »"),
    ("0d6", 0, 3, "dés hors limites"),
    ("2d1", 0, 3, "dés hors limites"),
    ("1 + 101d6", 4, 9, "dés hors limites"),
    ("2d101", 0, 5, "dés hors limites"),
    ('"a\\n"', 0, 5, "échappement"),
])
def test_syntax_errors_with_exact_span(text, start, end, fr_fragment):
    with pytest.raises(ExprError) as info:
        parse(text, "condition")
    err = info.value
    assert (err.code, err.start, err.end) == ("expr-syntax", start, end)
    assert fr_fragment in err.message_fr
    assert err.message_en and "\n" not in err.message_en and "\n" not in err.message_fr


def test_too_long():
    text = "1 + " * 2500
    started = time.perf_counter()
    with pytest.raises(ExprError) as info:
        parse(text, "number")
    assert (info.value.code, info.value.start, info.value.end) == ("expr-too-long", 500, len(text))
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("text", ["(" * 1000 + "1" + ")" * 1000, "not " * 5000 + "x"])
def test_huge_inputs_fail_fast_without_recursion_error(text):
    started = time.perf_counter()
    with pytest.raises(ExprError) as info:
        parse(text, "condition")
    assert info.value.code == "expr-too-long"
    assert time.perf_counter() - started < 0.5


def test_nesting_deeper_than_32_is_too_deep():
    ok = "(" * 32 + "1" + ")" * 32
    assert parse(ok, "number").root == Int(1, 32, 33)
    text = "(" * 33 + "1" + ")" * 33
    with pytest.raises(ExprError) as info:
        parse(text, "number")
    assert (info.value.code, info.value.start, info.value.end) == ("expr-too-deep", 32, 33)


def test_call_arguments_count_as_nesting():
    text = "f(" * 33 + "1" + ")" * 33
    with pytest.raises(ExprError) as info:
        parse(text, "number")
    assert (info.value.code, info.value.start) == ("expr-too-deep", 65)


def test_parentheses_inside_strings_do_not_count():
    text = 'has("' + "(" * 40 + '")'
    assert parse(text, "condition").root.args[0].value == "(" * 40


@pytest.mark.parametrize("text, first_extra", [
    ("-" * 300 + "1", 200), ("1" + "+1" * 150, 200), ("non-" * 100 + "x", 400)])
def test_more_than_200_tokens_is_too_deep(text, first_extra):
    with pytest.raises(ExprError) as info:
        parse(text, "condition")
    assert info.value.code == "expr-too-deep"
    assert (info.value.start, info.value.end) == (first_extra, len(text))


def test_two_hundred_tokens_still_parse():
    text = "-" * 199 + "1"
    assert parse(text, "number").root.start == 0


def test_importing_the_package_does_not_import_lark():
    code = "import engine.expr, sys; assert 'lark' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_grammar_cache_file_round_trip(tmp_path):
    from engine.expr.parse import build_parser

    cache = tmp_path / "grammar.cache"
    first = build_parser(str(cache))
    assert cache.exists() and cache.stat().st_size > 0
    second = build_parser(str(cache))
    text = "a + 2d6 * (b - 1) >= 3 et non f('x')"
    assert shape(first.parse(text)) == shape(second.parse(text)) == tree(text, "condition")


def test_unwritable_cache_location_is_silent(tmp_path):
    from engine.expr.parse import build_parser

    parser = build_parser(str(tmp_path / "missing-dir" / "grammar.cache"))
    assert shape(parser.parse("1 + 2")) == ("+", ("int", 1), ("int", 2))


def test_package_parse_attribute_stays_the_function():
    import engine.expr

    engine.expr.parse("1 + 1", "number")
    assert callable(engine.expr.parse)


def test_corrupt_cache_file_is_rebuilt_silently(tmp_path, capfd):
    from engine.expr.parse import build_parser

    cache = tmp_path / "grammar.cache"
    cache.write_bytes(b"not a lark cache\n\x00garbage")
    parser = build_parser(str(cache))
    assert shape(parser.parse("a * 2")) == ("*", ("name", "a"), ("int", 2))
    assert capfd.readouterr().err == ""


def test_unicode_spaces_are_whitespace():
    text = "honneur\u00a0>=\u202f3"
    root = parse(text, "condition").root
    assert (root.op, root.op_start, root.op_end, root.right.start) == (">=", 8, 10, 11)
