"""Défis Fantastiques (Fighting Fantasy 44): the rule module.

The registry loads `engine.rules.defis_fantastiques:MODULE`.  Parts: `sheet` (stats,
ceilings, creation), `equipment` (one weapon, one armour and its wear), `rolls`
(Luck and Skill tests), `combat` and `wounds` (attack rounds, Luck in a fight),
`commands` (eat, drop armour), `schema` (book format), `lint` (checks and exits).
The rules: /work/shared/rules/defis-fantastiques-44.fr.txt; the choices made where
they are ambiguous: docs/rules-defis-fantastiques.md.
"""
from engine.rules.defis_fantastiques.module import DefisFantastiques

MODULE = DefisFantastiques()

__all__ = ["MODULE", "DefisFantastiques"]
