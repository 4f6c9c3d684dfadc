"""The diagnostic codes added for the author's tools, round 2 (issue 32), joined to the
others in engine/lint/codes.py: two YAML layout mistakes the parser names only vaguely,
and a condition that closes the book's only way to a victory."""
from __future__ import annotations

from engine.diagnostics import Message
from engine.lint.codes_core import FINE, HEAD, Code, _book

# Paragraph 1 offers the way to the victory only to a hero with the flag `cle-vue`.
GUARDED = _book("  1:\n    text: Une porte.\n    effects: [{flag: cle-vue}]\n    choices:\n"
                "      - {text: Ouvrir, to: 2, if: 'flag(\"cle-vue\")'}\n"
                "      - {text: Reculer, to: 3}\n"
                "  2: {text: Victoire !, end: victory}\n  3: {text: Perdu., end: death}\n", HEAD)

CODES_AUTHORS = (
    Code("yaml-missing-colon", "error", "yaml",
         Message("une clé sans « : » (« text | », « choices ») : YAML la lit comme le début d'un texte",
                 "a key without ':' ('text |', 'choices'): YAML reads it as the start of a text"),
         FINE.replace("    choices:\n", "    choices\n"), FINE),
    Code("yaml-indented-field", "error", "yaml",
         Message("un champ (« choices: ») plus indenté que le champ au-dessus, dont la valeur est écrite",
                 "a field ('choices:') indented deeper than the field above it, whose value is written"),
         FINE.replace("    text: Vous entrez.\n    choices:\n      - {text: Avancer, to: 2}\n",
                      "    text: Vous entrez.\n      choices:\n      - {text: Avancer, to: 2}\n"), FINE),
    Code("victory-unreachable", "error", "lint",
         Message("une condition sur un objet ou un drapeau jamais donné ferme le seul chemin vers la victoire",
                 "a condition on an item or flag never given closes the only way to a victory"),
         GUARDED.replace("[{flag: cle-vue}]", "[{flag: cle-vu}]"), GUARDED),
)
