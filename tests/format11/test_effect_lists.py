"""One function enumerates every effect list a book can hold (engine/book/effect_lists.py),
and the JSON Schema of every built-in module holds no effect list it does not name."""
from __future__ import annotations

import pytest

from engine.analysis.graph import UNKNOWN, book_graph
from engine.book.counters import note_writers
from engine.book.effect_lists import carrier, effect_lists, places
from engine.book.schema import book_schema
from engine.rules import registry
from tests.format11.f11_helpers import HEADER, codes, load

HEADER_LINES = HEADER.splitlines()

BUILT_IN = ("chroniques-cretoises", "defis-fantastiques")


def schema_places(schema: dict) -> set[tuple]:
    """The places under a paragraph where the schema allows an effect list ("*": each
    entry of a list; alternatives such as `oneOf` are looked through)."""
    defs, found = schema["$defs"], set()
    effects = {name for name in defs if name == "effects" or name.endswith(".effects")}

    def walk(node, where: tuple, seen: frozenset) -> None:
        if isinstance(node, list):
            for n in node:
                walk(n, where, seen)
            return
        if not isinstance(node, dict):
            return
        ref = node.get("$ref", "")
        name = ref.rsplit("/", 1)[-1]
        if name in effects:
            found.add(where)
            return
        if ref and name not in seen and name in defs:
            walk(defs[name], where, seen | {name})
        for key, value in node.get("properties", {}).items():
            walk(value, where + (key,), seen)
        for key in ("items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                walk(node[key], where + ("*",), seen)
        for key in ("oneOf", "anyOf", "allOf", "then", "else"):
            walk(node.get(key), where, seen)

    paragraph = next(v for k, v in defs.items() if k.endswith("paragraph"))
    walk(paragraph, (), frozenset())
    return found


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_effect_list_of_the_schema_is_enumerated(name):
    module = registry.get(name)
    in_schema = schema_places(book_schema(module))
    assert ("effects",) in in_schema and ("choices", "*", "effects") in in_schema   # the walk sees them
    assert in_schema - set(places(module)) == set()


def test_a_new_effect_list_in_a_schema_is_caught():
    """The walk finds an effect list a module would add without declaring it."""
    module = registry.get("defis-fantastiques")
    schema = book_schema(module)
    defs = schema["$defs"]
    effects = next(k for k in defs if k.endswith("effects"))
    defs[next(k for k in defs if k.endswith("test"))]["properties"]["draw_effects"] = {"$ref": "#/$defs/" + effects}
    assert schema_places(schema) - set(places(module)) == {("test", "draw_effects")}


NOTE_IN_OUTCOME = """\
notes:
  retour: {name: Retour}
paragraphs:
  1:
    text: Une porte.
    test: {type: chance, success: 2, success_effects: [{note: retour}], failure: 4}
  2:
    text: Une salle.
    choices: [{text: Revenir, to: 'note("retour")'}]
  3: {text: Personne ne vient ici., end: death}
  4: {text: Fin., end: victory}
"""


def test_a_note_written_in_an_outcome_is_followed(tmp_path):
    """Issue 31 item 7: a note written in `success_effects` leads back to where it was
    written; lint's `unreachable` stays on (the orphan § 3 is found) and the graph
    has no "?" node."""
    loaded = load(tmp_path, NOTE_IN_OUTCOME)
    assert note_writers(loaded.book) == {"retour": [1]}
    found = codes(loaded)
    assert "reachability-unchecked" not in found
    unreachable = [d for d in loaded.diagnostics if d.code == "unreachable"]
    assert [d.span.line + 1 for d in unreachable] == [len(HEADER_LINES) + 10]   # § 3
    g = book_graph(loaded.book, loaded.module, "en")
    assert g.complete and UNKNOWN not in {e.target for e in g.edges}
    assert (2, 1) in {(e.source, e.target) for e in g.edges}
    assert [n.number for n in g.nodes if n.unreachable] == [3]


EVERY_LIST = """\
paragraphs:
  1:
    text: Tout à la fois.
    effects: [{gain: arc}]
    choices: [{text: Partir, to: 2, effects: [{gain: orbe}]}]
    test: {type: chance, success: 2, success_effects: [{gain: cle}], failure: 3, failure_effects: [{lose: arc}]}
  2:
    text: Un dé.
    random: {dice: 1d6, outcomes: [{range: [1, 3], to: 3, effects: [{gain: fleche}]}, {range: [4, 6], to: 4}]}
  3:
    text: Un saut.
    auto: [{to: 4, effects: [{gain: balluchon}]}]
  4: {text: Fin., end: victory}
"""


def test_every_list_of_a_book_is_enumerated_with_what_carries_it(tmp_path):
    loaded = load(tmp_path, EVERY_LIST)
    found = {}
    for n, p in loaded.book.paragraphs.items():
        for path, effects in effect_lists(p):
            if effects:
                found[(n,) + path[len(p.path):]] = ([e.value for e in effects], carrier(path) is not None)
    assert found == {
        (1, "effects"): ([["arc"]], False), (1, "choices", 0, "effects"): ([["orbe"]], True),
        (1, "test", "success_effects"): ([["cle"]], False), (1, "test", "failure_effects"): ([["arc"]], False),
        (2, "random", "outcomes", 0, "effects"): ([["fleche"]], True),
        (3, "auto", 0, "effects"): ([["balluchon"]], True)}
