"""Paragraph names (format 1.1) in the fields a rule module owns, resolved at compile time.

A combat's `win`, a test's `failure`, an invocation's `to`... are the module's
business: the core does not know where a module keeps its targets, but the
module says it through `exits()`.  So the compiler asks it on a probe: every
string of the paragraph's module fields that could be a paragraph name is
replaced by a distinct marker number, `exits()` is called, and the markers it
gives back as targets are the places that hold a target.  Those take the
named paragraph's number (or are reported when no paragraph has that name);
every other string is left as written.  The module then only ever sees
numbers, and no module has to know about names.

The schema side: `widen()` lets every module field shaped as a paragraph number
(an integer from 1 to 1 000 000, as `engine.book.schema.PARAGRAPH_REF`) take a name.
"""
from __future__ import annotations

from engine.book.naming import is_name
from engine.support.records import replace

MARK = 2_000_000_000        # far above any paragraph number (limit: 1 000 000)


def _mark(value, found: list, words: frozenset):
    """A copy of `value` with each name-shaped string replaced by MARK + its index in `found`
    (not the words the schema allows in place of a number, such as `all_down: continue`)."""
    if isinstance(value, dict):
        return {k: _mark(v, found, words) for k, v in value.items()}
    if isinstance(value, list):
        return [_mark(v, found, words) for v in value]
    if is_name(value) and value not in words:
        found.append(value)
        return MARK + len(found) - 1
    return value


def _put(value, marks: dict, found: list):
    """`value` with the markers of `marks` ({marker: number}) put in, the others turned back."""
    if isinstance(value, dict):
        return {k: _put(v, marks, found) for k, v in value.items()}
    if isinstance(value, list):
        return [_put(v, marks, found) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value >= MARK:
        return marks[value] if value in marks else found[value - MARK]
    return value


def resolve(paragraph, module, names: dict, unknown) -> object:
    """`paragraph` with its module fields' named targets as numbers.

    `names` is {name: number}; `unknown(name, path)` reports a name no paragraph has."""
    if not names or not paragraph.fields:
        return paragraph
    found: list = []
    probe = replace(paragraph, fields=_mark(paragraph.fields, found, keywords(module)))
    if not found:
        return paragraph
    marks = {}
    try:
        exits = list(module.exits(probe))
    except Exception:       # a module that cannot read the probe: its own lint reports the fields
        return paragraph
    for ex in exits:
        target = ex.target
        if isinstance(target, int) and not isinstance(target, bool) and MARK <= target < MARK + len(found):
            name = found[target - MARK]
            if name in names:
                marks[target] = names[name]
            else:
                unknown(name, ex.path)
                marks[target] = 0
    if not marks:
        return paragraph
    return replace(paragraph, fields=_put(probe.fields, marks, found))


def resolve_options(options: dict, module, names: dict, unknown) -> dict:
    """The book's options with a name in a paragraph-number option (Zeus' paragraph) as its number."""
    props = (module.schema_defs().get("options") or {}).get("properties") or {}
    out = dict(options)
    for key, value in options.items():
        if isinstance(value, str) and is_name(value) and _is_paragraph_ref(props.get(key)):
            if value in names:
                out[key] = names[value]
            else:
                unknown(value, ("options", key))
    return out


def _words(alternatives) -> set:
    """The constants offered beside a paragraph number in a oneOf/anyOf (`continue`)."""
    if not any(_is_paragraph_ref(a) for a in alternatives):
        return set()
    out = set()
    for a in alternatives:
        if isinstance(a, dict):
            out |= {a["const"]} if isinstance(a.get("const"), str) else set()
            out |= {v for v in a.get("enum") or () if isinstance(v, str)}
    return out


_KEYWORDS: dict = {}     # (module class, id) -> keywords: a module may not be hashable


def keywords(module) -> frozenset:
    """Every word a module's schema accepts where it otherwise takes a paragraph number."""
    key = (type(module), getattr(module, "id", ""))
    if key not in _KEYWORDS:
        _KEYWORDS[key] = _keywords(module)
    return _KEYWORDS[key]


def _keywords(module) -> frozenset:
    found: set = set()

    def walk(node, depth=0):
        if depth > 60:
            return
        if isinstance(node, dict):
            for key in ("oneOf", "anyOf"):
                if isinstance(node.get(key), list):
                    found.update(_words(node[key]))
            for value in node.values():
                walk(value, depth + 1)
        elif isinstance(node, list):
            for value in node:
                walk(value, depth + 1)
    walk(module.schema_defs())
    return frozenset(found)


def _is_paragraph_ref(node) -> bool:
    return (isinstance(node, dict) and node.get("type") == "integer" and node.get("minimum") == 1
            and node.get("maximum") == 1_000_000)


def widen(node, name_schema: dict, words: frozenset = frozenset()):
    """A copy of schema `node` where each paragraph-number integer also accepts a name
    (but not one of the `words` offered beside it, which would match twice in a oneOf)."""
    if isinstance(node, list):
        return [widen(n, name_schema, words) for n in node]
    if not isinstance(node, dict):
        return node
    if _is_paragraph_ref(node):
        notes = {k: v for k, v in node.items() if k == "description" or k.startswith("x-")}
        bare = {k: v for k, v in node.items() if k not in notes}
        name = dict(name_schema, **({"not": {"enum": sorted(words)}} if words else {}))
        return {**notes, "oneOf": [bare, name]}
    here = words | {w for key in ("oneOf", "anyOf") if isinstance(node.get(key), list)
                    for w in _words(node[key])}
    return {k: (v if k in ("enum", "const", "required") else widen(v, name_schema, frozenset(here)))
            for k, v in node.items()}
