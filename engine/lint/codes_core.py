"""The diagnostic codes of the core format and the expression language, and the
helpers their examples are written with (engine/lint/codes.py joins the tables).

Each code is stable (kebab-case), has a severity, a one-line summary in French and
English, and two examples: a book that produces it and the corrected book, which
lints clean.  `tools/gen_docs.py` renders this table as docs/lint-codes.md; tests
check that every code the engine can emit is here and that every example does
what it claims.  Codes of the rule modules are documented by the modules.

Stages: "file" (reading), "yaml" (parsing), "schema" (shape), "compile"
(references, expressions), "lint" (the book as a graph), "runtime" (play only).
For "file" and "runtime" codes the examples are prose, not YAML.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.diagnostics import Message
from engine.support.limits import MAX_JUMPS
from engine.rules import registry
from engine.rules.registry import EXAMPLE_DERIVED_RULES, EXAMPLE_RULES


@dataclass(frozen=True)
class Code:
    name: str
    severity: str          # "error" | "warning" | "note"
    stage: str
    summary: Message
    bad: str
    good: str


# `hero:` is written out so that every example lints as written: Défis Fantastiques
# gives a hero `[epee, balluchon]` by default, which would have to be in `items`.
HERO = "hero: {equipment: []}\n"
HEAD = f"gamebook: 1\ntitle: Exemple\nrules: {EXAMPLE_RULES}\nstart: 1\n" + HERO
# `--deep` explores every game: one starting sheet (no dice at creation) keeps it exact.
def _fixed_hero() -> str:
    """Every stat of the example module given as a number (the core names none)."""
    stats = registry.get(EXAMPLE_RULES).stats
    return "hero: {" + ", ".join(f"{s.name}: 10" for s in stats if not s.derived) + ", equipment: []}\n"


DEEP_HEAD = HEAD.replace(HERO, _fixed_hero())
# Chroniques Crétoises wants a patron god (else the warning `no-patron`).
CC_HERO = "hero: {patron: Athéna, equipment: []}\n"


def _cc(text: str) -> str:
    """An example book played by Chroniques Crétoises instead."""
    return text.replace(f"rules: {EXAMPLE_RULES}", f"rules: {EXAMPLE_DERIVED_RULES}").replace(HERO, CC_HERO)


def _book(paragraphs: str, head: str = HEAD) -> str:
    """A small example book: the header and the given `paragraphs:` body (2-space indented)."""
    return head + "paragraphs:\n" + paragraphs


HEAD_11 = HEAD.replace("gamebook: 1\n", "gamebook: 1.1\n").replace("start: 1\n", "start: entree\n")
NAMED = _book("  entree:\n    text: Vous entrez.\n    choices:\n      - {text: Avancer, to: sortie}\n"
              "  sortie: {number: 2, text: Victoire !, end: victory}\n", HEAD_11)
FINE = _book("  1:\n    text: Vous entrez.\n    choices:\n      - {text: Avancer, to: 2}\n"
             "  2: {text: Victoire !, end: victory}\n")
ITEMS = HEAD + "items:\n  cle: {name: Clé de bronze}\n"
FINE_11 = FINE.replace("gamebook: 1\n", "gamebook: 1.1\n")
FINE_DEEP = FINE.replace(HERO, _fixed_hero())   # one starting sheet: --deep explores it all
PUZZLE = _book("  1:\n    text: Le numéro gravé sur la clé vous dit où aller.\n"
               "    puzzle: {answers: [2], wrong: 3}\n"
               "  2: {text: Victoire !, end: victory}\n  3: {text: Perdu., end: death}\n",
               HEAD.replace("gamebook: 1\n", "gamebook: 1.1\n"))
COUNTED = _book("  1:\n    text: Un jour passe.\n    effects: [{add: {jours: 1}}, {note: retour}]\n"
                "    choices:\n      - {text: Revenir, to: 'note(\"retour\")', if: 'jours < 3'}\n"
                "      - {text: Partir, to: 2, if: 'jours >= 3'}\n  2: {text: Victoire !, end: victory}\n",
                HEAD.replace("gamebook: 1\n", "gamebook: 1.1\n")
                + "counters:\n  jours: {name: Jours, min: 0, max: 3}\nnotes:\n  retour: {name: Retour}\n")


def _choice(**choice) -> str:
    """FINE with a different first choice (keys written in order)."""
    body = ", ".join(f"{k}: {v}" for k, v in choice.items())
    return _book("  1:\n    text: Vous entrez.\n    effects: [{gain: cle}]\n    choices:\n"
                 f"      - {{{body}}}\n  2: {{text: Victoire !, end: victory}}\n", ITEMS)


def _if(condition: str) -> str:
    return _choice(text="Avancer", to=2, **{"if": condition}) .replace(
        "    choices:\n", "    choices:\n      - {text: Partir, to: 2}\n")


# A Chroniques Crétoises book (its hero, weapon and fight), headed with EXAMPLE_RULES.
_CC_FIGHT = HEAD.replace(HERO, "hero: {force: 4, protection: 10, patron: Athéna, "
                               "equipment: [massue]}\n") + (
    "items:\n  massue: {name: Massue, weapon: {force: 1, protection: 0}}\nparagraphs:\n"
    "  1:\n    text: Un soldat vous barre la route.\n    combat:\n"
    "      enemies: [{name: Soldat, force: 5, protection: 12}]\n      reward: 2\n      win: 2\n"
    "  2: {text: Victoire !, end: victory}\n")
_CC_WIN = "  2: {text: Victoire !, end: victory}\n"
_PRAY = _cc(_book("  1:\n    text: Un gouffre.\n    choices:\n"
                  "      - {text: Prier Athéna, to: 2, invoke: {god: Athéna, cost: 2}}\n" + _CC_WIN))
_WOLF = _cc(_book("  1:\n    text: Un loup.\n    combat:\n"
                  "      enemies: [{name: Loup, force: 3, protection: 10, beast: true}]\n      win: 2\n"
                  + _CC_WIN))
_WOLVES_FLED = "  3: {text: Les loups s'enfuient., end: victory}\n"
_WOLVES = _cc(_book("  1:\n    text: Deux loups.\n    combat:\n"
                    "      enemies:\n        - {name: Loup, force: 2, protection: 10, beast: true}\n"
                    "        - {name: Louve, article: la, force: 2, protection: 10, beast: true}\n"
                    "      reward: 2\n      win: 2\n      all_down: 3\n"
                    + _CC_WIN + _WOLVES_FLED))
_HELMS = _cc(HEAD + "items:\n  casque: {name: Casque, armour: {slot: casque, protection: 2}}\n"
                    "  heaume: {name: Heaume, armour: {slot: casque, protection: 1}}\n"
             + FINE[len(HEAD):])
_GUARD = _cc(_book("  1:\n    text: Un garde.\n    combat:\n"
                   "      enemies: [{name: Garde, force: 3, protection: 10}]\n      win: 2\n"
                   "      surrender: {accepted: false}\n" + _CC_WIN))
_DEEP = "[" * 70 + "]" * 70
_LONG = " or ".join(["chance > 1"] * 50)

CODES: tuple[Code, ...] = (
    # --- file --------------------------------------------------------------
    Code("file-not-found", "error", "file",
         Message("le fichier n'existe pas", "the file does not exist"),
         "gamebook lint livres/minotaure.yml   (the file is called minotaure.yaml)",
         "gamebook lint livres/minotaure.yaml"),
    Code("not-a-file", "error", "file",
         Message("le chemin n'est pas un fichier ordinaire (dossier, tube, périphérique)",
                 "the path is not a regular file (directory, pipe, device)"),
         "gamebook lint livres/", "gamebook lint livres/*.yaml"),
    Code("file-unreadable", "error", "file",
         Message("le fichier ne peut pas être lu (droits, disque)",
                 "the file cannot be read (permissions, disk)"),
         "a file without read permission", "chmod a+r livre.yaml"),
    Code("file-too-large", "error", "file",
         Message("fichier de plus de 20 Mo, refusé avant lecture",
                 "file over 20 MB, refused before parsing"),
         "a 50 MB generated file", "split the book, or generate fewer paragraphs"),
    Code("binary-file", "error", "file",
         Message("le fichier contient un octet NUL : ce n'est pas du texte",
                 "the file contains a NUL byte: it is not text"),
         "an image or archive renamed to .yaml", "the YAML text of the book"),
    Code("invalid-utf8", "error", "file",
         Message("le fichier n'est pas en UTF-8", "the file is not UTF-8"),
         "a book saved as Latin-1 (é is the byte 0xE9)", "the same book saved as UTF-8"),
    Code("nul-character", "error", "yaml",
         Message("un texte contient le caractère NUL (écrit \\x00, \\0 ou \\u0000)",
                 "a string holds the NUL character (written \\x00, \\0 or \\u0000)"),
         FINE.replace("title: Exemple", 'title: "Exemple\\x00"'), FINE),
    # --- yaml ----------------------------------------------------------------
    Code("yaml-syntax", "error", "yaml", Message("YAML invalide", "invalid YAML"),
         FINE.replace("title: Exemple", "title: [Exemple"), FINE),
    Code("yaml-tab", "error", "yaml",
         Message("tabulation dans l'indentation : indentez avec des espaces",
                 "a tab in the indentation: indent with spaces"),
         FINE.replace("    text: Vous entrez.", "\ttext: Vous entrez."), FINE),
    Code("yaml-unquoted-colon", "error", "yaml",
         Message("« : » dans un texte sans guillemets : mettez le texte entre guillemets",
                 "': ' inside an unquoted text: quote the text"),
         FINE.replace("text: Vous entrez.", "text: Le garde dit : entrez."),
         FINE.replace("text: Vous entrez.", 'text: "Le garde dit : entrez."')),
    Code("yaml-hash-in-text", "warning", "yaml",
         Message("« # » dans un texte sans guillemets : la fin du texte devient un commentaire "
                 "(une erreur quand elle coupe un { … })",
                 "'#' inside an unquoted text: the end of the text becomes a comment "
                 "(an error when it cuts a { ... })"),
         FINE.replace("text: Vous entrez.", "text: Vous entrez au #3 de la rue."),
         FINE.replace("text: Vous entrez.", 'text: "Vous entrez au #3 de la rue."')),
    Code("yaml-swallowed-field", "error", "yaml",
         Message("un champ (« choices: ») indenté comme le texte « | » en fait partie",
                 "a field ('choices:') indented like a '|' text is part of it"),
         FINE.replace("    text: Vous entrez.\n    choices:\n      - ",
                      "    text: |\n      Vous entrez.\n      choices:\n      - "),
         FINE.replace("    text: Vous entrez.\n", "    text: |\n      Vous entrez.\n")),
    Code("yaml-dedented-field", "error", "yaml",
         Message("un champ de paragraphe (« choices: ») au niveau des numéros de paragraphe",
                 "a paragraph field ('choices:') at the level of the paragraph numbers"),
         FINE.replace("    choices:\n      - {text: Avancer, to: 2}\n",
                      "  choices:\n    - {text: Avancer, to: 2}\n"), FINE),
    Code("empty-book", "error", "yaml", Message("le fichier est vide", "the file is empty"),
         "# rien encore\n", FINE),
    Code("multiple-documents", "error", "yaml",
         Message("plusieurs documents YAML (« --- ») dans un livre",
                 "several YAML documents ('---') in one book"),
         FINE + "---\ntitle: Suite\n", FINE),
    Code("duplicate-key", "error", "yaml",
         Message("clé en double dans un dictionnaire (les deux lieux sont donnés)",
                 "duplicate key in a mapping (both places are given)"),
         FINE.replace("start: 1\n", "start: 1\ntitle: Autre\n"), FINE),
    Code("yaml-tag", "error", "yaml",
         Message("étiquette YAML (« !!python/... ») refusée", "YAML tag ('!!python/...') refused"),
         FINE.replace("title: Exemple", "title: !!python/object:os.system Exemple"), FINE),
    Code("yaml-complex-key", "error", "yaml",
         Message("clé qui n'est ni un texte ni un nombre", "a key that is not a string or a number"),
         FINE.replace("start: 1\n", "start: 1\noptions: {[a, b]: 1}\n"), FINE),
    Code("yaml-too-deep", "error", "yaml",
         Message("imbrication de plus de 64 niveaux", "nesting deeper than 64 levels"),
         FINE.replace("start: 1\n", f"start: 1\noptions: {{x: {_DEEP}}}\n"), FINE),
    Code("yaml-too-large", "error", "yaml",
         Message("plus de 2 millions de nœuds (alias en cascade)",
                 "more than 2 million nodes (alias bomb)"),
         FINE + "".join(f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}" if i else "a"] * 10) + "]\n"
                        for i in range(8)),
         FINE),
    Code("number-too-large", "error", "yaml",
         Message("entier hors de -10⁹..10⁹ (engine/support/limits.py : MAX_INT)",
                 "integer outside -10⁹..10⁹ (engine/support/limits.py: MAX_INT)"),
         FINE.replace("start: 1\n", "start: 1\noptions: {graine: 99999999999}\n"), FINE),
    # --- schema --------------------------------------------------------------
    Code("missing-rules", "error", "schema",
         Message("le livre ne nomme pas son module de règles", "the book does not name its rule module"),
         FINE.replace(f"rules: {EXAMPLE_RULES}\n", ""), FINE),
    Code("unknown-rules", "error", "schema",
         Message("module de règles non installé", "rule module not installed"),
         FINE.replace(f"rules: {EXAMPLE_RULES}", "rules: donjons-et-dragons"), FINE),
    Code("wrong-rules", "error", "schema",
         Message("livre écrit pour un autre module de règles (une erreur au lieu d'une par champ)",
                 "a book written for another rule module (one error instead of one per field)"),
         _CC_FIGHT, _CC_FIGHT.replace(f"rules: {EXAMPLE_RULES}", f"rules: {EXAMPLE_DERIVED_RULES}")),
    Code("rules-failed", "error", "schema",
         Message("le module de règles n'a pas pu être chargé", "the rule module failed to load"),
         FINE.replace(f"rules: {EXAMPLE_RULES}", "rules: module-casse"), FINE),
    Code("schema", "error", "schema",
         Message("valeur de mauvaise forme (type, valeur permise, champ obligatoire)",
                 "a value of the wrong shape (type, allowed value, required field)"),
         FINE.replace("end: victory", "end: gagné"), FINE),
    Code("unknown-field", "error", "schema",
         Message("champ inconnu (souvent une faute de frappe)", "unknown field (often a typo)"),
         FINE.replace("    choices:", "    choix:"), FINE),
    Code("text-too-long", "error", "schema",
         Message("texte au-delà de sa limite (la limite est donnée)",
                 "a text over its length limit (the limit is given)"),
         FINE.replace("{text: Avancer, to: 2}", "{text: " + "Avancer encore " * 14 + "loin, to: 2}"),
         FINE),
    Code("duplicate-paragraph", "error", "schema",
         Message("le même numéro de paragraphe écrit deux fois (1: et \"1\":)",
                 "the same paragraph number written twice (1: and \"1\":)"),
         FINE + '  "1": {text: Encore, end: death}\n', FINE),
    # --- compile ---------------------------------------------------------------
    Code("paragraph-name-format", "error", "compile",
         Message("paragraphes nommés dans un livre au format 1 (les noms demandent « gamebook: 1.1 »)",
                 "named paragraphs in a format 1 book (names need 'gamebook: 1.1')"),
         NAMED.replace("gamebook: 1.1", "gamebook: 1"), NAMED),
    Code("unknown-paragraph-name", "error", "compile",
         Message("`to:` ou `start:` nomme un paragraphe qui n'existe pas",
                 "`to:` or `start:` names a paragraph that does not exist"),
         NAMED.replace("to: sortie", "to: sortei"), NAMED),
    Code("pinned-number-clash", "error", "compile",
         Message("le `number:` d'un paragraphe nommé est déjà pris", "a named paragraph's `number:` is already taken"),
         NAMED.replace("  entree:\n", "  entree:\n    number: 2\n"), NAMED),
    Code("duplicate-hero-stat", "error", "compile",
         Message("une caractéristique donnée deux fois dans `hero:` (son nom et un alias)",
                 "a stat given twice in `hero:` (its name and an alias)"),
         FINE.replace(HERO, "hero: {equipment: [], chance: 9, luck: 8}\n"),
         FINE.replace(HERO, "hero: {equipment: [], luck: 8}\n")),
    Code("counter-out-of-range", "error", "compile",
         Message("valeur hors des bornes `min`/`max` d'un compteur", "a value outside a counter's `min`/`max`"),
         COUNTED.replace("{add: {jours: 1}}", "{set: {jours: 5}}"), COUNTED),
    Code("counter-name-taken", "error", "compile",
         Message("un compteur porte le nom d'une caractéristique du module",
                 "a counter has the name of one of the module's stats"),
         COUNTED.replace("jours", "chance"), COUNTED),
    Code("unknown-note", "error", "compile",
         Message("effet `note:` ou lecture `note(\"…\")` d'une note absente de `notes:`",
                 "a `note:` effect or a `note(\"…\")` read of a note missing from `notes:`"),
         COUNTED.replace("{note: retour}", "{note: retuor}"), COUNTED),
    Code("puzzle-no-answer", "error", "lint",
         Message("nombre à calculer (`puzzle:`) dont une bonne réponse n'est pas un paragraphe",
                 "a number to work out (`puzzle:`) whose right answer is not a paragraph"),
         PUZZLE.replace("answers: [2]", "answers: [4]"), PUZZLE),
    Code("include-not-found", "error", "compile",
         Message("`include:` nomme un fichier introuvable ou illisible", "`include:` names a file that cannot be read"),
         FINE_11.replace("start: 1\n", "start: 1\ninclude: [partie-absente.yaml]\n"), FINE_11),
    Code("include-cycle", "error", "compile",
         Message("un fichier inclus s'inclut lui-même, directement ou non",
                 "an included file includes itself, directly or not"),
         FINE_11.replace("start: 1\n", "start: 1\ninclude: [book.yaml]   # this file is book.yaml\n"), FINE_11),
    Code("unknown-item", "error", "compile",
         Message("objet absent du catalogue `items`", "item missing from the `items` catalogue"),
         _choice(text="Avancer", to=2).replace("{gain: cle}", "{gain: lampe}"),
         _choice(text="Avancer", to=2)),
    Code("unknown-stat", "error", "compile",
         Message("caractéristique inconnue du module de règles", "stat unknown to the rule module"),
         _choice(text="Avancer", to=2, effects="[{add: {charisme: 1}}]"),
         _choice(text="Avancer", to=2, effects="[{add: {chance: 1}}]")),
    Code("derived-stat", "error", "compile",
         Message("caractéristique calculée par les règles, non modifiable",
                 "stat computed by the rules, cannot be changed"),
         _cc(_choice(text="Avancer", to=2, effects="[{add: {force: 1}}]")),
         _cc(_choice(text="Avancer", to=2, effects="[{gain: cle}]"))),
    # --- expressions -----------------------------------------------------------
    Code("expr-syntax", "error", "compile", Message("expression mal formée", "malformed expression"),
         _if("'chance >='"), _if("'chance >= 3'")),
    Code("expr-too-long", "error", "compile",
         Message("expression de plus de 500 caractères", "expression longer than 500 characters"),
         _if(f"'{_LONG}'"), _if("'chance > 1'")),
    Code("expr-too-deep", "error", "compile",
         Message("expression trop imbriquée ou trop complexe", "expression nested too deeply or too complex"),
         _if("'" + "(" * 40 + "chance > 1" + ")" * 40 + "'"), _if("'(chance > 1)'")),
    Code("unknown-name", "error", "compile",
         Message("nom inconnu dans une expression", "unknown name in an expression"),
         _if("'chanse >= 3'"), _if("'chance >= 3'")),
    Code("unknown-function", "error", "compile",
         Message("fonction inconnue dans une expression", "unknown function in an expression"),
         _if("'possede_pas(\"cle\")'"), _if("'not has(\"cle\")'")),
    Code("wrong-arity", "error", "compile",
         Message("nombre d'arguments faux", "wrong number of arguments"),
         _if("'has(\"cle\", 2)'"), _if("'count(\"cle\") >= 2'")),
    Code("type-mismatch", "error", "compile",
         Message("types incompatibles (nombre, booléen, texte)", "incompatible types (number, boolean, text)"),
         _if("'chance + has(\"cle\") > 2'"), _if("'chance > 2 and has(\"cle\")'")),
    Code("unknown-reference", "error", "compile",
         Message("objet, paragraphe ou dieu inconnu cité dans une expression",
                 "unknown item, paragraph or god named in an expression"),
         _if("'has(\"lampe\")'"), _if("'has(\"cle\")'")),
    Code("condition-not-boolean", "error", "compile",
         Message("une condition `if:` doit être vraie ou fausse", "an `if:` condition must be true or false"),
         _if("'chance + 1'"), _if("'chance >= 1'")),
    Code("target-not-integer", "error", "compile",
         Message("une destination calculée doit être un nombre", "a computed target must be a number"),
         _choice(text="Avancer", to="'here >= 1'"), _choice(text="Avancer", to="'here + 1'")),
    Code("dice-not-allowed", "error", "compile",
         Message("dés interdits dans une condition ou une destination",
                 "dice are not allowed in a condition or a target"),
         _if("'1d6 > 3'"), _if("'chance > 3'")),
    Code("division-by-zero", "error", "compile",
         Message("division par une valeur toujours nulle", "division by a value that is always zero"),
         _choice(text="Avancer", to="'here + 1 / (2 - 2)'"), _choice(text="Avancer", to="'here + 1'")),
    # --- lint ------------------------------------------------------------------
    Code("unknown-target", "error", "lint",
         Message("destination vers un paragraphe qui n'existe pas", "target paragraph does not exist"),
         FINE.replace("to: 2", "to: 3"), FINE),
    Code("dead-end", "error", "lint",
         Message("paragraphe sans issue qui n'est pas une fin", "a paragraph with no way out that is not an ending"),
         FINE.replace(", end: victory", ""), FINE),
    Code("random-overlap", "error", "lint",
         Message("deux issues d'un tirage couvrent le même résultat", "two outcomes of a roll cover the same result"),
         FINE.replace("    choices:\n      - {text: Avancer, to: 2}\n",
                      "    random: {dice: 1d6, outcomes: [{range: [1, 4], to: 2}, {range: [3, 6], to: 2}]}\n"),
         FINE.replace("    choices:\n      - {text: Avancer, to: 2}\n",
                      "    random: {dice: 1d6, outcomes: [{range: [1, 2], to: 2}, {range: [3, 6], to: 2}]}\n")),
    Code("random-gap", "error", "lint",
         Message("un résultat possible du tirage ne mène nulle part", "a possible result of the roll leads nowhere"),
         FINE.replace("    choices:\n      - {text: Avancer, to: 2}\n",
                      "    random: {dice: 2d6, outcomes: [{range: [2, 6], to: 2}, {range: [8, 12], to: 2}]}\n"),
         FINE.replace("    choices:\n      - {text: Avancer, to: 2}\n",
                      "    random: {dice: 2d6, outcomes: [{range: [2, 7], to: 2}, {range: [8, 12], to: 2}]}\n")),
    Code("random-out-of-range", "error", "lint",
         Message("issue d'un tirage hors des résultats possibles des dés",
                 "an outcome of a roll outside what the dice can roll"),
         FINE.replace("    choices:\n      - {text: Avancer, to: 2}\n",
                      "    random: {dice: 1d6, outcomes: [{range: [1, 3], to: 2}, {range: [4, 7], to: 2}]}\n"),
         FINE.replace("    choices:\n      - {text: Avancer, to: 2}\n",
                      "    random: {dice: 1d6, outcomes: [{range: [1, 3], to: 2}, {range: [4, 6], to: 2}]}\n")),
    Code("unreachable", "warning", "lint",
         Message("paragraphe qu'aucun chemin depuis le départ n'atteint",
                 "no path from the start reaches this paragraph"),
         FINE + "  3: {text: Oublié., end: death}\n",
         FINE.replace("      - {text: Avancer, to: 2}\n",
                      "      - {text: Avancer, to: 2}\n      - {text: Sauter, to: 'here + 2'}\n")
         + "  3: {text: Atteint par un saut calculé., end: death}\n"),
    Code("no-victory", "warning", "lint",
         Message("aucune victoire accessible depuis le départ (d'après le graphe)",
                 "no victory can be reached from the start (from the graph)"),
         FINE.replace("end: victory", "end: death") + "  3: {text: Le trésor., end: victory}\n",
         FINE.replace("{text: Avancer, to: 2}", "{text: Avancer, to: 2}\n      - {text: Creuser, to: 3}")
         + "  3: {text: Le trésor., end: victory}\n"),
    Code("empty-paragraph", "warning", "lint",
         Message("paragraphe sans texte", "paragraph without text"),
         FINE.replace("Victoire !", "''"), FINE),
    Code("ending-with-exits", "warning", "lint",
         Message("fin (`end:`) qui propose aussi des sorties", "an ending (`end:`) that also has ways out"),
         FINE.replace("{text: Victoire !, end: victory}", "{text: Victoire !, end: victory, choices: [{text: Encore, to: 1}]}"),
         FINE),
    Code("never-granted", "warning", "lint",
         Message("condition sur un objet, drapeau ou dieu que le livre ne donne jamais",
                 "a condition on an item, flag or god the book never gives"),
         _if("'flag(\"porte-vue\")'"),
         _if("'flag(\"porte-vue\")'").replace("[{gain: cle}]", "[{gain: cle}, {flag: porte-vue}]")),
    Code("condition-never-holds", "warning", "lint",
         Message("condition impossible d'après les bornes des caractéristiques (plafond, minimum 0)",
                 "a condition the stats' bounds rule out (ceiling, minimum 0)"),
         _if("'chance > 30'"), _if("'chance > 10'")),
    Code("reachability-unchecked", "note", "lint",
         Message("accessibilité non vérifiée : un saut dépend de la partie",
                 "reachability not checked: a jump depends on play"),
         _choice(text="Avancer", to="'here + chance'"), _choice(text="Avancer", to="'here + 1'")),
    # --- Chroniques Crétoises (the module's checks, with the core's examples) --
    Code("negative-honour", "error", "lint",
         Message("prix d'une invocation ou gain d'une victoire qui peut être négatif "
                 "(payer ferait gagner des points)",
                 "an Honour price or reward that can be negative (paying would raise Honour)"),
         _PRAY.replace("cost: 2", "cost: -2"), _PRAY),
    Code("beast-surrenders", "error", "lint",
         Message("une bête (beast) ne se rend pas", "a beast never surrenders"),
         _WOLF.replace("beast: true", "beast: true, surrenders: true"), _WOLF),
    Code("reward-never-paid", "warning", "lint",
         Message("gain (reward) d'un combat à plusieurs qui ne peut jamais être payé : sans reddition, "
                 "le dernier adversaire grièvement blessé mène à « all_down », jamais à la victoire",
                 "a group fight's reward that can never be paid: with no surrender, the last opponent "
                 "badly wounded leads to 'all_down', never to victory"),
         _WOLVES, _WOLVES.replace("all_down: 3", "all_down: 2").replace(_WOLVES_FLED, "")),
    Code("armour-slot-typo", "warning", "lint",
         Message("emplacement d'armure utilisé une fois et proche d'un autre (casques / casque)",
                 "an armour slot used once and close to another (casques / casque)"),
         _HELMS.replace("slot: casque, protection: 1", "slot: casques, protection: 1"), _HELMS),
    Code("refused-surrender-unreachable", "warning", "lint",
         Message("reddition refusée dont la destination n'est atteinte par rien d'autre",
                 "a refused surrender whose target nothing else reaches"),
         _GUARD.replace("{accepted: false}", "{to: 3, accepted: false}") + "  3: {text: Captif., end: death}\n",
         _GUARD),
    # --- deep (gamebook lint --deep: the book is played automatically) --------
    Code("soft-lock", "error", "deep",
         Message("partie bloquée : aucune option possible et ce n'est pas une fin",
                 "soft-lock: no option is possible and it is not an ending"),
         _book("  1:\n    text: Une porte close.\n    choices:\n"
               "      - {text: Entrer, to: 2, if: 'flag(\"ouverte\")'}\n"
               "  2: {text: Victoire !, end: victory, effects: [{flag: ouverte}]}\n", DEEP_HEAD),
         _book("  1:\n    text: Une porte close.\n    effects: [{flag: ouverte}]\n    choices:\n"
               "      - {text: Entrer, to: 2, if: 'flag(\"ouverte\")'}\n"
               "  2: {text: Victoire !, end: victory}\n", DEEP_HEAD)),
    Code("unreachable-in-play", "warning", "deep",
         Message("paragraphe relié au livre mais qu'aucune partie n'atteint",
                 "a paragraph linked to the book that no game reaches"),
         _book("  1:\n    text: Un carrefour.\n    choices:\n      - {text: Avancer, to: 2}\n"
               "      - {text: Passage secret, to: 3, if: 'flag(\"secret\")'}\n"
               "  2: {text: Victoire !, end: victory}\n"
               "  3: {text: Un trésor., end: victory, effects: [{flag: secret}]}\n", DEEP_HEAD),
         _book("  1:\n    text: Un carrefour.\n    effects: [{flag: secret}]\n    choices:\n"
               "      - {text: Avancer, to: 2}\n"
               "      - {text: Passage secret, to: 3, if: 'flag(\"secret\")'}\n"
               "  2: {text: Victoire !, end: victory}\n  3: {text: Un trésor., end: victory}\n", DEEP_HEAD)),
    Code("explore-error", "error", "deep",
         Message("le moteur a échoué pendant une partie (la commande pour la rejouer est donnée)",
                 "the engine failed during a game (the command to replay it is given)"),
         _book("  1:\n    text: Un gouffre.\n    choices:\n"
               "      - {text: Sauter, to: 'here + 1 / (chance - chance)'}\n"
               "  2: {text: Victoire !, end: victory}\n", DEEP_HEAD),
         FINE_DEEP),
    Code("victory-impossible", "error", "deep",
         Message("aucune partie ne peut mener à une victoire (signalé à la condition qui ferme le dernier "
                 "chemin)", "no game can lead to a victory (reported at the condition that closes the last way)"),
         # (the graph reaches the victory, play never does: a book with none is `no-victory`)
         _book("  1:\n    text: Une porte close.\n    choices:\n      - {text: Reculer, to: 2}\n"
               "      - {text: Entrer, to: 3, if: 'flag(\"ouverte\")'}\n"
               "  2: {text: Un piège !, end: death}\n"
               "  3: {text: Victoire !, end: victory, effects: [{flag: ouverte}]}\n", DEEP_HEAD),
         FINE_DEEP),
    Code("deep-incomplete", "note", "deep",
         Message("exploration exacte de --deep coupée (temps, états ou combat trop long à analyser), ou "
                 "faite pour une seule des feuilles de personnage tirées : l'absence d'impasse n'est pas "
                 "prouvée (les paragraphes jamais atteints et la victoire impossible le sont, par "
                 "l'exploration abstraite)",
                 "the exact --deep exploration was cut (time, states or a fight too long to analyse), or "
                 "made for one of the rolled character sheets only: the absence of soft-locks is not "
                 "proven (paragraphs never entered and an impossible victory are, by the abstract "
                 "exploration)"),
         _book("  1:\n    text: Un escalier sans fin.\n    effects: [{add: {chance: 1}}]\n    choices:\n"
               "      - {text: Monter, to: 1}\n      - {text: Sortir, to: 2}\n"
               "  2: {text: Victoire !, end: victory}\n"),
         FINE_DEEP),
    # --- runtime ---------------------------------------------------------------
    Code("expr-runtime", "error", "runtime",
         Message("erreur pendant le calcul d'une expression en jeu (division par zéro...)",
                 "error while computing an expression during play (division by zero...)"),
         "to: 'here + 100 / (chance - 5)' when chance is 5",
         "to: 'here + 1' (or a condition that rules out the zero)"),
    Code("jump-loop", "error", "runtime",
         Message(f"plus de {MAX_JUMPS} paragraphes (MAX_JUMPS) enchaînés en jeu sans que le joueur réponde",
                 f"more than {MAX_JUMPS} paragraphs (MAX_JUMPS) entered in play without the player answering"),
         f"auto: [{{if: 'jours < {MAX_JUMPS * 5}', to: 2}}] at paragraph 2, whose effects add 1 to jours",
         f"a loop of at most {MAX_JUMPS} jumps, or a choice inside it"),
)
