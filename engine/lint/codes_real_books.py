"""The diagnostic codes of the format 1.2 constructs real books asked for (issue 31
items 3, 6, 7): give-ups offering stats and saying what happens when nothing is given,
opponents only rounds won defeat (joined to the others in engine/lint/codes.py).

Each has a failing and a passing example, checked like every other code.
"""
from __future__ import annotations

from engine.lint.codes_core import HEAD, HERO, Code, _book, _cc
from engine.diagnostics import Message

H12 = HEAD.replace("gamebook: 1\n", "gamebook: 1.2\n").replace(HERO, "hero: {provisions: 2, equipment: []}\n")
H11 = H12.replace("gamebook: 1.2\n", "gamebook: 1.1\n")
TOLL = ("  1:\n    text: Le péage.\n"
        "    effects: [{give_up: {count: 1, stats: [provisions], none: {to: 3, effects: [{add: {chance: -1}}]}}}]\n"
        "    choices: [{text: Passer, to: 2}]\n"
        "  2: {text: Victoire !, end: victory}\n  3: {text: Refoulé., end: death}\n")
SWORDS = ("  1:\n    text: Le démon aux six épées.\n    combat:\n"
          "      enemies: [{name: Démon, skill: 9}]\n      win_rounds: 6\n      win: 2\n"
          "  2: {text: Victoire !, end: victory}\n")

RACK = ("  1:\n    text: Un râtelier.\n    effects: [{take: {choose: 1, from: [orbe]}}, {store: cellule}]\n"
        "    choices: [{text: Partir, to: 2, effects: [{restore: cellule}]}]\n"
        "  2: {text: Victoire !, end: victory}\n")
H12_ITEMS = H12 + "items:\n  orbe: {name: Orbe}\n"
MARKET = ("  1:\n    text: Un marché.\n    effects: [{gain: orbe}, {sell: {orbe: 3}}]\n"
          "    choices: [{text: Partir, to: 2}]\n  2: {text: Victoire !, end: victory}\n")

CODES_REAL_BOOKS: tuple[Code, ...] = (
    Code("give-up-none-shape", "error", "compile",
         Message("le `none:` d'un `give_up:` a à la fois `to:` et `end:`",
                 "the `none:` of a `give_up:` has both `to:` and `end:`"),
         _book(TOLL.replace("{to: 3, effects:", "{to: 3, end: death, effects:"), H12), _book(TOLL, H12)),
    Code("rounds-only-no-win-rounds", "error", "lint",
         Message("un adversaire sans points de vie dans un combat sans `win_rounds` (rien ne peut le vaincre)",
                 "an opponent without life points (Stamina) in a fight without `win_rounds` (nothing can defeat it)"),
         _book(SWORDS.replace("      win_rounds: 6\n", ""), H12), _book(SWORDS, H12)),
    Code("take-here", "error", "compile",
         Message("`take:` ou `sell:` ailleurs que dans les effets d'un paragraphe ou d'un choix",
                 "`take:` or `sell:` outside a paragraph's or a choice's effects"),
         _book(RACK.replace("to: 2, effects: [{restore: cellule}]", "to: 2"), H12_ITEMS)
         .replace("  2: {text: Victoire !, end: victory}\n",
                  "  2:\n    text: Un coffre.\n    random:\n      dice: 1d6\n      outcomes:\n"
                  "        - {range: [1, 6], to: 3, effects: [{take: {choose: 1, from: [orbe]}}]}\n"
                  "  3: {text: Victoire !, end: victory}\n"),
         _book(RACK, H12_ITEMS)),
    Code("restore-unknown", "error", "lint",
         Message("`restore:` nomme un équipement qu'aucun `store:` ne garde",
                 "`restore:` names equipment no `store:` keeps"),
         _book(RACK.replace("{restore: cellule}", "{restore: celule}"), H12_ITEMS), _book(RACK, H12_ITEMS)),
    Code("use-here-shape", "error", "compile",
         Message("`use_here: true` sans les `effects:` de son usage, ou des `effects:` sans `use_here: true`",
                 "`use_here: true` without the `effects:` of its use, or `effects:` without `use_here: true`"),
         _book(MARKET.replace("{gain: orbe}, {sell: {orbe: 3}}", "{gain: source}"),
               H12_ITEMS + "  source: {name: Source, use_here: true}\n"),
         _book(MARKET.replace("{gain: orbe}, {sell: {orbe: 3}}", "{gain: source}"),
               H12_ITEMS + "  source: {name: Source, use_here: true, effects: [{add: {provisions: 1}}]}\n")),
    Code("sell-no-money", "error", "compile",
         Message("`sell:` dans un livre dont les règles n'ont pas de monnaie (Chroniques Crétoises)",
                 "`sell:` in a book whose rules have no money (Chroniques Crétoises)"),
         _cc(_book(MARKET, H12_ITEMS.replace("hero: {provisions: 2, equipment: []}\n", HERO))),
         _book(MARKET, H12_ITEMS)),
)
