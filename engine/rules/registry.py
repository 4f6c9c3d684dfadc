"""Where rule modules are found: the built-ins and the `gamebook.rules` entry points.

The engine, compiler, linter and REPL ask this registry, never a module directly.
"""
from __future__ import annotations

from importlib import import_module
from typing import Iterator

from .base import RuleModule

ENTRY_POINT_GROUP = "gamebook.rules"
BUILTINS = {
    "chroniques-cretoises": "engine.rules.chroniques_cretoises:MODULE",
    "defis-fantastiques": "engine.rules.defis_fantastiques:MODULE",
}


class UnknownRules(KeyError):
    pass


def _load(ref: str) -> RuleModule:
    module, _, attr = ref.partition(":")
    return getattr(import_module(module), attr)


def _entry_points() -> dict[str, object]:
    from importlib.metadata import entry_points
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def names() -> list[str]:
    """Every installed module id, sorted."""
    return sorted(set(BUILTINS) | set(_entry_points()))


def get(name: str) -> RuleModule:
    """The module registered under `name`; built-ins first, then entry points."""
    if name in BUILTINS:
        return _load(BUILTINS[name])
    eps = _entry_points()
    if name in eps:
        module = eps[name].load()
        return module() if isinstance(module, type) else module
    raise UnknownRules(name)


def all_modules() -> Iterator[RuleModule]:
    for name in names():
        yield get(name)
