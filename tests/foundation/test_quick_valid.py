"""The fast validator never says "valid" where jsonschema says "invalid"."""
from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from engine.book.schema import book_schema
from engine.book.source import parse_text
from engine.book.validate import json_view, quick_valid

from .fixture_rules import MODULE
from .lintkit import GOOD

SCHEMA = book_schema(MODULE)
VALIDATOR = Draft202012Validator(SCHEMA)
BASE = json_view(parse_text(GOOD, "good.yaml")[0].data)

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.floats(allow_nan=False, width=16),
                    st.sampled_from(["", " x", "cle", "here + 1", "1d6", "death", "victory", "Zeus", "1"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.sampled_from(["text", "to", "if", "end", "gain", "add", "name", "1", "x"]),
                    inner, max_size=3)), max_leaves=6)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


ALL_PATHS = list(paths(BASE))[1:]


@st.composite
def mutants(draw):
    doc = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(ALL_PATHS))
        node = doc
        try:
            for p in path[:-1]:
                node = node[p]
            action = draw(st.sampled_from(["replace", "delete", "add"]))
            if action == "replace":
                node[path[-1]] = draw(VALUES)
            elif action == "delete" and isinstance(node, dict):
                del node[path[-1]]
            elif isinstance(node[path[-1]], dict):
                node[path[-1]][draw(st.sampled_from(["extra", "text", "to", "1", "99"]))] = draw(VALUES)
            elif isinstance(node[path[-1]], list):
                node[path[-1]].append(draw(VALUES))
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation removed the path
    return doc


def test_the_base_book_is_valid_for_both():
    assert quick_valid(BASE, SCHEMA) is True and VALIDATOR.is_valid(BASE)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutants())
def test_fast_validator_agrees_with_jsonschema(doc):
    fast = quick_valid(doc, SCHEMA)
    assert fast is not None
    assert fast == VALIDATOR.is_valid(doc)


def test_unknown_keyword_means_cannot_tell():
    assert quick_valid({}, {"type": "object", "dependentRequired": {"a": ["b"]}}) is None


def test_yaml_integer_keys_are_json_strings():
    schema = {"type": "object", "required": ["1"], "propertyNames": {"pattern": "^[0-9]+$"},
              "additionalProperties": {"type": "string"}}
    assert quick_valid({1: "a"}, schema) is True
    assert quick_valid({1: 2}, schema) is False
    assert quick_valid({"x": "a"}, schema) is False
