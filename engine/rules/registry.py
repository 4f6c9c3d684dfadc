"""Where rule modules are found: the built-ins and the `gamebook.rules` entry points.

The engine, compiler, linter and REPL ask this registry, never a module directly.
A third-party distribution registers its module in its pyproject.toml:

    [project.entry-points."gamebook.rules"]
    kai = "gamebook_rules_kai:MODULE"

The entry point's name is the id books write after `rules:`; it may point to a
`RuleModule` instance or to a class (instantiated without arguments).  A built-in
id wins over an entry point of the same name.  Nothing is cached: installing a
plugin is seen by the next call.
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
# Documentation examples (engine/codes.py) need real modules: a plain one, and one
# with a stat its rules compute (Force, from the weapons).
EXAMPLE_RULES = "defis-fantastiques"
EXAMPLE_DERIVED_RULES = "chroniques-cretoises"


class UnknownRules(KeyError):
    pass


def _load(ref: str) -> RuleModule:
    module, _, attr = ref.partition(":")
    return getattr(import_module(module), attr)


def _entry_points() -> dict[str, object]:
    from importlib.metadata import entry_points
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def names() -> list[str]:
    """Every installed module id, sorted (a built-in whose package is missing is
    still listed: `get` then fails and `gamebook rules` reports it as broken)."""
    return sorted(set(BUILTINS) | set(_entry_points()))


def get(name: str) -> RuleModule:
    """The module registered under `name`; built-ins first, then entry points.
    Raises UnknownRules, or whatever a broken module raises while importing."""
    if name in BUILTINS:
        return _load(BUILTINS[name])
    eps = _entry_points()
    if name in eps:
        module = eps[name].load()
        return module() if isinstance(module, type) else module
    raise UnknownRules(name)


def resolve(word: str) -> str:
    """The id of the module called `word` (case and surrounding blanks ignored):
    an id, or one of a module's `aliases`.  Built-ins are tried before entry
    points (scanning those is slow); a broken module is skipped.  Raises UnknownRules."""
    wanted = word.strip().lower()
    if wanted in BUILTINS:
        return wanted
    found = _by_alias(wanted, BUILTINS)
    if found is None:
        eps = sorted(set(_entry_points()) - set(BUILTINS))
        found = wanted if wanted in eps else _by_alias(wanted, eps)
    if found is None:
        raise UnknownRules(word)
    return found


def _by_alias(wanted: str, candidates) -> str | None:
    for name in candidates:
        try:
            module = get(name)
        except Exception:  # a broken module is reported by `gamebook rules`, not here
            continue
        if wanted in (a.lower() for a in getattr(module, "aliases", ())):
            return name
    return None


def all_modules() -> Iterator[RuleModule]:
    for name in names():
        yield get(name)
