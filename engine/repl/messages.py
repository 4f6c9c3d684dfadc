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
    "typed-prompt": ("Quel numéro de paragraphe avez-vous trouvé ?", "Which paragraph number did you find?"),
    "amount-prompt": ("Combien ? Un nombre de {low} à {high}.", "How many? A number from {low} to {high}."),
    "amount-prompt-zero": ("Combien ? Un nombre de {low} à {high} (Entrée seule : 0).",
                           "How many? A number from {low} to {high} (Enter alone: 0)."),
    "amount-range": ("({low}-{high}) > ", "({low}-{high}) > "),
    "amount-zero": ("({low}-{high}, Entrée = 0) > ", "({low}-{high}, Enter = 0) > "),
    # choices and answers
    "disabled": ("(impossible : {reason})", "(not possible: {reason})"),
    "bad-number": ("Il n'y a pas de choix n° {n} : tapez un numéro de 1 à {count}.",
                   "There is no choice {n}: type a number from 1 to {count}."),
    "bad-number-one": ("Il n'y a pas de choix n° {n} : tapez 1.", "There is no choice {n}: type 1."),
    "no-choice": ("Aucun choix ici.", "No choice here."),
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
    "flag-set": ("(noté : {flags})", "(noted: {flags})"),
    "restarted": ("Nouvelle aventure (vie n° {lives}).", "A new adventure (life {lives})."),
    "undone": ("Retour en arrière : paragraphe {paragraph}.", "Undone: back to paragraph {paragraph}."),
    # commands
    "unknown-command": ("Commande inconnue « {word} ». Commandes : {names}",
                        "Unknown command '{word}'. Commands: {names}"),
    "help-title": ("Tapez le numéro d'un choix (et un nombre si demandé), ou une commande :",
                   "Type a choice number (and a number when asked), or a command:"),
    "help-keys": ("Tab complète, ↑ rappelle, Ctrl-C annule la saisie, Ctrl-D sauve et quitte.",
                  "Tab completes, ↑ recalls, Ctrl-C cancels the input, Ctrl-D saves and quits."),
    "nothing-to-undo": ("Rien à annuler.", "Nothing to undo."),
    "no-items": ("Vous ne portez rien.", "You carry nothing."),
    "inventory": ("Inventaire :", "Inventory:"),
    "sheet": ("Feuille d'aventure :", "Adventure sheet:"),
    "flags": ("Notes : {flags}", "Notes: {flags}"),
    "history-empty": ("Rien encore.", "Nothing yet."),
    "saved": ("Partie sauvée : {slot} ({path})", "Game saved: {slot} ({path})"),
    "kept-damaged": ("L'ancien fichier, illisible, est gardé sous {path}.",
                     "The old, unreadable file is kept as {path}."),
    "loaded": ("Partie chargée : {slot}.", "Game loaded: {slot}."),
    "slots": ("Sauvegardes : {slots}", "Saves: {slots}"),
    "no-slots": ("Aucune sauvegarde pour ce livre.", "No save for this book."),
    "bye": ("Partie sauvée automatiquement. À bientôt !\nPour la reprendre : gamebook play {book} --continue",
            "Game saved automatically. Goodbye!\nTo resume it: gamebook play {book} --continue"),
    "bye-unsaved": ("Au revoir (la partie n'a pas pu être sauvée : {reason}).",
                    "Goodbye (the game could not be saved: {reason})."),
    "warning": ("Attention : {text}", "Warning: {text}"),
    # command help lines
    "cmd-sheet": ("la feuille d'aventure", "the adventure sheet"),
    "cmd-inventory": ("ce que vous portez", "what you carry"),
    "cmd-save": ("sauver la partie [nom]", "save the game [name]"),
    "cmd-load": ("charger une partie [nom]", "load a game [name]"),
    "cmd-undo": ("annuler la dernière action", "undo the last action"),
    "cmd-restart": ("recommencer l'aventure (annulable)", "start the adventure again (undoable)"),
    "cmd-look": ("relire le paragraphe", "read the paragraph again"),
    "cmd-odds": ("chances exactes du combat en cours et meilleure décision",
                 "exact odds of the fight in progress and the best decision"),
    "cmd-help": ("cette aide", "this help"),
    "cmd-quit": ("sauver et quitter", "save and quit"),
}


def text(lang: str, key: str, **values) -> str:
    fr, en = CATALOGUE[key]
    return (fr if lang == "fr" else en).format(**values)


from .messages_table import TABLE  # noqa: E402  (the table-top commands' sentences)

CATALOGUE.update(TABLE)
