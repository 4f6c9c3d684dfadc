"""Every effect list a compiled book can hold, enumerated in one place.

A paragraph holds effects in its own `effects:`, in each choice's `effects:`, in each
`auto:` jump's and each random outcome's `effects:` (format 1.1), and in the module's
outcome fields (`module.outcome_effects`: a test's `success_effects`, a fight's
`win_effects`, `escape: {effects}`...).  Every check that reads what a book writes
(note writers, lint, the graph, the analysis) walks them through `effect_lists`, so
that a construct added later cannot be forgotten by one of them:
tests/foundation/test_effect_lists.py walks the JSON Schema of every built-in module
and fails when an effect list appears that `places` does not name.
"""
from __future__ import annotations

from typing import Iterator

from engine.book.giving import give_ups, none_of

# The places of the core format, relative to a paragraph ("*": each entry of a list).
CORE = (("effects",), ("choices", "*", "effects"), ("auto", "*", "effects"),
        ("random", "outcomes", "*", "effects"))


def places(module) -> tuple[tuple, ...]:
    """Every place, relative to a paragraph, where a book may write an effect list
    (format 1.2: also inside an outcome written like an `auto:` entry, `win: {to:,
    effects:}`, compiled into the list beside it: engine/book/outcome_shapes.py)."""
    from engine.book.outcome_shapes import written_places
    return CORE + tuple(tuple(where) for where in getattr(module, "outcome_effects", ()) or ()) \
        + written_places(module)


def effect_lists(paragraph) -> Iterator[tuple[tuple, tuple]]:
    """(document path of the list, its effects) for every effect list of `paragraph`,
    in the order play may apply them: the paragraph's, the choices', the book's
    jumps', the random outcomes', then the module's outcomes'."""
    path = paragraph.path
    yield path + ("effects",), paragraph.effects
    for c in paragraph.choices:
        yield c.path + ("effects",), c.effects
    for a in paragraph.auto:
        yield a.path + ("effects",), a.effects
    for o in (paragraph.random.outcomes if paragraph.random else ()):
        yield o.path + ("effects",), o.effects
    for where, effects in paragraph.outcome_effects.items():
        yield path + tuple(where), effects
    for effect, _choice in give_ups(paragraph):   # format 1.2: a give-up's `none:` outcome
        none = none_of(effect.value)
        if none is not None:
            yield none.path + ("effects",), none.effects


def carrier(path: tuple) -> tuple | None:
    """The path of the way out that carries the list at `path` (a choice, an `auto:`
    jump, a random outcome: its effects apply only when that way is taken), or None
    for a list applied in the paragraph itself (its effects, a module outcome's)."""
    if len(path) >= 3 and path[-1] == "effects" and path[-3] in ("choices", "auto", "outcomes"):
        return path[:-1]
    if len(path) >= 2 and path[-1] == "effects" and path[-2] == "none":   # a give-up's `none:`
        return path[:-1]
    return None


def all_effects(paragraph) -> Iterator:
    """Every effect of every list of `paragraph`."""
    for _path, effects in effect_lists(paragraph):
        yield from effects


def module_fields(paragraph) -> dict:
    """The paragraph's module fields (combat, test...) without the effect lists among
    them (`module.outcome_effects`), for a reader that takes those from
    `effect_lists` (a write is not a read)."""
    fields = dict(paragraph.fields)
    for where in paragraph.outcome_effects:
        *above, last = where
        node = fields
        for key in above:
            if not isinstance(node.get(key), dict):
                break
            node[key] = dict(node[key])
            node = node[key]
        else:
            node.pop(last, None)
    return fields
