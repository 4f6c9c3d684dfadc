"""`gamebook odds --rules ID`: the core asks the module (flags, fight, words), knows no series."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import pytest

from engine.analysis.arguments import count, sheets
from engine.analysis.result import FightOdds, OddsLabels, OddsReport
from engine.cli import main
from engine.diagnostics import Message as M
from engine.rules import registry
from engine.rules.base import BadArguments, RuleModule
from engine.rules.conformance import check_module


@dataclass
class Duel(RuleModule):
    """A third-party module whose odds are a coin toss per blow, first to `--blows` wins."""

    id: str = "duel"
    version: str = "1"
    title: M = field(default_factory=lambda: M("Duel", "Duel"))
    aliases: tuple = ("dl",)

    def odds_arguments(self, parser, lang):
        parser.add_argument("--hero", help="A/B")
        parser.add_argument("--enemy", action="append", default=[])
        parser.add_argument("--blows", help="N")

    def odds_from_arguments(self, args):
        hero, enemies = sheets(args.hero, args.enemy, ("A", "B", "A", "B"))
        if count(args.blows, "--blows") == 0:
            raise BadArguments("--blows doit valoir au moins 1", "--blows must be at least 1")
        half = Fraction(1, 2)
        odds = FightOdds(half, half, {"win": half, "lose": half}, {"fine": half, "out": half},
                         Fraction(3, 2), "none", "parry")
        return OddsReport(odds, (M("un duel", "a duel"),), {"hero": list(hero)})

    def odds_labels(self):
        return OddsLabels(final=M("Fin :", "End:"), rounds=M("passes", "passes"),
                          states={"fine": M("Debout", "Standing")})

    def odds_advice(self, advice):
        return M("Parez", "Parry") if advice == "parry" else M(advice, advice)


class _EntryPoint:
    def __init__(self, module):
        self.module = module

    def load(self):
        return self.module


@pytest.fixture
def duel_installed(monkeypatch):
    monkeypatch.setattr(registry, "_entry_points", lambda: {"duel": _EntryPoint(Duel()),
                                                            "plain": _EntryPoint(Plain())})


@dataclass
class Plain(RuleModule):
    id: str = "plain"
    version: str = "1"
    title: M = field(default_factory=lambda: M("Simple", "Plain"))


def test_a_third_module_offers_odds_through_its_hooks_only(duel_installed, capsys):
    assert main(["odds", "--rules", "DL", "--hero", "3/4", "--enemy", "2/2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("a duel\n") and "Standing" in out and "End:" in out
    assert "Expected length: 1.50 passes" in out and "Advice now: Parry" in out
    assert main(["odds", "--rules", "duel", "--hero", "3/4", "--enemy", "2/2", "--format", "json"]) == 0
    assert '"rules": "duel",\n  "hero": [\n    3,\n    4\n  ],\n  "win": 0.5' in capsys.readouterr().out


def test_a_module_refusal_and_a_foreign_flag_exit_2(duel_installed, capsys):
    assert main(["odds", "--rules", "duel", "--hero", "3/4", "--enemy", "2/2", "--blows", "0",
                 "--lang", "fr"]) == 2
    assert "--blows doit valoir au moins 1" in capsys.readouterr().err
    assert main(["odds", "--rules", "duel", "--hero", "3/4", "--enemy", "2/2", "--luck", "3"]) == 2
    err = capsys.readouterr().err
    assert "--luck does not apply to the duel rules" in err and "--rules duel --help" in err


def test_a_module_without_odds_says_so(duel_installed, capsys):
    for lang, words in (("fr", "ne calcule pas de probabilités exactes"), ("en", "offers no exact odds")):
        assert main(["odds", "--rules", "plain", "--hero", "1/2", "--lang", lang]) == 2
        captured = capsys.readouterr()
        assert words in captured.err and "plain" in captured.err and captured.out == ""
        assert "duel" in captured.err and "Traceback" not in captured.err


def test_help_lists_the_common_flags_then_a_module_s_own(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["odds", "--help", "--lang", "en"])
    common = capsys.readouterr().out
    assert stop.value.code == 0 and "--format" in common and "--rules ID --help" in common
    assert "--luck" not in common and "--honour" not in common
    with pytest.raises(SystemExit):
        main(["odds", "--rules", "ff", "--help", "--lang", "en"])
    ff = capsys.readouterr().out
    assert "--luck" in ff and "--format" in ff and "--honour" not in ff
    with pytest.raises(SystemExit):
        main(["odds", "--rules", "cc", "--help", "--lang", "fr"])
    cc = capsys.readouterr().out
    assert "--honour" in cc and "--luck" not in cc and "Chroniques Crétoises" in cc


def test_resolve_accepts_ids_and_module_aliases():
    assert registry.resolve(" DF ") == registry.resolve("ff") == "defis-fantastiques"
    assert registry.resolve("chroniques-crétoises") == "chroniques-cretoises"
    assert registry.resolve("defis-fantastiques") == "defis-fantastiques"
    with pytest.raises(registry.UnknownRules):
        registry.resolve("nope")


def test_conformance_accepts_modules_with_and_without_odds_hooks():
    assert check_module(Duel()) == []
    assert check_module(Plain()) == []
    builtins = (registry.EXAMPLE_RULES, registry.EXAMPLE_DERIVED_RULES)  # both offer odds
    assert [check_module(registry.get(n)) for n in builtins] == [[], []]


def test_conformance_reports_clashing_flags_bad_labels_and_aliases():
    class Clash(Duel):
        def odds_arguments(self, parser, lang):
            parser.add_argument("--format")

    class Unlabelled(Duel):
        def odds_labels(self):
            return {"final": "End"}
    assert any("odds_arguments: argument --format" in p for p in check_module(Clash()))
    assert "odds_labels() must return an OddsLabels, not dict" in check_module(Unlabelled())
    assert check_module(Duel(aliases=("two words",))) == ["aliases must be a tuple of one-word strings"]
    assert check_module(Duel(aliases=("duel",))) == ["aliases repeat the id"]
