"""check_module: each way of breaking the interface is reported, and only that."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.diagnostics import Message
from engine.expr import Signature
from engine.rules.base import Command, RuleModule, StatDef
from engine.rules.conformance import check_module

M = Message


@dataclass
class Good(RuleModule):
    """A minimal conforming module; each test breaks one thing of it."""

    id: str = "minimal-rules"
    version: str = "1.0"
    title: Message = field(default_factory=lambda: M("Minimal", "Minimal"))
    stats: tuple = (StatDef("force", M("Force", "Strength"), ("strength",), "1d6+6"),
                    StatDef("or_", M("Or", "Gold"), ("gold",), 0))
    activity_fields: tuple = ("duel",)

    def schema_defs(self):
        return {"duel": {"type": "object", "properties": {"win": {"$ref": "#/$defs/target"}}}}

    def commands(self):
        return (Command(("prier", "pray"), M("prier", "pray"), lambda play, arg: None),)


def _with(**changes):
    module = Good()
    for name, value in changes.items():
        object.__setattr__(module, name, value)
    return module


def test_a_conforming_module_has_no_problem():
    assert check_module(Good()) == []


def test_the_base_class_itself_is_not_a_module():
    assert check_module(RuleModule()) == ["id is still the base class default 'base'",
                                          "title needs a non-empty French and English text"]


BROKEN = [
    ("id", "Minimal_Rules", "id 'Minimal_Rules' must be kebab-case"),
    ("version", 1, "version 1 must be a non-empty string"),
    ("title", M("Minimal", ""), "title needs a non-empty French and English text"),
    ("stats", (StatDef("Force", M("Force", "Strength")),), "stat name 'Force' must be lower-case"),
    ("stats", (StatDef("force", M("Force", "Strength"), ("gold",)),
               StatDef("or_", M("Or", "Gold"), ("gold",))), "name 'gold' is used by stats 'force' and 'or_'"),
    ("stats", (StatDef("force", M("Force", "")),), "stat 'force' label needs a non-empty French"),
    ("stats", (StatDef("force", M("Force", "Strength"), initial="2d6+"),), "stat 'force': initial '2d6+' is not a formula"),
    ("stats", [StatDef("force", M("Force", "Strength"))], "stats must be a tuple of StatDef"),
    ("activity_fields", ("duel", "test"), "activity field 'test' has no schema in schema_defs()"),
    ("effect_kinds", ("pray",), "effect kind 'pray' has no schema in schema_defs()['effects']"),
    ("schema_defs", lambda: {"duel": {"type": "duel-ish"}}, "book schema is not valid JSON Schema 2020-12"),
    ("schema_defs", lambda: {"duel": {"$ref": "#/$defs/nowhere"}}, "book schema cannot be used"),
    ("commands", lambda: (Command(("prier",), M("prier", "pray"), lambda p, a: None),),
     "command 'prier' needs a French and an English name"),
    ("commands", lambda: (Command(("prier", "pray"), M("prier", ""), lambda p, a: None),),
     "command 'prier/pray' help needs a non-empty French and English text"),
    ("commands", lambda: (Command(("prier", "pray"), M("prier", "pray"), lambda p: None),),
     "command 'prier/pray': run must be callable as run(play, arg)"),
    ("commands", lambda: (Command(("prier", "pray"), M("p", "p"), lambda p, a: None),
                          Command(("pray", "invoke"), M("i", "i"), lambda p, a: None)),
     "command name 'pray' is used twice"),
    ("commands", lambda: ("pray",), "commands() must yield Command objects"),
    ("expr_functions", lambda: {"luck": Signature(("int",), "float")}, "expr_functions: 'luck' needs a Signature"),
    ("expr_functions", lambda: {"has": Signature(("item",), "bool")}, "expr_functions: 'has' is not a free identifier"),
    ("expr_variables", lambda: {"rage": "number"}, "expr_variables: 'rage' -> 'number'"),
    ("expr_aliases", lambda: {"chance": "luck"}, "expr_aliases: 'chance' names 'luck'"),
    ("references", lambda book: {"god": ["Zeus"]}, "references() must map each reference kind"),
    ("prompt", lambda play: None, "method prompt() must accept (play, pending)"),
    ("answer", lambda play, pending, key: None, "method answer() must accept (play, pending, key, amount)"),
    ("schema_defs", lambda: 1 / 0, "schema: raised ZeroDivisionError"),
]


@pytest.mark.parametrize("attr, value, expected", BROKEN, ids=[b[2][:40] for b in BROKEN])
def test_each_broken_part_is_reported(attr, value, expected):
    problems = check_module(_with(**{attr: value}))
    assert len(problems) == 1 and problems[0].startswith(expected), problems


def test_a_method_with_extra_defaulted_parameters_still_conforms():
    module = _with(on_death=lambda play, cause, verbose=False: None)
    assert check_module(module) == []
