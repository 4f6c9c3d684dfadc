"""Evaluation with a fake context: values, short-circuit, dice, errors."""

import pytest

from engine.expr import EvalError, ExprError, compiled, evaluate, parse
from helpers import FakeContext


def run(text, kind="number", **kwargs):
    aliases = kwargs.pop("aliases", {})
    return evaluate(parse(text, kind), FakeContext(**kwargs), aliases)


@pytest.mark.parametrize("text, value", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 3 - 2", 5), ("-1", -1), ("- -4", 4),
    ("7 / 2", 3), ("-7 / 2", -4), ("7 / -2", -4), ("-7 / -2", 3), ("0 / 5", 0),
    ("2 * -3", -6),
])
def test_arithmetic(text, value):
    assert run(text) == value


@pytest.mark.parametrize("text, value", [
    ("1 < 2", True), ("2 <= 2", True), ("3 > 4", False), ("4 >= 5", False),
    ("1 == 1", True), ("1 != 1", False), ('"a" == "a"', True), ("vrai != faux", True),
    ("true and not false", True), ("faux ou vrai", True), ("not 1 == 2", True),
])
def test_comparisons_and_logic(text, value):
    assert run(text, "condition") is value


def test_names_and_calls():
    ctx = FakeContext({"honneur": 4}, {"has": lambda item: item == "épée"})
    expr = parse('honneur >= 3 and has("épée")', "condition")
    assert evaluate(expr, ctx) is True
    assert ctx.calls == [("has", ("épée",))]
    ctx.variables["honneur"] = 2
    assert evaluate(expr, ctx) is False


def test_call_with_computed_arguments():
    ctx = FakeContext({"here": 10}, {"max": max})
    assert evaluate(parse("max(here + 5, 3 * 2)", "target"), ctx) == 15
    assert ctx.calls == [("max", (15, 6))]


def test_dice_use_the_context_roll():
    ctx = FakeContext(rolls=[7, 3])
    assert evaluate(parse("2d6 + 12", "number"), ctx) == 19
    assert evaluate(parse("d6", "dice"), ctx) == 3
    assert ctx.rolled == [(2, 6), (1, 6)]


@pytest.mark.parametrize("text, first", [("faux et f()", False), ("vrai ou f()", True)])
def test_short_circuit(text, first):
    ctx = FakeContext(functions={"f": lambda: pytest.fail("right operand evaluated")})
    assert evaluate(parse(text, "condition"), ctx) is first
    assert ctx.calls == []


def test_right_operand_evaluated_when_needed():
    ctx = FakeContext(functions={"f": lambda: True})
    assert evaluate(parse("vrai et f()", "condition"), ctx) is True
    assert ctx.calls == [("f", ())]


def test_aliases():
    ctx = FakeContext({"honneur": 5}, {"has": lambda item: True})
    aliases = {"honour": "honneur", "possède": "has"}
    assert evaluate(parse('honour > 4 and possède("x")', "condition"), ctx, aliases) is True
    assert ctx.calls == [("has", ("x",))]


def test_same_expr_with_different_aliases():
    expr = parse("hp", "number")
    ctx = FakeContext({"a": 1, "b": 2})
    assert evaluate(expr, ctx, {"hp": "a"}) == 1
    assert evaluate(expr, ctx, {"hp": "b"}) == 2


def test_division_by_zero():
    with pytest.raises(EvalError) as info:
        evaluate(parse("10 / (here - 3)", "number"), FakeContext({"here": 3}))
    err = info.value
    assert isinstance(err, ExprError)
    assert (err.code, err.start, err.end) == ("expr-runtime", 3, 4)
    assert "zéro" in err.message_fr and "zero" in err.message_en


@pytest.mark.parametrize("text, kind, variables, span", [
    ("x + 1", "number", {"x": "trois"}, (2, 3)),
    ("x + 1", "number", {"x": True}, (2, 3)),
    ("x and vrai", "condition", {"x": 1}, (2, 5)),
    ("vrai and x", "condition", {"x": 1}, (5, 8)),
    ("not x", "condition", {"x": 0}, (0, 3)),
    ("-x", "number", {"x": "a"}, (0, 1)),
    ("x == 1", "condition", {"x": "1"}, (2, 4)),
    ("x < y", "condition", {"x": 1, "y": "2"}, (2, 3)),
    ("x / 2", "number", {"x": False}, (2, 3)),
    ("x", "condition", {"x": 1}, (0, 1)),
    ("x", "target", {"x": True}, (0, 1)),
])
def test_runtime_type_errors(text, kind, variables, span):
    with pytest.raises(EvalError) as info:
        evaluate(parse(text, kind), FakeContext(variables))
    assert (info.value.code, info.value.start, info.value.end) == ("expr-runtime", *span)


def test_context_exceptions_propagate():
    with pytest.raises(KeyError):
        run("inconnu + 1")


def test_compiled_is_cached_per_alias_mapping():
    expr = parse("a + 1", "number")
    aliases = {"b": "a"}
    assert compiled(expr, aliases) is compiled(expr, aliases)
    assert compiled(expr, aliases)(FakeContext({"a": 41})) == 42


def test_deepest_allowed_expression_evaluates():
    text = "not " * 124 + "x"
    assert len(text) <= 500
    assert evaluate(parse(text, "condition"), FakeContext({"x": True})) is True
    assert evaluate(parse("-" * 199 + "1", "number"), FakeContext()) == -1


def test_fresh_empty_alias_dicts_reuse_the_compiled_closure():
    expr = parse("a * 2", "number")
    assert compiled(expr, {}) is compiled(expr, {}) is compiled(expr)
    assert evaluate(expr, FakeContext({"a": 21}), {}) == 42


@pytest.mark.parametrize("text,expected", [
    ('patron == "athena"', True), ('patron == "ATHÉNA "', True), ('patron != "Athena"', False),
    ('patron == "Athos"', False), ('god("x") == "defavorable"', True)])
def test_texts_compare_without_case_or_accents(text, expected):
    """Docs: accents optional in names; play and lint fold with engine.support.fold.fold."""
    ctx = FakeContext({"patron": "Athéna"}, {"god": lambda name: "défavorable"})
    assert evaluate(parse(text, "condition"), ctx) is expected
    assert compiled(parse(text, "condition"))(ctx) is expected
