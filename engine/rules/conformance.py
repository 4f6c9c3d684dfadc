"""Does an object satisfy the rule-module interface?  `check_module(module)` says.

Meant for a module's own test suite (one line: `assert check_module(MODULE) == []`)
and for the engine's test that every registered module conforms.  It checks what
can be checked without playing: identity, the sheet, the book schema (valid
against the JSON Schema 2020-12 metaschema, every `$ref` resolvable), the
expression names, the REPL commands, the optional `gamebook odds` hooks and the
method signatures.  Each problem is
one English sentence for the module's developer, naming the attribute at fault.
"""
from __future__ import annotations

import inspect
import re
from typing import Iterator

from engine.diagnostics import Message
from engine.rules.base import Command, RuleModule, StatDef
from engine.rules.shape import check_shape  # noqa: F401 - part of this module's interface

KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
TYPES = ("int", "bool", "str")
CORE_NAMES = ("has", "count", "visited", "flag", "here")
MINIMAL_BOOK = {"gamebook": 1, "title": "t", "start": 1,
                "paragraphs": {"1": {"text": "t", "end": "victory"}}}


def check_module(module) -> list[str]:
    """Every way `module` departs from the interface; [] when it conforms."""
    problems: list[str] = []
    for check in (_identity, _sheet, _expressions, _schema, _commands, _odds, _signatures):
        try:
            problems.extend(check(module))
        except Exception as exc:  # a crashing hook is itself a finding, not a crash
            problems.append(f"{check.__name__.strip('_')}: raised {type(exc).__name__}: {exc}")
    return problems


def _bilingual(value, what: str) -> Iterator[str]:
    if not isinstance(value, Message):
        yield f"{what} must be a Message(fr, en), not {type(value).__name__}"
    elif not (isinstance(value.fr, str) and value.fr.strip() and isinstance(value.en, str)
              and value.en.strip()):
        yield f"{what} needs a non-empty French and English text"


def _identity(module) -> Iterator[str]:
    ident = getattr(module, "id", None)
    if not isinstance(ident, str) or not KEBAB.match(ident):
        yield f"id {ident!r} must be kebab-case (a-z, 0-9, single hyphens)"
    elif ident == RuleModule.id:
        yield "id is still the base class default 'base'"
    version = getattr(module, "version", None)
    if not isinstance(version, str) or not version.strip():
        yield f"version {version!r} must be a non-empty string"
    yield from _bilingual(getattr(module, "title", None), "title")
    for attr in ("activity_fields", "effect_kinds"):
        values = getattr(module, attr, None)
        if not isinstance(values, tuple) or not all(isinstance(v, str) and v for v in values):
            yield f"{attr} must be a tuple of non-empty strings"
        elif len(set(values)) != len(values):
            yield f"{attr} has duplicates"
    if not hasattr(getattr(module, "options", None), "items"):
        yield "options must be a mapping"


def _sheet(module) -> Iterator[str]:
    stats = getattr(module, "stats", None)
    if not isinstance(stats, tuple) or not all(isinstance(s, StatDef) for s in stats):
        yield "stats must be a tuple of StatDef"
        return
    seen: dict[str, str] = {}
    for s in stats:
        if not isinstance(s.name, str) or not NAME.match(s.name):
            yield f"stat name {s.name!r} must be lower-case ASCII ([a-z_][a-z0-9_]*)"
        yield from _bilingual(s.label, f"stat {s.name!r} label")
        for spelling in (s.name, *s.aliases):
            if not isinstance(spelling, str) or not spelling:
                yield f"stat {s.name!r} has an empty or non-string alias"
            elif spelling in seen:
                yield f"name {spelling!r} is used by stats {seen[spelling]!r} and {s.name!r}"
            else:
                seen[spelling] = s.name
        yield from _initial(s)
        if s.minimum is not None and not isinstance(s.minimum, int):
            yield f"stat {s.name!r}: minimum must be an int or None"


def _initial(s: StatDef) -> Iterator[str]:
    from engine import expr as X
    if isinstance(s.initial, bool) or not isinstance(s.initial, (int, str)):
        yield f"stat {s.name!r}: initial must be an int or a dice formula"
    elif isinstance(s.initial, str):
        try:
            X.parse(s.initial, "number")
        except X.ExprError as exc:
            yield f"stat {s.name!r}: initial {s.initial!r} is not a formula ({exc.message_en})"


def _expressions(module) -> Iterator[str]:
    from engine.expr import Signature
    stats = {n for s in module.stats for n in (s.name, *s.aliases)}
    variables = module.expr_variables()
    for name, kind in variables.items():
        if not NAME.match(name) or kind not in TYPES:
            yield f"expr_variables: {name!r} -> {kind!r} (want an identifier -> int/bool/str)"
    functions = module.expr_functions()
    for name, sig in functions.items():
        if not NAME.match(name) or name in CORE_NAMES or name in stats:
            yield f"expr_functions: {name!r} is not a free identifier"
        if not isinstance(sig, Signature) or sig.returns not in TYPES or \
                not all(isinstance(p, str) and p for p in sig.params):
            yield f"expr_functions: {name!r} needs a Signature(params, returns int/bool/str)"
    known = stats | set(variables) | set(functions)
    for alias, target in module.expr_aliases().items():
        if target not in known:
            yield f"expr_aliases: {alias!r} names {target!r}, which the module does not define"
    refs = module.references(_Header())
    if not hasattr(refs, "items") or not all(isinstance(v, (set, frozenset)) for v in refs.values()):
        yield "references() must map each reference kind to a (frozen)set"


class _Header:
    """What the compiler passes to `references()` for an empty book."""

    data: dict = {}
    hero: dict = {}
    options: dict = {}
    paragraphs: dict = {}


def _schema(module) -> Iterator[str]:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError
    from engine.book.schema import book_schema
    parts = module.schema_defs()
    if not isinstance(parts, dict):
        yield "schema_defs() must return a dict"
        return
    for name in module.activity_fields:
        if name not in parts:
            yield f"activity field {name!r} has no schema in schema_defs()"
    effects = parts.get("effects", [])
    declared = {k for e in effects if isinstance(e, dict) for k in e.get("properties", {})}
    for kind in module.effect_kinds:
        if kind not in declared:
            yield f"effect kind {kind!r} has no schema in schema_defs()['effects']"
    schema = book_schema(module)
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        yield f"book schema is not valid JSON Schema 2020-12: {exc.message}"
        return
    for ref in sorted(set(_refs(schema))):
        if not ref.startswith("#/$defs/") or ref[8:] not in schema["$defs"]:
            yield f"book schema cannot be used: $ref {ref!r} is not one of its $defs"
    book = dict(MINIMAL_BOOK, rules=module.id)
    try:  # the hero/options/item parts must accept a book that does not use them
        list(Draft202012Validator(schema).iter_errors(book))
    except Exception as exc:
        yield f"book schema cannot be used: {type(exc).__name__}: {exc}"


def _refs(node) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _commands(module) -> Iterator[str]:
    seen: set[str] = set()
    for cmd in module.commands():
        if not isinstance(cmd, Command):
            yield f"commands() must yield Command objects, not {type(cmd).__name__}"
            continue
        label = "/".join(map(str, cmd.names)) or "?"
        if len(cmd.names) < 2:
            yield f"command {label!r} needs a French and an English name"
        for i, name in enumerate(cmd.names):
            if not isinstance(name, str) or not name or any(c.isspace() for c in name):
                yield f"command {label!r}: name {name!r} must be one word"
            elif i == 1 and name == cmd.names[0]:
                continue   # one word for both languages ("zeus"), written as both names
            elif name in seen:
                yield f"command name {name!r} is used twice"
            seen.add(name)
        yield from _bilingual(cmd.help, f"command {label!r} help")
        if not callable(cmd.run) or not _accepts(cmd.run, 2):
            yield f"command {label!r}: run must be callable as run(play, arg)"
        if not callable(cmd.available) or not _accepts(cmd.available, 1):
            yield f"command {label!r}: available must be callable as available(play)"


def _odds(module) -> Iterator[str]:
    """`aliases`, and for a module offering `gamebook odds`: its flags fit beside the
    command's own in both languages, and its labels are bilingual."""
    import argparse
    from engine.analysis.result import OddsLabels
    from engine.commands.odds import configure, offers_odds
    aliases = getattr(module, "aliases", ())
    if not isinstance(aliases, tuple) or not all(
            isinstance(a, str) and a and not any(c.isspace() for c in a) for a in aliases):
        yield "aliases must be a tuple of one-word strings"
    elif getattr(module, "id", None) in aliases:
        yield "aliases repeat the id"
    if not offers_odds(module):
        return
    for lang in ("fr", "en"):
        parser = argparse.ArgumentParser(prog="gamebook odds")
        configure(parser, lang)
        try:
            module.odds_arguments(parser.add_argument_group("module"), lang)
        except argparse.ArgumentError as exc:
            yield f"odds_arguments: {exc} (the command already has BOOK, --rules, --format, --lang)"
            return
    labels = module.odds_labels()
    if not isinstance(labels, OddsLabels):
        yield f"odds_labels() must return an OddsLabels, not {type(labels).__name__}"
        return
    yield from _bilingual(labels.final, "odds_labels().final")
    yield from _bilingual(labels.rounds, "odds_labels().rounds")


def _accepts(func, count: int) -> bool:
    try:
        inspect.signature(func).bind(*range(count))
    except (TypeError, ValueError):
        return False
    return True


def _signatures(module) -> Iterator[str]:
    """Every method of the interface must accept the arguments the engine passes."""
    for name, base in inspect.getmembers(RuleModule, inspect.isfunction):
        if name.startswith("_"):
            continue
        ours = getattr(module, name, None)
        if not callable(ours):
            yield f"method {name}() is missing"
            continue
        wanted = [p for p in inspect.signature(base).parameters.values()][1:]
        if not _accepts(ours, len(wanted)):
            yield f"method {name}() must accept ({', '.join(p.name for p in wanted)})"
