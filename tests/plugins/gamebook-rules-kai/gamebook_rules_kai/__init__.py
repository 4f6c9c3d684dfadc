"""Kai-like rules for gamebook-engine: a third-party rule module, outside `engine/`.

A hero with a Combat Skill (`maitrise`) and an Endurance (`vigueur`), gold crowns
and meals; disciplines chosen at the start of the book; combats settled by a
random number from 0 to 9 read in a combat results table by combat ratio; two weapons
and a Backpack of eight other items at most (`carry_limits`).  The
engine finds this module through the `gamebook.rules` entry point declared in
this distribution's pyproject.toml (`kai = "gamebook_rules_kai:MODULE"`).
"""
from .module import KaiRules

MODULE = KaiRules()

__all__ = ["KaiRules", "MODULE"]
