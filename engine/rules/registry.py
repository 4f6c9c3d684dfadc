"""Where rule modules are found: the built-ins and the `gamebook.rules` entry points.

The engine, compiler, linter and REPL ask this registry, never a module directly.
A third-party distribution registers its module in its pyproject.toml:

    [project.entry-points."gamebook.rules"]
    kai = "gamebook_rules_kai:MODULE"

The entry point's name is the id books write after `rules:`; it may point to a
`RuleModule` instance or to a class (instantiated without arguments).  A built-in
id wins over an entry point of the same name.  Only the module asked for is
imported (`names()` reads the installed metadata, no code), under a time bound
(`watchdog.import_timeout()`), and its declared shape is checked once there
(`shape.check_shape`): a module that fails to import, blocks, or is not a
rule module raises `BrokenRules`, which names its distribution, and nothing else
is affected.  Only failures are remembered (so that a blocking import costs its
bound once a process); installing a plugin is seen by the next call.
"""
from __future__ import annotations

from importlib import import_module
from typing import Iterator

from engine.diagnostics import Message
from engine.rules.base import RuleModule

ENTRY_POINT_GROUP = "gamebook.rules"
BUILTINS = {
    "chroniques-cretoises": "engine.rules.chroniques_cretoises:MODULE",
    "defis-fantastiques": "engine.rules.defis_fantastiques:MODULE",
}
# Documentation examples (engine/lint/codes.py) need real modules: a plain one, and one
# with a stat its rules compute (Force, from the weapons).
EXAMPLE_RULES = "defis-fantastiques"
EXAMPLE_DERIVED_RULES = "chroniques-cretoises"


class UnknownRules(KeyError):
    pass


class BrokenRules(Exception):
    """A registered module that cannot be used; `message` says which, from which
    distribution, and why, in one line."""

    def __init__(self, name: str, origin: str, why: Message):
        super().__init__(name)
        self.name, self.origin, self.why = _one_line(name, 60), origin, why

    def __str__(self) -> str:
        return self.message.en

    @property
    def message(self) -> Message:
        origin = _one_line(self.origin, 80)
        return Message(f"module de règles « {self.name} » cassé ({origin}) : {self.why.fr}",
                       f"rule module '{self.name}' is broken ({origin}): {self.why.en}")


_broken: dict[tuple, BrokenRules] = {}   # (name, reference, origin) -> why it failed


def _load(ref: str) -> RuleModule:
    module, _, attr = ref.partition(":")
    return getattr(import_module(module), attr)


def _origin(entry_point) -> str:
    """'distribution version' of an entry point, as pip lists it."""
    dist = getattr(entry_point, "dist", None)
    name, version = getattr(dist, "name", None), getattr(dist, "version", None)
    return f"{name} {version}" if name else "?"


def _one_line(text: str, limit: int = 200) -> str:
    """A plugin's own words, safe to print on one line."""
    flat = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def _entry_points() -> dict[str, object]:
    from importlib.metadata import entry_points
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def names() -> list[str]:
    """Every installed module id, sorted (a built-in whose package is missing is
    still listed: `get` then fails and `gamebook rules` reports it as broken)."""
    return sorted(set(BUILTINS) | set(_entry_points()))


def get(name: str) -> RuleModule:
    """The module registered under `name`; built-ins first, then entry points.
    Raises UnknownRules, or BrokenRules."""
    if name in BUILTINS:
        from engine import __version__
        ref, origin, load = BUILTINS[name], f"gamebook-engine {__version__}", None
    else:
        eps = _entry_points()
        if name not in eps:
            raise UnknownRules(name)
        ep = eps[name]
        ref, origin, load = getattr(ep, "value", name), _origin(ep), ep.load
    key = (name, ref, origin)
    if key in _broken:
        raise _broken[key]
    try:
        return _checked(name, ref, load)
    except BrokenRules as broken:
        broken.origin = origin
        _broken[key] = broken
        raise


def _checked(name: str, ref: str, load) -> RuleModule:
    from engine.rules import watchdog
    seconds = watchdog.import_timeout()
    try:
        if load is None:  # a built-in: the engine's own code, not bounded on a slow machine
            module = _load(ref)
        else:
            with watchdog.deadline(seconds):
                module = load()
                module = module() if isinstance(module, type) else module
    except watchdog.TimeUp:
        raise BrokenRules(name, "", Message(f"son import n'a pas fini en {seconds:g} s",
                                            f"its import did not finish within {seconds:g} s")) from None
    except Exception as exc:  # a third-party module may fail in any way
        why = _one_line(f"{type(exc).__name__}: {exc}")
        raise BrokenRules(name, "", Message(why, why)) from None
    from engine.rules.shape import check_shape
    problems = check_shape(module)
    if problems:
        why = _one_line(problems[0] + (f" (+{len(problems) - 1})" if len(problems) > 1 else ""))
        raise BrokenRules(name, "", Message(why, why))
    return module


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
        except BrokenRules:  # reported by `gamebook rules`, not here
            continue
        if wanted in (a.lower() for a in getattr(module, "aliases", ())):
            return name
    return None


def all_modules() -> Iterator[RuleModule]:
    for name in names():
        yield get(name)


def loadable() -> tuple[list[RuleModule], list[BrokenRules]]:
    """Every installed module that loads, and why each other one does not."""
    modules, broken = [], []
    for name in names():
        try:
            modules.append(get(name))
        except BrokenRules as exc:
            broken.append(exc)
    return modules, broken
