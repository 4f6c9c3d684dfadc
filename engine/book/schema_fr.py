"""French descriptions of the core schema's fields, keyed by their English text.

The editors' schema carries each field's description in English (`description`,
what yaml-language-server shows) and in French (`x-description-fr`, for a language
server that speaks the book's language).  `composed_schema` adds the French of the
core from here and each rule module's from its `schema_descriptions_fr()`; a test
checks that every description of the schema file has one.
"""
from __future__ import annotations

FR = {
    "A gamebook for gamebook-engine. The `rules` key selects the rule module.":
        "Un livre-jeu pour gamebook-engine. La clé `rules` choisit le module de règles.",
    "The rule module that plays this book.": "Le module de règles qui joue ce livre.",
    "Book format version (1).": "Version du format de livre (1).",
    "Stable identifier, used by saves (default: the file name).":
        "Identifiant stable, utilisé par les sauvegardes (par défaut : le nom du fichier).",
    "The book's title, shown when the game starts.": "Le titre du livre, affiché au début de la partie.",
    "Who wrote the book (shown on the title screen).": "L'auteur du livre (affiché sur l'écran de titre).",
    "A few lines about the book, shown when a game starts.":
        "Quelques lignes sur le livre, affichées au début d'une partie.",
    "Language of the text and of the player's interface.": "Langue du texte et de l'interface du joueur.",
    "A paragraph number.": "Un numéro de paragraphe.",
    "Book format version: 1, 1.1 (named paragraphs) or 1.2.":
        "Version du format de livre : 1, 1.1 (paragraphes nommés) ou 1.2.",
    "Format 1.1: the number a named paragraph keeps.":
        "Format 1.1 : le numéro que garde un paragraphe nommé.",
    "Paragraphs keyed by number (or, format 1.1, by name).":
        "Les paragraphes, par numéro (ou, en format 1.1, par nom).",
    "Format 1.1: a paragraph's name (its key in `paragraphs:`).":
        "Format 1.1 : le nom d'un paragraphe (sa clé dans `paragraphs:`).",
    "Where this result leads: a paragraph number, or (format 1.1) a paragraph's name.":
        "Où mène ce résultat : un numéro de paragraphe, ou (format 1.1) le nom d'un paragraphe.",
    "The first paragraph: its number, or (format 1.1) its name.":
        "Le premier paragraphe : son numéro, ou (format 1.1) son nom.",
    "The item catalogue: id -> item.": "Le catalogue des objets : identifiant -> objet.",
    "Paragraphs keyed by number.": "Les paragraphes, par numéro.",
    "Where to go: a paragraph number, or an expression such as `here + 20`.":
        "Où aller : un numéro de paragraphe, ou une expression comme `here + 20`.",
    "A number, or an expression/dice formula such as `1d6` or `-2`.":
        "Un nombre, ou une expression ou formule de dés comme `1d6` ou `-2`.",
    "A condition over stats, items and flags, e.g. `has(\"key\") and not flag(\"alarm\")`.":
        "Une condition sur les caractéristiques, objets et drapeaux, par exemple `has(\"cle\") and not flag(\"alarme\")`.",
    "Effects applied in order.": "Effets appliqués dans l'ordre.",
    "Give the hero one or several items (ids from `items`).":
        "Donne au héros un ou plusieurs objets (identifiants de `items`).",
    "Take one or several items away from the hero.": "Retire au héros un ou plusieurs objets.",
    "Add to stats: `{add: {STAT: 2, OTHER: -1}}` (the rule module's stat names); values may be dice (`1d6`).":
        "Ajoute aux caractéristiques : `{add: {CARAC: 2, AUTRE: -1}}` (les noms du module de règles) ; les valeurs peuvent être des dés (`1d6`).",
    "Set stats to a value: `{set: {STAT: 1}}`.":
        "Fixe des caractéristiques à une valeur : `{set: {CARAC: 1}}`.",
    "Set one or several flags (remembered facts).": "Lève un ou plusieurs drapeaux (faits retenus).",
    "Clear one or several flags.": "Baisse un ou plusieurs drapeaux.",
    "What the player reads for this choice.": "Ce que le joueur lit pour ce choix.",
    "Shown only when this condition holds.": "Proposé seulement quand cette condition est vraie.",
    "Applied when the choice is taken, before moving.":
        "Appliqués quand le choix est pris, avant d'aller plus loin.",
    "The paragraph's text.": "Le texte du paragraphe.",
    "The choices offered to the player.": "Les choix proposés au joueur.",
    "This paragraph ends the adventure.": "Ce paragraphe termine l'aventure.",
    "A random branch: roll the dice, go where the result falls.":
        "Un embranchement au hasard : lancer les dés, aller où tombe le résultat.",
    "Dice formula, e.g. `1d6`.": "Formule de dés, par exemple `1d6`.",
    "Where each range of results leads.": "Où mène chaque plage de résultats.",
    "[lowest, highest] result, inclusive.": "[plus petit, plus grand] résultat, inclus.",
    "Format 1.1: counters (days, rounds won, a reputation), names of expressions.":
        "Format 1.1 : des compteurs (jours, assauts gagnés, une réputation), noms utilisables dans les expressions.",
    "Format 1.1: files (relative to this one) holding more `paragraphs:`.":
        "Format 1.1 : des fichiers (relatifs à celui-ci) contenant d'autres `paragraphs:`.",
    "Format 1.1: flags shown on the adventure sheet while set.":
        "Format 1.1 : des drapeaux affichés sur la feuille d'aventure tant qu'ils sont levés.",
    "Format 1.1: notes holding a paragraph number (effect `note:`, function `note()`).":
        "Format 1.1 : des notes gardant un numéro de paragraphe (effet `note:`, fonction `note()`).",
    "Format 1.1: read before the first paragraph, after the description.":
        "Format 1.1 : lu avant le premier paragraphe, après la description.",
    "Format 1.1: the player types a paragraph number worked out from the text.":
        "Format 1.1 : le joueur tape un numéro de paragraphe trouvé à partir du texte.",
    "Format 1.1: write this paragraph's number in a note of `notes:`.":
        "Format 1.1 : écrire le numéro de ce paragraphe dans une note de `notes:`.",
    "Highest value.": "Valeur la plus haute.",
    "The name shown to the player (default: the id).": "Le nom montré au joueur (par défaut : l'identifiant).",
    "Lowest value.": "Valeur la plus basse.",
    "Starting value (default 0).": "Valeur de départ (0 par défaut).",
    "The option's label (default: turn to the number you found).":
        "Le libellé du choix (par défaut : rendez-vous au numéro que vous avez trouvé).",
    "The right numbers: each leads to its paragraph.": "Les bons numéros : chacun mène à son paragraphe.",
    "Where any other number leads.": "Où mène tout autre numéro.",
    "Format 1.1, when the condition fails: hidden, shown greyed with the reason (what is missing), or greyed with no detail.":
        "Format 1.1, quand la condition est fausse : caché, grisé avec la raison (ce qui manque), ou grisé sans détail.",
    "Format 1.1: applied before moving.": "Format 1.1 : appliqués avant de partir.",
    "Format 1.1: how every choice whose condition fails is shown, unless it says otherwise (default: greyed).":
        "Format 1.1 : comment est montré tout choix dont la condition est fausse, sauf s'il dit autrement (par défaut : grisé).",
    "Format 1.1: offered only until it is taken once.": "Format 1.1 : proposé seulement tant qu'il n'a pas été pris.",
    "Format 1.1: ways out the book chooses, the first whose `if:` holds (one without `if:` is the default); each goes `to:` a paragraph or `end:`s the game.":
        "Format 1.1 : des sorties que le livre choisit, la première dont le `if:` est vrai (une sans `if:` est celle par défaut) ; chacune va `to:` un paragraphe ou termine la partie (`end:`).",
    "Format 1.1: what does not happen again when the paragraph is entered again: `true` (its effects and activities) or a list such as `[effects, combat]`.":
        "Format 1.1 : ce qui ne se reproduit pas quand on revient au paragraphe : `true` (ses effets et activités) ou une liste comme `[effects, combat]`.",
    "Give the hero one or several items (ids from `items`); format 1.1: `{gain: {fleche: 3}}` gives several copies.":
        "Donner au héros un ou plusieurs objets (identifiants de `items`) ; format 1.1 : `{gain: {fleche: 3}}` en donne plusieurs exemplaires.",
    "Take one or several items away from the hero (every copy); format 1.1: `{lose: {fleche: 1}}` takes that many copies.":
        "Retirer au héros un ou plusieurs objets (tous les exemplaires) ; format 1.1 : `{lose: {fleche: 1}}` en retire autant d'exemplaires.",
    "Format 1.1: item -> how many, e.g. `{fleche: 3}`.": "Format 1.1 : objet -> combien d'exemplaires, par exemple `{fleche: 3}`.",
    "How many items the player gives up.": "Combien d'objets le joueur abandonne.",
    "Items the player may not pick.": "Les objets que le joueur ne peut pas choisir.",
    "Where this way leads.": "Où mène cette sortie.",
    "This way ends the game.": "Cette sortie termine la partie.",
}

# Format 1.2
from engine.book import action_choices, outcome_shapes, puzzle_answers, unique_items  # noqa: E402
FR.update(unique_items.FR)
FR.update(action_choices.FR)
FR.update(puzzle_answers.FR)
FR.update(outcome_shapes.FR)
