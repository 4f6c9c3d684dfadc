"""The sentences of the table-top commands (journal, notes, slots, end screen) and of
the full-screen layout, in French and English; merged into `messages.CATALOGUE`."""
from __future__ import annotations

TABLE: dict[str, tuple[str, str]] = {
    # journal (historique)
    "journal-title": ("Votre parcours (historique N : revenir au point N) :",
                      "Your path (history N: go back to point N):"),
    "j-paragraph": ("§{n}", "§{n}"),
    "j-fight": ("combat : {names}", "fight: {names}"),
    "j-fight-won": ("combat gagné", "fight won"),
    "j-death": ("mort{cause}", "death{cause}"),
    "j-victory": ("victoire", "victory"),
    "j-zeus": ("Zeus invoqué ({favour})", "Zeus invoked ({favour})"),
    "j-undo": ("annulation : retour au §{value}", "undo: back to §{value}"),
    "j-load": ("partie chargée : {value}", "game loaded: {value}"),
    "j-jump": ("retour au point {value}", "back to point {value}"),
    "j-other": ("{value}", "{value}"),
    "jump-usage": ("historique N : N est le numéro d'un point de la liste (1 à {count}).",
                   "history N: N is the number of a listed point (1 to {count})."),
    "jump-cannot": ("Impossible de revenir au point {n} : c'est le point où vous êtes, ou il est "
                    "plus ancien que ce qu'« annuler » garde (ou d'avant le dernier chargement).",
                    "Cannot go back to point {n}: it is where you are, or older than what 'undo' "
                    "keeps (or from before the last load)."),
    "jump-ask": ("Revenir au point {n} ({what}) ? « annuler » vous ramènera ici.",
                 "Go back to point {n} ({what})? 'undo' brings you back here."),
    "jumped": ("Retour au point {n} : paragraphe {paragraph}.", "Back to point {n}: paragraph {paragraph}."),
    "confirm-no": ("Rien n'est fait.", "Nothing done."),
    # --log FILE that can no longer be written (a full disk, /dev/full)
    "log-failed": ("--log : impossible d'écrire {file} ({reason}) : le journal s'arrête ici ; "
                   "la partie continue et reste sauvegardée comme d'habitude. Libérez de la place "
                   "ou choisissez un autre fichier la prochaine fois.",
                   "--log: cannot write {file} ({reason}): the log stops here; the game goes on "
                   "and is saved as usual. Free some space or choose another file next time."),
    # notes
    "notes-title": ("Vos notes :", "Your notes:"),
    "notes-none": ("Aucune note. « note TEXTE » en ajoute une.", "No notes. 'note TEXT' adds one."),
    "note-added": ("Note n° {n} ajoutée.", "Note {n} added."),
    "note-deleted": ("Note n° {n} supprimée : {text}", "Note {n} deleted: {text}"),
    "note-bad": ("Il n'y a pas de note n° {n} (« note » les liste).", "There is no note {n} ('note' lists them)."),
    "note-full": ("Trop de notes ({max}) : supprimez-en une (« note effacer N »).",
                  "Too many notes ({max}): delete one ('note delete N')."),
    "notes-hint": ("note TEXTE : ajouter ; note effacer N : supprimer.", "note TEXT: add; note delete N: delete."),
    # save slots
    "slots-title": ("Sauvegardes de ce livre :", "Saves of this book:"),
    "slot-row": ("{slot} : {what}", "{slot}: {what}"),
    "slot-what": ("{title}, paragraphe {paragraph}, {date}", "{title}, paragraph {paragraph}, {date}"),
    "slot-damaged": ("{slot} : illisible (gardé tel quel)", "{slot}: unreadable (kept as it is)"),
    "slots-hint": ("charger NOM : reprendre ; effacer NOM : supprimer.", "load NAME: resume; delete NAME: delete."),
    "delete-usage": ("effacer NOM : le nom d'une sauvegarde (« parties » les liste).",
                     "delete NAME: the name of a save ('slots' lists them)."),
    "delete-ask": ("Supprimer la sauvegarde « {slot} » ({what}) ? Elle sera perdue.",
                   "Delete the save '{slot}' ({what})? It will be lost."),
    "deleted": ("Sauvegarde « {slot} » supprimée.", "Save '{slot}' deleted."),
    # end screen
    "end-victory": ("— Fin : victoire au paragraphe {n} —", "— The end: victory at paragraph {n} —"),
    "end-death": ("— Fin : mort au paragraphe {n}{cause} —", "— The end: death at paragraph {n}{cause} —"),
    "cause-stat": ("{label} à 0", "{label} at 0"),
    "end-counts": ("Paragraphes visités : {visited} · combats gagnés : {won}",
                   "Paragraphs visited: {visited} · fights won: {won}"),
    "end-found": ("Fins découvertes dans ce livre : {found} (sur {written} fins écrites) :",
                  "Endings discovered in this book: {found} (of {written} written endings):"),
    "end-row": ("§{n} : {kind}, {times} fois", "§{n}: {kind}, {times} times"),
    "end-row-once": ("§{n} : {kind}, une fois", "§{n}: {kind}, once"),
    "end-new": ("(nouvelle !)", "(new!)"),
    "end-others": ("Autres fins rencontrées en chemin (morts au combat, par une règle) : {count}",
                   "Other endings met on the way (deaths in a fight, by a rule): {count}"),
    "end-not-recorded": ("(partie scriptée ou aux dés imposés : cette fin n'est pas ajoutée à celles que "
                         "vous avez découvertes)",
                         "(a scripted game or one with set dice: this ending is not added to those you "
                         "have found)"),
    "kind-death": ("mort", "death"),
    "kind-victory": ("victoire", "victory"),
    # command help lines
    "cmd-journal": ("le parcours, combats et morts compris ; historique N y revient",
                    "the path, fights and deaths included; history N goes back there"),
    "cmd-note": ("note TEXTE : ajouter une note ; note : les lister ; note effacer N",
                 "note TEXT: add a note; note: list them; note delete N"),
    "cmd-slots": ("les sauvegardes : livre, paragraphe, date", "the saves: book, paragraph, date"),
    "cmd-delete": ("supprimer une sauvegarde NOM (avec confirmation)", "delete the save NAME (asks first)"),
    # full-screen layout
    "fs-sheet": ("Feuille d'aventure", "Adventure Sheet"),
    "fs-items": ("Objets", "Items"),
    "fs-notes": ("Notes", "Notes"),
    "fs-you": ("Vous", "You"),
    "fs-keys": ("↑↓ Entrée : choisir · PgPréc/PgSuiv : défiler · F2 : feuille · Ctrl-D : sauvegarder et quitter",
                "↑↓ Enter: choose · PgUp/PgDn: scroll · F2: sheet · Ctrl-D: save and quit"),
    "fs-keys-middle": ("↑↓ : choisir · PgPréc/PgSuiv : défiler · F2 : feuille · Ctrl-D : quitter",
                       "↑↓: choose · PgUp/PgDn: scroll · F2: sheet · Ctrl-D: quit"),
    "fs-keys-short": ("PgPréc/PgSuiv : défiler · F2 : feuille · Ctrl-D : quitter",
                      "PgUp/PgDn: scroll · F2: sheet · Ctrl-D: quit"),
    "fs-small": ("Terminal trop petit ({cols}×{rows}) pour l'affichage plein écran : mode ligne.",
                 "Terminal too small ({cols}×{rows}) for the full-screen layout: line mode."),
    "fs-to-line": ("Fenêtre trop petite pour l'affichage plein écran : la partie continue en mode ligne "
                   "(l'affichage revient quand la fenêtre s'agrandit).",
                   "Window too small for the full-screen layout: the game goes on in line mode "
                   "(the layout comes back when the window grows)."),
    "fs-back": ("Fenêtre assez grande : retour à l'affichage plein écran.",
                "Window large enough: back to the full-screen layout."),
    "fs-sheet-more": ("… F2 : toute la feuille", "… F2: the whole sheet"),
    "fs-drawer-close": ("(F2 : retour au récit)", "(F2: back to the story)"),
    "fs-fallback": ("Terminal trop petit pour l'affichage plein écran : mode ligne.",
                    "Terminal too small for the full-screen layout: line mode."),
}
