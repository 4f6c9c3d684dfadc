"""The shape of a rule module that the engine relies on without calling anything.

The registry checks it once, when it loads a module (engine/rules/registry.py), so
that a module of the wrong shape is reported as broken instead of failing wherever
the engine first touches it; engine/rules/conformance.py's `check_module` checks
much more, for a module's own test suite.
"""
from __future__ import annotations

from engine.diagnostics import Message
from engine.rules.base import RuleModule, StatDef


def check_shape(module) -> list[str]:
    """What the engine relies on without calling anything: the attributes' types and
    the interface's methods being callable.  The registry checks this once, at load,
    so that a module of the wrong shape is reported as broken instead of failing
    wherever the engine first touches it (check_module checks much more)."""
    missing = [name for name in _METHODS if not callable(getattr(module, name, None))]
    if missing:
        return [f"not a rule module ({type(module).__name__} has no "
                + ", ".join(f"{name}()" for name in missing[:3]) + ("..." if len(missing) > 3 else "") + ")"]
    problems = []
    for attr in ("id", "version"):
        value = getattr(module, attr, None)
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{attr} must be a non-empty string, not {type(value).__name__}")
    title = getattr(module, "title", None)
    if not isinstance(title, Message) or not isinstance(title.fr, str) or not isinstance(title.en, str):
        problems.append(f"title must be a Message(fr, en) of two strings, not {type(title).__name__}")
    stats = getattr(module, "stats", None)
    if not isinstance(stats, tuple) or not all(isinstance(s, StatDef) for s in stats):
        problems.append("stats must be a tuple of StatDef")
    for attr in ("activity_fields", "effect_kinds", "aliases", "passive_stats", "self_checked_exits"):
        values = getattr(module, attr, ())
        if not isinstance(values, tuple) or not all(isinstance(v, str) for v in values):
            problems.append(f"{attr} must be a tuple of strings")
    if not isinstance(getattr(module, "passive_flags", False), bool):
        problems.append("passive_flags must be True or False")
    if not hasattr(getattr(module, "options", None), "items"):
        problems.append("options must be a mapping")
    return problems


_METHODS = tuple(name for name, value in vars(RuleModule).items()
                 if callable(value) and not name.startswith("_"))
