"""The table of diagnostic codes the core and the expression language emit.

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

from .diagnostics import Message
from .rules.registry import EXAMPLE_DERIVED_RULES, EXAMPLE_RULES


@dataclass(frozen=True)
class Code:
    name: str
    severity: str          # "error" | "warning" | "note"
    stage: str
    summary: Message
    bad: str
    good: str


HEAD = f"gamebook: 1\ntitle: Exemple\nrules: {EXAMPLE_RULES}\nstart: 1\n"


def _book(paragraphs: str, head: str = HEAD) -> str:
    """A small example book: the header and the given `paragraphs:` body (2-space indented)."""
    return head + "paragraphs:\n" + paragraphs


HEAD_11 = HEAD.replace("gamebook: 1\n", "gamebook: 1.1\n").replace("start: 1\n", "start: entree\n")
NAMED = _book("  entree:\n    text: Vous entrez.\n    choices:\n      - {text: Avancer, to: sortie}\n"
              "  sortie: {number: 2, text: Victoire !, end: victory}\n", HEAD_11)
FINE = _book("  1:\n    text: Vous entrez.\n    choices:\n      - {text: Avancer, to: 2}\n"
             "  2: {text: Victoire !, end: victory}\n")
ITEMS = HEAD + "items:\n  cle: {name: Clé de bronze}\n"


def _choice(**choice) -> str:
    """FINE with a different first choice (keys written in order)."""
    body = ", ".join(f"{k}: {v}" for k, v in choice.items())
    return _book("  1:\n    text: Vous entrez.\n    effects: [{gain: cle}]\n    choices:\n"
                 f"      - {{{body}}}\n  2: {{text: Victoire !, end: victory}}\n", ITEMS)


def _if(condition: str) -> str:
    return _choice(text="Avancer", to=2, **{"if": condition}) .replace(
        "    choices:\n", "    choices:\n      - {text: Partir, to: 2}\n")


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
    # --- yaml ----------------------------------------------------------------
    Code("yaml-syntax", "error", "yaml", Message("YAML invalide", "invalid YAML"),
         FINE.replace("title: Exemple", "title: [Exemple"), FINE),
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
         Message("entier hors de -10⁹..10⁹ (engine/limits.py : MAX_INT)",
                 "integer outside -10⁹..10⁹ (engine/limits.py: MAX_INT)"),
         FINE.replace("start: 1\n", "start: 1\noptions: {graine: 99999999999}\n"), FINE),
    # --- schema --------------------------------------------------------------
    Code("missing-rules", "error", "schema",
         Message("le livre ne nomme pas son module de règles", "the book does not name its rule module"),
         FINE.replace(f"rules: {EXAMPLE_RULES}\n", ""), FINE),
    Code("unknown-rules", "error", "schema",
         Message("module de règles non installé", "rule module not installed"),
         FINE.replace(f"rules: {EXAMPLE_RULES}", "rules: donjons-et-dragons"), FINE),
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
         _choice(text="Avancer", to=2, effects="[{add: {force: 1}}]").replace(
             EXAMPLE_RULES, EXAMPLE_DERIVED_RULES),
         _choice(text="Avancer", to=2, effects="[{gain: cle}]").replace(
             EXAMPLE_RULES, EXAMPLE_DERIVED_RULES)),
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
    Code("unreachable", "warning", "lint",
         Message("paragraphe qu'aucun chemin depuis le départ n'atteint",
                 "no path from the start reaches this paragraph"),
         FINE + "  3: {text: Oublié., end: death}\n",
         FINE.replace("      - {text: Avancer, to: 2}\n",
                      "      - {text: Avancer, to: 2}\n      - {text: Sauter, to: 'here + 2'}\n")
         + "  3: {text: Atteint par un saut calculé., end: death}\n"),
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
    Code("reachability-unchecked", "note", "lint",
         Message("accessibilité non vérifiée : un saut dépend de la partie",
                 "reachability not checked: a jump depends on play"),
         _choice(text="Avancer", to="'here + chance'"), _choice(text="Avancer", to="'here + 1'")),
    # --- deep (gamebook lint --deep: the book is played automatically) --------
    Code("soft-lock", "error", "deep",
         Message("partie bloquée : aucune option possible et ce n'est pas une fin",
                 "soft-lock: no option is possible and it is not an ending"),
         _book("  1:\n    text: Une porte close.\n    choices:\n"
               "      - {text: Entrer, to: 2, if: 'flag(\"ouverte\")'}\n"
               "  2: {text: Victoire !, end: victory, effects: [{flag: ouverte}]}\n"),
         _book("  1:\n    text: Une porte close.\n    effects: [{flag: ouverte}]\n    choices:\n"
               "      - {text: Entrer, to: 2, if: 'flag(\"ouverte\")'}\n"
               "  2: {text: Victoire !, end: victory}\n")),
    Code("unreachable-in-play", "warning", "deep",
         Message("paragraphe relié au livre mais qu'aucune partie n'atteint",
                 "a paragraph linked to the book that no game reaches"),
         _book("  1:\n    text: Un carrefour.\n    choices:\n      - {text: Avancer, to: 2}\n"
               "      - {text: Passage secret, to: 3, if: 'flag(\"secret\")'}\n"
               "  2: {text: Victoire !, end: victory}\n"
               "  3: {text: Un trésor., end: victory, effects: [{flag: secret}]}\n"),
         _book("  1:\n    text: Un carrefour.\n    effects: [{flag: secret}]\n    choices:\n"
               "      - {text: Avancer, to: 2}\n"
               "      - {text: Passage secret, to: 3, if: 'flag(\"secret\")'}\n"
               "  2: {text: Victoire !, end: victory}\n  3: {text: Un trésor., end: victory}\n")),
    Code("explore-error", "error", "deep",
         Message("le moteur a échoué pendant une partie (la commande pour la rejouer est donnée)",
                 "the engine failed during a game (the command to replay it is given)"),
         _book("  1:\n    text: Un gouffre.\n    choices:\n"
               "      - {text: Sauter, to: 'here + 1 / (chance - chance)'}\n"
               "  2: {text: Victoire !, end: victory}\n"),
         FINE),
    Code("victory-impossible", "error", "deep",
         Message("aucune partie ne peut mener à une victoire", "no game can lead to a victory"),
         _book("  1:\n    text: Vous entrez.\n    choices:\n      - {text: Avancer, to: 2}\n"
               "  2: {text: Un piège !, end: death}\n"),
         FINE),
    # --- runtime ---------------------------------------------------------------
    Code("expr-runtime", "error", "runtime",
         Message("erreur pendant le calcul d'une expression en jeu (division par zéro...)",
                 "error while computing an expression during play (division by zero...)"),
         "to: 'here + 100 / (chance - 5)' when chance is 5",
         "to: 'here + 1' (or a condition that rules out the zero)"),
)

from .codes11 import CODES_11  # noqa: E402 - its examples use the helpers above

CODES = CODES + CODES_11
BY_NAME = {c.name: c for c in CODES}
