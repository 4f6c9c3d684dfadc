"""Static checking: types, names, aliases, references and exact spans."""

import pytest

from engine.expr import Env, Reference, Signature, check, parse

ENV = Env(
    variables={"honneur": "int", "here": "int", "nom": "str", "nuit": "bool", "habileté": "int"},
    functions={
        "has": Signature(("item",), "bool"),
        "visited": Signature(("paragraph",), "bool"),
        "god": Signature(("god",), "str"),
        "flag": Signature(("flag",), "bool"),
        "max": Signature(("int", "int"), "int"),
    },
    aliases={"honour": "honneur", "possède": "has", "skill": "habileté"},
    references={"item": frozenset({"épée", "bouclier"}), "paragraph": frozenset({1, 2, 120}),
                "god": frozenset({"Athéna", "Arès"})},
)


def problems(text, kind="condition", env=ENV):
    return [(p.code, p.start, p.end) for p in check(parse(text, kind), env).problems]


@pytest.mark.parametrize("text, kind, expected_type", [
    ('honneur >= 3 and has("épée")', "condition", "bool"),
    ("not visited(120)", "condition", "bool"),
    ('god("Athéna") == "favorable"', "condition", "bool"),
    ("here + 20", "target", "int"),
    ("2d6+12", "number", "int"),
    ("-1", "number", "int"),
    ("max(honneur, 2) * 2", "number", "int"),
    ('nom == "x"', "condition", "bool"),
])
def test_valid_expressions(text, kind, expected_type):
    result = check(parse(text, kind), ENV)
    assert result.problems == ()
    assert result.type == expected_type


def test_unknown_name_with_suggestion():
    result = check(parse("honeur > 2", "condition"), ENV)
    (problem,) = result.problems
    assert (problem.code, problem.start, problem.end) == ("unknown-name", 0, 6)
    assert problem.suggestion == "honneur"
    assert "vouliez-vous dire « honneur »" in problem.message_fr
    assert "did you mean “honneur”" in problem.message_en


def test_unknown_name_without_close_match():
    (problem,) = check(parse("1 + zzzz", "number"), ENV).problems
    assert (problem.code, problem.start, problem.end, problem.suggestion) == ("unknown-name", 4, 8, None)
    assert "vouliez" not in problem.message_fr


def test_unknown_name_makes_the_type_unknown():
    result = check(parse("honeur", "condition"), ENV)
    assert result.type is None
    assert [p.code for p in result.problems] == ["unknown-name"]  # no cascading condition error


def test_function_used_as_variable():
    assert problems("has and nuit") == [("unknown-name", 0, 3)]


def test_unknown_function_spans_only_the_name():
    result = check(parse('nuit or hass("épée")', "condition"), ENV)
    (problem,) = result.problems
    assert (problem.code, problem.start, problem.end, problem.suggestion) == ("unknown-function", 8, 12, "has")


def test_variable_called_as_function():
    assert problems("honneur(1) > 2") == [("unknown-function", 0, 7)]


def test_wrong_arity_too_many_points_at_extra_arguments():
    assert problems('has("épée", 1, 2)') == [("wrong-arity", 12, 16)]


def test_wrong_arity_too_few_points_at_call():
    assert problems("max(1) > 0") == [("wrong-arity", 0, 6)]


@pytest.mark.parametrize("text, span", [
    ("honneur and 3", (8, 11)),
    ("nuit + 1 > 0", (5, 6)),
    ('nom == 3', (4, 6)),
    ('nom < "b"', (4, 5)),
    ("not honneur", (0, 3)),
    ("-nuit == 1", (0, 1)),
])
def test_type_mismatch_points_at_operator(text, span):
    assert problems(text) == [("type-mismatch", *span)]


def test_type_mismatch_message_names_the_types():
    (problem,) = check(parse("honneur and 3", "condition"), ENV).problems
    assert "entier" in problem.message_fr and "integer" in problem.message_en
    assert "« and »" in problem.message_fr


def test_argument_type_mismatch_points_at_argument():
    assert problems("has(12)") == [("type-mismatch", 4, 6)]
    assert problems('visited("douze")') == [("type-mismatch", 8, 15)]


def test_condition_not_boolean():
    assert problems("honneur + 1") == [("condition-not-boolean", 0, 11)]


def test_target_not_integer():
    assert problems("here > 3", "target") == [("target-not-integer", 0, 8)]


def test_number_must_be_integer():
    assert problems("nuit", "number") == [("type-mismatch", 0, 4)]


@pytest.mark.parametrize("text, kind, span", [
    ("2d6 > 7", "condition", (0, 3)), ("here + d6", "target", (7, 9))])
def test_dice_not_allowed(text, kind, span):
    assert problems(text, kind) == [("dice-not-allowed", *span)]


def test_dice_allowed_in_number_and_dice():
    assert problems("2d6 + honneur", "number") == []
    assert problems("d6", "dice") == []


def test_unknown_reference_string():
    result = check(parse('has("épé") or has("épée")', "condition"), ENV)
    (problem,) = result.problems
    assert (problem.code, problem.start, problem.end, problem.suggestion) == ("unknown-reference", 4, 9, "épée")
    assert "objet" in problem.message_fr and "item" in problem.message_en and "épé" in problem.message_en


def test_unknown_reference_paragraph_suggests_nearest():
    (problem,) = check(parse("visited(119)", "condition"), ENV).problems
    assert (problem.code, problem.start, problem.end, problem.suggestion) == ("unknown-reference", 8, 11, "120")


def test_reference_kind_absent_from_env_is_not_checked():
    result = check(parse('flag("porte_ouverte")', "condition"), ENV)
    assert result.problems == ()
    assert result.references == (Reference("flag", "porte_ouverte", 5, 20),)


def test_references_collects_literal_arguments_only():
    result = check(parse('has("épée") and visited(2) and has(nom) and max(1, 2) > 0', "condition"), ENV)
    assert result.references == (Reference("item", "épée", 4, 10), Reference("paragraph", 2, 24, 25))


def test_aliases_resolve_for_variables_and_functions():
    assert problems('honour >= 3 and possède("épée") and skill > 1') == []


def test_alias_suggested_for_misspelt_alias():
    (problem,) = check(parse("honor > 1", "condition"), ENV).problems
    assert problem.suggestion in ("honour", "honneur")


def test_several_problems_are_all_reported():
    found = problems('honeur > 2 and has(3) and 2d6 == 7 and zut("x")')
    assert found == [("unknown-name", 0, 6), ("type-mismatch", 19, 20),
                     ("dice-not-allowed", 26, 29), ("unknown-function", 39, 42)]


def test_env_defaults():
    env = Env(variables={"x": "int"}, functions={})
    assert check(parse("x > 1", "condition"), env).problems == ()
