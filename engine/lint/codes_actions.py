"""The diagnostic codes of format 1.2, part A (issue 31: unique items, action choices,
puzzle conditions, outcomes written like `auto:` entries), joined to the others in engine/lint/codes.py.  Each has a failing
and a passing example, checked like every other code.
"""
from __future__ import annotations

from engine.lint.codes_core import HEAD, Code, _book
from engine.diagnostics import Message

H12 = HEAD.replace("gamebook: 1\n", "gamebook: 1.2\n")
BOWL_12 = H12 + "items:\n  bol: {name: Bol, unique: true}\n"
BOWL = ("  1:\n    text: Un bol sur la table.\n    effects: [{gain: bol}]\n"
        "    choices: [{text: Partir, to: 2}]\n  2: {text: Victoire !, end: victory}\n")
LEVER = ("  1:\n    text: Un levier.\n    choices:\n"
         "      - {text: Tirer le levier, stay: true, once: true, effects: [{flag: levier}]}\n"
         "      - {text: Partir, to: 2}\n  2: {text: Victoire !, end: victory}\n")

TEST = ("  1:\n    text: Un pont de corde. Tentez votre chance.\n    test:\n      type: chance\n"
        "      success: {to: 2, effects: [{add: {or: 3}}]}\n      failure: {end: death}\n"
        "  2: {text: Victoire !, end: victory}\n")

CODES_ACTIONS: tuple[Code, ...] = (
    Code("outcome-shape", "error", "compile",
         Message("une issue écrite comme `auto:` doit avoir soit `to:` soit `end:`",
                 "an outcome written like `auto:` needs either `to:` or `end:`"),
         _book(TEST.replace("{end: death}", "{effects: [{add: {or: -1}}]}"), H12), _book(TEST, H12)),
    Code("outcome-effects-twice", "error", "compile",
         Message("les effets d'une issue à la fois dedans (`{to:, effects:}`) et à côté (`success_effects`)",
                 "an outcome's effects both inside it (`{to:, effects:}`) and beside it (`success_effects`)"),
         _book(TEST.replace("      failure:", "      success_effects: [{add: {or: 1}}]\n      failure:"), H12),
         _book(TEST, H12)),
    Code("format-1-2", "error", "compile",
         Message("construction du format 1.2 dans un livre d'un format antérieur (écrivez « gamebook: 1.2 »)",
                 "a format 1.2 construct in a book of an earlier format (write 'gamebook: 1.2')"),
         _book(LEVER, HEAD.replace("gamebook: 1\n", "gamebook: 1.1\n")), _book(LEVER, H12)),
    Code("unique-copies", "error", "compile",
         Message("plusieurs exemplaires d'un objet unique (`unique: true`) donnés d'un coup",
                 "several copies of a unique item (`unique: true`) given at once"),
         _book(BOWL.replace("{gain: bol}", "{gain: {bol: 2}}"), BOWL_12), _book(BOWL, BOWL_12)),
    Code("stay-with-target", "error", "compile",
         Message("un choix-action (`stay: true`) avec un `to:`", "an action choice (`stay: true`) with a `to:`"),
         _book(LEVER.replace("stay: true,", "stay: true, to: 1,"), H12), _book(LEVER, H12)),
    Code("choice-no-target", "error", "compile",
         Message("un choix sans `to:` ni `stay: true`", "a choice with neither `to:` nor `stay: true`"),
         _book(LEVER.replace("stay: true, ", ""), H12), _book(LEVER, H12)),
)
