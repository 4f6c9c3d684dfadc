"""The diagnostic codes of the flow and inventory constructs of format 1.1 (joined to
the core's in engine/lint/codes.py).

Outcome effects, automatic jumps, hidden choices and the inventory constructs each
have a failing and a passing example, checked like every other code.
"""
from __future__ import annotations

from engine.lint.codes_core import COUNTED, FINE_11, HEAD, HERO, Code, _book, _cc
from engine.diagnostics import Message

H11 = HEAD.replace("gamebook: 1\n", "gamebook: 1.1\n")
ITEMS_11 = H11 + "items:\n  orbe: {name: Orbe}\n"
ROLL = ("  1:\n    text: Un coffre.\n    random:\n      dice: 1d6\n      outcomes:\n"
        "        - {range: [1, 3], to: 2, effects: [{add: {or: 5}}]}\n"
        "        - {range: [4, 6], to: 2}\n  2: {text: Victoire !, end: victory}\n")
AUTO = ("  1:\n    text: Un puits.\n    effects: [{gain: orbe}]\n    choices: [{text: Descendre, to: 2}]\n"
        "  2:\n    text: Le gardien.\n    auto:\n      - {if: 'has(\"orbe\")', to: 3}\n"
        "      - {end: death}\n  3: {text: Victoire !, end: victory}\n")

# Paragraph 2 jumps to 3, which jumps back to 2: a game that goes down the well never stops.
LOOP = ("  1:\n    text: Un puits.\n    choices: [{text: Descendre, to: 2}, {text: Partir, to: 4}]\n"
        "  2:\n    text: Un couloir.\n    auto: [{to: 3}]\n"
        "  3:\n    text: Le même couloir.\n    auto: [{to: 2}]\n  4: {text: Victoire !, end: victory}\n")

SHOWN = ("  1:\n    text: Une porte.\n    choices:\n"
         "      - {text: Ouvrir, to: 2, if: 'has(\"orbe\")', show: reason}\n"
         "      - {text: Partir, to: 2}\n  2: {text: Victoire !, end: victory}\n")

# A module with carrying limits: the Kai plugin (tests/plugins), whose Backpack holds 8 items.
KAI_BAG = ("gamebook: 1.1\ntitle: Exemple\nrules: kai\nstart: 1\n"
           "hero: {maitrise: 15, vigueur: 25, couronnes: 3, repas: 1, equipment: [{corde: 2}]}\n"
           "items:\n  corde: {name: Corde}\n  pierre: {name: Pierre}\nparagraphs:\n"
           "  1:\n    text: Un coffre.\n    effects: [{gain: {pierre: 2}}]\n"
           "    choices: [{text: Partir, to: 2}]\n  2: {text: Victoire !, end: victory}\n")

# A Chroniques Crétoises fight stopped after two strikes (format 1.1 `rounds`).
TIMED = _cc(_book("  1:\n    text: Un passeur.\n    combat:\n"
                  "      enemies: [{name: Passeur, force: 3, protection: 10}]\n      win: 2\n"
                  "      rounds: 2\n      timeout: 2\n  2: {text: Victoire !, end: victory}\n", H11))

CODES_11: tuple[Code, ...] = (
    Code("format-1-1", "error", "compile",
         Message("construction du format 1.1 dans un livre au format 1 (écrivez « gamebook: 1.1 »)",
                 "a format 1.1 construct in a format 1 book (write 'gamebook: 1.1')"),
         _book(ROLL), _book(ROLL, H11)),
    Code("auto-shape", "error", "compile",
         Message("un saut automatique doit avoir soit `to:` soit `end:`",
                 "an automatic jump needs either `to:` or `end:`"),
         _book(AUTO.replace("{end: death}", "{to: 3, end: death}"), ITEMS_11), _book(AUTO, ITEMS_11)),
    Code("auto-no-default", "error", "lint",
         Message("sauts automatiques sans défaut dans un paragraphe sans autre issue",
                 "automatic jumps with no default in a paragraph with no other way out"),
         _book(AUTO.replace("      - {end: death}\n", ""), ITEMS_11), _book(AUTO, ITEMS_11)),
    Code("auto-after-default", "warning", "lint",
         Message("saut automatique placé après le saut par défaut : jamais pris",
                 "an automatic jump after the default one: never taken"),
         _book(AUTO.replace("      - {end: death}\n", "      - {end: death}\n      - {to: 3}\n"), ITEMS_11),
         _book(AUTO, ITEMS_11)),
    Code("auto-hides-choices", "warning", "lint",
         Message("un saut automatique par défaut empêche les choix du paragraphe",
                 "a default automatic jump keeps the paragraph's choices from being offered"),
         _book(AUTO.replace("      - {end: death}\n", "      - {end: death}\n    choices: [{text: Fuir, to: 3}]\n"),
               ITEMS_11),
         _book(AUTO.replace("      - {end: death}\n", "    choices: [{text: Fuir, to: 3}]\n"), ITEMS_11)),
    Code("auto-cycle", "error", "lint",
         Message("des sauts automatiques sans condition tournent en rond : la partie ne s'arrête jamais",
                 "automatic jumps without a condition go round in a loop: the game never stops"),
         _book(LOOP, H11), _book(LOOP.replace("auto: [{to: 2}]", "auto: [{to: 4}]"), H11)),
    Code("once-unknown", "error", "compile",
         Message("`once:` nomme une partie que le paragraphe ne peut pas avoir",
                 "`once:` names a part a paragraph cannot have"),
         _book(SHOWN.replace("    choices:\n", "    once: [effets]\n    effects: [{gain: orbe}]\n    choices:\n", 1),
               ITEMS_11),
         _book(SHOWN.replace("    choices:\n", "    once: [effects]\n    effects: [{gain: orbe}]\n    choices:\n", 1),
               ITEMS_11)),
    Code("give-up-nothing", "error", "compile",
         Message("`give_up:` excepte tous les objets du livre", "`give_up:` excepts every item of the book"),
         _book(SHOWN.replace("    choices:\n", "    effects: [{give_up: {count: 1, except: [orbe]}}]\n    choices:\n", 1),
               H11.replace(HERO, "hero: {equipment: [orbe]}\n") + "items:\n  orbe: {name: Orbe}\n"),
         _book(SHOWN.replace("    choices:\n", "    effects: [{give_up: 1}]\n    choices:\n", 1),
               H11.replace(HERO, "hero: {equipment: [orbe]}\n") + "items:\n  orbe: {name: Orbe}\n")),
    Code("give-up-here", "error", "compile",
         Message("`give_up:` ailleurs que dans les effets d'un paragraphe ou d'un choix",
                 "`give_up:` outside a paragraph's or a choice's effects"),
         _book(AUTO.replace("{end: death}", "{end: death, effects: [{give_up: 1}]}"), ITEMS_11),
         _book(AUTO.replace("{gain: orbe}]", "{gain: orbe}, {give_up: 1}]"), ITEMS_11)),
    Code("read-before-written", "warning", "lint",
         Message("une note, ou un compteur sans `start:`, lu avant que rien ait pu l'écrire sur un chemin depuis le départ",
                 "a note, or a counter without `start:`, read before anything can have written it on some way from the start"),
         COUNTED.replace("effects: [{add: {jours: 1}}, {note: retour}]", "effects: [{note: retour}]")
         .replace("to: 'note(\"retour\")', if:", "to: 'note(\"retour\")', effects: [{add: {jours: 1}}], if:"),
         COUNTED),
    Code("carry-limit", "warning", "lint",
         Message("les objets ramassés peuvent dépasser une limite de la règle (le sac à dos de Kai : 8 objets)",
                 "the items picked up can exceed a limit of the rules (the Kai Backpack: 8 items)"),
         KAI_BAG.replace("{corde: 2}", "{corde: 7}"), KAI_BAG),
    Code("show-without-condition", "warning", "lint",
         Message("`show:` sur un choix sans `if:`", "`show:` on a choice without `if:`"),
         _book(SHOWN.replace("Partir, to: 2}", "Partir, to: 2, show: hidden}"),
               ITEMS_11.replace("  orbe: {name: Orbe}\n", "  orbe: {name: Orbe}\nunmet_choices: hidden\n")),
         _book(SHOWN.replace("to: 2}\n  2:", "to: 2, effects: [{gain: orbe}]}\n  2:"), ITEMS_11)),
    # A book reads only its own folder tree, within bounds (engine/book/part_paths.py, include.py)
    Code("include-outside-book", "error", "compile",
         Message("`include:` nomme un chemin absolu, ou un fichier hors du dossier du livre (`../`, lien symbolique)",
                 "`include:` names an absolute path, or a file outside the book's folder (`../`, a symbolic link)"),
         FINE_11.replace("start: 1\n", "start: 1\ninclude: [../autre-livre/partie.yaml]\n"), FINE_11),
    Code("include-bad-name", "error", "compile",
         Message("`include:` nomme autre chose qu'un fichier .yaml ou .yml, ou un nom avec un caractère NUL",
                 "`include:` names something else than a .yaml or .yml file, or a name with a NUL character"),
         FINE_11.replace("start: 1\n", "start: 1\ninclude: [notes.txt]\n"), FINE_11),
    Code("include-too-many", "error", "file",
         Message("plus de 200 fichiers inclus (chacun compté une fois)",
                 "more than 200 included files (each counted once)"),
         "a book including 201 files", "group the paragraphs into fewer files"),
    Code("include-too-large", "error", "file",
         Message("le livre et ses fichiers inclus dépassent ensemble les limites d'un livre (20 Mio, nœuds, caractères)",
                 "the book and its included files together exceed a book's limits (20 MiB, nodes, characters)"),
         "parts of 8 MB each, or parts whose aliases expand beyond a book's size",
         "a book of at most 20 MiB in all its files"),
    Code("renumber-interrupted", "error", "file",
         Message("un `gamebook renumber` a été tué pendant qu'il écrivait les fichiers du livre",
                 "a `gamebook renumber` was killed while it wrote the book's files"),
         "a renumbering killed (kill -9) after its commit point: its journal is beside the book",
         "run the same gamebook renumber command again: it finishes the renaming"),
    Code("combat-timeout", "error", "lint",
         Message("un combat limité (`rounds`) sans `timeout`, ou `timeout` sans `rounds`",
                 "a timed fight (`rounds`) without `timeout`, or `timeout` without `rounds`"),
         TIMED.replace("      timeout: 2\n", ""), TIMED),
)
