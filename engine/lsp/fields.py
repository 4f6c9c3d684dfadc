"""The book's JSON Schema as the editor needs it: which fields exist at a place in
the book, what each means, and which ones hold a paragraph number.

A place is a path of keys as the cursor sees it: mapping keys, and "[]" for a
list item (`("paragraphs", "12", "choices", "[]")`).  A description is taken in
the book's language: `x-description-fr` when the schema has it, else the
`description` (English).
"""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=8)
def schema_of(module) -> dict:
    from engine.book.schema import described_schema
    return described_schema(module)


def _resolve(schema: dict, node: dict) -> list[dict]:
    """`node` and every schema it is made of ($ref, allOf, anyOf, oneOf), flattened."""
    out, todo, seen = [], [node], 0
    while todo and seen < 200:
        n = todo.pop(0)
        seen += 1
        if not isinstance(n, dict):
            continue
        ref = n.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            todo.append(schema.get("$defs", {}).get(ref[len("#/$defs/"):], {}))
        for key in ("allOf", "anyOf", "oneOf"):
            todo.extend(n.get(key, ()))
        out.append(n)
    return out


def node_at(schema: dict, path) -> list[dict]:
    """The schemas that describe the value at `path` (several when it may take several shapes)."""
    nodes = [schema]
    for key in path:
        nxt = []
        for n in (x for node in nodes for x in _resolve(schema, node)):
            if key == "[]":
                if isinstance(n.get("items"), dict):
                    nxt.append(n["items"])
                continue
            props = n.get("properties") or {}
            if key in props:
                nxt.append(props[key])
            elif isinstance(n.get("additionalProperties"), dict):
                nxt.append(n["additionalProperties"])
        nodes = nxt
        if not nodes:
            return []
    return nodes


def fields_at(schema: dict, path) -> dict[str, dict]:
    """The named fields a mapping at `path` may have: name -> schema."""
    out: dict[str, dict] = {}
    for n in (x for node in node_at(schema, path) for x in _resolve(schema, node)):
        for name, sub in (n.get("properties") or {}).items():
            out.setdefault(name, sub)
    return out


def description(schema: dict, node: dict, lang: str) -> str:
    """The first description found on `node` or what it is made of."""
    for n in _resolve(schema, node):
        text = n.get(f"x-description-{lang}") or n.get("description")
        if text:
            return text
    return ""


def holds_target(schema: dict, node: dict) -> bool:
    """The field's value is a paragraph number (or a target expression)."""
    refs = {n.get("$ref") for n in _resolve(schema, node)} | {node.get("$ref")}
    return "#/$defs/target" in refs or any(  # PARAGRAPH_REF and the modules' copies of it
        n.get("type") == "integer" and n.get("maximum") == 1_000_000 for n in _resolve(schema, node))


@lru_cache(maxsize=8)
def target_fields(module) -> frozenset:
    """Every field name that somewhere holds a paragraph number (to, win, retreat...)."""
    schema, names = schema_of(module), set()

    def walk(node, depth=0):
        if depth > 40:
            return
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                if isinstance(sub, dict) and holds_target(schema, sub):
                    names.add(name)
            for value in node.values():
                walk(value, depth + 1)
        elif isinstance(node, list):
            for value in node:
                walk(value, depth + 1)
    walk(schema)
    return frozenset(names - {"start"}) | {"start"}
