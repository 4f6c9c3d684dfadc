"""Every sentence the REPL shows, in French and English.

`text(lang, key, **values)` formats one entry; a missing key is a bug caught by the
tests (each key is used, each has both languages).
"""
from __future__ import annotations

CATALOGUE: dict[str, tuple[str, str]] = {
    # banner and prompt
    "by": ("par {author}", "by {author}"),
    "rules": ("Règles : {rules}", "Rules: {rules}"),
    "seed": ("Graine des dés : {seed} (rejouer à l'identique : --seed {seed})",
             "Dice seed: {seed} (replay it exactly: --seed {seed})"),
    "forced": ("Dés imposés : {faces} ; ensuite graine {seed}.",
               "Forced dice: {faces}; then seed {seed}."),
    "hint": ("Tapez le numéro d'un choix, ou « aide ».", "Type a choice number, or 'help'."),
    "default-book": ("Livre par défaut : {file}", "Default book: {file}"),
    "resumed": ("Partie reprise (sauvegarde automatique).", "Game resumed (autosave)."),
    "no-autosave": ("Aucune partie à reprendre pour ce livre : nouvelle partie.",
                    "No game to resume for this book: new game."),
    "prompt": ("> ", "> "),
    "toolbar-dead": ("Vous êtes mort — recommencer, annuler ou charger", "You are dead — restart, undo or load"),
    "typed-prompt": ("Quel numéro de paragraphe avez-vous trouvé ?", "Which paragraph number did you find?"),
    "amount-prompt": ("Combien ? Un nombre de {low} à {high}.", "How many? A number from {low} to {high}."),
    "amount-prompt-zero": ("Combien ? Un nombre de {low} à {high} (Entrée seule : 0).",
                           "How many? A number from {low} to {high} (Enter alone: 0)."),
    "yes-no-prompt": ("(o/n) > ", "(y/n) > "),
    "amount-range": ("({low}-{high}) > ", "({low}-{high}) > "),
    "amount-zero": ("({low}-{high}, Entrée = 0) > ", "({low}-{high}, Enter = 0) > "),
    # choices and answers
    "enter-default": ("(Entrée)", "(Enter)"),
    # Enter alone on a paragraph that an Enter alone brought: its text is read first
    "enter-read": ("Paragraphe {n} lu ? Entrée de nouveau : {what}.",
                   "Read paragraph {n}? Enter again: {what}."),
    "disabled": ("(impossible : {reason})", "(not possible: {reason})"),
    # after a label that ends in its own parentheses ("Prendre la fuite (coûte 2 points
    # d'Endurance)"): a dash, not a second pair of parentheses
    "disabled-after": ("— impossible : {reason}", "— not possible: {reason}"),
    "bad-number": ("Il n'y a pas de choix n° {n} : tapez un numéro de 1 à {count}.",
                   "There is no choice {n}: type a number from 1 to {count}."),
    "bad-number-one": ("Il n'y a pas de choix n° {n} : tapez {only}.", "There is no choice {n}: type {only}."),
    "bad-number-list": ("Il n'y a pas de choix n° {n} : tapez {numbers}.",
                        "There is no choice {n}: type {numbers}."),
    "choice-gone": ("Le choix n° {n} n'est plus proposé ici : tapez {numbers}.",
                    "Choice {n} is no longer offered here: type {numbers}."),
    "no-choice": ("Aucun choix ici.", "No choice here."),
    "extra-words": ("« {line} » : ce choix se prend seul, tapez {n}.",
                    "'{line}': this choice takes nothing more, type {n}."),
    "extra-words-amount": ("« {line} » : tapez {n} puis un seul nombre (p. ex. « {n} 3 »).",
                           "'{line}': type {n} then one number (e.g. '{n} 3')."),
    "number-abandoned": ("Pas de nombre donné : rien ne se passe.", "No number given: nothing happens."),
    "bad-amount": ("Donnez un nombre entre {low} et {high}.", "Give a number from {low} to {high}."),
    "refused": ("Refusé : {reason}", "Refused: {reason}"),
    "book-error": ("{reason} (coup annulé ; signalez-le à l'auteur du livre)",
                   "{reason} (move undone; report it to the book's author)"),
    "book-error-stop": ("{reason} (la partie ne peut continuer ; signalez-le à l'auteur du livre)",
                        "{reason} (the game cannot go on; report it to the book's author)"),
    "cancelled": ("Annulé.", "Cancelled."),
    "history-refused": ("Historique non enregistré : {path} n'est pas un fichier ordinaire "
                        "(lien symbolique ?) ; supprimez-le pour retrouver l'historique.",
                        "History not saved: {path} is not a regular file (a symbolic link?); "
                        "remove it to get the history back."),
    # events
    "stat": ("{label} : {old} → {new}", "{label}: {old} → {new}"),
    "dice": ("Dés : {faces} = {total}", "Dice: {faces} = {total}"),
    "die": ("Dé : {face}", "Die: {face}"),
    "dice-of": ("{who} : {faces}{total}", "{who}: {faces}{total}"),
    "flag-set": ("(noté : {flags})", "(noted: {flags})"),
    "restarted": ("Nouvelle aventure (vie n° {lives}).", "A new adventure (life {lives})."),
    "restarted-new": ("Nouvelle aventure.", "A new adventure."),
    "bye-won": ("Partie gagnée, sauvegardée automatiquement. À bientôt !\n"
                "Pour une nouvelle aventure : {command} play {book}",
                "Game won, saved automatically. Goodbye!\nFor a new adventure: {command} play {book}"),
    "undone": ("Retour en arrière : paragraphe {paragraph}.", "Undone: back to paragraph {paragraph}."),
    # commands
    "unknown-command": ("Commande inconnue « {word} ». Commandes : {names}",
                        "Unknown command '{word}'. Commands: {names}"),
    "help-title": ("Tapez le numéro d'un choix (et un nombre si demandé), ou une commande :",
                   "Type a choice number (and a number when asked), or a command:"),
    "help-keys": ("Tab complète, ↑ rappelle, Ctrl-C annule la saisie, Ctrl-D sauvegarde et quitte.",
                  "Tab completes, ↑ recalls, Ctrl-C cancels the input, Ctrl-D saves and quits."),
    "nothing-to-undo": ("Rien à annuler.", "Nothing to undo."),
    "no-items": ("Vous ne portez rien.", "You carry nothing."),
    "inventory": ("Inventaire :", "Inventory:"),
    "sheet": ("Feuille d'aventure :", "Adventure sheet:"),
    "flags": ("Notes : {flags}", "Notes: {flags}"),
    "history-empty": ("Rien encore.", "Nothing yet."),
    "saved": ("Partie sauvegardée : {slot} ({path})", "Game saved: {slot} ({path})"),
    "kept-damaged": ("L'ancien fichier, illisible, est gardé sous {path}.",
                     "The old, unreadable file is kept as {path}."),
    "loaded": ("Partie chargée : {slot}.", "Game loaded: {slot}."),
    "slots": ("Sauvegardes : {slots}", "Saves: {slots}"),
    "no-slots": ("Aucune sauvegarde pour ce livre.", "No save for this book."),
    "bye": ("Partie sauvegardée automatiquement. À bientôt !\nPour la reprendre : {command} play {book} --continue",
            "Game saved automatically. Goodbye!\nTo resume it: {command} play {book} --continue"),
    "bye-slot": ("Partie sauvegardée sous « {slot} » (les parties lancées par un script ne touchent pas "
                 "à la sauvegarde automatique du joueur).\nPour la reprendre : {command} play {book} --continue",
                 "Game saved as '{slot}' (games run from a script leave the player's autosave alone)."
                 "\nTo resume it: {command} play {book} --continue"),
    "kept-previous": ("La sauvegarde automatique précédente est gardée : « charger {slot} » la reprend.",
                      "The previous autosave is kept: 'load {slot}' resumes it."),
    "kept-previous-soon": ("Nouvelle partie. La partie en cours n'est pas effacée : elle sera gardée sous "
                           "« {slot}-previous ».",
                           "New game. The game in progress is not deleted: it will be kept as '{slot}-previous'."),
    "resume-question": ("Une partie de ce livre est en cours (paragraphe {paragraph}). La reprendre ?",
                        "A game of this book is in progress (paragraph {paragraph}). Resume it?"),
    "load-question": ("Charger la sauvegarde « {slot} » à la place de la partie en cours ? "
                      "(« annuler » la ramènera)",
                      "Load the save '{slot}' instead of the game in progress? ('undo' brings it back)"),
    "overwrite-question": ("La sauvegarde « {slot} » existe déjà : la remplacer par la partie en cours ?",
                           "The save '{slot}' already exists: replace it with the game in progress?"),
    "not-saved": ("Rien n'est écrit : « {slot} » est gardée telle quelle.",
                  "Nothing written: '{slot}' is kept as it was."),
    "yes-no": ("Répondez o (oui) ou n (non).", "Answer y (yes) or n (no)."),
    "yes-no-again": ("Répondez par o (oui) ou n (non) :", "Please answer y (yes) or n (no):"),
    "bye-untouched": ("Au revoir. La partie en cours est gardée telle quelle.\nPour la reprendre : {command} play {book} --continue",
                      "Goodbye. The game in progress is kept as it was.\nTo resume it: {command} play {book} --continue"),
    "bye-unsaved": ("Au revoir (la partie n'a pas pu être sauvegardée : {reason}).",
                    "Goodbye (the game could not be saved: {reason})."),
    "crash": ("Erreur inattendue ({what}) sur « {line} » : partie sauvegardée dans {path} ; "
              "signalez ce problème, puis reprenez avec --continue.",
              "Unexpected error ({what}) on '{line}': game saved in {path}; "
              "please report it, then resume with --continue."),
    "crash-unsaved": ("Erreur inattendue ({what}) sur « {line} », et la partie n'a pas pu être sauvegardée : {reason}",
                      "Unexpected error ({what}) on '{line}', and the game could not be saved: {reason}"),
    "warning": ("Attention : {text}", "Warning: {text}"),
    # command help lines
    "cmd-sheet": ("la feuille d'aventure", "the adventure sheet"),
    "cmd-inventory": ("ce que vous portez", "what you carry"),
    "cmd-save": ("sauvegarder la partie [nom]", "save the game [name]"),
    "cmd-load": ("charger une partie [nom]", "load a game [name]"),
    "cmd-undo": ("annuler la dernière action", "undo the last action"),
    "cmd-restart": ("recommencer l'aventure (annulable)", "start the adventure again (undoable)"),
    "cmd-look": ("relire le paragraphe", "read the paragraph again"),
    "cmd-odds": ("chances exactes du combat en cours et meilleure décision ; pour le livre entier "
                 "après « explore --exhaustive »",
                 "exact odds of the fight in progress and the best decision; for the whole book "
                 "after 'explore --exhaustive'"),
    "cmd-help": ("cette aide", "this help"),
    "cmd-quit": ("sauvegarder et quitter", "save and quit"),
}


def text(lang: str, key: str, **values) -> str:
    fr, en = CATALOGUE[key]
    return (fr if lang == "fr" else en).format(**values)


from engine.repl.messages_table import TABLE  # noqa: E402  (the table-top commands' sentences)

CATALOGUE.update(TABLE)
