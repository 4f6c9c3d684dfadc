"""Chroniques Crétoises (Cretan Chronicles, book 2): the rule module.

Force, Protection, Honneur, Honte, the condition track Indemne → Blessé →
Grièvement Blessé → Mort, the gods and their attitudes, Zeus once per adventure,
and Consulter l'Oracle (+20).  The registry loads `MODULE`; the book format it adds
is documented in docs/rules-chroniques-cretoises.md.
"""
from engine.rules.chroniques_cretoises.module import ChroniquesCretoises

MODULE = ChroniquesCretoises()

__all__ = ["MODULE", "ChroniquesCretoises"]
