"""A mixin for rule modules whose exact-odds code lives in two sibling submodules.

A module package that has `odds.py` (`fight_odds`, `hero_variants`) and `odds_cli.py`
(`arguments`, `from_arguments`, `LABELS`, `advice`) inherits `PackagedOdds` before
`RuleModule`; the submodules are imported on first use only, so playing a book never
pays for the solvers.
"""
from __future__ import annotations

from importlib import import_module


class PackagedOdds:
    """The RuleModule analysis hooks, delegated to `<package>.odds` / `<package>.odds_cli`."""

    def _odds_part(self, name: str):
        package = type(self).__module__.rpartition(".")[0]
        return import_module(f"{package}.{name}")

    def fight_odds(self, book, state, spec, pending=None, policy="optimal"):
        return self._odds_part("odds").fight_odds(book, state, spec, pending, policy)

    def fight_wins(self, book, states, spec, policy="never"):
        solver = getattr(self._odds_part("odds"), "fight_wins", None)
        return solver(book, states, spec, policy) if solver else None

    def fight_moves(self, book, state, spec, pending):
        """Every move open now with its odds (engine.analysis.live), when the module weighs them."""
        solver = getattr(self._odds_part("odds"), "fight_moves", None)
        return solver(book, state, spec, pending) if solver else None

    def odds_zero_reasons(self, odds, moves=()):
        """Why a figure is 0 % (Messages), when the module says."""
        reasons = getattr(self._odds_part("odds_cli"), "zero_reasons", None)
        return reasons(odds, moves) if reasons else ()

    def fight_zero_reason(self, book, state, spec):
        """Why this sheet cannot win this fight (a Message), or None: `gamebook odds BOOK`'s note."""
        reason = getattr(self._odds_part("odds"), "zero_reason", None)
        return reason(book, state, spec) if reason else None

    def hero_variants(self, book):
        return self._odds_part("odds").hero_variants(self, book)

    def odds_arguments(self, parser, lang):
        self._odds_part("odds_cli").arguments(parser, lang)

    def odds_from_arguments(self, args):
        return self._odds_part("odds_cli").from_arguments(args)

    def odds_labels(self):
        return self._odds_part("odds_cli").LABELS

    def odds_advice(self, advice):
        return self._odds_part("odds_cli").advice(advice)
