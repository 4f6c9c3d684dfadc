"""The kai plugin's schema holds no effect list that engine/book/effect_lists.py does
not enumerate (as tests/format11/test_effect_lists.py checks for the built-ins)."""
from __future__ import annotations

from engine.book.effect_lists import places
from engine.book.schema import book_schema
from engine.rules import registry
from tests.format11.test_effect_lists import schema_places


def test_every_effect_list_of_the_kai_schema_is_enumerated(kai_installed):
    module = registry.get("kai")
    in_schema = schema_places(book_schema(module))
    assert ("effects",) in in_schema
    assert in_schema - set(places(module)) == set()
