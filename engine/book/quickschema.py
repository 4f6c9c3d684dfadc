"""A fast yes/no JSON Schema check, compiled once into closures.

Implements the subset of JSON Schema 2020-12 the book schema uses.  `compile_schema`
turns a schema into a function `value -> bool`; a keyword outside the subset raises
`Unsupported` at compile time, so the caller falls back to jsonschema.  It must
never say "valid" where jsonschema says "invalid" (a Hypothesis test compares
them).  Mapping keys are compared as strings, as JSON sees them.
"""
from __future__ import annotations

import re
from typing import Callable

Check = Callable[[object], bool]

_IGNORED = {"description", "title", "$schema", "$id", "$defs", "default", "examples",
            "markdownDescription", "$comment"}
_OBJECT_KEYS = ("properties", "additionalProperties", "patternProperties")


class Unsupported(Exception):
    """The schema uses a keyword this subset does not implement."""


def _is_int(v) -> bool:
    t = type(v)
    return t is int or (t is float and v.is_integer())


_TYPES: dict[str, Check] = {
    "object": lambda v: type(v) is dict,
    "array": lambda v: type(v) is list,
    "string": lambda v: type(v) is str,
    "integer": _is_int,
    "number": lambda v: type(v) in (int, float),
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}


def _same(a, b) -> bool:
    """JSON equality: booleans are not numbers."""
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    return a == b


class _Compiler:
    def __init__(self, root: dict):
        self.root = root
        self.refs: dict[str, Check] = {}

    def ref(self, ref: str) -> Check:
        if not ref.startswith("#/$defs/") or ref[8:] not in self.root.get("$defs", {}):
            raise Unsupported(ref)
        name = ref[8:]
        if name not in self.refs:
            cell: list[Check] = []
            self.refs[name] = lambda v: cell[0](v)  # recursion-safe placeholder
            cell.append(self.compile(self.root["$defs"][name]))
            self.refs[name] = cell[0]
        return self.refs[name]

    def compile(self, s) -> Check:
        if s is True or s == {}:
            return lambda v: True
        if s is False:
            return lambda v: False
        checks = [self.keyword(k, a, s) for k, a in s.items()
                  if k not in _IGNORED and k not in _OBJECT_KEYS[1:]]
        if any(k in s for k in _OBJECT_KEYS) and "properties" not in s:
            checks.append(self.object(s))
        return _all([c for c in checks if c is not None])

    def keyword(self, key: str, arg, s: dict) -> Check | None:  # noqa: C901 - one dispatch
        if key == "$ref":
            return self.ref(arg)
        if key == "type":
            tests = [_TYPES[t] for t in ([arg] if isinstance(arg, str) else arg)]
            return tests[0] if len(tests) == 1 else (lambda v: any(t(v) for t in tests))
        if key == "properties":
            return self.object(s)
        if key == "required":
            return lambda v: type(v) is not dict or all(k in v or _has_str(v, k) for k in arg)
        if key in ("minProperties", "maxProperties"):
            low = key == "minProperties"
            return lambda v: type(v) is not dict or (len(v) >= arg if low else len(v) <= arg)
        if key == "propertyNames":
            sub = self.compile(arg)
            return lambda v: type(v) is not dict or all(sub(str(k)) for k in v)
        if key == "items":
            return _items(self.compile(arg))
        if key in ("minItems", "maxItems", "minLength", "maxLength"):
            kind = list if key.endswith("Items") else str
            low = key.startswith("min")
            return lambda v: type(v) is not kind or (len(v) >= arg if low else len(v) <= arg)
        if key in ("minimum", "maximum"):
            low = key == "minimum"
            return lambda v: type(v) not in (int, float) or (v >= arg if low else v <= arg)
        if key == "pattern":
            search = re.compile(arg).search
            return lambda v: type(v) is not str or search(v) is not None
        if key in ("enum", "const"):
            allowed = arg if key == "enum" else [arg]
            return lambda v: any(_same(v, x) for x in allowed)
        if key in ("anyOf", "oneOf", "allOf"):
            subs = [self.compile(x) for x in arg]
            if key == "anyOf":
                return _any(subs)
            if key == "allOf":
                return _all(subs)
            return lambda v: sum(1 for c in subs if c(v)) == 1
        if key == "not":   # (a paragraph name that is not a word offered beside it: `continue`)
            sub = self.compile(arg)
            return lambda v: not sub(v)
        raise Unsupported(key)

    def object(self, s: dict) -> Check:
        props = {k: self.compile(x) for k, x in s.get("properties", {}).items()}
        patterns = [(re.compile(p).search, self.compile(x))
                    for p, x in s.get("patternProperties", {}).items()]
        extra = s.get("additionalProperties", True)
        extra_check = None if extra is True else self.compile(extra)

        def check(v) -> bool:
            if type(v) is not dict:
                return True
            for k, x in v.items():
                k = k if type(k) is str else str(k)
                sub = props.get(k)
                matched = sub is not None
                if matched and not sub(x):
                    return False
                for search, pat in patterns:
                    if search(k):
                        matched = True
                        if not pat(x):
                            return False
                if not matched and extra_check is not None and not extra_check(x):
                    return False
            return True
        return check


# Plain loops in closures: the checks run for every node of a book, and a loop
# costs less than all()/any() over a generator.
def _all(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda v: first(v) and second(v)

    def every(v) -> bool:
        for c in checks:
            if not c(v):
                return False
        return True
    return every


def _any(checks: list[Check]) -> Check:
    def some(v) -> bool:
        for c in checks:
            if c(v):
                return True
        return False
    return some


def _items(sub: Check) -> Check:
    def items(v) -> bool:
        if type(v) is list:
            for x in v:
                if not sub(x):
                    return False
        return True
    return items


def _has_str(v: dict, key: str) -> bool:
    """`required` as JSON sees it: a YAML key 1 satisfies a required "1"."""
    return any(str(k) == key for k in v if type(k) is not str)


def compile_schema(schema: dict) -> Check:
    """A fast validity test for `schema`; raises Unsupported outside the subset."""
    return _Compiler(schema).compile(schema)
